import type { ProductLanguage } from '@agromet/contracts';
import { pointInArea, type GridGeometry } from '@agromet/grid';
import type { Db } from '../../core/db/index.js';
import type { FileStorage } from '../../core/storage.js';
import { boundaryFile } from '../gis/boundaries.js';
import { NAME_PROPERTIES } from '../gis/boundary-geojson.js';
import { provincesGeoJson } from '../gis/offline.js';
import type { Fail } from './making.js';
import type { AreaGeometry } from './render.js';
import { joinNames, provinceName, REGION_WORDS } from './words.js';

// Regions of map products (docs/products.md#regions): areas of the boundary layers (the built-in provinces, `provinces`,
// or a customer's uploaded layer `b<id>`), named `<layer>:<feature index>`, and the name a product gives the customer's
// whole region.

export interface LayerArea {
  code: string;
  name: string;
  geometry: AreaGeometry;
  /** The name in a product's language (provinces in pinyin for English and Spanish). */
  label(lang: ProductLanguage): string;
}

interface GeoJsonDoc {
  features?: Array<{ properties?: Record<string, unknown> | null; geometry?: { type?: string; coordinates?: unknown } | null }>;
}

function areasOf(layerId: string, doc: GeoJsonDoc): LayerArea[] {
  const out: LayerArea[] = [];
  (doc.features ?? []).forEach((f, k) => {
    const g = f.geometry;
    if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) return;
    const prop = NAME_PROPERTIES.map((p) => f.properties?.[p]).find((v) => typeof v === 'string' && v.trim());
    const name = typeof prop === 'string' ? prop.trim() : `#${k + 1}`;
    out.push({
      code: `${layerId}:${k}`,
      name,
      geometry: g as AreaGeometry,
      label: (lang) => (layerId === 'provinces' ? provinceName(name, lang) : name),
    });
  });
  return out;
}

let provinces: LayerArea[] | null = null;

/** The areas of a boundary layer of the customer; an unknown layer is refused naming `boundaryLayers`. */
export async function boundaryAreas(db: Db, storage: FileStorage, customerId: number, layerId: string, fail: Fail): Promise<LayerArea[]> {
  if (layerId === 'provinces') {
    provinces ??= areasOf('provinces', JSON.parse(provincesGeoJson()) as GeoJsonDoc);
    return provinces;
  }
  const id = /^b(\d+)$/.exec(layerId)?.[1];
  const row = id
    ? await db
        .selectFrom('boundary_layer')
        .select('id')
        .where('id', '=', Number(id))
        .where('customer_id', '=', customerId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw fail('boundaryLayers', 'product.unknownLayer', { layer: layerId });
  const bytes = await boundaryFile(db, storage, customerId, row.id);
  return areasOf(layerId, JSON.parse(bytes.toString('utf8')) as GeoJsonDoc);
}

/** One area by its code `<layer>:<index>`; unknown ones are refused naming `areaCode`. */
export async function resolveArea(db: Db, storage: FileStorage, customerId: number, code: string, fail: Fail): Promise<LayerArea> {
  const [layerId] = code.split(':');
  const areas = await boundaryAreas(db, storage, customerId, layerId!, (_field, key, params) =>
    key === 'product.unknownLayer' ? fail('areaCode', 'product.unknownArea', { code }) : fail('areaCode', key, params),
  );
  const area = areas.find((a) => a.code === code);
  if (!area) throw fail('areaCode', 'product.unknownArea', { code });
  return area;
}

/**
 * The name of the customer's whole region in a product: the province holding at least 80 % of the grid's cells with
 * values (sampled on a lattice of about 400 cells); else the province the customer is named after when it holds a
 * tenth of them; the country when ten provinces or more share them; else the provinces holding a tenth each, at most
 * three.
 */
export function regionName(g: GridGeometry, values: Float32Array, lang: ProductLanguage, customerName = ''): string {
  provinces ??= areasOf('provinces', JSON.parse(provincesGeoJson()) as GeoJsonDoc);
  const stride = Math.max(1, Math.floor(Math.sqrt((g.nx * g.ny) / 400)));
  const counts = new Map<LayerArea, number>();
  let total = 0;
  const boxes = provinces.map((p) => ({ p, box: bboxOf(p.geometry) }));
  for (let j = Math.floor(stride / 2); j < g.ny; j += stride) {
    for (let i = Math.floor(stride / 2); i < g.nx; i += stride) {
      if (Number.isNaN(values[j * g.nx + i]!)) continue;
      const lon = g.lon0 + i * g.dx;
      const lat = g.lat0 + j * g.dy;
      total++;
      const hit = boxes.find(
        ({ p, box }) => lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3] && pointInArea(lon, lat, p.geometry),
      );
      if (hit) counts.set(hit.p, (counts.get(hit.p) ?? 0) + 1);
    }
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (total === 0 || ranked.length === 0) return REGION_WORDS.region[lang];
  if (ranked[0]![1] >= 0.8 * total) return ranked[0]![0].label(lang);
  // An office named after its province (陕西省气象台) covers that province, whatever of its neighbours the grid holds.
  const own = ranked.find(([p, n]) => n >= 0.1 * total && customerName.startsWith(p.name));
  if (own) return own[0].label(lang);
  if (ranked.length >= 10) return REGION_WORDS.country[lang];
  const major = ranked.filter(([, n]) => n >= 0.1 * total).slice(0, 3);
  return major.length
    ? joinNames(
        major.map(([p]) => p.label(lang)),
        lang,
      )
    : REGION_WORDS.region[lang];
}

function bboxOf(g: AreaGeometry): [number, number, number, number] {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  for (const poly of polys) {
    for (const p of poly[0] ?? []) {
      if (p[0]! < w) w = p[0]!;
      if (p[0]! > e) e = p[0]!;
      if (p[1]! < s) s = p[1]!;
      if (p[1]! > n) n = p[1]!;
    }
  }
  return [w, s, e, n];
}
