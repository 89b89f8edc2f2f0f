import type { Redis } from 'ioredis';
import { withRedis } from '../redis.js';

/**
 * Sign-in throttling with growing delays, kept per address, per (account, address) pair and per account (OWASP's
 * guidance: the address bound higher than the account's). An (account, address) pair that signed in before is
 * trusted: only its own pair counter applies to it, so neither an attacker spread over many addresses (the account
 * counter) nor failures of other people behind the same proxy (the address counter) lock a known user out.
 * The counters live in a ThrottleStore: in the process, or in Redis (REDIS_URL) where every API process sees the
 * same counters and a restart clears nothing.
 */
export interface ThrottlePolicy {
  /** Failures allowed before the first delay. */
  free: number;
  /** First delay in seconds, doubled per further failure. */
  baseDelay: number;
  maxDelay: number;
}

export const THROTTLE_POLICIES = {
  pair: { free: 5, baseDelay: 30, maxDelay: 900 },
  address: { free: 100, baseDelay: 30, maxDelay: 900 },
  account: { free: 10, baseDelay: 15, maxDelay: 60 },
} satisfies Record<string, ThrottlePolicy>;

/** A counter forgets failures this long after the last one (or when its lock ends, if later). */
export const FORGET_AFTER_MS = 30 * 60_000;
/** How long a successful sign-in makes its (account, address) pair trusted. */
export const TRUST_FOR_MS = 30 * 86_400_000;
const MAX_ENTRIES = 100_000;

/** Where the counters live. Every operation is atomic for one key, across processes where the store is shared. */
export interface ThrottleStore {
  /** When each key's lock ends (ms since the epoch), 0 where it has none. */
  lockedUntil(keys: string[]): Promise<number[]>;
  /** Counts a failure against `key`, locking it per `policy` once its free failures are used. */
  fail(key: string, policy: ThrottlePolicy, now: number): Promise<void>;
  clear(key: string): Promise<void>;
  trust(key: string, now: number): Promise<void>;
  isTrusted(key: string, now: number): Promise<boolean>;
}

/** The delay (ms) after the `failures`-th failure under `policy`; 0 while failures are free. */
export function lockFor(policy: ThrottlePolicy, failures: number): number {
  const excess = failures - policy.free;
  return excess < 0 ? 0 : Math.min(policy.baseDelay * 2 ** excess, policy.maxDelay) * 1000;
}

interface Entry {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

/** The counters of one process (the single-process default): a bounded map, oldest entries dropped first. */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly entries = new Map<string, Entry>();
  private readonly trusted = new Map<string, number>();

  constructor(private readonly clock: () => number = Date.now) {}

  private live(key: string): Entry | undefined {
    const e = this.entries.get(key);
    const now = this.clock();
    if (e && now - e.lastFailure > FORGET_AFTER_MS && e.lockedUntil <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  async lockedUntil(keys: string[]): Promise<number[]> {
    return keys.map((k) => this.live(k)?.lockedUntil ?? 0);
  }

  async fail(key: string, policy: ThrottlePolicy, now: number): Promise<void> {
    const e = this.live(key) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
    e.failures += 1;
    e.lastFailure = now;
    const lock = lockFor(policy, e.failures);
    if (lock > 0) e.lockedUntil = now + lock;
    this.entries.delete(key);
    this.entries.set(key, e);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async trust(key: string, now: number): Promise<void> {
    this.trusted.delete(key);
    this.trusted.set(key, now + TRUST_FOR_MS);
    if (this.trusted.size > MAX_ENTRIES) this.trusted.delete(this.trusted.keys().next().value!);
  }

  async isTrusted(key: string, now: number): Promise<boolean> {
    return (this.trusted.get(key) ?? 0) > now;
  }
}

/**
 * One failure counted in one step on the server: the count goes up, the lock is set once the free failures are used
 * (the same rule as lockFor), and the key expires when it would be forgotten.
 */
const FAIL_SCRIPT = `
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local excess = failures - tonumber(ARGV[1])
local expire = tonumber(ARGV[5])
if excess >= 0 then
  local lock = math.min(tonumber(ARGV[2]) * 2 ^ excess, tonumber(ARGV[3])) * 1000
  redis.call('HSET', KEYS[1], 'lockedUntil', tonumber(ARGV[4]) + lock)
  if lock > expire then expire = lock end
end
redis.call('PEXPIRE', KEYS[1], expire)
return failures
`;

/** The counters in Redis, shared by every API process and kept across restarts; keys under `prefix`. */
export class RedisThrottleStore implements ThrottleStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(k: string): string {
    return `${this.prefix}throttle:${k}`;
  }

  lockedUntil(keys: string[]): Promise<number[]> {
    return withRedis(async () => {
      const values = await this.redis.pipeline(keys.map((k) => ['hget', this.key(k), 'lockedUntil'])).exec();
      return (values ?? []).map(([error, value]) => {
        if (error) throw error;
        return Number(value ?? 0);
      });
    });
  }

  fail(key: string, policy: ThrottlePolicy, now: number): Promise<void> {
    return withRedis(async () => {
      await this.redis.eval(FAIL_SCRIPT, 1, this.key(key), policy.free, policy.baseDelay, policy.maxDelay, now, FORGET_AFTER_MS);
    });
  }

  clear(key: string): Promise<void> {
    return withRedis(async () => {
      await this.redis.del(this.key(key));
    });
  }

  trust(key: string, now: number): Promise<void> {
    return withRedis(async () => {
      await this.redis.set(this.key(`trust:${key}`), String(now + TRUST_FOR_MS), 'PX', TRUST_FOR_MS);
    });
  }

  isTrusted(key: string): Promise<boolean> {
    return withRedis(async () => (await this.redis.exists(this.key(`trust:${key}`))) === 1);
  }
}

export class LoginThrottle {
  constructor(
    private readonly store: ThrottleStore = new MemoryThrottleStore(),
    private readonly policies: Record<keyof typeof THROTTLE_POLICIES, ThrottlePolicy> = THROTTLE_POLICIES,
    private readonly now: () => number = Date.now,
  ) {}

  private keys(username: string, ip: string) {
    const user = username.toLowerCase();
    return { pair: `p:${user}|${ip}`, address: `a:${ip}`, account: `u:${user}`, trust: `${user}|${ip}` };
  }

  /** Seconds the caller must wait before trying; 0 when a try is allowed now. */
  async retryAfter(username: string, ip: string): Promise<number> {
    const k = this.keys(username, ip);
    const now = this.now();
    const trusted = await this.store.isTrusted(k.trust, now);
    const ends = await this.store.lockedUntil(trusted ? [k.pair] : [k.pair, k.address, k.account]);
    return Math.max(0, ...ends.map((end) => (end > now ? Math.ceil((end - now) / 1000) : 0)));
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    const k = this.keys(username, ip);
    const now = this.now();
    await Promise.all([
      this.store.fail(k.pair, this.policies.pair, now),
      this.store.fail(k.address, this.policies.address, now),
      this.store.fail(k.account, this.policies.account, now),
    ]);
  }

  async recordSuccess(username: string, ip: string): Promise<void> {
    const k = this.keys(username, ip);
    await this.store.clear(k.pair);
    await this.store.trust(k.trust, this.now());
  }
}
