import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import { registerRoute } from '../../core/route.js';
import * as service from './service.js';
import type { UserDeps } from './service.js';

export function userRoutes(app: FastifyInstance, deps: UserDeps & { tokens: TokenService }): void {
  const { db } = deps;
  // Every change of an existing user is announced to the session cache (docs/security.md#session-cache); a new user has no session yet.
  const { sessions } = deps.tokens;
  registerRoute(app, deps, API.userPage, { handler: async ({ auth, query }) => ({ data: await service.pageUsers(db, auth, query) }) });
  registerRoute(app, deps, API.userAdd, {
    audit: { action: 'user.add', type: 'user', description: '新增用户' },
    handler: async ({ auth, body }) => ({ data: await service.createUser(deps, auth, body) }),
  });
  registerRoute(app, deps, API.userUpdate, {
    audit: { action: 'user.update', type: 'user', description: '修改用户' },
    handler: async ({ auth, body }) => ({ data: await sessions.changing({ userId: body.id }, () => service.updateUser(db, auth, body)) }),
  });
  registerRoute(app, deps, API.userEnable, {
    audit: { action: 'user.enable', type: 'user', description: '启用/停用用户' },
    handler: async ({ auth, body }) => ({
      data: await sessions.changing({ userId: body.id }, () => service.setUserEnabled(db, auth, body)),
    }),
  });
  registerRoute(app, deps, API.userResetPassword, {
    audit: { action: 'user.resetPassword', type: 'user', description: '重置密码' },
    handler: async ({ auth, body }) => {
      await sessions.changing({ userId: body.id }, () => service.resetPassword(deps, auth, body));
      return { data: null };
    },
  });
  registerRoute(app, deps, API.userDelete, {
    audit: { action: 'user.delete', type: 'user', description: '删除用户' },
    handler: async ({ auth, body }) => {
      await sessions.changing({ userId: body.id }, () => service.deleteUser(db, auth, body.id));
      return { data: null };
    },
  });
}
