import { API, SANDSTORM_IMPORT_MAX_KB } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import { readFileForm } from '../../core/multipart.js';
import { registerRoute } from '../../core/route.js';
import { z } from 'zod';
import { exportSandstormsCsv, exportSandstormsXlsx, importSandstorms } from './file.js';
import * as service from './service.js';
import type { DisasterDeps } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function disasterRoutes(app: FastifyInstance, deps: DisasterDeps & { tokens: TokenService }): void {
  const { db } = deps;
  registerRoute(app, deps, API.sandstormFind, {
    handler: async ({ auth, query, req }) => ({ data: await service.findSandstorms(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.sandstormInsert, {
    audit: { action: 'sandstorm.insert', type: 'disaster', description: '新增沙尘灾情' },
    handler: async ({ auth, body, req }) => ({ data: await service.createSandstorm(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.sandstormUpdate, {
    audit: { action: 'sandstorm.update', type: 'disaster', description: '修改沙尘灾情' },
    handler: async ({ auth, body, req }) => ({ data: await service.updateSandstorm(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.sandstormDelete, {
    audit: { action: 'sandstorm.delete', type: 'disaster', description: '删除沙尘灾情' },
    handler: async ({ auth, query }) => {
      await service.deleteSandstorm(db, auth, query.id);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.sandstormStatistics, {
    handler: async ({ auth, query, req }) => ({ data: await service.sandstormStatistics(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.sandstormExport, {
    handler: async ({ auth, query, req }) => {
      const { format, ...filters } = query;
      const stamp = new Date().toISOString().slice(0, 10);
      const body =
        format === 'csv'
          ? await exportSandstormsCsv(deps, auth, filters, req.lang)
          : await exportSandstormsXlsx(deps, auth, filters, req.lang);
      return {
        data: null,
        file: {
          contentType: format === 'csv' ? 'text/csv; charset=utf-8' : XLSX,
          filename: `sandstorm-${stamp}.${format}`,
          body,
          cacheControl: 'no-store',
        },
      };
    },
  });
  registerRoute(app, deps, API.sandstormImport, {
    audit: { action: 'sandstorm.import', type: 'disaster', description: '导入沙尘灾情' },
    handler: async ({ auth, req }) => {
      const { file } = await readFileForm(req, z.object({}), { maxMb: SANDSTORM_IMPORT_MAX_KB / 1024 });
      return { data: await importSandstorms(deps, auth, file.bytes, req.lang) };
    },
  });
}
