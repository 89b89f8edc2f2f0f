import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

/**
 * The permission catalogue is shared by every customer: only the platform changes it. A customer's administrator
 * (demo-sysadmin holds sys.permission.admin) reads it to assign codes to the customer's roles, nothing more.
 */
let t: TestApp;
let admin: string;
let sysadmin: string;

const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: { ...t.bearer(token), 'accept-language': 'en' }, payload });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
};
const catalogue = () => t.db.db.selectFrom('permission').selectAll().orderBy('id').execute();
const grants = () => t.db.db.selectFrom('role_permission').selectAll().orderBy('role_id').orderBy('permission_code').execute();

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  admin = (await t.login('admin')).access_token;
  sysadmin = (await t.login('demo-sysadmin', ADMIN_PASSWORD, '10.30.0.1')).access_token;
  // A custom code used by a role of the demo customer and by a role of a second customer.
  expect((await call(admin, 'POST', '/api/permission/add', { code: 'report.export', name: '报表导出' })).code).toBe(0);
  const other = await call(admin, 'POST', '/api/customer/add', {
    name: '另一个客户',
    tel: '',
    address: '',
    logo: '',
    sysName: '',
    centerLat: 30,
    centerLon: 110,
    zoom: 6,
  });
  expect(other.code).toBe(0);
  expect(
    (await call(admin, 'POST', '/api/role/add', { name: '报表（他人）', permissions: ['report.export'], customerId: other.data.id })).code,
  ).toBe(0);
  expect((await call(sysadmin, 'POST', '/api/role/add', { name: '报表（示例）', permissions: ['sys.log.view'] })).code).toBe(0);
});
afterAll(async () => {
  await t.close();
});

describe('permission catalogue', () => {
  it('a customer administrator reads it but cannot add, rename or delete codes, and nothing changes', async () => {
    const custom = (await catalogue()).find((p) => p.code === 'report.export')!;
    const builtin = (await catalogue()).find((p) => p.code === 'sys.log.view')!;
    const before = { catalogue: await catalogue(), grants: await grants() };

    expect((await call(sysadmin, 'GET', '/api/permission/page')).code).toBe(0);
    expect((await call(sysadmin, 'GET', '/api/permission/all')).data.map((p: { code: string }) => p.code)).toContain('report.export');

    const attempts = [
      await call(sysadmin, 'POST', '/api/permission/add', { code: 'mine.only', name: '自建' }),
      await call(sysadmin, 'POST', '/api/permission/update', {
        id: custom.id,
        version: custom.version,
        code: 'report.renamed',
        name: '改名',
      }),
      await call(sysadmin, 'POST', '/api/permission/update', {
        id: builtin.id,
        version: builtin.version,
        code: builtin.code,
        name: '日志（改）',
      }),
      await call(sysadmin, 'POST', '/api/permission/delete', { id: custom.id }),
    ];
    for (const a of attempts) {
      expect(a).toMatchObject({ status: 403, code: 4003, data: null });
      expect(a.msg).toMatch(/^Only the platform administrator/);
    }
    // Neither the catalogue nor any customer's roles changed.
    expect({ catalogue: await catalogue(), grants: await grants() }).toEqual(before);
    // The refusals are in the operation log.
    const rows = await t.db.db
      .selectFrom('operation_log')
      .select(['action', 'result_code'])
      .where('username', '=', 'demo-sysadmin')
      .where('action', 'like', 'permission.%')
      .execute();
    expect(rows.map((r) => r.result_code)).toEqual([4003, 4003, 4003, 4003]);
  });

  it('the platform administrator still adds, renames (roles of every customer follow) and deletes', async () => {
    const added = await call(admin, 'POST', '/api/permission/add', { code: 'platform.only', name: '平台' });
    expect(added.code).toBe(0);
    const custom = (await catalogue()).find((p) => p.code === 'report.export')!;
    const renamed = await call(admin, 'POST', '/api/permission/update', {
      id: custom.id,
      version: custom.version,
      code: 'report.all',
      name: '报表',
    });
    expect(renamed.code).toBe(0);
    expect((await grants()).filter((g) => g.permission_code === 'report.all')).toHaveLength(1);
    expect((await call(admin, 'POST', '/api/permission/delete', { id: added.data.id })).code).toBe(0);
    expect((await catalogue()).map((p) => p.code)).not.toContain('platform.only');
  });
});
