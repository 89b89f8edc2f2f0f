import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * The per-request session check without the database (docs/security.md#session-cache): what a session's check reads
 * (the session row, its user, the user's codes) is kept in the process under a stamp, and used while the stamp is
 * unchanged. Every change that check or /user/info depends on is announced once it is committed
 * (`SessionCache.changing`), which changes the stamp, so the very next request reads the database again.
 *
 * The stamp has a part of this process (a counter for everything, one per user) and, with REDIS_URL, a part read from
 * Redis on every request (a random value for everything, one per user), so a change announced by any API process is
 * seen by all of them at their next request. When Redis cannot be read, nothing is served from the cache: the check
 * reads the database, as it did before the cache (fail closed). A process whose announcement does not reach Redis keeps
 * sending it until it does, and entries are dropped after `maxAgeMs` in any case.
 */

/** A committed change: everything of one user (sessions, roles, profile, password …) or anything wider (roles, customers, codes). */
export type AuthChange = { userId: number } | 'all';

/** What a session's check reads from the database. */
export interface SessionUser {
  id: number;
  username: string;
  name: string;
  customerId: number;
  mustChangePassword: boolean;
  /** End of the session, ms since the epoch. */
  expiresAt: number;
  codes: ReadonlySet<string>;
}

/** A cached check: `user` null when the session is refused (revoked, unknown, user disabled or deleted). */
export interface SessionEntry {
  readonly stamp: string;
  readonly loadedAt: number;
  readonly user: SessionUser | null;
  /** Customers a platform administrator asked to act for, found to exist. */
  readonly customers: Set<number>;
  /** Answers derived from the same rows (the /user/info answer per customer), dropped with the entry. */
  readonly derived: Map<string, unknown>;
}

/** The versions shared by several processes (Redis), read on every request and changed by every announcement. */
export interface SharedVersions {
  /** The shared part of the stamp of `userId`'s sessions; null when it cannot be read (then nothing is cached). */
  stamp(userId: number): Promise<string | null>;
  /** Announces a change; rejects when it cannot reach the store. */
  announce(change: AuthChange): Promise<void>;
  /** Calls `listener` whenever the connection is lost: what was cached may have missed announcements. */
  onLost(listener: () => void): void;
}

/** Versions live this long in Redis; a version that expired is replaced by a new one, which only costs a reload. */
export const VERSION_TTL_MS = 86_400_000;

/** Sets the missing versions to the values given (a random one each) and answers the current ones. */
const INIT_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  redis.call('SET', key, ARGV[i], 'NX', 'PX', ARGV[#KEYS + 1])
  out[i] = redis.call('GET', key)
end
return out
`;

/**
 * The versions in Redis under `prefix`: one for everything (`auth:all`) and one per user (`auth:user:<id>`).
 *
 * The requests that ask for a stamp within one turn of the event loop share one read, sent once that turn's I/O has been
 * handled (setImmediate): every one of them had arrived before the read left, so it sees every announcement that was
 * acknowledged before any of them arrived, which is all that "the next request" asks.
 */
export class RedisVersions implements SharedVersions {
  private batch: Map<number, Array<(stamp: string | null) => void>> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private get allKey(): string {
    return `${this.prefix}auth:all`;
  }

  private userKey(userId: number): string {
    return `${this.prefix}auth:user:${userId}`;
  }

  stamp(userId: number): Promise<string | null> {
    if (!this.batch) {
      this.batch = new Map();
      setImmediate(() => void this.read());
    }
    const waiting = this.batch.get(userId) ?? [];
    this.batch.set(userId, waiting);
    return new Promise((resolve) => waiting.push(resolve));
  }

  private async read(): Promise<void> {
    const batch = this.batch!;
    this.batch = null;
    const users = [...batch.keys()];
    const keys = [this.allKey, ...users.map((u) => this.userKey(u))];
    let values: Array<string | null> | null;
    try {
      values = await this.redis.mget(...keys);
      const missing = keys.filter((_, i) => values![i] === null);
      if (missing.length > 0) {
        const set = (await this.redis.eval(
          INIT_SCRIPT,
          missing.length,
          ...missing,
          ...missing.map(() => randomUUID()),
          VERSION_TTL_MS,
        )) as string[];
        values = keys.map((k, i) => values![i] ?? set[missing.indexOf(k)]!);
      }
    } catch {
      values = null;
    }
    users.forEach((user, i) => {
      const stamp = values ? `${values[0]}.${values[i + 1]}` : null;
      for (const resolve of batch.get(user)!) resolve(stamp);
    });
  }

  async announce(change: AuthChange): Promise<void> {
    const key = change === 'all' ? this.allKey : this.userKey(change.userId);
    // A new random value, never an increment: a Redis that lost its data cannot come back to a value once seen.
    await this.redis.set(key, randomUUID(), 'PX', VERSION_TTL_MS);
  }

  onLost(listener: () => void): void {
    this.redis.on('close', listener);
  }
}

export interface SessionCacheOptions {
  /** Versions shared with other API processes (REDIS_URL); without them the cache is this process's only. */
  shared?: SharedVersions | null;
  /** An entry older than this is read again whatever its stamp (a bound for announcements that could not be sent). */
  maxAgeMs?: number;
  maxEntries?: number;
  /** How often an announcement that could not be sent is tried again. */
  retryMs?: number;
  clock?: () => number;
  log?: { warn(obj: object, msg: string): void };
}

export const SESSION_CACHE_MAX_AGE_MS = 10_000;
const MAX_ENTRIES = 20_000;
const MAX_USER_COUNTERS = 100_000;

const changeKey = (change: AuthChange) => (change === 'all' ? 'all' : `user:${change.userId}`);
const parseChange = (key: string): AuthChange => (key === 'all' ? 'all' : { userId: Number(key.slice(5)) });

export class SessionCache {
  private readonly entries = new Map<string, SessionEntry>();
  private all = 0;
  private readonly users = new Map<number, number>();
  private readonly shared: SharedVersions | null;
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly clock: () => number;
  /** Announcements that could not reach the shared store yet. */
  private readonly pending = new Set<string>();
  private retry: NodeJS.Timeout | null = null;
  private readonly byAuth = new WeakMap<object, SessionEntry>();

  constructor(private readonly options: SessionCacheOptions = {}) {
    this.shared = options.shared ?? null;
    this.maxAgeMs = options.maxAgeMs ?? SESSION_CACHE_MAX_AGE_MS;
    this.maxEntries = options.maxEntries ?? MAX_ENTRIES;
    this.clock = options.clock ?? (() => Date.now());
    // Announcements may have been missed while the connection was down: nothing cached before is trusted again.
    this.shared?.onLost(() => this.dropAll());
  }

  get size(): number {
    return this.entries.size;
  }

  private localStamp(userId: number): string {
    return `${this.all}.${this.users.get(userId) ?? 0}`;
  }

  private dropAll(): void {
    this.all += 1;
    this.users.clear();
    this.entries.clear();
  }

  /**
   * The check of session `sessionId` of `userId`: the cached one while its stamp is current, else `load()`ed (from the
   * database) and kept. The stamp is read before loading, so a change committed meanwhile leaves a stale stamp behind.
   */
  async session(sessionId: string, userId: number, load: () => Promise<SessionUser | null>): Promise<SessionEntry> {
    const local = this.localStamp(userId);
    let stamp: string | null = local;
    if (this.shared) {
      const shared = await this.shared.stamp(userId);
      // Redis unreachable: answer from the database and keep nothing (announcements may be passing us by).
      if (shared === null) {
        this.dropAll();
        stamp = null;
      } else stamp = `${local}/${shared}`;
    }
    const now = this.clock();
    const cached = this.entries.get(sessionId);
    if (stamp !== null && cached && cached.stamp === stamp && now - cached.loadedAt < this.maxAgeMs) return cached;
    const entry: SessionEntry = { stamp: stamp ?? '', loadedAt: now, user: await load(), customers: new Set(), derived: new Map() };
    // Kept only if nothing was announced while loading (in this process; other processes' announcements change the
    // shared part, which the next request reads).
    if (stamp !== null && this.localStamp(userId) === local) {
      this.entries.delete(sessionId);
      this.entries.set(sessionId, entry);
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return entry;
  }

  /** Links a request's caller to the entry it was checked with (see `derived`). */
  bind(auth: object, entry: SessionEntry): void {
    this.byAuth.set(auth, entry);
  }

  /**
   * A value derived from the rows a caller's check depends on (the /user/info answer), computed once per entry: it is
   * dropped with the entry at the next announced change. Every change it depends on must be announced.
   */
  async derived<T>(auth: object, key: string, compute: () => Promise<T>): Promise<T> {
    const entry = this.byAuth.get(auth);
    if (!entry) return compute();
    if (entry.derived.has(key)) return entry.derived.get(key) as T;
    const value = await compute();
    // The entry carries the stamp checked before `compute` read anything: a change committed since makes it stale.
    entry.derived.set(key, value);
    return value;
  }

  /**
   * Runs `change` (the writes, committed when it returns) and then announces it, whether it succeeded or not (a write
   * that failed after its commit is announced too). Revocations are never held back: they are committed first; an
   * announcement that cannot reach Redis is sent again until it does (see the class comment).
   */
  async changing<T>(change: AuthChange, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } finally {
      await this.changed(change);
    }
  }

  /** Announces a committed change: at once in this process, and to the other processes through Redis. */
  async changed(change: AuthChange): Promise<void> {
    if (change === 'all') this.dropAll();
    else {
      this.users.set(change.userId, (this.users.get(change.userId) ?? 0) + 1);
      if (this.users.size > MAX_USER_COUNTERS) this.dropAll();
    }
    if (!this.shared) return;
    try {
      await this.shared.announce(change);
    } catch (e) {
      this.options.log?.warn({ err: e }, 'session change not announced to Redis yet, retrying');
      this.pending.add(changeKey(change));
      this.retry ??= setInterval(() => void this.resend(), this.options.retryMs ?? 500);
      this.retry.unref();
    }
  }

  private async resend(): Promise<void> {
    for (const key of [...this.pending]) {
      try {
        await this.shared!.announce(parseChange(key));
        this.pending.delete(key);
      } catch {
        return;
      }
    }
    if (this.pending.size === 0 && this.retry) {
      clearInterval(this.retry);
      this.retry = null;
    }
  }

  /** Announcements still waiting for Redis (for tests and the log). */
  get unsent(): number {
    return this.pending.size;
  }

  close(): void {
    if (this.retry) clearInterval(this.retry);
    this.retry = null;
  }
}
