import type { GridGeometry } from '@agromet/grid';
import { pointInArea } from '@agromet/grid';
import type { AreaGeometry } from './input.js';
import { placeName } from '../place-names.js';
import type { MapLang } from './words.js';

// Province names on maps and the name of a mapped region (docs/products.md#regions): the built-in provinces layer
// names its provinces in Chinese; English and Spanish maps write them by their established names (core/place-names.ts). A map of the customer's whole region
// names the province(s) holding its cells, never "全区". Pure.

type Names = Record<MapLang, string>;
type ProductLanguage = MapLang;

/** A name of the provinces layer in the product's language (core/place-names.ts: Shaanxi, Inner Mongolia / Mongolia Interior). */
export function provinceName(name: string, lang: ProductLanguage): string {
  return placeName(name, lang, 'province');
}

/** The region when several provinces share it: the whole country, or the customer's region. */
export const REGION_WORDS: Record<'country' | 'region', Names> = {
  country: { zh: '全国', en: 'China', es: 'China' },
  region: { zh: '本区域', en: 'the region', es: 'la región' },
};

/** Joins names as the language lists them. */
export function joinNames(names: readonly string[], lang: ProductLanguage): string {
  if (lang === 'zh') return names.join('、');
  if (names.length <= 1) return names.join('');
  const and = lang === 'en' ? ' and ' : ' y ';
  return `${names.slice(0, -1).join(', ')}${and}${names[names.length - 1]}`;
}

export interface NamedArea {
  name: string;
  geometry: AreaGeometry;
  label(lang: MapLang): string;
}

/**
 * The name of a region of cells: the province holding at least 80 % of the grid's cells with values (sampled on a
 * lattice of about 400 cells); else the province the customer is named after when it holds a tenth of them; the country
 * when ten provinces or more share them; else the provinces holding a tenth each, at most three.
 */
export function regionNameOf(
  provinces: readonly NamedArea[],
  g: GridGeometry,
  values: Float32Array,
  lang: MapLang,
  customerName = '',
): string {
  const stride = Math.max(1, Math.floor(Math.sqrt((g.nx * g.ny) / 400)));
  const counts = new Map<NamedArea, number>();
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
