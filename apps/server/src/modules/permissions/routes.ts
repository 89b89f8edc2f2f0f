import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { registerRoute } from '../../core/route.js';
import * as service from './service.js';

export function permissionRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  const { db } = deps;
  // A renamed code changes its holders' codes: announced to the session cache (docs/security.md#session-cache).
  const { sessions } = deps.tokens;
  registerRoute(app, deps, API.permissionPage, {
    handler: async ({ query, req }) => ({ data: await service.pagePermissions(db, query, req.lang) }),
  });
  registerRoute(app, deps, API.permissionAll, { handler: async ({ req }) => ({ data: await service.allPermissions(db, req.lang) }) });
  registerRoute(app, deps, API.permissionAdd, {
    audit: { action: 'permission.add', type: 'permission', description: '新增权限码' },
    handler: async ({ body, req }) => ({ data: await service.createPermission(db, body, req.lang) }),
  });
  registerRoute(app, deps, API.permissionUpdate, {
    audit: { action: 'permission.update', type: 'permission', description: '修改权限码' },
    handler: async ({ body, req }) => ({ data: await sessions.changing('all', () => service.updatePermission(db, body, req.lang)) }),
  });
  registerRoute(app, deps, API.permissionDelete, {
    audit: { action: 'permission.delete', type: 'permission', description: '删除权限码' },
    handler: async ({ body }) => {
      await sessions.changing('all', () => service.deletePermission(db, body.id));
      return { data: null };
    },
  });
}
