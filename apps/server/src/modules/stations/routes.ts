import { API, ErrorCode, STATION_IMPORT_MAX_KB } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { AppError, errors } from '../../core/errors.js';
import { registerRoute } from '../../core/route.js';
import * as service from './service.js';

export function stationRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  const { db } = deps;
  registerRoute(app, deps, API.stationList, {
    handler: async ({ auth, query, req }) => ({ data: await service.listStations(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.stationInsert, {
    audit: { action: 'station.insert', type: 'station', description: '新增站点' },
    handler: async ({ auth, body, req }) => ({ data: await service.createStation(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.stationUpdate, {
    audit: { action: 'station.update', type: 'station', description: '修改站点' },
    handler: async ({ auth, body, req }) => ({ data: await service.updateStation(db, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.stationDelete, {
    audit: { action: 'station.delete', type: 'station', description: '删除站点' },
    handler: async ({ auth, query }) => {
      await service.deleteStation(db, auth, query.id);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.stationExport, {
    handler: async ({ auth }) => {
      const csv = await service.exportStationsCsv(db, auth);
      const stamp = new Date().toISOString().slice(0, 10);
      return { data: csv, file: { contentType: 'text/csv; charset=utf-8', filename: `stations-${stamp}.csv`, body: csv } };
    },
  });
  registerRoute(app, deps, API.stationImport, {
    audit: { action: 'station.import', type: 'station', description: '导入站点' },
    handler: async ({ auth, req }) => {
      if (!req.isMultipart()) throw errors.validation('file', 'fileMissing');
      const part = await req.file({ limits: { fileSize: STATION_IMPORT_MAX_KB * 1024, files: 1, fields: 5 } });
      if (!part || part.fieldname !== 'file') throw errors.validation('file', 'fileMissing');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'payloadTooLarge', { limit: `${STATION_IMPORT_MAX_KB} KB` });
        }
        throw e;
      }
      req.auditExtra = { file: { name: part.filename, size: bytes.length } };
      if (bytes.length === 0) throw errors.validation('file', 'emptyFile');
      return { data: await service.importStationsCsv(db, auth, bytes, req.lang) };
    },
  });
}
