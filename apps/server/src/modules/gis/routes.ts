import { API, BOUNDARY_MAX_MB, BoundaryUploadFields } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { readFileForm } from '../../core/multipart.js';
import { registerRoute } from '../../core/route.js';
import type { FileStorage } from '../../core/storage.js';
import { boundaryDisplayFile, deleteBoundary, listBoundaries, uploadBoundary } from './boundaries.js';
import { countriesGeoJson, provincesGeoJson } from './offline.js';
import { mapSetup } from './service.js';

const GEOJSON = 'application/geo+json; charset=utf-8';

export function gisRoutes(
  app: FastifyInstance,
  deps: { db: Db; tokens: TokenService; storage: FileStorage; tiandituKey: string | undefined },
): void {
  const { db, storage } = deps;
  registerRoute(app, deps, API.gisAll, {
    handler: async ({ auth, req }) => ({ data: await mapSetup(db, auth.customerId, deps.tiandituKey, req.lang) }),
  });
  const geojson = (body: string, name: string) => ({
    data: '',
    file: { contentType: GEOJSON, filename: name, body, inline: true },
  });
  registerRoute(app, deps, API.gisCountries, { handler: async () => geojson(countriesGeoJson(), 'countries.json') });
  registerRoute(app, deps, API.gisProvinces, { handler: async () => geojson(provincesGeoJson(), 'provinces.json') });

  // ---- customer boundary layers ----
  registerRoute(app, deps, API.gisBoundaryList, { handler: async ({ auth }) => ({ data: await listBoundaries(db, auth.customerId) }) });

  registerRoute(app, deps, API.gisBoundaryUpload, {
    audit: { action: 'gis.boundary.upload', type: 'boundary', description: '上传边界图层' },
    handler: async ({ auth, req }) => {
      const { fields, file, audit } = await readFileForm(req, BoundaryUploadFields, { maxMb: BOUNDARY_MAX_MB, maxFields: 5 });
      const { layer, size } = await uploadBoundary(db, storage, auth, fields.name, file.bytes, req.log);
      audit.layer = { id: layer.id, featureCount: layer.featureCount, storedSize: size };
      return { data: layer };
    },
  });

  registerRoute(app, deps, API.gisBoundaryGet, {
    handler: async ({ auth, params }) => {
      const body = await boundaryDisplayFile(db, storage, auth.customerId, params.id);
      // The customer's own data: cached briefly and only by the caller's browser (a layer's content never changes).
      return {
        data: '',
        file: { contentType: GEOJSON, filename: `boundary-${params.id}.geojson`, body, inline: true, cacheControl: 'private, max-age=300' },
      };
    },
  });

  registerRoute(app, deps, API.gisBoundaryDelete, {
    audit: { action: 'gis.boundary.delete', type: 'boundary', description: '删除边界图层' },
    handler: async ({ auth, req, body }) => {
      const { name } = await deleteBoundary(db, storage, auth.customerId, body.id);
      req.auditExtra = { name };
      return { data: null };
    },
  });
}
