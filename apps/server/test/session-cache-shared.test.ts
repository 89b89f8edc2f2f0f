import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { BuiltApp } from '../src/app.js';
import { createTestApp, startApp, type TestApp } from './helpers.js';
import { freePort, runKeyPrefix, removeKeys, startRedisServer, TEST_REDIS_URL as REDIS_URL } from './redis-helpers.js';
import { call, EVENTS, Fixture, signIn } from './session-events.js';

/**
 * Two API processes (two apps on one database) sharing Redis (docs/security.md#session-cache): a change made through
 * one is refused or seen by the other at its very next request, and while Redis is away the other answers from the
 * database, never from what it had cached.
 */
const prefix = runKeyPrefix();

/** A second app on the database and data folder of `a` (the same JWT secret), as a second process would be. */
async function second(a: TestApp): Promise<BuiltApp> {
  return startApp(a.config);
}

describe('two processes sharing Redis', () => {
  let a: TestApp;
  let b: BuiltApp;
  let f: Fixture;
  let customerId: number;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL, REDIS_PREFIX: prefix });
    b = await second(a);
    f = await Fixture.create(a.app);
    customerId = (await f.customer()).id;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await removeKeys(prefix);
  });

  it('serves repeated checks from the cache in each process', async () => {
    const u = await f.user(customerId);
    expect((await call(b.app, u.token, 'GET', '/api/user/info')).code).toBe(0);
    const queries = vi.spyOn(b.db.db, 'selectFrom');
    onTestFinished(() => {
      queries.mockRestore();
    });
    for (let i = 0; i < 3; i += 1) expect((await call(b.app, u.token, 'GET', '/api/user/info')).code).toBe(0);
    expect(queries).not.toHaveBeenCalled();
  });

  for (const event of EVENTS) {
    it(`${event.name}: made in one, seen by the other at once`, async () => {
      await event.run({ writer: a.app, reader: b.app }, f, customerId);
    });
  }
});

describe('while Redis is down', () => {
  it('answers from the database (a revocation made meanwhile included) and caches again once Redis is back', async () => {
    // A Redis of this test's own, stopped and started again as an operator's restart would (it keeps no data).
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    let redis: ChildProcess | null = null;
    const startRedis = () => startRedisServer(port);
    const stopRedis = async () => {
      const stopped = new Promise((resolve) => redis!.once('exit', resolve));
      redis!.kill('SIGKILL');
      await stopped;
    };
    redis = await startRedis();
    onTestFinished(() => {
      redis?.kill('SIGKILL');
    });
    const a = await createTestApp({ REDIS_URL: url });
    onTestFinished(() => a.close());
    const b = await second(a);
    onTestFinished(() => b.close());
    const f = await Fixture.create(a.app);
    const customerId = (await f.customer()).id;
    const u = await f.user(customerId);
    const kept = await signIn(a.app, u.username);
    const info = (t: BuiltApp, token: string) => call(t.app, token, 'GET', '/api/user/info');
    for (const token of [u.token, kept.access_token]) {
      expect((await info(b, token)).code).toBe(0);
      expect((await info(b, token)).code).toBe(0);
    }

    await stopRedis();
    const queries = vi.spyOn(b.db.db, 'selectFrom');
    onTestFinished(() => {
      queries.mockRestore();
    });
    expect((await info(b, u.token)).code).toBe(0);
    expect(queries.mock.calls.map((c) => c[0])).toContain('session');
    // Signed out through the other process, whose announcement cannot reach Redis: refused at once all the same.
    expect((await call(a.app, u.token, 'POST', '/api/login/logout')).code).toBe(0);
    expect((await info(b, u.token)).code).toBe(4002);
    expect((await info(b, kept.access_token)).code).toBe(0);

    redis = await startRedis();
    expect((await info(b, u.token)).code).toBe(4002);
    // Once reconnected (within a second), the session still valid is cached again: no query after its first check.
    await expect
      .poll(
        async () => {
          queries.mockClear();
          expect((await info(b, kept.access_token)).code).toBe(0);
          return queries.mock.calls.length;
        },
        { timeout: 15_000 },
      )
      .toBe(0);
  });
});
