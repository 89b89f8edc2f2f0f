import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import { errors } from '../../core/errors.js';
import { registerRoute } from '../../core/route.js';
import * as service from './service.js';
import type { AuthDeps } from './service.js';

export function authRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const r = { db: deps.db, tokens: deps.tokens };

  registerRoute(app, r, API.login, {
    audit: { action: 'login', type: 'auth', description: '用户登录' },
    handler: async ({ body, req }) => {
      req.auditSubject = { userId: null, username: body.username, name: '', customerId: null };
      const { tokens, user } = await service.login(deps, body, { ip: req.ip, agent: req.headers['user-agent'] ?? '' });
      req.auditSubject = { userId: user.id, username: user.username, name: user.name, customerId: user.customer_id };
      return { data: tokens };
    },
  });

  registerRoute(app, r, API.logout, {
    audit: { action: 'logout', type: 'auth', description: '用户登出' },
    handler: async ({ auth }) => {
      await service.logout(deps, auth);
      return { data: null };
    },
  });

  registerRoute(app, r, API.refresh, {
    audit: { action: 'refresh', type: 'auth', description: '刷新令牌' },
    handler: async ({ body, query }) => {
      const token = body?.refreshToken ?? query.refreshToken;
      if (!token) throw errors.validation('refreshToken', 'refreshTokenMissing');
      return { data: await service.refresh(deps, token) };
    },
  });

  // Kept with the cached session check until a change of the user, their roles or customer is announced.
  registerRoute(app, r, API.userInfo, {
    handler: async ({ auth }) => ({
      data: await deps.tokens.sessions.derived(auth, `userInfo:${auth.customerId}`, () =>
        service.userInfo(deps.db, auth.userId, [...auth.codes], auth.customerId),
      ),
    }),
  });

  registerRoute(app, r, API.userRids, {
    handler: async ({ auth, params }) => ({ data: await service.userRoleIds(deps.db, auth, params.id) }),
  });

  registerRoute(app, r, API.changePassword, {
    audit: { action: 'changePassword', type: 'user', description: '修改密码' },
    handler: async ({ auth, body }) => {
      await service.changePassword(deps, auth, body);
      return { data: null, msg: 'success' };
    },
  });

  // The switch itself is recorded; the calls made in the new context then name it in the header (and are recorded too).
  registerRoute(app, r, API.customerContext, {
    audit: { action: 'user.customerContext', type: 'user', description: '切换代管客户' },
    handler: async ({ auth, body }) => ({ data: await service.customerContext(deps.db, auth, body) }),
  });
  registerRoute(app, r, API.setting, {
    audit: { action: 'setting', type: 'user', description: '个人信息设置' },
    handler: async ({ auth, body }) => ({
      data: await deps.tokens.sessions.changing({ userId: auth.userId }, () => service.updateSetting(deps.db, auth, body)),
    }),
  });
}
