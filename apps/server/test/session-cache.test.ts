import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { call, EVENTS, Fixture } from './session-events.js';

/**
 * The session cache in one process (docs/security.md#session-cache): repeated calls read nothing from the database,
 * and every kind of change takes effect at the very next request.
 */
let t: TestApp;
let f: Fixture;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  f = await Fixture.create(t.app);
  customerId = (await f.customer()).id;
});
afterAll(async () => {
  await t.close();
});

describe('the session check and /user/info from the cache', () => {
  it('reads nothing from the database once a session has been checked', async () => {
    const u = await f.user(customerId, [(await f.role(customerId, ['sys.log.view'])).id]);
    const first = await call(t.app, u.token, 'GET', '/api/user/info');
    expect(first.code).toBe(0);
    const queries = vi.spyOn(t.db.db, 'selectFrom');
    onTestFinished(() => {
      queries.mockRestore();
    });
    for (let i = 0; i < 5; i += 1) expect(await call(t.app, u.token, 'GET', '/api/user/info')).toEqual(first);
    expect(queries).not.toHaveBeenCalled();
    // A guarded call checks the session from the cache too (its own query is the log's page).
    expect((await call(t.app, u.token, 'GET', '/api/log/page')).code).toBe(0);
    expect(queries.mock.calls.map((c) => c[0])).not.toContain('session');
  });

  it('refuses a cached session once it has expired', async () => {
    // Access tokens that outlive the session, so that only the session's end can refuse.
    const short = await createTestApp({ ACCESS_TOKEN_TTL: '7200', REFRESH_TOKEN_TTL: '3600' });
    onTestFinished(() => short.close());
    const s = await short.login('admin');
    expect((await call(short.app, s.access_token, 'GET', '/api/user/info')).code).toBe(0);
    expect((await call(short.app, s.access_token, 'GET', '/api/user/info')).code).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3601 * 1000 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    expect((await call(short.app, s.access_token, 'GET', '/api/user/info')).code).toBe(4002);
  });
});

describe('every change takes effect at the next request', () => {
  for (const event of EVENTS) {
    it(event.name, async () => {
      await event.run({ writer: t.app, reader: t.app }, f, customerId);
    });
  }
});
