import type { ReviseArea } from '@agromet/contracts';
import {
  rasterizeArea,
  type AreaShape,
  type CellBounds,
  type GridGeometry,
  type MultiPolygonGeometry,
  type PolygonGeometry,
} from '@agromet/grid';
import type { Db } from '../../core/db/index.js';
import { errors, type AppError } from '../../core/errors.js';
import { translate, type Lang } from '../../core/messages.js';
import type { FileStorage } from '../../core/storage.js';
import { boundaryFile } from '../gis/boundaries.js';
import { provincesLayer } from '../gis/offline.js';
import { parseStoredBoundary } from '../gis/stored-boundary.js';
import { areaName } from '../regions/code-table.js';

// Regions of a zoning run (docs/zoning.md#regions): the customer's whole region (every cell where all the criterion's
// factors have values), one area of a boundary layer, or a drawn polygon; and the boundary layer whose areas the
// statistics are broken down by.

export type AreaGeometry = PolygonGeometry | MultiPolygonGeometry;

export interface LayerArea {
  /** `<layer id>:<feature index>`. */
  code: string;
  name: string;
  geometry: AreaGeometry;
}

export interface BoundaryLayerAreas {
  id: string;
  name: string;
  areas: LayerArea[];
}

interface GeoJsonDoc {
  features?: Array<{ properties?: { name?: unknown } | null; geometry?: { type?: string; coordinates?: unknown } | null }>;
}

/** The areas of a layer, named in `lang` (place names of the code table in pinyin for English and Spanish). */
function areasOf(layerId: string, doc: GeoJsonDoc, lang: Lang): LayerArea[] {
  const out: LayerArea[] = [];
  (doc.features ?? []).forEach((f, k) => {
    const g = f.geometry;
    if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) return;
    const name = typeof f.properties?.name === 'string' && f.properties.name ? f.properties.name : `#${k + 1}`;
    out.push({ code: `${layerId}:${k}`, name: areaName(name, lang), geometry: g as AreaGeometry });
  });
  return out;
}

/**
 * A boundary layer of the customer: `provinces` (built in) or `b<id>` (uploaded). An unknown one answers 4100 naming
 * `field`.
 */
export async function loadBoundaryLayer(
  db: Db,
  storage: FileStorage,
  customerId: number,
  layerId: string,
  field: string,
  lang: Lang,
): Promise<BoundaryLayerAreas> {
  if (layerId === 'provinces') {
    return {
      id: 'provinces',
      name: translate(lang, 'zoning.layerProvinces'),
      areas: areasOf('provinces', provincesLayer(), lang),
    };
  }
  const id = Number(layerId.slice(1));
  const row = await db
    .selectFrom('boundary_layer')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw errors.validation(field, 'zoning.unknownLayer', { layer: layerId });
  const bytes = await boundaryFile(db, storage, customerId, id);
  return { id: layerId, name: row.name, areas: areasOf(layerId, parseStoredBoundary(bytes.toString('utf8'), row.id), lang) };
}

/** The stats layer when none is asked: the customer's first uploaded layer, else the provinces. */
export async function defaultStatsLayer(db: Db, customerId: number): Promise<string> {
  const row = await db.selectFrom('boundary_layer').select('id').where('customer_id', '=', customerId).orderBy('id').executeTakeFirst();
  return row ? `b${row.id}` : 'provinces';
}

/** A drawn area as a geometry: a GeoJSON Polygon/MultiPolygon as given, or plain rings each a polygon. */
export function polygonShape(area: ReviseArea): AreaShape {
  if (Array.isArray(area)) return { type: 'MultiPolygon', coordinates: area.map((ring) => [ring]) };
  return area as AreaShape;
}

export interface RegionAsk {
  areaCode?: string;
  polygon?: ReviseArea;
}

export interface ResolvedRegion {
  kind: 'customer' | 'area' | 'polygon';
  name: string;
  /** null: the whole region. */
  shape: AreaShape | null;
}

export async function resolveRegion(db: Db, storage: FileStorage, customerId: number, ask: RegionAsk, lang: Lang): Promise<ResolvedRegion> {
  if (ask.polygon) return { kind: 'polygon', name: translate(lang, 'zoning.regionPolygon'), shape: polygonShape(ask.polygon) };
  if (ask.areaCode) {
    const [layerId] = ask.areaCode.split(':');
    const layer = await loadBoundaryLayer(db, storage, customerId, layerId!, 'areaCode', lang);
    const area = layer.areas.find((a) => a.code === ask.areaCode);
    if (!area) throw errors.validation('areaCode', 'zoning.unknownArea', { code: ask.areaCode });
    return { kind: 'area', name: area.name, shape: area.geometry };
  }
  return { kind: 'customer', name: translate(lang, 'zoning.regionCustomer'), shape: null };
}

/**
 * The cells of the run: inside the region's shape (cell centres) and with a value in every factor. Null when no cell
 * is left.
 */
export function regionCells(
  geometry: GridGeometry,
  shape: AreaShape | null,
  factorValues: readonly Float32Array[],
): { inside: Uint8Array; count: number; bounds: CellBounds } | null {
  const n = geometry.nx * geometry.ny;
  const inside = shape ? rasterizeArea(geometry, shape).inside : new Uint8Array(n).fill(1);
  let count = 0;
  let i0 = geometry.nx;
  let i1 = -1;
  let j0 = geometry.ny;
  let j1 = -1;
  for (let j = 0; j < geometry.ny; j++) {
    for (let i = 0; i < geometry.nx; i++) {
      const k = j * geometry.nx + i;
      if (!inside[k]) continue;
      let ok = true;
      for (const values of factorValues) {
        if (Number.isNaN(values[k]!)) {
          ok = false;
          break;
        }
      }
      if (!ok) {
        inside[k] = 0;
        continue;
      }
      count++;
      if (i < i0) i0 = i;
      if (i > i1) i1 = i;
      if (j < j0) j0 = j;
      if (j > j1) j1 = j;
    }
  }
  return count > 0 ? { inside, count, bounds: { i0, i1, j0, j1 } } : null;
}

/** A refusal naming the field of the region that lies outside every grid. */
export function regionOutside(ask: RegionAsk): AppError {
  return errors.validation(ask.polygon ? 'polygon' : ask.areaCode ? 'areaCode' : 'criteriaId', 'zoning.regionOutside');
}
