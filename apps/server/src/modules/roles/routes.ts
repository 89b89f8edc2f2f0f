import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { registerRoute } from '../../core/route.js';
import * as service from './service.js';

export function roleRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  const { db } = deps;
  // A role's codes are its holders' codes: changes are announced to the session cache (docs/security.md#session-cache).
  const { sessions } = deps.tokens;
  registerRoute(app, deps, API.rolePage, { handler: async ({ auth, query }) => ({ data: await service.pageRoles(db, auth, query) }) });
  registerRoute(app, deps, API.roleOptions, {
    handler: async ({ auth, query }) => ({ data: await service.roleOptions(db, auth, query.customerId) }),
  });
  registerRoute(app, deps, API.roleGrantable, {
    handler: async ({ auth, query }) => ({ data: await service.grantable(db, auth, query.customerId) }),
  });
  registerRoute(app, deps, API.roleAdd, {
    audit: { action: 'role.add', type: 'role', description: '新增角色' },
    handler: async ({ auth, body }) => ({ data: await service.createRole(db, auth, body) }),
  });
  registerRoute(app, deps, API.roleUpdate, {
    audit: { action: 'role.update', type: 'role', description: '修改角色' },
    handler: async ({ auth, body }) => ({ data: await sessions.changing('all', () => service.updateRole(db, auth, body)) }),
  });
  registerRoute(app, deps, API.roleDelete, {
    audit: { action: 'role.delete', type: 'role', description: '删除角色' },
    handler: async ({ auth, body }) => {
      await sessions.changing('all', () => service.deleteRole(db, auth, body.id));
      return { data: null };
    },
  });
}
