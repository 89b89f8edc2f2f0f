import type { RegionAt } from '@agromet/contracts';
import { pointInArea } from '@agromet/grid';
import type { Lang } from '../../core/messages.js';
import { isArea, pointNearArea, PROVINCE_TOLERANCE_DEG, type Area, type Feature } from './boundary-check.js';
import { regionEntry, regionFullName, regionPath } from './code-table.js';

// The region of a point picked on a map (docs/disaster.md#region-of-a-point): the boundary layers say where it lies.
// The built-in provinces layer gives the province; an area of the customer's uploaded layers holding the point and
// named like a region of that province (a county layer's 榆阳区, a prefecture layer's 榆林市) gives a deeper code.

const SUFFIX = /(省|市|自治区|自治州|地区|盟)$/;

/** The code of an area named `name` at or below `province` (a name with or without its suffix: 榆林, 榆林市). */
export function codeOfNameWithin(name: string, province: string): string | undefined {
  const wanted = name.trim();
  if (!wanted) return undefined;
  const queue = [province];
  let best: string | undefined;
  while (queue.length > 0) {
    const code = queue.shift()!;
    const e = regionEntry(code);
    if (!e) continue;
    if (e.name === wanted || e.name.replace(SUFFIX, '') === wanted) {
      // Breadth first: the shallowest match, as a prefecture and its seat county may share a name (榆林市, 榆林).
      best ??= code;
    }
    queue.push(...e.children);
  }
  return best;
}

/** The province (two-digit id of the outline) holding the point, or the nearest within the outline tolerance. */
export function provinceAt(lon: number, lat: number, outlines: ReadonlyMap<string, Area>): string | undefined {
  for (const [id, area] of outlines) if (pointInArea(lon, lat, area)) return id;
  for (const [id, area] of outlines) if (pointNearArea(lon, lat, area, PROVINCE_TOLERANCE_DEG)) return id;
  return undefined;
}

/**
 * The deepest region code the layers give the point: the province from `outlines`, then any area of `layers` that holds
 * the point and is named like a region of that province, the deepest of them (a county before its prefecture).
 */
export function regionAtPoint(
  lon: number,
  lat: number,
  outlines: ReadonlyMap<string, Area>,
  layers: ReadonlyArray<{ name: string; features: readonly Feature[] }>,
): { code: string; layer: string | null } | null {
  const id = provinceAt(lon, lat, outlines);
  const province = id ? `${id}0000` : undefined;
  if (!province || !regionEntry(province)) return null;
  let found: { code: string; layer: string | null } = { code: province, layer: null };
  for (const layer of layers) {
    for (const f of layer.features) {
      const name = f.properties?.name;
      if (typeof name !== 'string' || !isArea(f.geometry) || !pointInArea(lon, lat, f.geometry)) continue;
      const code = codeOfNameWithin(name, province);
      if (code && regionPath(code).length > regionPath(found.code).length) found = { code, layer: layer.name };
    }
  }
  return found;
}

/** The answer of GET /api/region/at: the code, its full name in `lang`, and the layer that gave it. */
export function regionAtAnswer(found: { code: string; layer: string | null } | null, lang: Lang): RegionAt {
  return found ? { code: found.code, name: regionFullName(found.code, lang), layer: found.layer } : { code: null, name: '', layer: null };
}
