import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import { registerRoute } from '../../core/route.js';
import * as service from './service.js';
import { exportStationTable, stationTable, type StationTableDeps } from './station-table.js';

export function downloadRoutes(app: FastifyInstance, deps: StationTableDeps & { tokens: TokenService }): void {
  const { db } = deps;
  registerRoute(app, deps, API.downloadPage, {
    handler: async ({ auth, query, req }) => ({ data: await service.pageDownloads(db, auth, query, undefined, req.lang) }),
  });
  registerRoute(app, deps, API.downloadFile, {
    handler: async ({ auth, query, req }) => ({ data: null, file: await service.downloadFile(deps, auth, query.id, req.lang) }),
  });
  registerRoute(app, deps, API.downloadPreview, {
    handler: async ({ auth, query, req }) => ({
      data: null,
      file: await service.previewFile(deps, auth, query.id, query.thumb === '1', req.lang),
    }),
  });
  registerRoute(app, deps, API.downloadZip, {
    handler: async ({ auth, body, req }) => ({ data: null, file: await service.zipDownloads(deps, auth, body.ids, req.lang) }),
  });
  registerRoute(app, deps, API.downloadDelete, {
    audit: { action: 'download.delete', type: 'download', description: '删除下载文件' },
    handler: async ({ auth, body, req }) => ({ data: { deleted: await service.deleteDownloads(deps, auth, body.ids, req.log) } }),
  });
  registerRoute(app, deps, API.stationTable, {
    handler: async ({ auth, query }) => ({ data: await stationTable(deps, auth.customerId, query) }),
  });
  registerRoute(app, deps, API.stationTableExport, {
    audit: { action: 'download.stationTable', type: 'download', description: '导出站点预报表' },
    handler: async ({ auth, body, req }) => ({ data: await exportStationTable(deps, auth, body, req.lang, req.log) }),
  });
}
