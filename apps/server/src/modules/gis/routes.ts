import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { registerRoute } from '../../core/route.js';
import { gridCatalog } from '../grids/service.js';
import { baseLayers } from './layers.js';
import { countriesGeoJson, provincesGeoJson } from './offline.js';

export function gisRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService; tiandituKey: string | undefined }): void {
  registerRoute(app, deps, API.gisAll, {
    handler: async ({ req }) => {
      const { layers, defaultBase } = baseLayers(deps.tiandituKey);
      return {
        data: {
          products: await gridCatalog(deps.db, req.auth!.customerId),
          baseLayers: layers,
          defaultBase,
          boundaries: [{ id: 'provinces', name: 'map.boundary.provinces', url: API.gisProvinces.url }],
          wmsUrl: '/api/wms',
        },
      };
    },
  });
  const geojson = (body: string, name: string) => ({
    data: '', file: { contentType: 'application/geo+json; charset=utf-8', filename: name, body, inline: true },
  });
  registerRoute(app, deps, API.gisCountries, { handler: async () => geojson(countriesGeoJson(), 'countries.json') });
  registerRoute(app, deps, API.gisProvinces, { handler: async () => geojson(provincesGeoJson(), 'provinces.json') });
}
