import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { registerRoute } from '../../core/route.js';
import type { FileStorage } from '../../core/storage.js';
import { provinceOutlines, RegionBoundaries } from './boundary-check.js';
import { regionOptions } from './code-table.js';
import { regionAtAnswer, regionAtPoint } from './region-at.js';

export function regionRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService; storage: FileStorage }): void {
  registerRoute(app, deps, API.regionOptions, {
    handler: async ({ query, req }) => ({ data: regionOptions(query.code, req.lang) }),
  });
  registerRoute(app, deps, API.regionAt, {
    handler: async ({ auth, query, req }) => {
      const layers = await new RegionBoundaries(deps.db, deps.storage, auth.customerId).customerLayers();
      return { data: regionAtAnswer(regionAtPoint(query.lon, query.lat, provinceOutlines(), layers), req.lang) };
    },
  });
}
