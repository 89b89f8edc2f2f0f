import { BOUNDARY_DISPLAY_POSITIONS } from '@agromet/contracts';
import { simplify } from '@turf/simplify';
import { parseStoredBoundary, type StoredBoundary } from './stored-boundary.js';

type Boundary = Pick<StoredBoundary, 'features'>;

/** The first tolerance tried, in degrees (about 10 m): finer than any map shows a boundary at its scale. */
const FIRST_TOLERANCE = 1e-4;
/** Doublings tried at most: 1e-4 · 2^14 ≈ 1.6°, coarser than any boundary worth drawing. */
const MAX_DOUBLINGS = 14;

export function countPositions(boundary: Boundary): number {
  let n = 0;
  for (const f of boundary.features) {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    for (const rings of polygons) for (const ring of rings) n += ring.length;
  }
  return n;
}

export interface DisplayBoundary {
  json: string;
  /** Douglas–Peucker tolerance in degrees, or 0 when the layer is sent as stored. */
  tolerance: number;
  positions: number;
}

/**
 * What a map is sent of a stored boundary layer (normalised GeoJSON): the layer itself when it has at most
 * `maxPositions` positions, else the same areas simplified (Douglas–Peucker, turf's implementation, which keeps
 * every ring a valid ring of at least four positions) with the finest tolerance, doubling from about 10 m, that
 * brings it within the bound. Names and the order of areas are kept (docs/api.md#limits). A file that is not such a
 * layer is a StoredJsonError naming the layer's row (`layerId`; 'new' for an upload being stored).
 */
export function displayBoundary(
  stored: string,
  maxPositions = BOUNDARY_DISPLAY_POSITIONS,
  layerId: number | string = 'new',
): DisplayBoundary {
  const boundary = parseStoredBoundary(stored, layerId);
  const positions = countPositions(boundary);
  if (positions <= maxPositions) return { json: stored, tolerance: 0, positions };
  let tolerance = FIRST_TOLERANCE;
  let simplified = boundary;
  let count = positions;
  for (let k = 0; k <= MAX_DOUBLINGS; k++, tolerance *= 2) {
    simplified = simplify(boundary as Parameters<typeof simplify>[0], { tolerance, highQuality: false, mutate: false }) as StoredBoundary;
    count = countPositions(simplified);
    if (count <= maxPositions) break;
  }
  return { json: JSON.stringify(simplified), tolerance, positions: count };
}
