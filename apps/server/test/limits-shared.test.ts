import { randomBytes } from 'node:crypto';
import { HEAVY_PER_USER, HEAVY_WAITING_PER_USER, MapRenderer, RendererBusyError } from '../src/modules/wms/renderer.js';
import { PUBLIC_COMMENT_LIMIT } from '@agromet/contracts';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisLeaseStore, RedisWindowStore } from '../src/core/shared-limits.js';
import { createTestApp, type TestApp } from './helpers.js';
import { smallGridTask as task } from '../src/modules/wms/renderer-test-task.js';

/**
 * The limits several API processes count together with REDIS_URL (core/shared-limits.ts): the public comment limit
 * per address and the large WMS images a user has in flight. Each test has its own key prefix.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefixes: string[] = [];
const apps: TestApp[] = [];
const redis = new Redis(REDIS_URL);
const newPrefix = () => {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  prefixes.push(prefix);
  return prefix;
};
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  await redis.quit();
});

/** A comment on a target that does not exist: answered 4004 when let through, 4290 when the limit refuses it. */
const comment = (t: TestApp, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/travel/comments',
    payload: { targetType: 'spot', targetId: 999_999, rating: 5, text: '好', nickname: '游客' },
    remoteAddress: ip,
  });

describe('the Redis stores', () => {
  it('counts a sliding window across two stores (two processes) as one, per key', async () => {
    const prefix = newPrefix();
    const a = new RedisWindowStore(redis, prefix);
    const b = new RedisWindowStore(redis, prefix);
    expect(await a.take('k', 3, 60_000, 1000)).toBeNull();
    expect(await b.take('k', 3, 60_000, 1001)).toBeNull();
    expect(await a.take('k', 3, 60_000, 1002)).toBeNull();
    expect(await b.take('k', 3, 60_000, 1003)).toBe(60_000 - 3);
    expect(await a.take('other', 3, 60_000, 1003)).toBeNull();
    // The oldest leaves the window: one more is allowed.
    expect(await a.take('k', 3, 60_000, 61_000)).toBeNull();
    expect(await b.take('k', 3, 60_000, 61_000)).toBe(1);
  });

  it('holds leases across stores up to the limit; a released one is free, and one whose holder died lapses', async () => {
    const prefix = newPrefix();
    const a = new RedisLeaseStore(redis, prefix, 60_000);
    const b = new RedisLeaseStore(redis, prefix, 60_000);
    try {
      const t1 = await a.acquire('u', 2, 1000);
      const t2 = await b.acquire('u', 2, 1000);
      expect(t1).not.toBeNull();
      expect(t2).not.toBeNull();
      expect(await a.acquire('u', 2, 1000)).toBeNull();
      await b.release('u', t2!);
      expect(await a.acquire('u', 2, 1000)).not.toBeNull();
      // Leases taken at 1000 lapse at 61 000 unless renewed (their holders, as if dead, renew nothing at these times).
      expect(await b.acquire('u', 2, 61_001)).not.toBeNull();
    } finally {
      a.close();
      b.close();
    }
  });
});

describe('limits of two API processes', () => {
  it(`lets ${PUBLIC_COMMENT_LIMIT.count} public comments per address through two processes sharing Redis, not twice as many`, async () => {
    const env = { REDIS_URL, REDIS_PREFIX: newPrefix() };
    const a = await createTestApp(env);
    apps.push(a);
    const b = await createTestApp(env);
    apps.push(b);
    const codes: number[] = [];
    for (let i = 0; i < PUBLIC_COMMENT_LIMIT.count * 2 + 2; i += 1) codes.push((await comment(i % 2 ? a : b, '203.0.113.7')).json().code);
    expect(codes.filter((c) => c !== 4290)).toHaveLength(PUBLIC_COMMENT_LIMIT.count);
    expect(codes.slice(PUBLIC_COMMENT_LIMIT.count).every((c) => c === 4290)).toBe(true);
    const refused = await comment(a, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is counted on its own.
    expect((await comment(b, '203.0.113.8')).json().code).toBe(4004);
  });

  it('keeps the comment limit per process without REDIS_URL (the single-process default)', async () => {
    const a = await createTestApp();
    apps.push(a);
    const b = await createTestApp();
    apps.push(b);
    for (let i = 0; i < PUBLIC_COMMENT_LIMIT.count; i += 1) expect((await comment(a, '203.0.113.9')).json().code).toBe(4004);
    expect((await comment(a, '203.0.113.9')).json().code).toBe(4290);
    expect((await comment(b, '203.0.113.9')).json().code).toBe(4004);
  });

  it('bounds one user’s large WMS images in flight across two renderers (two processes) sharing Redis', async () => {
    const prefix = newPrefix();
    const releases: Array<() => void> = [];
    let holding = true;
    const hold = () => (holding ? new Promise<void>((resolve) => releases.push(resolve)) : Promise.resolve());
    // Two processes' renderers as app.ts makes them with REDIS_URL: each its own thread and turns, one count of leases.
    const a = new MapRenderer({ leases: new RedisLeaseStore(redis, prefix), beforeHeavy: hold });
    const b = new MapRenderer({ leases: new RedisLeaseStore(redis, prefix), beforeHeavy: hold });
    try {
      const bound = HEAVY_PER_USER + HEAVY_WAITING_PER_USER;
      const inFlight: Array<Promise<Buffer>> = [];
      for (let i = 0; i < bound; i += 1) {
        inFlight.push((i % 2 ? a : b).image(7, task(600)));
        // Each is counted before the next is asked for (a process's leases are taken one call at a time).
        await expect.poll(async () => redis.zcard(`${prefix}lease:wms-heavy:7`)).toBe(i + 1);
      }
      await expect(a.image(7, task(600))).rejects.toBeInstanceOf(RendererBusyError);
      await expect(b.image(7, task(600))).rejects.toBeInstanceOf(RendererBusyError);
      // Another user is not held back by user 7.
      const other = a.image(8, task(600));
      await expect.poll(() => releases.length).toBe(2 * HEAVY_PER_USER + 1);
      holding = false;
      while (releases.length) releases.shift()!();
      const drawn = await Promise.all([...inFlight, other].map((p) => p.then(() => 'drawn')));
      expect(drawn).toHaveLength(bound + 1);
      // Every lease is given back.
      expect(await redis.zcard(`${prefix}lease:wms-heavy:7`)).toBe(0);
      await expect(a.image(7, task(600))).resolves.toBeInstanceOf(Buffer);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
