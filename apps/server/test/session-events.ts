import { randomBytes } from 'node:crypto';
import { ACT_AS_CUSTOMER_HEADER } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { ADMIN_PASSWORD } from './helpers.js';

/**
 * Every kind of change that a session's check or /user/info depends on (docs/security.md#session-cache), made through
 * one app (the writer) while another (the reader) has the session cached: the reader's very next request is refused or
 * sees the change. Writer and reader are the same app in one process, or two apps on one database sharing Redis.
 */
export interface Pair {
  writer: FastifyInstance;
  reader: FastifyInstance;
}

interface Answer {
  code: number;
  msg: string;
  data: any;
}

export const USER_PASSWORD = 'Cache-Pass-2026';

export async function call(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, ...headers } });
  return res.json() as Answer;
}

export async function signIn(app: FastifyInstance, username: string, password = USER_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/login/login', payload: { username, password } });
  const body = res.json() as Answer;
  if (body.code !== 0) throw new Error(`sign-in of ${username} failed: ${res.body}`);
  return body.data as { access_token: string; refresh_token: string };
}

const info = (app: FastifyInstance, token: string, headers?: Record<string, string>) =>
  call(app, token, 'GET', '/api/user/info', undefined, headers);

/** Two answers from the reader, so that its cache holds the session (and its /user/info answer). */
async function warm(app: FastifyInstance, token: string, headers?: Record<string, string>): Promise<Answer> {
  expect((await info(app, token, headers)).code).toBe(0);
  const second = await info(app, token, headers);
  expect(second.code).toBe(0);
  return second;
}

const unique = () => randomBytes(4).toString('hex');

/** Customers, roles and users made through the writer by the platform administrator. */
export class Fixture {
  private constructor(
    private readonly app: FastifyInstance,
    readonly admin: string,
  ) {}

  static async create(app: FastifyInstance): Promise<Fixture> {
    return new Fixture(app, (await signIn(app, 'admin', ADMIN_PASSWORD)).access_token);
  }

  async as(method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> {
    const answer = await call(this.app, this.admin, method, url, payload);
    if (answer.code !== 0) throw new Error(`${url}: ${JSON.stringify(answer)}`);
    return answer;
  }

  async customer(): Promise<{ id: number; version: number; name: string }> {
    const name = `Cache customer ${unique()}`;
    return (await this.as('POST', '/api/customer/add', { name, sysName: name, centerLat: 34, centerLon: 108, zoom: 6 })).data;
  }

  async role(customerId: number, permissions: string[]): Promise<{ id: number; version: number; name: string }> {
    // A role of a customer holds only what the customer has bought (docs/security.md#entitlements).
    const c = (await this.as('GET', `/api/customer/${customerId}`)).data;
    const missing = permissions.filter((p) => !c.entitlements.includes(p));
    if (!c.platform && missing.length > 0)
      await this.as('POST', '/api/customer/entitlements', { id: c.id, version: c.version, entitlements: [...c.entitlements, ...missing] });
    return (await this.as('POST', '/api/role/add', { name: `cache-role-${unique()}`, permissions, customerId })).data;
  }

  /** A user with `roleIds` who has replaced the initial password, and one session of theirs. */
  async user(customerId: number, roleIds: number[] = []) {
    const username = `cache-${unique()}`;
    const row = (await this.as('POST', '/api/user/add', { username, password: 'Initial-1', name: username, customerId, roleIds })).data;
    const first = await signIn(this.app, username, 'Initial-1');
    const changed = await call(this.app, first.access_token, 'POST', '/api/user/changePassword', {
      password: 'Initial-1',
      newPassword: USER_PASSWORD,
      confirmPassword: USER_PASSWORD,
    });
    expect(changed.code).toBe(0);
    return { id: row.id as number, username, token: first.access_token };
  }

  async userRow(id: number): Promise<{ version: number; name: string; customerId: number; roles: Array<{ id: number }> }> {
    const page = await this.as('GET', `/api/user/page?size=100`);
    return page.data.list.find((u: { id: number }) => u.id === id);
  }
}

export const EVENTS: Array<{ name: string; run: (p: Pair, f: Fixture, customerId: number) => Promise<void> }> = [
  {
    name: 'sign-out',
    run: async ({ writer, reader }, f, customerId) => {
      const u = await f.user(customerId);
      await warm(reader, u.token);
      expect((await call(writer, u.token, 'POST', '/api/login/logout')).code).toBe(0);
      expect((await info(reader, u.token)).code).toBe(4002);
    },
  },
  {
    name: 'a rotated refresh token presented again (the whole session revoked)',
    run: async ({ writer, reader }, f, customerId) => {
      const u = await f.user(customerId);
      const first = await signIn(writer, u.username);
      const rotated = await writer.inject({ method: 'POST', url: '/api/login/refresh', payload: { refreshToken: first.refresh_token } });
      const second = (rotated.json() as Answer).data as { access_token: string };
      await warm(reader, second.access_token);
      // Past the grace window for the reuse only: the reader's entry is fresh, so only the announcement can stop it.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
      try {
        const reuse = await writer.inject({ method: 'POST', url: '/api/login/refresh', payload: { refreshToken: first.refresh_token } });
        expect((reuse.json() as Answer).code).toBe(4002);
      } finally {
        vi.useRealTimers();
      }
      expect((await info(reader, second.access_token)).code).toBe(4002);
    },
  },
  {
    name: 'own password change (the other sessions)',
    run: async ({ writer, reader }, f, customerId) => {
      const u = await f.user(customerId);
      const mine = await signIn(writer, u.username);
      const other = await signIn(writer, u.username);
      await warm(reader, other.access_token);
      await warm(reader, mine.access_token);
      const changed = await call(writer, mine.access_token, 'POST', '/api/user/changePassword', {
        password: USER_PASSWORD,
        newPassword: 'Cache-Pass-2027',
        confirmPassword: 'Cache-Pass-2027',
      });
      expect(changed.code).toBe(0);
      expect((await info(reader, other.access_token)).code).toBe(4002);
      expect((await info(reader, mine.access_token)).code).toBe(0);
    },
  },
  {
    name: 'password reset by an administrator',
    run: async ({ writer, reader }, f, customerId) => {
      const u = await f.user(customerId);
      await warm(reader, u.token);
      expect((await call(writer, f.admin, 'POST', '/api/user/resetPassword', { id: u.id, password: 'Reset-Pass-1' })).code).toBe(0);
      expect((await info(reader, u.token)).code).toBe(4002);
    },
  },
  {
    name: 'user disabled',
    run: async ({ writer, reader }, f, customerId) => {
      const u = await f.user(customerId);
      await warm(reader, u.token);
      const { version } = await f.userRow(u.id);
      expect((await call(writer, f.admin, 'POST', '/api/user/enable', { id: u.id, version, enabled: false })).code).toBe(0);
      expect((await info(reader, u.token)).code).toBe(4002);
    },
  },
  {
    name: 'user deleted',
    run: async ({ writer, reader }, f, customerId) => {
      const u = await f.user(customerId);
      await warm(reader, u.token);
      expect((await call(writer, f.admin, 'POST', '/api/user/delete', { id: u.id })).code).toBe(0);
      expect((await info(reader, u.token)).code).toBe(4002);
    },
  },
  {
    name: "user's roles changed, and their name",
    run: async ({ writer, reader }, f, customerId) => {
      const role = await f.role(customerId, ['sys.log.view']);
      const u = await f.user(customerId, [role.id]);
      expect((await warm(reader, u.token)).data.roles).toEqual(['sys.log.view']);
      expect((await call(reader, u.token, 'GET', '/api/log/page')).code).toBe(0);
      const row = await f.userRow(u.id);
      const update = { id: u.id, version: row.version, name: 'Renamed', customerId, roleIds: [] };
      expect((await call(writer, f.admin, 'POST', '/api/user/update', update)).code).toBe(0);
      expect((await call(reader, u.token, 'GET', '/api/log/page')).code).toBe(4003);
      expect((await info(reader, u.token)).data).toMatchObject({ roles: [], name: 'Renamed' });
    },
  },
  {
    name: "a role's codes changed (taken, then given back)",
    run: async ({ writer, reader }, f, customerId) => {
      const role = await f.role(customerId, ['sys.log.view']);
      const u = await f.user(customerId, [role.id]);
      await warm(reader, u.token);
      expect((await call(reader, u.token, 'GET', '/api/log/page')).code).toBe(0);
      const body = { id: role.id, name: role.name, description: '', permissions: [] as string[] };
      expect((await call(writer, f.admin, 'POST', '/api/role/update', { ...body, version: role.version })).code).toBe(0);
      expect((await call(reader, u.token, 'GET', '/api/log/page')).code).toBe(4003);
      const back = { ...body, version: role.version + 1, permissions: ['sys.log.view'] };
      expect((await call(writer, f.admin, 'POST', '/api/role/update', back)).code).toBe(0);
      expect((await call(reader, u.token, 'GET', '/api/log/page')).code).toBe(0);
    },
  },
  {
    name: 'a permission code renamed',
    run: async ({ writer, reader }, f, customerId) => {
      const code = `cache.a${unique()}`;
      const permission = (await f.as('POST', '/api/permission/add', { code, name: code, description: '' })).data;
      const role = await f.role(customerId, [code]);
      const u = await f.user(customerId, [role.id]);
      expect((await warm(reader, u.token)).data.roles).toEqual([code]);
      const renamed = `${code}.renamed`;
      const update = { id: permission.id, version: permission.version, code: renamed, name: code, description: '' };
      expect((await call(writer, f.admin, 'POST', '/api/permission/update', update)).code).toBe(0);
      expect((await info(reader, u.token)).data.roles).toEqual([renamed]);
    },
  },
  {
    name: "the user's customer edited (name and branding)",
    run: async ({ writer, reader }, f) => {
      const c = await f.customer();
      const u = await f.user(c.id);
      expect((await warm(reader, u.token)).data.customer).toBe(c.name);
      const update = {
        id: c.id,
        version: c.version,
        name: `${c.name} renamed`,
        sysName: 'Renamed system',
        centerLat: 30,
        centerLon: 100,
        zoom: 7,
      };
      expect((await call(writer, f.admin, 'POST', '/api/customer/update', update)).code).toBe(0);
      const after = (await info(reader, u.token)).data;
      expect(after.customer).toBe(`${c.name} renamed`);
      expect(after.branding).toMatchObject({ sysName: 'Renamed system', zoom: 7 });
    },
  },
  {
    name: 'a customer deleted while the platform works in its context',
    run: async ({ writer, reader }, f) => {
      const c = await f.customer();
      const context = { [ACT_AS_CUSTOMER_HEADER]: String(c.id) };
      expect((await warm(reader, f.admin, context)).data.customerId).toBe(c.id);
      expect((await call(writer, f.admin, 'POST', '/api/customer/delete', { id: c.id })).code).toBe(0);
      expect((await info(reader, f.admin, context)).code).toBe(4004);
    },
  },
  {
    name: 'own settings',
    run: async ({ writer, reader }, f, customerId) => {
      const u = await f.user(customerId);
      await warm(reader, u.token);
      expect((await call(writer, u.token, 'POST', '/api/user/setting', { name: 'Self-named', email: 'me@example.org' })).code).toBe(0);
      expect((await info(reader, u.token)).data).toMatchObject({ name: 'Self-named', email: 'me@example.org' });
    },
  },
  {
    name: "a publishing platform deleted (users' settings drop it)",
    run: async ({ writer, reader }, f, customerId) => {
      const role = await f.role(customerId, ['serviceproducts.all.admin']);
      const u = await f.user(customerId, [role.id]);
      const platform = (await call(writer, u.token, 'POST', '/api/article/platform/save', { name: `site-${unique()}`, type: 'manual' }))
        .data;
      const set = await call(writer, u.token, 'POST', '/api/user/setting', { name: u.username, articlePlatform: [String(platform.id)] });
      expect(set.code).toBe(0);
      expect((await warm(reader, u.token)).data.setting.articlePlatform).toEqual([String(platform.id)]);
      expect((await call(writer, u.token, 'POST', '/api/article/platform/delete', { id: platform.id })).code).toBe(0);
      expect((await info(reader, u.token)).data.setting.articlePlatform).toEqual([]);
    },
  },
];
