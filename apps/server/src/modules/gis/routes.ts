import { API, BOUNDARY_MAX_MB, BoundaryUploadFields, ErrorCode } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { AppError, errors } from '../../core/errors.js';
import { registerRoute } from '../../core/route.js';
import type { FileStorage } from '../../core/storage.js';
import { gridCatalog } from '../grids/service.js';
import { boundaryFile, deleteBoundary, listBoundaries, uploadBoundary } from './boundaries.js';
import { baseLayers } from './layers.js';
import { countriesGeoJson, provincesGeoJson } from './offline.js';

const GEOJSON = 'application/geo+json; charset=utf-8';

/** A zod failure of the multipart text fields, worded like the request validator's (localised, naming the field). */
function fieldsInvalid(data: unknown): Error {
  return Object.assign(new Error('validation failed'), { zodSchema: BoundaryUploadFields, zodData: data, validationContext: 'body' });
}

export function gisRoutes(
  app: FastifyInstance, deps: { db: Db; tokens: TokenService; storage: FileStorage; tiandituKey: string | undefined },
): void {
  const { db, storage } = deps;
  registerRoute(app, deps, API.gisAll, {
    handler: async ({ req }) => {
      const { layers, defaultBase } = baseLayers(deps.tiandituKey);
      const uploaded = await listBoundaries(db, req.auth!.customerId);
      return {
        data: {
          products: await gridCatalog(db, req.auth!.customerId),
          baseLayers: layers,
          defaultBase,
          boundaries: [
            { id: 'provinces', name: 'map.boundary.provinces', url: API.gisProvinces.url, builtIn: true },
            ...uploaded.map((b) => ({ id: `b${b.id}`, name: b.name, url: b.url, builtIn: false, featureCount: b.featureCount })),
          ],
          wmsUrl: '/api/wms',
        },
      };
    },
  });
  const geojson = (body: string, name: string) => ({
    data: '', file: { contentType: GEOJSON, filename: name, body, inline: true },
  });
  registerRoute(app, deps, API.gisCountries, { handler: async () => geojson(countriesGeoJson(), 'countries.json') });
  registerRoute(app, deps, API.gisProvinces, { handler: async () => geojson(provincesGeoJson(), 'provinces.json') });

  // ---- customer boundary layers ----
  registerRoute(app, deps, API.gisBoundaryList, { handler: async ({ req }) => ({ data: await listBoundaries(db, req.auth!.customerId) }) });

  registerRoute(app, deps, API.gisBoundaryUpload, {
    audit: { action: 'gis.boundary.upload', type: 'boundary', description: '上传边界图层' },
    handler: async ({ req }) => {
      if (!req.isMultipart()) throw errors.validation('file', 'fileMissing');
      const fields: Record<string, string> = {};
      let file: { name: string; bytes: Buffer } | null = null;
      const limit = BOUNDARY_MAX_MB * 1024 * 1024;
      for await (const part of req.parts({ limits: { fileSize: limit, files: 1, fields: 5, fieldSize: 1024 } })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') {
            part.file.resume();
            throw errors.validation(part.fieldname, 'fileMissing');
          }
          try {
            file = { name: part.filename, bytes: await part.toBuffer() };
          } catch (e) {
            if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
              throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'payloadTooLarge', { limit: `${BOUNDARY_MAX_MB} MB` });
            }
            throw e;
          }
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
      // The log keeps the name and size of the file, never its content.
      const audit: Record<string, unknown> = { fields, file: file ? { name: file.name.slice(0, 256), size: file.bytes.length } : null };
      req.auditExtra = audit;
      const parsed = BoundaryUploadFields.safeParse(fields);
      if (!parsed.success) throw fieldsInvalid(fields);
      if (!file) throw errors.validation('file', 'fileMissing');
      if (file.bytes.length === 0) throw errors.validation('file', 'emptyFile');
      const { layer, size } = await uploadBoundary(db, storage, req.auth!, parsed.data.name, file.bytes);
      audit.layer = { id: layer.id, featureCount: layer.featureCount, storedSize: size };
      return { data: layer };
    },
  });

  registerRoute(app, deps, API.gisBoundaryGet, {
    handler: async ({ req, params }) => {
      const body = await boundaryFile(db, storage, req.auth!.customerId, params.id);
      // The customer's own data: cached briefly and only by the caller's browser (a layer's content never changes).
      return { data: '', file: { contentType: GEOJSON, filename: `boundary-${params.id}.geojson`, body, inline: true, cacheControl: 'private, max-age=300' } };
    },
  });

  registerRoute(app, deps, API.gisBoundaryDelete, {
    audit: { action: 'gis.boundary.delete', type: 'boundary', description: '删除边界图层' },
    handler: async ({ req, body }) => {
      const { name } = await deleteBoundary(db, storage, req.auth!.customerId, body.id);
      req.auditExtra = { name };
      return { data: null };
    },
  });
}
