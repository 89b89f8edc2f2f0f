import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * A record of another customer is answered exactly like a missing one (docs/security.md#customers-and-tenancy), also
 * when a request only refers to it: a customer's administrator naming another customer's role in a user's roles
 * learns nothing about it (found by bench/src/reliability/tenancy.ts).
 */
let t: TestApp;
let admin: string;
let other: { customerId: number; roleId: number };
let own: { customerId: number; userAdmin: string; roleId: number; userId: number };
const MISSING = 99_999_999;

async function call(token: string, url: string, payload: unknown) {
  const res = await t.app.inject({ method: 'POST', url, headers: t.bearer(token), payload: payload as object });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: unknown }) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).access_token;
  const customer = async (name: string) =>
    ((await call(admin, '/api/customer/add', { name, centerLat: 34, centerLon: 108, zoom: 6 })).data as { id: number }).id;
  const role = async (name: string, customerId: number, permissions: string[]) =>
    ((await call(admin, '/api/role/add', { name, customerId, permissions })).data as { id: number }).id;
  const otherId = await customer('other customer');
  other = { customerId: otherId, roleId: await role('other role', otherId, []) };
  const ownId = await customer('own customer');
  const adminRole = await role('user administrators', ownId, ['sys.user.admin', 'sys.role.admin']);
  const plainRole = await role('plain', ownId, []);
  await call(admin, '/api/user/add', {
    username: 'own-admin',
    password: 'Initial-1',
    name: 'own admin',
    customerId: ownId,
    roleIds: [adminRole],
  });
  const first = (await t.login('own-admin', 'Initial-1')).access_token;
  await call(first, '/api/user/changePassword', { password: 'Initial-1', newPassword: 'Changed-1', confirmPassword: 'Changed-1' });
  const userAdmin = (await t.login('own-admin', 'Changed-1')).access_token;
  const user = await call(userAdmin, '/api/user/add', { username: 'own-user', password: 'Initial-2', name: 'own user', customerId: ownId });
  own = { customerId: ownId, userAdmin, roleId: plainRole, userId: (user.data as { id: number }).id };
});
afterAll(async () => {
  await t.close();
});

/** The answer with the role ids written alike. */
const withoutIds = (a: { status: number; code: number; msg: string; data: unknown }, ids: number[]) =>
  JSON.stringify(a).replace(new RegExp(`\\b(${ids.join('|')})\\b`, 'g'), '<id>');

describe("another customer's role named in a user's roles", () => {
  it('is answered like a role that does not exist, when a user is added', async () => {
    const body = (roleId: number) => ({
      username: 'new-user',
      password: 'Initial-3',
      name: 'new',
      customerId: own.customerId,
      roleIds: [roleId],
    });
    const foreign = await call(own.userAdmin, '/api/user/add', body(other.roleId));
    const missing = await call(own.userAdmin, '/api/user/add', body(MISSING));
    expect(missing).toMatchObject({ status: 400, code: 4100 });
    expect(withoutIds(foreign, [other.roleId, MISSING])).toBe(withoutIds(missing, [other.roleId, MISSING]));
  });

  it('is answered like a role that does not exist, when a user is edited', async () => {
    const body = (roleId: number) => ({ id: own.userId, version: 1, name: 'own user', customerId: own.customerId, roleIds: [roleId] });
    const foreign = await call(own.userAdmin, '/api/user/update', body(other.roleId));
    const missing = await call(own.userAdmin, '/api/user/update', body(MISSING));
    expect(missing).toMatchObject({ status: 400, code: 4100 });
    expect(withoutIds(foreign, [other.roleId, MISSING])).toBe(withoutIds(missing, [other.roleId, MISSING]));
  });

  it('still tells the platform, which sees every customer, that the role belongs to another customer', async () => {
    const res = await call(admin, '/api/user/add', {
      username: 'mixed',
      password: 'Initial-4',
      name: 'mixed',
      customerId: own.customerId,
      roleIds: [own.roleId, other.roleId],
    });
    expect(res).toMatchObject({ status: 400, code: 4100, data: { issues: [{ field: 'roleIds' }] } });
    const missing = await call(admin, '/api/user/add', {
      username: 'mixed',
      password: 'Initial-4',
      name: 'mixed',
      customerId: own.customerId,
      roleIds: [MISSING],
    });
    expect(res.msg).not.toBe(missing.msg.replace(String(MISSING), String(other.roleId)));
  });
});

describe("codes outside the customer's entitlements (docs/security.md#entitlements)", () => {
  it("are refused to the customer's administrator with a 403 naming them; inside them it succeeds", async () => {
    // A new customer is entitled to administering itself: sys.log.view is the customer's, not the administrator's.
    const inside = await call(own.userAdmin, '/api/role/add', { name: 'log readers', permissions: ['sys.log.view'] });
    expect(inside).toMatchObject({ status: 200, code: 0, data: { customerId: own.customerId, permissions: ['sys.log.view'] } });
    const outside = await call(own.userAdmin, '/api/role/add', {
      name: 'tourism',
      permissions: ['travel.scenicspot.admin', 'make.product.admin', 'sys.log.view'],
    });
    expect(outside).toMatchObject({
      status: 403,
      code: 4003,
      data: {
        withheld: [
          { code: 'make.product.admin', reason: 'notEntitled' },
          { code: 'travel.scenicspot.admin', reason: 'notEntitled' },
        ],
      },
    });
    expect(outside.msg).toContain('make.product.admin, travel.scenicspot.admin');
    const platform = await call(own.userAdmin, '/api/role/add', { name: 'platform', permissions: ['admin'] });
    expect(platform).toMatchObject({ status: 403, code: 4003, data: { withheld: [{ code: 'admin', reason: 'platformOnly' }] } });
  });

  it("answer another customer's role like a missing one when the administrator names its customer", async () => {
    const foreign = await call(own.userAdmin, '/api/role/add', { name: 'x', permissions: [], customerId: other.customerId });
    const missing = await call(own.userAdmin, '/api/role/add', { name: 'x', permissions: [], customerId: MISSING });
    expect(foreign).toMatchObject({ status: 404, code: 4004 });
    expect(withoutIds(foreign, [other.customerId, MISSING])).toBe(withoutIds(missing, [other.customerId, MISSING]));
  });
});
