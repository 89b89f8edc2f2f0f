// Distances and areas on a spherical Earth (IUGG mean radius); the error against the ellipsoid is below 0.5 %.
import { assertGeometry, type GridGeometry } from './grid.js';

export const EARTH_RADIUS_KM = 6371.0088;
const RADIANS = Math.PI / 180;

/** Great-circle (haversine) distance in km. */
export function greatCircleKm(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const sinLat = Math.sin(((lat2 - lat1) * RADIANS) / 2);
  const sinLon = Math.sin(((lon2 - lon1) * RADIANS) / 2);
  const h = sinLat * sinLat + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * sinLon * sinLon;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The longitude and latitude half-widths (degrees) of a box holding every point within
 * `radiusKm` of a point at `lat`; lonHalfWidth is Infinity when the circle reaches a pole.
 */
export function radiusBox(lat: number, radiusKm: number): { lonHalfWidth: number; latHalfWidth: number } {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const latHalfWidth = angular / RADIANS;
  const sinAngular = Math.sin(Math.min(angular, Math.PI / 2));
  const cosLat = Math.cos(lat * RADIANS);
  if (angular >= Math.PI / 2 || sinAngular >= cosLat) return { lonHalfWidth: Number.POSITIVE_INFINITY, latHalfWidth };
  return { lonHalfWidth: Math.asin(sinAngular / cosLat) / RADIANS, latHalfWidth };
}

/**
 * Area of one cell of each row on a sphere of the mean Earth radius:
 * R²·Δλ·|sin φ_north − sin φ_south|, the cell's edges clamped to the poles.
 */
export function cellAreaKm2ByRow(geometry: GridGeometry): Float64Array {
  assertGeometry(geometry);
  const rad = Math.PI / 180;
  const half = Math.abs(geometry.dy) / 2;
  const dLon = Math.min(geometry.dx, 360) * rad;
  const out = new Float64Array(geometry.ny);
  for (let j = 0; j < geometry.ny; j++) {
    const lat = geometry.lat0 + j * geometry.dy;
    const north = Math.min(90, lat + half) * rad;
    const south = Math.max(-90, lat - half) * rad;
    out[j] = north > south ? EARTH_RADIUS_KM * EARTH_RADIUS_KM * dLon * (Math.sin(north) - Math.sin(south)) : 0;
  }
  return out;
}
