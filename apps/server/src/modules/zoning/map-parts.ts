import { ZONING_CLASS_COLORS, ZONING_NO_CLASS, type ZoningProduct } from '@agromet/contracts';
import type { GridGeometry } from '@agromet/grid';
import { formatMapDate, formatMapTime } from '../../core/cartography/dates.js';
import { inMappedRegion, mapPlaces } from '../../core/cartography/places.js';
import { provinceName, regionNameOf, type NamedArea } from '../../core/cartography/provinces.js';
import type { Db } from '../../core/db/index.js';
import { translate, type Lang } from '../../core/messages.js';
import { provincesLayer } from '../gis/offline.js';
import type { ProductMapInput } from './map-png.js';
import type { AreaGeometry } from './region.js';

// What a zoning map shows besides its classes (docs/zoning.md#download): the region's name (the province holding the
// customer's region, never "全区"), the provinces around, the capital and the customer's stations, the issuing unit,
// the time and the factor grids it was computed from.

/** Zoning maps write times in Beijing time. */
const ZONING_TZ = 'Asia/Shanghai';

const SOURCE: Record<Lang, string> = {
  zh: '区划因子格点：{factors}',
  en: 'Zoning factor grids: {factors}',
  es: 'Mallas de factores de zonificación: {factors}',
};

let provinces: NamedArea[] | null = null;

function provinceAreas(): NamedArea[] {
  if (provinces) return provinces;
  provinces = [];
  for (const f of provincesLayer().features) {
    const g = f.geometry;
    const name = f.properties?.name;
    if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon') || typeof name !== 'string') continue;
    provinces.push({ name, geometry: g as AreaGeometry, label: (lang) => provinceName(name, lang) });
  }
  return provinces;
}

export async function zoningMapParts(
  deps: { db: Db },
  customerId: number,
  product: ZoningProduct,
  g: GridGeometry,
  classes: Uint8Array,
  areasKm2: number[],
  outlines: Array<{ name: string; geometry: AreaGeometry }>,
  lang: Lang,
): Promise<ProductMapInput> {
  const customer = await deps.db.selectFrom('customer').select('name').where('id', '=', customerId).executeTakeFirst();
  const office = customer?.name.replace(/（示例）$/, '');
  const values = Float32Array.from(classes, (c) => (c === ZONING_NO_CLASS ? Number.NaN : c));
  const region =
    product.region.kind === 'customer' ? regionNameOf(provinceAreas(), g, values, lang, customer?.name ?? '') : product.region.name;
  const rows = await deps.db
    .selectFrom('station')
    .select(['name', 'city', 'district', 'longitude as lon', 'latitude as lat'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  const area = { geometry: g, classes };
  const stations = rows.filter((s) => inMappedRegion(area, s.lon, s.lat));
  const created = new Date(product.createTime);
  return {
    lang,
    title: product.name,
    subtitle: translate(lang, 'zoning.mapSubtitle', {
      crop: product.cropName,
      criterion: product.criteriaName,
      time: `${region} · ${formatMapDate(created, lang, ZONING_TZ)}`,
    }),
    geometry: g,
    classes,
    classNames: product.classNames,
    colors: ZONING_CLASS_COLORS,
    areasKm2,
    legendTitle: translate(lang, 'zoning.legendTitle'),
    outlines,
    provinces: provinceAreas().map((p) => ({ name: p.label(lang), geometry: p.geometry })),
    places: mapPlaces(area, stations, lang),
    issuer: office,
    issueTime: formatMapTime(created, lang, ZONING_TZ),
    source: SOURCE[lang].replace('{factors}', product.inputs.map((i) => i.name).join(lang === 'zh' ? '、' : ', ')),
  };
}
