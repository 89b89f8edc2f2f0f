// Distances on a spherical Earth (IUGG mean radius); the error against the ellipsoid is below 0.5 %.
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
