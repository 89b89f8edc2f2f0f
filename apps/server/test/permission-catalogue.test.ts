import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';
import { renamePermission } from './revise-helpers.js';

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
    // What the customer bought (docs/security.md#entitlements): its roles hold only these.
    entitlements: ['report.export'],
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
    expect(await renamePermission(t, admin, 'report.export', 'report.all', '报表')).toBe(0);
    expect((await grants()).filter((g) => g.permission_code === 'report.all')).toHaveLength(1);
    expect((await call(admin, 'POST', '/api/permission/delete', { id: added.data.id })).code).toBe(0);
    expect((await catalogue()).map((p) => p.code)).not.toContain('platform.only');
  });
});

describe('separation of duties (docs/security.md#separation-of-duties)', () => {
  const SPLIT = ['serviceproducts.all.admin', 'serviceproducts.all.approve', 'wx-mp-manage.send.admin', 'wx-mp-manage.send.approve'];

  it('lists the writing and approving codes with their names in the reader’s language', async () => {
    const names = async (lang: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/permission/all',
        headers: { ...t.bearer(admin), 'accept-language': lang },
      });
      const rows = res.json().data as Array<{ code: string; name: string; builtin: boolean }>;
      return Object.fromEntries(rows.filter((r) => SPLIT.includes(r.code)).map((r) => [r.code, [r.name, r.builtin]]));
    };
    expect(await names('zh')).toEqual({
      'serviceproducts.all.admin': ['服务产品编写', true],
      'serviceproducts.all.approve': ['服务产品审核', true],
      'wx-mp-manage.send.admin': ['公众号群发编写', true],
      'wx-mp-manage.send.approve': ['公众号群发审核', true],
    });
    expect(await names('en')).toEqual({
      'serviceproducts.all.admin': ['Service products: write', true],
      'serviceproducts.all.approve': ['Service products: approve', true],
      'wx-mp-manage.send.admin': ['Official account: compose mass messages', true],
      'wx-mp-manage.send.approve': ['Official account: approve mass messages', true],
    });
    expect(await names('es')).toEqual({
      'serviceproducts.all.admin': ['Productos de servicio: redacción', true],
      'serviceproducts.all.approve': ['Productos de servicio: aprobación', true],
      'wx-mp-manage.send.admin': ['Cuenta oficial: redactar envíos masivos', true],
      'wx-mp-manage.send.approve': ['Cuenta oficial: aprobar envíos masivos', true],
    });
  });

  it('gives the demo’s authors only the writing code and its reviewer and approver only the approving one', async () => {
    const codes = async (username: string, ip: string) => {
      const token = (await t.login(username, ADMIN_PASSWORD, ip)).access_token;
      const roles = (await call(token, 'GET', '/api/user/info')).data.roles as string[];
      return roles.filter((c) => SPLIT.includes(c));
    };
    expect(await codes('demo-products', '10.31.0.1')).toEqual(['serviceproducts.all.admin']);
    expect(await codes('demo-reviewer', '10.31.0.2')).toEqual(['serviceproducts.all.approve']);
    expect(await codes('demo-weixin', '10.31.0.3')).toEqual(['wx-mp-manage.send.admin']);
    expect(await codes('demo-wx-approver', '10.31.0.4')).toEqual(['wx-mp-manage.send.approve']);
  });

  it('a demo author cannot approve, and the reviewer cannot write, a bulletin', async () => {
    const author = (await t.login('demo-products', ADMIN_PASSWORD, '10.31.1.1')).access_token;
    const reviewer = (await t.login('demo-reviewer', ADMIN_PASSWORD, '10.31.1.2')).access_token;
    const kindId = (await call(author, 'GET', '/api/article/kinds')).data[0].id as number;
    const id = (await call(author, 'POST', '/api/article/add', { kindId, title: '分权：作者的稿' })).data.id as number;
    expect((await call(author, 'POST', '/api/article/submit', { id })).data.state).toBe('submitted');
    for (const url of ['/api/article/approve', '/api/article/publish'])
      expect(await call(author, 'POST', url, { id }), url).toMatchObject({ status: 403, code: 4003, data: null });
    expect(await call(author, 'POST', '/api/article/return', { id, comment: '退回' })).toMatchObject({ code: 4003 });
    expect(await call(reviewer, 'POST', '/api/article/add', { kindId, title: '分权：审核员的稿' })).toMatchObject({
      status: 403,
      code: 4003,
    });
    expect(await call(reviewer, 'POST', '/api/article/submit', { id })).toMatchObject({ code: 4003 });
    expect((await call(reviewer, 'GET', `/api/article/detail?id=${id}`)).data.state).toBe('submitted');
    expect((await call(reviewer, 'POST', '/api/article/approve', { id })).data.state).toBe('approved');
  });

  it('a demo operator cannot approve a mass send, and the approver cannot compose one', async () => {
    const operator = (await t.login('demo-weixin', ADMIN_PASSWORD, '10.31.2.1')).access_token;
    const approver = (await t.login('demo-wx-approver', ADMIN_PASSWORD, '10.31.2.2')).access_token;
    const accountId = (await call(operator, 'GET', '/api/wx/account/list')).data[0].id as number;
    const send = { accountId, kind: 'text', text: '分权：群发测试', target: 'all' };
    const created = (await call(operator, 'POST', '/api/wx/send/create', send)).data;
    expect(created.state).toBe('pending');
    expect(await call(operator, 'POST', '/api/wx/send/approve', { id: created.id })).toMatchObject({ status: 403, code: 4003 });
    expect(await call(operator, 'POST', '/api/wx/send/reject', { id: created.id, reason: '自己拒绝' })).toMatchObject({ code: 4003 });
    expect(await call(approver, 'POST', '/api/wx/send/create', send)).toMatchObject({ status: 403, code: 4003 });
    expect(await call(approver, 'POST', '/api/wx/send/preview', { id: created.id, openId: 'o1' })).toMatchObject({ code: 4003 });
    const waiting = (await call(approver, 'GET', '/api/wx/send/page?state=pending')).data.list as Array<{ id: number }>;
    expect(waiting.map((s) => s.id)).toContain(created.id);
    expect((await call(approver, 'POST', '/api/wx/send/reject', { id: created.id, reason: '措辞需修改' })).data.state).toBe('rejected');
  });
});
