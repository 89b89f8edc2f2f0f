import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { withRedis } from './redis.js';

/**
 * Limits every API process must count together (docs/architecture.md#shared-state): kept in the process by default, or
 * in Redis (REDIS_URL) where N processes let through what one would, and a restart forgets nothing. The same pattern
 * as the sign-in throttle (core/auth/throttle.ts): one interface, a memory store and a Redis store whose every step is
 * one atomic script; while Redis is away a call that needs it answers 503 (5030).
 *
 * - A sliding window (`WindowStore`): at most `limit` events per key within `windowMs` (the public comment limit).
 * - Leases (`LeaseStore`): at most `limit` things held at once per key (the large WMS images a user has in flight).
 *   A lease held in Redis is renewed while its holder lives and lapses `LEASE_MS` after a holder that died.
 */
export interface WindowStore {
  /** Records an event of `key` and answers null, or answers the milliseconds until the next one is allowed. */
  take(key: string, limit: number, windowMs: number, now: number): Promise<number | null>;
}

export interface LeaseStore {
  /** A lease of `key` (its ticket) while fewer than `limit` are held, else null. */
  acquire(key: string, limit: number, now: number): Promise<string | null>;
  release(key: string, ticket: string): Promise<void>;
  close(): void;
}

/** How long a lease held in Redis lasts without renewal; its holder renews it every third of this. */
export const LEASE_MS = 30_000;
const MAX_KEYS = 10_000;

/** The window of one process: event times per key, keys whose events all left the window forgotten. */
export class MemoryWindowStore implements WindowStore {
  private readonly events = new Map<string, number[]>();

  async take(key: string, limit: number, windowMs: number, now: number): Promise<number | null> {
    const recent = (this.events.get(key) ?? []).filter((at) => now - at < windowMs);
    if (recent.length >= limit) {
      this.events.set(key, recent);
      return recent[0]! + windowMs - now;
    }
    recent.push(now);
    this.events.set(key, recent);
    if (this.events.size > MAX_KEYS)
      for (const [k, list] of this.events) if (list.every((at) => now - at >= windowMs)) this.events.delete(k);
    return null;
  }
}

/**
 * One event taken in one step on the server: events older than the window dropped, the count compared, the event
 * added (a unique member), the key expiring with its window. Answers -1, or the milliseconds until the oldest leaves.
 */
const WINDOW_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return tonumber(oldest[2]) + window - now
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return -1
`;

/** The window in Redis, shared by every API process; keys under `prefix`. */
export class RedisWindowStore implements WindowStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  take(key: string, limit: number, windowMs: number, now: number): Promise<number | null> {
    return withRedis(async () => {
      const member = `${now}:${randomBytes(6).toString('hex')}`;
      const wait = Number(await this.redis.eval(WINDOW_SCRIPT, 1, `${this.prefix}window:${key}`, now, windowMs, limit, member));
      return wait < 0 ? null : Math.max(1, wait);
    });
  }
}

/** The leases of one process. */
export class MemoryLeaseStore implements LeaseStore {
  private readonly held = new Map<string, Set<string>>();
  private next = 0;

  async acquire(key: string, limit: number): Promise<string | null> {
    let tickets = this.held.get(key);
    if ((tickets?.size ?? 0) >= limit) return null;
    if (!tickets) this.held.set(key, (tickets = new Set()));
    const ticket = String((this.next += 1));
    tickets.add(ticket);
    return ticket;
  }

  async release(key: string, ticket: string): Promise<void> {
    const tickets = this.held.get(key);
    tickets?.delete(ticket);
    if (tickets?.size === 0) this.held.delete(key);
  }

  close(): void {}
}

/**
 * One lease taken in one step: lapsed leases (scored by when they lapse) dropped, the count compared, the ticket added.
 * Answers 1 when taken, 0 when `limit` are held.
 */
const ACQUIRE_SCRIPT = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/** Leases in Redis, shared by every API process; keys under `prefix`. */
export class RedisLeaseStore implements LeaseStore {
  /** Tickets this process holds, renewed together every third of the lease. */
  private readonly held = new Map<string, { key: string; ticket: string }>();
  private readonly renewal: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly leaseMs = LEASE_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.renewal = setInterval(() => void this.renew(), Math.max(100, Math.floor(leaseMs / 3)));
    this.renewal.unref();
  }

  private key(k: string): string {
    return `${this.prefix}lease:${k}`;
  }

  acquire(key: string, limit: number, now: number): Promise<string | null> {
    return withRedis(async () => {
      const ticket = `${process.pid}:${randomBytes(8).toString('hex')}`;
      const taken = Number(await this.redis.eval(ACQUIRE_SCRIPT, 1, this.key(key), now, this.leaseMs, limit, ticket));
      if (taken !== 1) return null;
      this.held.set(ticket, { key, ticket });
      return ticket;
    });
  }

  async release(key: string, ticket: string): Promise<void> {
    this.held.delete(ticket);
    // A release that cannot reach Redis is not the caller's failure: the lease lapses by itself.
    await this.redis.zrem(this.key(key), ticket).catch(() => undefined);
  }

  /** Pushes the lapse of every held lease on; a lease Redis lost meanwhile is not brought back (XX). */
  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    const lapse = this.now() + this.leaseMs;
    const pipeline = this.redis.pipeline();
    for (const { key, ticket } of this.held.values()) {
      pipeline.zadd(this.key(key), 'XX', lapse, ticket);
      pipeline.pexpire(this.key(key), this.leaseMs);
    }
    await pipeline.exec().catch(() => undefined);
  }

  close(): void {
    clearInterval(this.renewal);
  }
}
