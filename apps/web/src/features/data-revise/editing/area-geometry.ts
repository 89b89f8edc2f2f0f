import type Geometry from 'ol/geom/Geometry';
import MultiPolygon from 'ol/geom/MultiPolygon';
import Polygon from 'ol/geom/Polygon';
import { REVISE_LIMITS } from '@agromet/contracts/web';
import { closeRing, type Ring } from '../../../components/map/ring';
import { ringsWithinLimits } from './revise-rules';

/** Outer rings (lon/lat) of a polygon geometry given in EPSG:4326; holes are not part of a revision area. */
export function outerRings(geometry: Geometry): Ring[] {
  if (geometry instanceof Polygon) return [closeRing(geometry.getCoordinates()[0] ?? [])];
  if (geometry instanceof MultiPolygon) return geometry.getCoordinates().map((p) => closeRing(p[0] ?? []));
  return [];
}

/**
 * Outer rings of a boundary area (EPSG:4326), simplified just enough to stay within the server's
 * limits on positions; tolerance grows from 0.001° until it fits.
 */
export function boundaryRings(geometry: Geometry, alreadyUsed = 0): { rings: Ring[]; simplified: boolean } {
  let rings = outerRings(geometry).filter((r) => r.length >= 4);
  const fits = (rs: Ring[]) => ringsWithinLimits(rs) && rs.reduce((n, r) => n + r.length, 0) + alreadyUsed <= REVISE_LIMITS.totalPositions;
  if (fits(rings)) return { rings, simplified: false };
  for (let tolerance = 0.001; tolerance < 1; tolerance *= 2) {
    rings = outerRings(geometry.simplify(tolerance)).filter((r) => r.length >= 4);
    if (fits(rings)) return { rings, simplified: true };
  }
  return { rings: [], simplified: true };
}
