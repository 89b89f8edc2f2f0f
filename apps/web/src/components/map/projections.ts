import { addCoordinateTransforms, addProjection, fromLonLat, get as getProjection, Projection, toLonLat } from 'ol/proj';
import type { Coordinate } from 'ol/coordinate';
import { gcj02ToWgs84, wgs84ToGcj02 } from './gcj02';

/** Web Mercator over GCJ-02 lon/lat: the projection AutoNavi tiles are really in. */
export const GCJ02_MERCATOR = 'GCJ02:3857';

let registered = false;

/**
 * Registers GCJ-02 Web Mercator with transforms to and from EPSG:3857, so OpenLayers reprojects
 * AutoNavi tiles onto true WGS84 positions and our product layers line up with them (~500 m).
 */
export function registerGcj02(): Projection {
  const existing = getProjection(GCJ02_MERCATOR);
  if (registered && existing) return existing;
  const mercator = getProjection('EPSG:3857')!;
  const projection = new Projection({
    code: GCJ02_MERCATOR,
    units: 'm',
    extent: mercator.getExtent(),
    worldExtent: mercator.getWorldExtent() ?? undefined,
    global: true,
  });
  addProjection(projection);
  const toGcj = (c: Coordinate): Coordinate => {
    const [lon, lat] = toLonLat(c);
    return fromLonLat(wgs84ToGcj02(lon!, lat!));
  };
  // Same Mercator formulas on both sides; only the datum of the lon/lat differs.
  const toWgs = (c: Coordinate): Coordinate => {
    const [lon, lat] = toLonLat(c);
    return fromLonLat(gcj02ToWgs84(lon!, lat!));
  };
  addCoordinateTransforms('EPSG:3857', projection, toGcj, toWgs);
  registered = true;
  return projection;
}
