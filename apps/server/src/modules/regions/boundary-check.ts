import { pointInArea, type MultiPolygonGeometry, type PolygonGeometry } from '@agromet/grid';
import type { Db } from '../../core/db/index.js';
import type { MessageKey } from '../../core/messages.js';
import type { FileStorage } from '../../core/storage.js';
import { boundaryFile, listBoundaries } from '../gis/boundaries.js';
import { provincesLayer } from '../gis/offline.js';
import { parseStoredBoundary } from '../gis/stored-boundary.js';
import { regionEntry } from './code-table.js';

// The point of a record must lie in its region when a boundary of that region is loaded (docs/disaster.md#regions):
// the province outline of the built-in provinces layer (matched by the code's first two digits), and any area of the
// customer's boundary layers named like the region itself (a county layer's 榆阳区).

export type Area = PolygonGeometry | MultiPolygonGeometry;

/** Outlines are simplified (the built-in provinces markedly so): a point this close to one counts as inside. */
export const PROVINCE_TOLERANCE_DEG = 0.1;
export const LAYER_TOLERANCE_DEG = 0.01;

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Inside the area, or within `tolerance` degrees of one of its rings (planar distance in degrees). */
export function pointNearArea(lon: number, lat: number, area: Area, tolerance: number): boolean {
  if (pointInArea(lon, lat, area)) return true;
  const polygons = area.type === 'Polygon' ? [area.coordinates] : area.coordinates;
  for (const polygon of polygons)
    for (const ring of polygon)
      for (let k = 1; k < ring.length; k++) {
        const a = ring[k - 1]!;
        const b = ring[k]!;
        if (distanceToSegment(lon, lat, a[0]!, a[1]!, b[0]!, b[1]!) <= tolerance) return true;
      }
  return false;
}

export interface Feature {
  properties?: { id?: unknown; name?: unknown } | null;
  geometry?: { type?: string } | null;
}
export const isArea = (g: Feature['geometry']): g is Area => g?.type === 'Polygon' || g?.type === 'MultiPolygon';

let provinces: Map<string, Area> | null = null;
/** The outlines of the built-in provinces layer by the first two digits of their codes (read once). */
export function provinceOutlines(): ReadonlyMap<string, Area> {
  if (!provinces) {
    provinces = new Map();
    for (const f of provincesLayer().features as Feature[]) {
      if (typeof f.properties?.id === 'string' && isArea(f.geometry)) provinces.set(f.properties.id, f.geometry);
    }
  }
  return provinces;
}
function provinceOutline(code: string): Area | undefined {
  return provinceOutlines().get(code.slice(0, 2));
}

export interface OutsideRegion {
  key: MessageKey;
  /** The layer whose outline refused the point: null for the built-in provinces. */
  layer: string | null;
}

/**
 * Checks records' points against the loaded boundaries of their regions. One checker serves one call (an import's
 * rows share it): the customer's layers are read once, on the first region that needs them.
 */
export class RegionBoundaries {
  private layers: Promise<Array<{ name: string; features: Feature[] }>> | null = null;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly customerId: number,
  ) {}

  /** The customer's uploaded boundary layers with their features (read once per checker). */
  customerLayers(): Promise<Array<{ name: string; features: Feature[] }>> {
    this.layers ??= (async () => {
      const list = await listBoundaries(this.db, this.customerId);
      return Promise.all(
        list.map(async (l) => ({
          name: l.name,
          features: parseStoredBoundary((await boundaryFile(this.db, this.storage, this.customerId, l.id)).toString('utf8'), l.id).features,
        })),
      );
    })();
    return this.layers;
  }

  /** Null when the point is inside every loaded boundary of the region, else the layer that refuses it. */
  async outside(code: string, lon: number, lat: number): Promise<OutsideRegion | null> {
    const province = provinceOutline(code);
    if (province && !pointNearArea(lon, lat, province, PROVINCE_TOLERANCE_DEG)) return { key: 'sandstorm.pointOutsideRegion', layer: null };
    const name = regionEntry(code)?.name;
    if (!name || code.endsWith('0000')) return null;
    for (const layer of await this.customerLayers()) {
      const areas = layer.features.filter((f) => f.properties?.name === name && isArea(f.geometry)).map((f) => f.geometry as Area);
      if (areas.length > 0 && !areas.some((a) => pointNearArea(lon, lat, a, LAYER_TOLERANCE_DEG)))
        return { key: 'sandstorm.pointOutsideRegion', layer: layer.name };
    }
    return null;
  }
}
