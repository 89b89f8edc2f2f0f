import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { registerRoute } from '../../core/route.js';
import { gridCatalog, requireGrid, resolveGrid, thinnedPoints } from './service.js';
import type { GridStore } from './store.js';

export function gridRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService; store: GridStore }): void {
  const { db, store } = deps;
  registerRoute(app, deps, API.gridCatalog, { handler: async ({ req }) => ({ data: await gridCatalog(db, req.auth!.customerId) }) });
  registerRoute(app, deps, API.latticePoints, {
    handler: async ({ req, query }) => {
      const resolved = requireGrid(await resolveGrid(db, store, req.auth!.customerId, {
        typeCode: query.type, factorCode: query.factor, baseTime: query.baseTime, lead: query.lead,
      }));
      const { points, stride } = thinnedPoints(resolved, query);
      return {
        data: {
          points, stride, unit: resolved.factor.unit, precision: resolved.factor.precision, version: resolved.row.version,
          baseTime: resolved.row.base_time, lead: resolved.row.lead_hours,
        },
      };
    },
  });
}
