import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { registerRoute } from '../../core/route.js';
import { regionOptions } from './code-table.js';

export function regionRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  registerRoute(app, deps, API.regionOptions, {
    handler: async ({ query, req }) => ({ data: regionOptions(query.code, req.lang) }),
  });
}
