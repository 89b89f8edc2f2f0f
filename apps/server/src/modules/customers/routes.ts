import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { registerRoute } from '../../core/route.js';
import * as service from './service.js';

export function customerRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  const { db } = deps;
  // /user/info answers the customer's name and branding, and a context needs the customer: changes are announced to the
  // session cache (docs/security.md#session-cache).
  const { sessions } = deps.tokens;
  registerRoute(app, deps, API.customerPage, {
    handler: async ({ auth, query }) => ({ data: await service.pageCustomers(db, auth, query) }),
  });
  registerRoute(app, deps, API.customerOptions, { handler: async ({ auth }) => ({ data: await service.customerOptions(db, auth) }) });
  registerRoute(app, deps, API.customerGet, {
    handler: async ({ auth, params }) => ({ data: await service.getCustomer(db, auth, params.id) }),
  });
  registerRoute(app, deps, API.customerAdd, {
    audit: { action: 'customer.add', type: 'customer', description: '新增客户' },
    handler: async ({ body }) => ({ data: await service.createCustomer(db, body) }),
  });
  registerRoute(app, deps, API.customerUpdate, {
    audit: { action: 'customer.update', type: 'customer', description: '修改客户' },
    handler: async ({ auth, body }) => ({ data: await sessions.changing('all', () => service.updateCustomer(db, auth, body)) }),
  });
  registerRoute(app, deps, API.customerEntitlements, {
    audit: { action: 'customer.entitlements', type: 'customer', description: '设置客户开通模块' },
    handler: async ({ auth, body }) => ({ data: await sessions.changing('all', () => service.setEntitlements(db, auth, body)) }),
  });
  registerRoute(app, deps, API.customerDelete, {
    audit: { action: 'customer.delete', type: 'customer', description: '删除客户' },
    handler: async ({ auth, body }) => {
      await sessions.changing('all', () => service.deleteCustomer(db, auth, body.id));
      return { data: null };
    },
  });
}
