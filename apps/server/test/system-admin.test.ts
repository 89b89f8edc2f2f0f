import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let admin: string;
let sysadmin: string;
let demoCustomerId: number;
let platformId: number;

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  admin = (await t.login('admin')).access_token;
  sysadmin = (await t.login('demo-sysadmin', ADMIN_PASSWORD, '10.20.0.1')).access_token;
  demoCustomerId = (await t.db.db.selectFrom('customer').select('id').where('is_platform', '=', 0).executeTakeFirstOrThrow()).id;
  platformId = (await t.db.db.selectFrom('customer').select('id').where('is_platform', '=', 1).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
});

const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: t.bearer(token), payload });
  return res.json() as { code: number; msg: string; data: any };
};
const roleId = async (name: string) =>
  (await t.db.db.selectFrom('role').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const userRow = (username: string) => t.db.db.selectFrom('app_user').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

describe('customers', () => {
  it('the platform sees every customer; a customer administrator only their own', async () => {
    expect((await call(admin, 'GET', '/api/customer/page')).data.total).toBe(2);
    const own = await call(sysadmin, 'GET', '/api/customer/page');
    expect(own.data.list.map((c: { id: number }) => c.id)).toEqual([demoCustomerId]);
    expect(own.data.list[0].userCount).toBe(10);
    expect((await call(sysadmin, 'GET', `/api/customer/${platformId}`)).code).toBe(4004);
    expect((await call(sysadmin, 'GET', '/api/customer/options')).data).toEqual([
      { id: demoCustomerId, name: '陕西省农业气象服务中心（示例）' },
    ]);
  });

  it('edits branding with a version; a stale version changes nothing; the branding reaches /user/info', async () => {
    const c = (await call(sysadmin, 'GET', `/api/customer/${demoCustomerId}`)).data;
    const body = {
      id: c.id,
      version: c.version,
      name: c.name,
      tel: c.tel,
      address: c.address,
      logo: '',
      sysName: '秦岭农业气象',
      centerLat: 34.2,
      centerLon: 108.9,
      zoom: 9,
    };
    const ok = await call(sysadmin, 'POST', '/api/customer/update', body);
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ sysName: '秦岭农业气象', zoom: 9, version: c.version + 1 });
    const stale = await call(sysadmin, 'POST', '/api/customer/update', { ...body, sysName: '被覆盖' });
    expect(stale.code).toBe(4009);
    expect((await t.db.db.selectFrom('customer').select('sys_name').where('id', '=', c.id).executeTakeFirstOrThrow()).sys_name).toBe(
      '秦岭农业气象',
    );
    expect((await call(sysadmin, 'GET', '/api/user/info')).data.branding).toMatchObject({
      sysName: '秦岭农业气象',
      centerLat: 34.2,
      zoom: 9,
    });
  });

  it('checks latitude, longitude and zoom ranges, naming the field', async () => {
    const c = (await call(admin, 'GET', `/api/customer/${demoCustomerId}`)).data;
    const base = { id: c.id, version: c.version, name: c.name, centerLat: 30, centerLon: 100, zoom: 8 };
    for (const [field, value] of [
      ['centerLat', 91],
      ['centerLon', -181],
      ['zoom', 2],
      ['zoom', 16],
      ['zoom', 8.5],
    ] as const) {
      const res = await call(admin, 'POST', '/api/customer/update', { ...base, [field]: value });
      expect(res.code).toBe(4100);
      expect(res.msg.startsWith(`${field}：`)).toBe(true);
    }
  });

  it('only the platform creates and deletes customers; one with users cannot be deleted', async () => {
    const input = { name: '甘肃示例', centerLat: 36.06, centerLon: 103.83, zoom: 7 };
    expect((await call(sysadmin, 'POST', '/api/customer/add', input)).code).toBe(4003);
    const created = await call(admin, 'POST', '/api/customer/add', input);
    expect(created.data).toMatchObject({ name: '甘肃示例', userCount: 0, platform: false, logo: '', tel: '' });
    expect((await call(admin, 'POST', '/api/customer/add', input)).code).toBe(4009);
    const busy = await call(admin, 'POST', '/api/customer/delete', { id: demoCustomerId });
    expect(busy).toMatchObject({ code: 4009, msg: '该客户下还有 10 个用户，不能删除' });
    expect((await call(admin, 'POST', '/api/customer/delete', { id: created.data.id })).code).toBe(0);
    expect((await call(admin, 'GET', `/api/customer/${created.data.id}`)).code).toBe(4004);
  });

  it('a customer still holding stations or grids cannot be deleted, and keeps them', async () => {
    const created = await call(admin, 'POST', '/api/customer/add', { name: '宁夏示例', centerLat: 38.47, centerLon: 106.27, zoom: 7 });
    const id = created.data.id as number;
    const now = new Date().toISOString();
    await t.db.db
      .insertInto('station')
      .values({
        customer_id: id,
        station_number: '53614',
        name: '银川',
        province: '宁夏',
        city: '银川市',
        district: '',
        address: '',
        longitude: 106.2,
        latitude: 38.48,
        altitude: 1111.4,
        contact_person: '',
        contact_phone: '',
        remarks: '',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const refused = await call(admin, 'POST', '/api/customer/delete', { id });
    expect(refused).toMatchObject({
      code: 4009,
      msg: '该客户还保存着数据（格点场 0 个、站点 1 个、订正记录 0 条、签发 0 次、边界图层 0 个），不能删除',
    });
    expect((await call(admin, 'GET', `/api/customer/${id}`)).code).toBe(0);
    await t.db.db.deleteFrom('station').where('customer_id', '=', id).execute();
    expect((await call(admin, 'POST', '/api/customer/delete', { id })).code).toBe(0);
  });
});

describe('users', () => {
  let createdId: number;
  /** The demo customer's administrator adds a user, of the demo customer unless `fields` name another. */
  const addUser = (fields: Record<string, unknown>) => call(sysadmin, 'POST', '/api/user/add', { customerId: demoCustomerId, ...fields });

  it('a customer administrator creates users of their customer with roles they may grant', async () => {
    // Any module the customer bought, not only the administrator's own codes (docs/security.md#entitlements).
    const travelRole = await roleId('旅游管理');
    const res = await addUser({
      username: 'guide01',
      password: 'guide-pass',
      name: '导游一号',
      mobile: '13900000001',
      roleIds: [travelRole],
    });
    expect(res.code).toBe(0);
    expect(res.data.roles).toEqual([{ id: travelRole, name: '旅游管理' }]);
    expect((await call(sysadmin, 'POST', '/api/user/delete', { id: res.data.id })).code).toBe(0);
    const sysRole = await roleId('系统管理');
    const ok = await addUser({ username: 'helper01', password: 'helper-pass', name: '助理', mobile: '13900000002', roleIds: [sysRole] });
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ username: 'helper01', enabled: true, roles: [{ id: sysRole, name: '系统管理' }] });
    createdId = ok.data.id;
    expect((await addUser({ username: 'helper01', password: 'x-pass', name: 'dup' })).code).toBe(4009);
    const foreign = await addUser({ username: 'sneaky', password: 'x-pass', name: 'x', customerId: platformId });
    expect(foreign.code).toBe(4100);
    expect(foreign.msg.startsWith('customerId')).toBe(true);
    await t.login('helper01', 'helper-pass', '10.20.0.2');
  });

  it('searches by username, name or mobile and filters by customer and role', async () => {
    expect(
      (await call(sysadmin, 'GET', '/api/user/page?keyword=13900000002')).data.list.map((u: { username: string }) => u.username),
    ).toEqual(['helper01']);
    // The platform's own admin is not visible to a customer administrator.
    expect((await call(sysadmin, 'GET', '/api/user/page?keyword=admin')).data.list.map((u: { username: string }) => u.username)).toEqual([
      'demo-sysadmin',
    ]);
    const byRole = await call(admin, 'GET', `/api/user/page?roleId=${await roleId('系统管理')}`);
    expect(byRole.data.list.map((u: { username: string }) => u.username).sort()).toEqual(['demo-sysadmin', 'helper01']);
    expect(
      (await call(admin, 'GET', `/api/user/page?customerId=${platformId}`)).data.list.map((u: { username: string }) => u.username),
    ).toEqual(['admin']);
    const page = await call(admin, 'GET', '/api/user/page?page=2&size=3');
    expect(page.data).toMatchObject({ page: 2, size: 3, total: 12 });
    expect(page.data.list).toHaveLength(3);
    expect((await call(admin, 'GET', '/api/user/page?size=101')).code).toBe(4100);
  });

  it('edits with a version, never the username, and refuses a stale version', async () => {
    const u = await userRow('helper01');
    const body = { id: u.id, version: u.version, name: '助理甲', customerId: demoCustomerId, roleIds: [await roleId('系统管理')] };
    expect((await call(sysadmin, 'POST', '/api/user/update', { ...body, username: 'renamed' })).code).toBe(4100);
    expect((await call(sysadmin, 'POST', '/api/user/update', body)).data).toMatchObject({ name: '助理甲', username: 'helper01' });
    expect((await call(sysadmin, 'POST', '/api/user/update', { ...body, name: 'stale' })).code).toBe(4009);
    expect((await userRow('helper01')).name).toBe('助理甲');
  });

  it('disabling ends the sessions at once and stops sign-in; reset password does too', async () => {
    const session = await t.login('helper01', 'helper-pass', '10.20.0.3');
    let u = await userRow('helper01');
    expect((await call(sysadmin, 'POST', '/api/user/enable', { id: u.id, version: u.version, enabled: false })).data.enabled).toBe(false);
    expect((await call(session.access_token, 'GET', '/api/user/info')).code).toBe(4002);
    await expect(t.login('helper01', 'helper-pass', '10.20.0.3')).rejects.toThrow(/4101/);
    u = await userRow('helper01');
    await call(sysadmin, 'POST', '/api/user/enable', { id: u.id, version: u.version, enabled: true });
    const again = await t.login('helper01', 'helper-pass', '10.20.0.4');
    expect((await call(sysadmin, 'POST', '/api/user/resetPassword', { id: u.id, password: 'brand-new-1' })).code).toBe(0);
    expect((await call(again.access_token, 'GET', '/api/user/info')).code).toBe(4002);
    await t.login('helper01', 'brand-new-1', '10.20.0.5');
  });

  it('nobody changes their own roles, manages a stronger user, or touches another customer', async () => {
    const me = await userRow('demo-sysadmin');
    const own = await call(sysadmin, 'POST', '/api/user/update', {
      id: me.id,
      version: me.version,
      name: me.name,
      customerId: demoCustomerId,
      roleIds: [await roleId('系统管理'), await roleId('数据订正')],
    });
    expect(own).toMatchObject({ code: 4003, msg: '不能修改自己的角色' });
    // A stronger user (one holding a code the administrator may not grant) is in entitlements.test.ts.
    const adminRow = await userRow('admin');
    expect((await call(sysadmin, 'POST', '/api/user/resetPassword', { id: adminRow.id, password: 'takeover1' })).code).toBe(4004);
    expect((await call(sysadmin, 'POST', '/api/user/delete', { id: adminRow.id })).code).toBe(4004);
    await t.login('admin');
  });

  it('the last administrator cannot be disabled, deleted or stripped of admin', async () => {
    const adminRow = await userRow('admin');
    expect((await call(admin, 'POST', '/api/user/enable', { id: adminRow.id, version: adminRow.version, enabled: false })).code).toBe(4009);
    const adminRole = await t.db.db.selectFrom('role').selectAll().where('name', '=', '超级管理员').executeTakeFirstOrThrow();
    const strip = await call(admin, 'POST', '/api/role/update', {
      id: adminRole.id,
      version: adminRole.version,
      name: adminRole.name,
      description: '',
      permissions: ['sys.log.view'],
    });
    expect(strip).toMatchObject({ code: 4009, msg: '这是最后一个管理员，不能停用、删除或取消其管理员权限' });
    const perms = await t.db.db.selectFrom('role_permission').select('permission_code').where('role_id', '=', adminRole.id).execute();
    expect(perms.map((p) => p.permission_code)).toEqual(['admin']);
    // A second administrator makes the first one removable from admin.
    const second = await call(admin, 'POST', '/api/user/add', {
      username: 'admin2',
      password: 'admin2-pass',
      name: '管理员二',
      customerId: platformId,
      roleIds: [adminRole.id],
    });
    expect(second.code).toBe(0);
    const fresh = await userRow('admin2');
    expect((await call(admin, 'POST', '/api/user/enable', { id: fresh.id, version: fresh.version, enabled: false })).code).toBe(0);
    expect((await call(admin, 'POST', '/api/user/delete', { id: fresh.id })).code).toBe(0);
  });

  it('deletes a user', async () => {
    expect((await call(sysadmin, 'POST', '/api/user/delete', { id: createdId })).code).toBe(0);
    expect((await call(sysadmin, 'GET', '/api/user/page?keyword=helper01')).data.total).toBe(0);
  });
});

describe('roles', () => {
  it("creates roles only with known codes of the customer's modules", async () => {
    expect((await call(sysadmin, 'POST', '/api/role/add', { name: '日志员', permissions: ['sys.log.view'] })).data).toMatchObject({
      name: '日志员',
      customerId: demoCustomerId,
      permissions: ['sys.log.view'],
      userCount: 0,
    });
    const grab = await call(sysadmin, 'POST', '/api/role/add', { name: '越权', permissions: ['admin'] });
    expect(grab).toMatchObject({ code: 4003, msg: '这些权限码只属于平台，不能授予客户的角色：admin' });
    expect((await call(sysadmin, 'POST', '/api/role/add', { name: '未知', permissions: ['no.such.code'] })).code).toBe(4100);
    expect((await call(sysadmin, 'POST', '/api/role/add', { name: '日志员', permissions: [] })).code).toBe(4009);
    expect(
      (await call(sysadmin, 'GET', '/api/role/page')).data.list.every((r: { customerId: number }) => r.customerId === demoCustomerId),
    ).toBe(true);
  });

  it('keeps codes it may not grant when editing, refuses a held role deletion, deletes an unused one', async () => {
    const revise = await t.db.db.selectFrom('role').selectAll().where('name', '=', '数据订正').executeTakeFirstOrThrow();
    expect((await call(sysadmin, 'POST', '/api/role/delete', { id: revise.id })).msg).toBe('该角色仍有 1 个用户在使用，不能删除');
    const logRole = await t.db.db.selectFrom('role').selectAll().where('name', '=', '日志员').executeTakeFirstOrThrow();
    expect(
      (
        await call(sysadmin, 'POST', '/api/role/update', {
          id: logRole.id,
          version: logRole.version,
          name: '日志审计',
          description: '只读',
          permissions: ['sys.log.view', 'sys.user.admin'],
        })
      ).data,
    ).toMatchObject({ name: '日志审计', permissions: ['sys.log.view', 'sys.user.admin'] });
    expect((await call(sysadmin, 'POST', '/api/role/delete', { id: logRole.id })).code).toBe(0);
    const adminRole = await roleId('超级管理员');
    expect((await call(sysadmin, 'POST', '/api/role/delete', { id: adminRole })).code).toBe(4004);
  });
});

describe('permissions', () => {
  it('creates, edits and deletes codes; the built-in codes are protected and codes in use stay', async () => {
    const created = await call(admin, 'POST', '/api/permission/add', { code: 'report.export', name: '报表导出', description: '' });
    expect(created.data).toMatchObject({ code: 'report.export', builtin: false, roleCount: 0 });
    expect((await call(admin, 'POST', '/api/permission/add', { code: 'report.export', name: 'x' })).code).toBe(4009);
    expect((await call(admin, 'POST', '/api/permission/add', { code: 'Bad Code', name: 'x' })).msg.startsWith('code：')).toBe(true);
    const updated = await call(admin, 'POST', '/api/permission/update', {
      id: created.data.id,
      version: 1,
      code: 'report.export',
      name: '报表导出（全部）',
      description: '导出',
    });
    expect(updated.data).toMatchObject({ name: '报表导出（全部）', version: 2 });
    const builtin = await t.db.db.selectFrom('permission').selectAll().where('code', '=', 'sys.log.view').executeTakeFirstOrThrow();
    expect((await call(admin, 'POST', '/api/permission/delete', { id: builtin.id })).code).toBe(4009);
    expect(
      (await call(admin, 'POST', '/api/permission/update', { id: builtin.id, version: builtin.version, code: 'sys.log.all', name: 'x' }))
        .code,
    ).toBe(4009);
    await call(admin, 'POST', '/api/role/add', { name: '报表员', permissions: ['report.export'], customerId: platformId });
    expect((await call(admin, 'POST', '/api/permission/delete', { id: created.data.id })).code).toBe(4009);
    await call(admin, 'POST', '/api/role/delete', { id: await roleId('报表员') });
    expect((await call(admin, 'POST', '/api/permission/delete', { id: created.data.id })).code).toBe(0);
  });
});

describe('operation log', () => {
  it('filters, pages and shows every field; customer administrators see their customer only', async () => {
    const all = await call(admin, 'GET', '/api/log/page?size=100');
    expect(all.data.total).toBeGreaterThan(20);
    const mine = await call(sysadmin, 'GET', '/api/log/page?size=100');
    expect(mine.data.list.every((r: { customerId: number }) => r.customerId === demoCustomerId)).toBe(true);
    const byAction = await call(admin, 'GET', '/api/log/page?action=user.resetPassword');
    expect(byAction.data.list.map((r: { username: string }) => r.username)).toEqual(['demo-sysadmin', 'demo-sysadmin']);
    const reset = byAction.data.list.find((r: { resultCode: number }) => r.resultCode === 0);
    expect(reset.parameter).not.toContain('brand-new-1');
    expect(
      (await call(admin, 'GET', '/api/log/page?operator=系统管理员&type=role')).data.list.every((r: { type: string }) => r.type === 'role'),
    ).toBe(true);
    expect((await call(admin, 'GET', '/api/log/page?ip=10.20.0.')).data.total).toBeGreaterThan(0);
    const ok = (await call(admin, 'GET', '/api/log/page?action=user.resetPassword&result=ok')).data.list;
    const failed = (await call(admin, 'GET', '/api/log/page?action=user.resetPassword&result=failed')).data.list;
    expect(ok.length + failed.length).toBe(byAction.data.list.length);
    expect(ok.every((r: { resultCode: number }) => r.resultCode === 0) && ok.length > 0).toBe(true);
    expect(failed.every((r: { resultCode: number }) => r.resultCode !== 0) && failed.length > 0).toBe(true);
    expect((await call(admin, 'GET', '/api/log/page?result=maybe')).code).toBe(4100);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call(admin, 'GET', `/api/log/page?from=${future}`)).data.total).toBe(0);
    expect((await call(admin, 'GET', '/api/log/page?from=yesterday')).code).toBe(4100);
    const detail = await call(admin, 'GET', `/api/log/${reset.id}`);
    expect(Object.keys(detail.data)).toEqual(
      expect.arrayContaining([
        'action',
        'operatorName',
        'type',
        'parameter',
        'description',
        'username',
        'ip',
        'host',
        'agent',
        'language',
        'referer',
        'origin',
        'createdAt',
      ]),
    );
    const platformRow = all.data.list.find((r: { customerId: number | null }) => r.customerId === platformId);
    expect((await call(sysadmin, 'GET', `/api/log/${platformRow.id}`)).code).toBe(4004);
  });

  it('exports the filtered rows as CSV and cannot be edited through the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/log/export?action=customer.update', headers: t.bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="operation-log-.*\.csv"$/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'id,createdAt,action,type,description,operatorName,username,userId,customerId,ip,host,agent,language,referer,origin,statusCode,resultCode,parameter',
    );
    expect(lines.slice(1).every((l) => l.includes('customer.update'))).toBe(true);
    expect(lines.length - 1).toBe((await call(admin, 'GET', '/api/log/page?action=customer.update')).data.total);
    for (const url of ['/api/log/delete', '/api/log/update', '/api/log/clear']) {
      expect((await call(admin, 'POST', url, { id: 1 })).code).toBe(4004);
    }
  });
});
