import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { REFRESH_GRACE_SECONDS } from '../src/modules/auth/refresh-rules.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
});
afterAll(async () => {
  await t.close();
});

const logRows = (action: string) =>
  t.db.db.selectFrom('operation_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

describe('sign-in', () => {
  it('returns the token pair with the access lifetime and trims the username', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: '  admin ', password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.expired).toBe(7200);
    expect(body.data.access_token.split('.')).toHaveLength(3);
    expect(body.data.refresh_token.length).toBeGreaterThanOrEqual(43);
    // Only a hash of the refresh token is stored.
    const stored = await t.db.db.selectFrom('refresh_token').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(body.data.refresh_token);
  });

  it('gives one answer for an unknown user and a wrong password, and logs both', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: 'admin', password: 'nope!' },
      remoteAddress: '10.0.0.9',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: 'ghost', password: 'nope!' },
      remoteAddress: '10.0.0.9',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ code: 4101, msg: '用户名或密码错误', data: null });
    const rows = await logRows('login');
    const failed = rows.filter((r) => r.result_code === 4101);
    expect(failed.map((r) => r.username)).toEqual(expect.arrayContaining(['admin', 'ghost']));
    expect(failed[0]!.parameter).not.toContain('nope!');
    expect(failed[0]!.parameter).toContain('******');
    expect(failed[0]!.ip).toBe('10.0.0.9');
  });

  it('throttles repeated failures with Retry-After, without locking the user out from elsewhere', async () => {
    const attacker = '10.1.1.1';
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login/login',
        payload: { username: 'demo-travel', password: `guess${i}` },
        remoteAddress: attacker,
      });
      expect(res.json().code).toBe(4101);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: 'demo-travel', password: ADMIN_PASSWORD },
      remoteAddress: attacker,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe(4290);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The real user, from their own address, still gets in.
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: 'demo-travel', password: ADMIN_PASSWORD },
      remoteAddress: '10.2.2.2',
    });
    expect(real.json().code).toBe(0);
  });
});

describe('user info', () => {
  it('returns the profile, effective codes and customer, by header only (a ?token= is ignored)', async () => {
    const { access_token } = await t.login('demo-travel', ADMIN_PASSWORD, '10.3.3.3');
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: t.bearer(access_token) });
    const byQuery = await t.app.inject({ method: 'GET', url: `/api/user/info?token=${access_token}` });
    expect(byQuery.statusCode).toBe(401);
    expect(byQuery.json().code).toBe(4000);
    const info = byHeader.json().data;
    expect(info).toMatchObject({
      username: 'demo-travel',
      name: '旅游内容编辑',
      avatar: '',
      introduction: '',
      roles: ['travel.scenicspot.admin'],
      customer: '陕西省农业气象服务中心（示例）',
      setting: { articlePlatform: [] },
    });
    expect(info.branding).toMatchObject({ sysName: '陕西农业气象服务平台', centerLat: 34.34, centerLon: 108.94, zoom: 7 });
  });

  it('refuses a missing, malformed or expired token with 4000 / 4001', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info' })).json().code).toBe(4000);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: t.bearer('abc.def.ghi') })).json().code).toBe(4000);
    const short = await createTestApp({ ACCESS_TOKEN_TTL: '60' });
    try {
      const { access_token } = await short.login('admin');
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
      try {
        const res = await short.app.inject({ method: 'GET', url: '/api/user/info', headers: short.bearer(access_token) });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe(4001);
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await short.close();
    }
  });
});

describe('sessions', () => {
  it('rotates the refresh token; a rotated one presented again (after the grace window) revokes the whole session', async () => {
    const first = await t.login('admin');
    const r1 = await t.app.inject({ method: 'POST', url: `/api/login/refresh?refreshToken=${first.refresh_token}` });
    expect(r1.json().code).toBe(0);
    const second = r1.json().data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: t.bearer(second.access_token) })).json().code).toBe(0);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (REFRESH_GRACE_SECONDS + 1) * 1000 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const reuse = await t.app.inject({ method: 'POST', url: `/api/login/refresh?refreshToken=${first.refresh_token}` });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe(4002);
    // The whole family is gone: the newest tokens stop working too.
    expect((await t.app.inject({ method: 'POST', url: `/api/login/refresh?refreshToken=${second.refresh_token}` })).json().code).toBe(4002);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: t.bearer(second.access_token) })).json().code).toBe(4002);
  });

  it('logout revokes the session and its access token at once', async () => {
    const s = await t.login('admin');
    const out = await t.app.inject({ method: 'POST', url: '/api/login/logout', headers: t.bearer(s.access_token) });
    expect(out.json()).toMatchObject({ code: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: t.bearer(s.access_token) })).json().code).toBe(4002);
    expect((await t.app.inject({ method: 'POST', url: `/api/login/refresh?refreshToken=${s.refresh_token}` })).json().code).toBe(4002);
    const rows = await logRows('logout');
    expect(rows[0]).toMatchObject({ username: 'admin', operator_name: '管理员', type: 'auth', result_code: 0 });
  });
});

describe('change password', () => {
  it('checks the rules and the current password, then revokes the other sessions', async () => {
    const mine = await t.login('demo-make', ADMIN_PASSWORD, '10.4.4.4');
    const other = await t.login('demo-make', ADMIN_PASSWORD, '10.4.4.5');
    const call = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/user/changePassword', headers: t.bearer(mine.access_token), payload });

    const short = await call({ password: ADMIN_PASSWORD, newPassword: 'abc', confirmPassword: 'abc' });
    expect(short.json().code).toBe(4100);
    expect(short.json().msg).toMatch(/^newPassword：/);
    const differ = await call({ password: ADMIN_PASSWORD, newPassword: 'abcdef', confirmPassword: 'abcdeg' });
    expect(differ.json().msg).toBe('confirmPassword：必须与新密码一致');
    const empty = await call({ password: '', newPassword: 'abcdef', confirmPassword: 'abcdef' });
    expect(empty.json().msg).toMatch(/^password：/);
    const wrong = await call({ password: 'not-it', newPassword: 'abcdef', confirmPassword: 'abcdef' });
    expect(wrong.json()).toMatchObject({ code: 4100, msg: 'password：当前密码不正确' });

    const ok = await call({ password: ADMIN_PASSWORD, newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' });
    expect(ok.json()).toEqual({ code: 0, msg: 'success', data: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: t.bearer(mine.access_token) })).json().code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: t.bearer(other.access_token) })).json().code).toBe(4002);
    await expect(t.login('demo-make', ADMIN_PASSWORD, '10.4.4.6')).rejects.toThrow(/4101/);
    await t.login('demo-make', 'new-pass-1', '10.4.4.6');
    const log = (await logRows('changePassword'))[0]!;
    expect(log.parameter).not.toContain('new-pass-1');
  });
});

describe('personal settings', () => {
  it('updates own profile fields only', async () => {
    const s = await t.login('demo-zoning', ADMIN_PASSWORD, '10.5.5.5');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/setting',
      headers: t.bearer(s.access_token),
      payload: { name: '区划专家甲', email: 'zoning@example.org', mobile: '+86 139 0000 0000', introduction: '负责猕猴桃区划' },
    });
    expect(res.json().code).toBe(0);
    expect(res.json().data).toMatchObject({ name: '区划专家甲', email: 'zoning@example.org', username: 'demo-zoning' });
    const row = await t.db.db.selectFrom('app_user').selectAll().where('username', '=', 'demo-zoning').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '区划专家甲', introduction: '负责猕猴桃区划' });

    for (const field of ['username', 'roles', 'customerId', 'customer']) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/user/setting',
        headers: t.bearer(s.access_token),
        payload: { name: 'x', [field]: 'admin' },
      });
      expect(bad.json().code).toBe(4100);
      expect(bad.json().msg).toContain(field);
    }
    const noName = await t.app.inject({
      method: 'POST',
      url: '/api/user/setting',
      headers: t.bearer(s.access_token),
      payload: { name: '  ' },
    });
    expect(noName.json().msg).toMatch(/^name：/);
    const foreignAvatar = await t.app.inject({
      method: 'POST',
      url: '/api/user/setting',
      headers: t.bearer(s.access_token),
      payload: { name: 'x', avatar: 'https://evil.example/x.png' },
    });
    expect(foreignAvatar.json().msg).toMatch(/^avatar：/);
    const after = await t.db.db.selectFrom('app_user').selectAll().where('username', '=', 'demo-zoning').executeTakeFirstOrThrow();
    expect(after.name).toBe('区划专家甲');
    expect(after.username).toBe('demo-zoning');
  });
});

describe('role ids', () => {
  it('answers own role ids; others need sys.user.admin and the same customer', async () => {
    const travel = await t.login('demo-travel', ADMIN_PASSWORD, '10.6.6.6');
    const info = (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: t.bearer(travel.access_token) })).json().data;
    const own = await t.app.inject({ method: 'GET', url: `/api/user/${info.id}/rids`, headers: t.bearer(travel.access_token) });
    expect(own.json().data).toHaveLength(1);
    const admin = await t.db.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/user/${admin.id}/rids`, headers: t.bearer(travel.access_token) })).json().code,
    ).toBe(4003);
    const sysadmin = await t.login('demo-sysadmin', ADMIN_PASSWORD, '10.6.6.7');
    // Another customer's user does not exist for a customer administrator.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/user/${admin.id}/rids`, headers: t.bearer(sysadmin.access_token) })).json().code,
    ).toBe(4004);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/user/${info.id}/rids`, headers: t.bearer(sysadmin.access_token) })).json().data,
    ).toEqual(own.json().data);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/abc/rids', headers: t.bearer(sysadmin.access_token) })).json().code).toBe(
      4100,
    );
  });
});
