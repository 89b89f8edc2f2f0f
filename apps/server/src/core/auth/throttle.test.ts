import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeyPrefix, removeKeys, TEST_REDIS_URL as REDIS_URL } from '../../../test/redis-helpers.js';
import { openRedis } from '../redis.js';
import {
  FORGET_AFTER_MS,
  LoginThrottle,
  lockFor,
  MemoryThrottleStore,
  RedisThrottleStore,
  THROTTLE_POLICIES,
  type ThrottleStore,
} from './throttle.js';

function clock() {
  let now = Date.now();
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

// Redis runs on this machine and in CI; each run uses keys of its own.
let redis: Redis;
const prefix = runKeyPrefix();
beforeAll(async () => {
  redis = await openRedis(REDIS_URL);
});
afterAll(() => removeKeys(prefix, redis));

const stores: Array<[string, (c: ReturnType<typeof clock>) => ThrottleStore]> = [
  ['in the process', (c) => new MemoryThrottleStore(c.now)],
  ['in Redis', () => new RedisThrottleStore(redis, `${prefix}${randomBytes(4).toString('hex')}:`)],
];

describe.each(stores)('LoginThrottle, counters %s', (_, makeStore) => {
  const throttle = () => {
    const c = clock();
    return { c, t: new LoginThrottle(makeStore(c), THROTTLE_POLICIES, c.now) };
  };

  it('allows five failures from a pair, then delays with growing waits', async () => {
    const { c, t } = throttle();
    for (let i = 0; i < 4; i += 1) await t.recordFailure('alice', '1.1.1.1');
    expect(await t.retryAfter('alice', '1.1.1.1')).toBe(0);
    await t.recordFailure('alice', '1.1.1.1');
    expect(await t.retryAfter('alice', '1.1.1.1')).toBe(30);
    c.advance(30_000);
    expect(await t.retryAfter('alice', '1.1.1.1')).toBe(0);
    await t.recordFailure('alice', '1.1.1.1');
    expect(await t.retryAfter('alice', '1.1.1.1')).toBe(60);
  });

  it('caps the account-wide delay and skips it for an address that signed in before', async () => {
    const { t } = throttle();
    await t.recordSuccess('bob', '9.9.9.9');
    // An attacker spread over many addresses.
    for (let i = 0; i < 40; i += 1) await t.recordFailure('Bob', `2.2.${i}.1`);
    expect(await t.retryAfter('bob', '3.3.3.3')).toBeLessThanOrEqual(60);
    expect(await t.retryAfter('bob', '3.3.3.3')).toBeGreaterThan(0);
    expect(await t.retryAfter('bob', '9.9.9.9')).toBe(0);
  });

  it('limits one address trying many accounts, at a higher bound than an account', async () => {
    const { t } = throttle();
    for (let i = 0; i < 99; i += 1) await t.recordFailure(`user${i}`, '4.4.4.4');
    expect(await t.retryAfter('someone-else', '4.4.4.4')).toBe(0);
    await t.recordFailure('user99', '4.4.4.4');
    expect(await t.retryAfter('someone-else', '4.4.4.4')).toBe(30);
    expect(await t.retryAfter('someone-else', '5.5.5.5')).toBe(0);
  });

  it("does not lock out users behind one proxy address who signed in there before, whatever others' failures", async () => {
    const { t } = throttle();
    // Everyone reaches the server from the proxy's address (TRUST_PROXY off behind nginx).
    await t.recordSuccess('dora', '10.0.0.1');
    for (let i = 0; i < 150; i += 1) await t.recordFailure(`guess${i % 7}`, '10.0.0.1');
    expect(await t.retryAfter('newcomer', '10.0.0.1')).toBeGreaterThan(0);
    expect(await t.retryAfter('dora', '10.0.0.1')).toBe(0);
  });

  it('resets the pair on success', async () => {
    const { t } = throttle();
    for (let i = 0; i < 4; i += 1) await t.recordFailure('carol', '6.6.6.6');
    await t.recordSuccess('carol', '6.6.6.6');
    await t.recordFailure('carol', '6.6.6.6');
    expect(await t.retryAfter('carol', '6.6.6.6')).toBe(0);
  });
});

describe('counters in the process', () => {
  it('forget old failures', async () => {
    const c = clock();
    const t = new LoginThrottle(new MemoryThrottleStore(c.now), THROTTLE_POLICIES, c.now);
    for (let i = 0; i < 4; i += 1) await t.recordFailure('carol', '6.6.6.6');
    c.advance(31 * 60_000);
    await t.recordFailure('carol', '6.6.6.6');
    expect(await t.retryAfter('carol', '6.6.6.6')).toBe(0);
  });
});

describe('counters in Redis', () => {
  it('are shared: two processes alternating count as one, and a new process sees the lock', async () => {
    const keys = `${prefix}shared:`;
    const a = new LoginThrottle(new RedisThrottleStore(redis, keys));
    const b = new LoginThrottle(new RedisThrottleStore(redis, keys));
    for (let i = 0; i < 5; i += 1) await (i % 2 ? a : b).recordFailure('erin', '7.7.7.7');
    expect(await a.retryAfter('erin', '7.7.7.7')).toBeGreaterThan(0);
    const restarted = new LoginThrottle(new RedisThrottleStore(redis, keys));
    expect(await restarted.retryAfter('erin', '7.7.7.7')).toBeGreaterThan(25);
  });

  it('forget a counter when its lock ends or 30 minutes after its last failure, whichever is later', async () => {
    const store = new RedisThrottleStore(redis, `${prefix}ttl:`);
    await store.fail('k', { free: 5, baseDelay: 30, maxDelay: 900 }, Date.now());
    const ttl = await redis.pttl(`${prefix}ttl:throttle:k`);
    expect(ttl).toBeGreaterThan(FORGET_AFTER_MS - 5_000);
    expect(ttl).toBeLessThanOrEqual(FORGET_AFTER_MS);
    const long = { free: 0, baseDelay: 3600, maxDelay: 7200 };
    await store.fail('long', long, Date.now());
    expect(await redis.pttl(`${prefix}ttl:throttle:long`)).toBeGreaterThan(3_590_000);
  });

  it('count failures atomically: failures from many callers at once are all counted', async () => {
    const store = new RedisThrottleStore(redis, `${prefix}race:`);
    const policy = { free: 1000, baseDelay: 1, maxDelay: 1 };
    await Promise.all(Array.from({ length: 50 }, () => store.fail('k', policy, Date.now())));
    expect(Number(await redis.hget(`${prefix}race:throttle:k`, 'failures'))).toBe(50);
  });

  it('answer 503 (5030) while Redis cannot be reached', async () => {
    const gone = await openRedis(REDIS_URL);
    gone.disconnect();
    const t = new LoginThrottle(new RedisThrottleStore(gone, `${prefix}gone:`));
    await expect(t.retryAfter('x', '1.1.1.1')).rejects.toMatchObject({ code: 5030, status: 503, headers: { 'retry-after': '1' } });
  });
});

describe('lockFor', () => {
  it('is 0 while failures are free, then doubles from the first delay up to the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 60 }),
        (free, base, cap, n) => {
          const policy = { free, baseDelay: base, maxDelay: cap };
          const ms = lockFor(policy, n);
          if (n < free) expect(ms).toBe(0);
          else expect(ms).toBe(Math.min(base * 2 ** (n - free), cap) * 1000);
          expect(ms).toBeLessThanOrEqual(cap * 1000);
          expect(lockFor(policy, n + 1)).toBeGreaterThanOrEqual(ms);
        },
      ),
    );
  });
});
