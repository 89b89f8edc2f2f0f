import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

/**
 * A password an administrator chose (a new user's, a reset one) is replaced by the user at the first sign-in: until
 * then the session reads who it is, changes the password or signs out, and every other call answers 4031.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).access_token;
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.bearer(token), ...(payload ? { payload } : {}) });
const flagOf = async (id: number) =>
  (await t.db.db.selectFrom('app_user').select('password_must_change').where('id', '=', id).executeTakeFirstOrThrow()).password_must_change;

describe('an administrator-set password', () => {
  let userId: number;
  const initial = 'Initial-Pass-2026';

  it('is marked on a new user, who may only read themselves, change it or sign out', async () => {
    const created = await call('POST', '/api/user/add', admin, {
      username: 'first-login',
      password: initial,
      name: 'First Login',
      customerId: 1,
    });
    expect(created.json().code).toBe(0);
    userId = created.json().data.id;
    expect(await flagOf(userId)).toBe(1);

    const s = await t.login('first-login', initial);
    const info = await call('GET', '/api/user/info', s.access_token);
    expect(info.json().data).toMatchObject({ username: 'first-login', mustChangePassword: true });
    for (const [method, url] of [
      ['GET', '/api/station/findByUidStation'],
      ['POST', '/api/user/setting'],
      ['GET', '/api/user/page'],
    ] as const) {
      const res = await call(method, url, s.access_token, method === 'POST' ? { name: 'x' } : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 4031, msg: expect.stringContaining('管理员') });
    }
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/station/findByUidStation',
      headers: { ...t.bearer(s.access_token), 'accept-language': 'en' },
    });
    expect(en.json().msg).toBe('Your password was set by an administrator: change it before you go on');
    // Nothing the refused call carried was saved.
    expect((await t.db.db.selectFrom('app_user').select('name').where('id', '=', userId).executeTakeFirstOrThrow()).name).toBe(
      'First Login',
    );

    const changed = await call('POST', '/api/user/changePassword', s.access_token, {
      password: initial,
      newPassword: 'Own-Choice-2026',
      confirmPassword: 'Own-Choice-2026',
    });
    expect(changed.json().code).toBe(0);
    expect(await flagOf(userId)).toBe(0);
    expect((await call('GET', '/api/user/info', s.access_token)).json().data.mustChangePassword).toBe(false);
    expect((await call('POST', '/api/user/setting', s.access_token, { name: 'First Login' })).json().code).toBe(0);
  });

  it('is marked again when an administrator resets it, not when users reset their own', async () => {
    expect((await call('POST', '/api/user/resetPassword', admin, { id: userId, password: 'Reset-Pass-2026' })).json().code).toBe(0);
    expect(await flagOf(userId)).toBe(1);
    const s = await t.login('first-login', 'Reset-Pass-2026');
    expect((await call('GET', '/api/user/info', s.access_token)).json().data.mustChangePassword).toBe(true);
    expect((await call('POST', '/api/login/logout', s.access_token)).json().code).toBe(0);

    const adminId = (await call('GET', '/api/user/info', admin)).json().data.id as number;
    expect((await call('POST', '/api/user/resetPassword', admin, { id: adminId, password: ADMIN_PASSWORD })).json().code).toBe(0);
    expect(await flagOf(adminId)).toBe(0);
  });

  it('is not asked of the seeded accounts', async () => {
    expect((await call('GET', '/api/user/info', (await t.login('admin')).access_token)).json().data.mustChangePassword).toBe(false);
  });
});
