import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { registerRoute } from '../../core/route.js';
import * as service from './service.js';

/** Read-only: no route edits or deletes log rows. */
export function logRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  const { db } = deps;
  registerRoute(app, deps, API.logPage, {
    handler: async ({ auth, query, req }) => ({ data: await service.pageLogs(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.logExport, {
    handler: async ({ auth, query, req }) => {
      const csv = await service.exportLogsCsv(db, auth, query, req.lang);
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
      return { data: csv, file: { contentType: 'text/csv; charset=utf-8', filename: `operation-log-${stamp}.csv`, body: csv } };
    },
  });
  registerRoute(app, deps, API.logGet, {
    handler: async ({ auth, params, req }) => ({ data: await service.getLog(db, auth, params.id, req.lang) }),
  });
}
