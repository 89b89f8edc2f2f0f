import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { registerRoute } from '../../core/route.js';
import * as service from './service.js';

/** Forecast types, factors and forecaster allocation. The allocation calls are GETs that change data (docs/api.md#paths): they are logged. */
export function allocationRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  const { db } = deps;
  registerRoute(app, deps, API.forecastTypes, { handler: async ({ req }) => ({ data: await service.allForecastTypes(db, req.lang) }) });
  registerRoute(app, deps, API.forecastTypesOfUser, {
    handler: async ({ auth, req }) => ({ data: await service.forecastTypesOf(db, auth, req.lang) }),
  });
  registerRoute(app, deps, API.factorList, {
    handler: async ({ query, req }) => ({ data: await service.factorsOf(db, query.fTId, req.lang) }),
  });
  registerRoute(app, deps, API.allocationMatrix, {
    handler: async ({ auth, req }) => ({ data: await service.allocationMatrix(db, auth, req.lang) }),
  });
  registerRoute(app, deps, API.allocationInsert, {
    audit: { action: 'allocation.insert', type: 'allocation', description: '分配预报类型' },
    handler: async ({ auth, query, req }) => ({ data: await service.insertAllocation(db, auth, query.uid, query.fTId, req.lang) }),
  });
  registerRoute(app, deps, API.allocationDelete, {
    audit: { action: 'allocation.delete', type: 'allocation', description: '取消预报类型分配' },
    handler: async ({ auth, query }) => {
      await service.deleteAllocation(db, auth, query.id);
      return { data: null };
    },
  });
}
