import { CUSTOMER_ADMIN_CODES } from '@agromet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/core/db/index.js';
import { DEMO_ENTITLEMENTS } from '../src/modules/seed/seed.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';
import { entitledCodes } from './migration-helpers.js';
import { renamePermission } from './revise-helpers.js';

/**
 * Customer entitlements (docs/security.md#entitlements): the platform grants each customer the codes it has bought; the
 * customer's administrator makes roles from any of them and grants them to its users, never beyond them, whatever codes
 * it holds itself. Refusals are 403 envelopes naming the codes; the database keeps nothing of a refused call.
 */
let t: TestApp;
let admin: string;
let sysadmin: string;
let demoId: number;
let platformId: number;

interface Answer {
  status: number;
  code: number;
  msg: string;
  data: any;
}
const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> => {
  const res = await t.app.inject({ method, url, headers: t.bearer(token), payload });
  return { status: res.statusCode, ...(res.json() as Omit<Answer, 'status'>) };
};
const roleCodes = async (name: string) =>
  (
    await t.db.db
      .selectFrom('role_permission')
      .innerJoin('role', 'role.id', 'role_permission.role_id')
      .select('permission_code')
      .where('role.name', '=', name)
      .orderBy('permission_code')
      .execute()
  ).map((r) => r.permission_code);
const entitled = (customerId: number) => entitledCodes(t.db.db, customerId);
/** A role as an earlier release could leave it: holding a code the customer is not entitled to. */
async function legacyRole(name: string, codes: string[]): Promise<number> {
  const now = nowIso();
  const role = await t.db.db
    .insertInto('role')
    .values({ customer_id: demoId, name, description: '', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.db
    .insertInto('role_permission')
    .values(codes.map((c) => ({ role_id: role.id, permission_code: c })))
    .execute();
  return role.id;
}

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  admin = (await t.login('admin')).access_token;
  sysadmin = (await t.login('demo-sysadmin', ADMIN_PASSWORD, '10.40.0.1')).access_token;
  demoId = (await t.db.db.selectFrom('customer').select('id').where('is_platform', '=', 0).executeTakeFirstOrThrow()).id;
  platformId = (await t.db.db.selectFrom('customer').select('id').where('is_platform', '=', 1).executeTakeFirstOrThrow()).id;
  // A code the platform sells separately; the demo customer has not bought it.
  expect((await call(admin, 'POST', '/api/permission/add', { code: 'report.export', name: '报表导出' })).code).toBe(0);
});
afterAll(async () => {
  await t.close();
});

describe("the demo customer's administrator", () => {
  it('is entitled to every module the demo shows, and not to the platform codes', async () => {
    expect(await entitled(demoId)).toEqual([...DEMO_ENTITLEMENTS]);
    expect(DEMO_ENTITLEMENTS).toEqual(expect.arrayContaining(['travel.scenicspot.admin', 'make.product.admin', 'revise.point.admin']));
    expect(DEMO_ENTITLEMENTS).not.toContain('admin');
    expect(DEMO_ENTITLEMENTS).not.toContain('osm.customer.admin');
    const own = await call(sysadmin, 'GET', `/api/customer/${demoId}`);
    expect(own.data.entitlements).toEqual([...DEMO_ENTITLEMENTS]);
  });

  it('makes a tourism and a forecasting role for its staff and grants them, holding neither code itself', async () => {
    const info = await call(sysadmin, 'GET', '/api/user/info');
    expect(info.data.roles).not.toContain('travel.scenicspot.admin');
    const tourism = await call(sysadmin, 'POST', '/api/role/add', { name: '景区编辑', permissions: ['travel.scenicspot.admin'] });
    expect(tourism).toMatchObject({ status: 200, code: 0, data: { customerId: demoId, permissions: ['travel.scenicspot.admin'] } });
    const forecast = await call(sysadmin, 'POST', '/api/role/add', {
      name: '预报制作',
      permissions: ['make.product.admin', 'revise.point.admin'],
    });
    expect(forecast.code).toBe(0);
    expect(await roleCodes('预报制作')).toEqual(['make.product.admin', 'revise.point.admin']);
    const user = await call(sysadmin, 'POST', '/api/user/add', {
      username: 'guide-ent',
      password: 'Initial-1',
      name: '导游',
      customerId: demoId,
      roleIds: [tourism.data.id, forecast.data.id],
    });
    expect(user.code).toBe(0);
    const held = await t.db.db.selectFrom('user_role').select('role_id').where('user_id', '=', user.data.id).orderBy('role_id').execute();
    expect(held.map((r) => r.role_id)).toEqual([tourism.data.id, forecast.data.id]);
    // And manages the staff it made (a password reset), though they hold codes it does not.
    expect((await call(sysadmin, 'POST', '/api/user/resetPassword', { id: user.data.id, password: 'Reset-12' })).code).toBe(0);
  });

  it('is refused codes outside the entitlements with a 403 naming them, and nothing is written', async () => {
    const before = await t.db.db.selectFrom('role').select('id').execute();
    const outside = await call(sysadmin, 'POST', '/api/role/add', { name: '报表', permissions: ['report.export', 'sys.log.view'] });
    expect(outside).toMatchObject({
      status: 403,
      code: 4003,
      msg: '该客户未开通这些模块：report.export（由平台管理员在“客户管理”中开通）',
      data: { withheld: [{ code: 'report.export', reason: 'notEntitled' }] },
    });
    const platformCode = await call(sysadmin, 'POST', '/api/role/add', { name: '平台', permissions: ['osm.customer.admin'] });
    expect(platformCode).toMatchObject({
      status: 403,
      code: 4003,
      data: { withheld: [{ code: 'osm.customer.admin', reason: 'platformOnly' }] },
    });
    expect(platformCode.msg).toContain('osm.customer.admin');
    // Admin itself cannot put a module the customer has not bought into its roles either.
    const byAdmin = await call(admin, 'POST', '/api/role/add', { name: '报表', permissions: ['report.export'], customerId: demoId });
    expect(byAdmin).toMatchObject({ status: 403, code: 4003 });
    expect(byAdmin.msg).toContain('report.export');
    expect(await t.db.db.selectFrom('role').select('id').execute()).toEqual(before);

    const role = (await call(sysadmin, 'POST', '/api/role/add', { name: '日志', permissions: ['sys.log.view'] })).data;
    const added = await call(sysadmin, 'POST', '/api/role/update', {
      id: role.id,
      version: role.version,
      name: role.name,
      permissions: ['sys.log.view', 'report.export'],
    });
    expect(added).toMatchObject({ status: 403, code: 4003 });
    expect(added.msg).toContain('report.export');
    expect(await roleCodes('日志')).toEqual(['sys.log.view']);
  });

  it('is not offered, and cannot grant, a role carrying a code outside the entitlements', async () => {
    const legacy = await legacyRole('旧报表', ['report.export', 'sys.log.view']);
    const options = (await call(sysadmin, 'GET', `/api/role/options?customerId=${demoId}`)).data as Array<{
      id: number;
      grantable: boolean;
      withheld: string[];
    }>;
    expect(options.find((o) => o.id === legacy)).toMatchObject({ grantable: false, withheld: ['report.export'] });
    expect(options.filter((o) => o.id !== legacy).every((o) => o.grantable && o.withheld.length === 0)).toBe(true);
    const refused = await call(sysadmin, 'POST', '/api/user/add', {
      username: 'legacy-user',
      password: 'Initial-1',
      name: 'legacy',
      customerId: demoId,
      roleIds: [legacy],
    });
    expect(refused).toMatchObject({ status: 403, code: 4003, data: { withheld: [{ code: 'report.export', reason: 'notEntitled' }] } });
    expect(refused.msg).toContain('report.export');
    expect(await t.db.db.selectFrom('app_user').select('id').where('username', '=', 'legacy-user').executeTakeFirst()).toBeUndefined();

    // A user the platform gave that role is stronger than the customer's administrator: not theirs to manage.
    const strong = await call(admin, 'POST', '/api/user/add', {
      username: 'legacy-strong',
      password: 'Initial-1',
      name: 'strong',
      customerId: demoId,
      roleIds: [],
    });
    await t.db.db.insertInto('user_role').values({ user_id: strong.data.id, role_id: legacy }).execute();
    expect(await call(sysadmin, 'POST', '/api/user/resetPassword', { id: strong.data.id, password: 'Takeover-1' })).toMatchObject({
      status: 403,
      code: 4003,
    });
  });

  it('is told what it may grant, each withheld code with its reason', async () => {
    const g = (await call(sysadmin, 'GET', '/api/role/grantable')).data;
    expect(g.customerId).toBe(demoId);
    expect(g.codes).toEqual([...DEMO_ENTITLEMENTS]);
    expect(g.withheld).toEqual([
      { code: 'admin', reason: 'platformOnly' },
      { code: 'osm.customer.admin', reason: 'platformOnly' },
      { code: 'report.export', reason: 'notEntitled' },
    ]);
    expect((await call(sysadmin, 'GET', `/api/role/grantable?customerId=${platformId}`)).code).toBe(4004);
    const platform = (await call(admin, 'GET', `/api/role/grantable?customerId=${platformId}`)).data;
    expect(platform.withheld).toEqual([]);
  });
});

describe('the platform', () => {
  it('grants a module, which the customer administrator may then use', async () => {
    const c = (await call(admin, 'GET', `/api/customer/${demoId}`)).data;
    const bySysadmin = await call(sysadmin, 'POST', '/api/customer/entitlements', {
      id: demoId,
      version: c.version,
      entitlements: [...c.entitlements, 'report.export'],
    });
    expect(bySysadmin).toMatchObject({ status: 403, code: 4003 });
    const granted = await call(admin, 'POST', '/api/customer/entitlements', {
      id: demoId,
      version: c.version,
      entitlements: [...c.entitlements, 'report.export'],
    });
    expect(granted).toMatchObject({ code: 0, data: { version: c.version + 1 } });
    expect(granted.data.entitlements).toContain('report.export');
    expect(await entitled(demoId)).toContain('report.export');
    expect((await call(sysadmin, 'POST', '/api/role/add', { name: '报表', permissions: ['report.export'] })).code).toBe(0);
    // A stale version changes nothing.
    expect((await call(admin, 'POST', '/api/customer/entitlements', { id: demoId, version: c.version, entitlements: [] })).code).toBe(4009);
  });

  it('cannot withdraw a module the customer roles still use, nor entitle anyone to a platform code', async () => {
    const c = (await call(admin, 'GET', `/api/customer/${demoId}`)).data;
    const withdraw = await call(admin, 'POST', '/api/customer/entitlements', {
      id: demoId,
      version: c.version,
      entitlements: c.entitlements.filter((x: string) => x !== 'travel.scenicspot.admin'),
    });
    expect(withdraw).toMatchObject({ code: 4009, data: { codes: ['travel.scenicspot.admin'] } });
    expect(withdraw.msg).toContain('travel.scenicspot.admin');
    const platformCode = await call(admin, 'POST', '/api/customer/entitlements', {
      id: demoId,
      version: c.version,
      entitlements: [...c.entitlements, 'osm.customer.admin'],
    });
    expect(platformCode).toMatchObject({ code: 4100, data: { issues: [{ field: 'entitlements' }] } });
    const unknown = await call(admin, 'POST', '/api/customer/entitlements', { id: demoId, version: c.version, entitlements: ['no.such'] });
    expect(unknown).toMatchObject({ code: 4100, data: { issues: [{ field: 'entitlements' }] } });
    const own = (await call(admin, 'GET', `/api/customer/${platformId}`)).data;
    expect(own).toMatchObject({ platform: true, entitlements: [] });
    expect(
      (await call(admin, 'POST', '/api/customer/entitlements', { id: platformId, version: own.version, entitlements: ['sys.log.view'] }))
        .code,
    ).toBe(4009);
    expect(await entitled(demoId)).toEqual(c.entitlements);
    expect(await entitled(platformId)).toEqual([]);
  });

  it('makes a customer that administers itself unless it names the modules', async () => {
    const plain = await call(admin, 'POST', '/api/customer/add', { name: '新客户甲', centerLat: 34, centerLon: 108, zoom: 6 });
    expect(plain.data.entitlements).toEqual([...CUSTOMER_ADMIN_CODES].sort());
    const named = await call(admin, 'POST', '/api/customer/add', {
      name: '新客户乙',
      centerLat: 34,
      centerLon: 108,
      zoom: 6,
      entitlements: ['travel.scenicspot.admin'],
    });
    expect(named.data.entitlements).toEqual(['travel.scenicspot.admin']);
    expect(await entitled(named.data.id)).toEqual(['travel.scenicspot.admin']);
    const refused = await call(admin, 'POST', '/api/customer/add', {
      name: '新客户丙',
      centerLat: 34,
      centerLon: 108,
      zoom: 6,
      entitlements: ['admin'],
    });
    expect(refused).toMatchObject({ code: 4100, data: { issues: [{ field: 'entitlements' }] } });
    expect(await t.db.db.selectFrom('customer').select('id').where('name', '=', '新客户丙').executeTakeFirst()).toBeUndefined();
  });

  it('renames a code in the entitlements along with the roles, and a deleted code leaves them', async () => {
    expect(await renamePermission(t, admin, 'report.export', 'report.all', '报表')).toBe(0);
    expect(await entitled(demoId)).toContain('report.all');
    expect(await entitled(demoId)).not.toContain('report.export');
  });
});
