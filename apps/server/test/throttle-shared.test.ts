import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';
import { freePort, runKeyPrefix, removeKeys, startRedisServer, TEST_REDIS_URL as REDIS_URL } from './redis-helpers.js';

/**
 * The sign-in throttle of several API processes sharing Redis (REDIS_URL): a brute force alternating between them is
 * throttled exactly as on one, a restart keeps an active lock, and while Redis is away sign-in answers 503.
 */
const prefix = runKeyPrefix();
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  await removeKeys(prefix);
});

const signIn = (t: TestApp, password: string, ip = '10.40.0.1', username = 'admin') =>
  t.app.inject({ method: 'POST', url: '/api/login/login', payload: { username, password }, remoteAddress: ip });

describe('the sign-in throttle with REDIS_URL', () => {
  it('throttles guesses alternating between two processes as one process would, and a restarted process still does', async () => {
    const env = { REDIS_URL, REDIS_PREFIX: prefix };
    const a = await createTestApp(env);
    apps.push(a);
    const b = await createTestApp(env);
    apps.push(b);
    for (let i = 0; i < 5; i += 1) expect((await signIn(i % 2 ? a : b, `guess${i}`)).json().code).toBe(4101);
    for (const t of [a, b]) {
      const blocked = await signIn(t, ADMIN_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe(4290);
    }
    await a.close();
    apps.splice(apps.indexOf(a), 1);
    const restarted = await createTestApp(env);
    apps.push(restarted);
    expect((await signIn(restarted, ADMIN_PASSWORD)).json().code).toBe(4290);
    // From another address the administrator still gets in.
    expect((await signIn(restarted, ADMIN_PASSWORD, '10.40.0.2')).json().code).toBe(0);
  });

  it('keeps counters per process without REDIS_URL (the single-process default)', async () => {
    const a = await createTestApp();
    apps.push(a);
    const b = await createTestApp();
    apps.push(b);
    for (let i = 0; i < 5; i += 1) await signIn(a, `guess${i}`);
    expect((await signIn(a, ADMIN_PASSWORD)).json().code).toBe(4290);
    expect((await signIn(b, ADMIN_PASSWORD)).json().code).toBe(0);
  });

  it('answers sign-in 503 (5030, Retry-After) while Redis is down, and signs in again once it is back', async () => {
    // A Redis of this test's own, stopped and started again as an operator's restart would.
    const port = await freePort();
    const startRedis = () => startRedisServer(port);
    let redis = await startRedis();
    try {
      const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
      apps.push(t);
      expect((await signIn(t, ADMIN_PASSWORD, '10.40.0.3')).json().code).toBe(0);
      const stopped = new Promise((resolve) => redis.once('exit', resolve));
      redis.kill('SIGKILL');
      await stopped;
      const refused = await signIn(t, ADMIN_PASSWORD, '10.40.0.3');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 5030, data: null });
      expect(refused.headers['retry-after']).toBe('1');
      redis = await startRedis();
      await expect.poll(async () => (await signIn(t, ADMIN_PASSWORD, '10.40.0.3')).json().code, { timeout: 15_000 }).toBe(0);
    } finally {
      redis.kill('SIGKILL');
    }
  });
});
