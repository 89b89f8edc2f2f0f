import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runKeyPrefix, removeKeys, TEST_REDIS_URL as REDIS_URL } from '../../../test/redis-helpers.js';
import { openRedis } from '../redis.js';
import { RedisVersions, SessionCache, type AuthChange, type SessionUser, type SharedVersions } from './session-cache.js';

// Redis runs on this machine and in CI; each run uses keys of its own.
let redis: Redis;
const prefix = runKeyPrefix();
beforeAll(async () => {
  redis = await openRedis(REDIS_URL);
});
afterAll(() => removeKeys(prefix, redis));

const user = (id: number, codes: string[] = []): SessionUser => ({
  id,
  username: `u${id}`,
  name: `U${id}`,
  customerId: 1,
  mustChangePassword: false,
  expiresAt: Date.now() + 3_600_000,
  codes: new Set(codes),
});

/** A loader counting its calls, answering what `rows` holds at call time (the "database"). */
function loader(rows: Map<string, SessionUser | null>) {
  const calls: string[] = [];
  return {
    calls,
    load: (sessionId: string) => async () => {
      calls.push(sessionId);
      return rows.get(sessionId) ?? null;
    },
  };
}

describe('the session cache in one process', () => {
  it('reads a session once and again only after a change of its user or of everything', async () => {
    const rows = new Map<string, SessionUser | null>([
      ['s1', user(1)],
      ['s2', user(2)],
    ]);
    const db = loader(rows);
    const cache = new SessionCache();
    for (let i = 0; i < 5; i += 1) {
      expect((await cache.session('s1', 1, db.load('s1'))).user?.id).toBe(1);
      await cache.session('s2', 2, db.load('s2'));
    }
    expect(db.calls).toEqual(['s1', 's2']);

    // Revoked in the database, then announced: the next check refuses.
    rows.set('s1', null);
    await cache.changed({ userId: 1 });
    expect((await cache.session('s1', 1, db.load('s1'))).user).toBeNull();
    expect((await cache.session('s2', 2, db.load('s2'))).user?.id).toBe(2);
    expect(db.calls).toEqual(['s1', 's2', 's1']);
    // A refusal is kept too (a revoked token costs no query either).
    await cache.session('s1', 1, db.load('s1'));
    expect(db.calls).toHaveLength(3);

    rows.set('s2', user(2, ['sys.user.admin']));
    await cache.changed('all');
    expect([...(await cache.session('s2', 2, db.load('s2'))).user!.codes]).toEqual(['sys.user.admin']);
    expect(db.calls).toEqual(['s1', 's2', 's1', 's2']);
  });

  it('keeps nothing a load read while a change of that user was announced', async () => {
    const rows = new Map<string, SessionUser | null>([['s1', user(1)]]);
    const cache = new SessionCache();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // The load reads the row, then the change commits and is announced before the load returns.
    const slow = cache.session('s1', 1, async () => {
      const row = rows.get('s1')!;
      await gate;
      return row;
    });
    rows.set('s1', null);
    await cache.changed({ userId: 1 });
    release();
    expect((await slow).user?.id).toBe(1);
    expect((await cache.session('s1', 1, async () => rows.get('s1') ?? null)).user).toBeNull();
  });

  it('reads an entry again after its maximum age whatever its stamp', async () => {
    let now = 1_000_000;
    const db = loader(new Map([['s1', user(1)]]));
    const cache = new SessionCache({ maxAgeMs: 10_000, clock: () => now });
    await cache.session('s1', 1, db.load('s1'));
    now += 9_999;
    await cache.session('s1', 1, db.load('s1'));
    expect(db.calls).toHaveLength(1);
    now += 1;
    await cache.session('s1', 1, db.load('s1'));
    expect(db.calls).toHaveLength(2);
  });

  it('keeps a derived answer with its entry and drops it with the entry', async () => {
    const cache = new SessionCache();
    const db = loader(new Map([['s1', user(1)]]));
    let computed = 0;
    const info = async () => {
      const auth = {};
      cache.bind(auth, await cache.session('s1', 1, db.load('s1')));
      return cache.derived(auth, 'userInfo:1', async () => ({ n: ++computed }));
    };
    expect(await info()).toEqual({ n: 1 });
    expect(await info()).toEqual({ n: 1 });
    await cache.changed({ userId: 2 });
    expect(await info()).toEqual({ n: 1 });
    await cache.changed({ userId: 1 });
    expect(await info()).toEqual({ n: 2 });
    // A caller the cache did not check (none bound) gets a fresh answer.
    expect(await cache.derived({}, 'userInfo:1', async () => ({ n: 0 }))).toEqual({ n: 0 });
  });

  it('announces a change whether the writes succeeded or failed', async () => {
    const cache = new SessionCache();
    const db = loader(new Map([['s1', user(1)]]));
    await cache.session('s1', 1, db.load('s1'));
    await expect(
      cache.changing({ userId: 1 }, async () => {
        throw new Error('after the commit');
      }),
    ).rejects.toThrow('after the commit');
    await cache.session('s1', 1, db.load('s1'));
    expect(db.calls).toHaveLength(2);
  });

  it('holds a bounded number of entries', async () => {
    const cache = new SessionCache({ maxEntries: 3 });
    for (let i = 0; i < 10; i += 1) await cache.session(`s${i}`, i, async () => user(i));
    expect(cache.size).toBe(3);
  });
});

/** Shared versions in a map, with a switch that makes them unreachable (Redis down). */
class FakeShared implements SharedVersions {
  readonly values = new Map<string, number>();
  down = false;
  private lost: Array<() => void> = [];
  async stamp(userId: number): Promise<string | null> {
    if (this.down) return null;
    return `${this.values.get('all') ?? 0}.${this.values.get(`u${userId}`) ?? 0}`;
  }
  async announce(change: AuthChange): Promise<void> {
    if (this.down) throw new Error('Redis down');
    const key = change === 'all' ? 'all' : `u${change.userId}`;
    this.values.set(key, (this.values.get(key) ?? 0) + 1);
  }
  onLost(listener: () => void): void {
    this.lost.push(listener);
  }
  loseConnection(): void {
    for (const l of this.lost) l();
  }
}

describe('the session cache shared by processes', () => {
  it("sees another process's announcement at the next check", async () => {
    const shared = new FakeShared();
    const rows = new Map<string, SessionUser | null>([['s1', user(1)]]);
    const db = loader(rows);
    const a = new SessionCache({ shared });
    const b = new SessionCache({ shared });
    await b.session('s1', 1, db.load('s1'));
    await b.session('s1', 1, db.load('s1'));
    expect(db.calls).toHaveLength(1);
    rows.set('s1', null);
    await a.changed({ userId: 1 });
    expect((await b.session('s1', 1, db.load('s1'))).user).toBeNull();
  });

  it('reads the database on every check while the versions cannot be read, and trusts nothing older afterwards', async () => {
    const shared = new FakeShared();
    const rows = new Map<string, SessionUser | null>([['s1', user(1)]]);
    const db = loader(rows);
    const cache = new SessionCache({ shared });
    await cache.session('s1', 1, db.load('s1'));
    shared.down = true;
    await cache.session('s1', 1, db.load('s1'));
    await cache.session('s1', 1, db.load('s1'));
    expect(db.calls).toHaveLength(3);
    expect(cache.size).toBe(0);
    // Revoked meanwhile by a process whose announcement was lost: the cache does not bring the old entry back.
    rows.set('s1', null);
    shared.down = false;
    expect((await cache.session('s1', 1, db.load('s1'))).user).toBeNull();
  });

  it('drops everything when the connection is lost', async () => {
    const shared = new FakeShared();
    const db = loader(new Map([['s1', user(1)]]));
    const cache = new SessionCache({ shared });
    await cache.session('s1', 1, db.load('s1'));
    shared.loseConnection();
    expect(cache.size).toBe(0);
    await cache.session('s1', 1, db.load('s1'));
    expect(db.calls).toHaveLength(2);
  });

  it('applies a change in its own process at once and sends the announcement again until Redis takes it', async () => {
    const shared = new FakeShared();
    const rows = new Map<string, SessionUser | null>([['s1', user(1)]]);
    const warnings: string[] = [];
    const a = new SessionCache({ shared, retryMs: 10, log: { warn: (_o, msg) => warnings.push(msg) } });
    const b = new SessionCache({ shared });
    try {
      const db = loader(rows);
      await a.session('s1', 1, db.load('s1'));
      await b.session('s1', 1, db.load('s1'));
      shared.down = true;
      rows.set('s1', null);
      await a.changing({ userId: 1 }, async () => undefined);
      expect(a.unsent).toBe(1);
      expect(warnings).toHaveLength(1);
      shared.down = false;
      expect((await a.session('s1', 1, db.load('s1'))).user).toBeNull();
      await expect.poll(() => a.unsent).toBe(0);
      expect(shared.values.get('u1')).toBe(1);
      expect((await b.session('s1', 1, db.load('s1'))).user).toBeNull();
    } finally {
      a.close();
    }
  });
});

describe('versions in Redis', () => {
  it('lets two caches agree, and a version that vanished (expiry, a Redis that lost its data) only costs a read', async () => {
    const keys = `${prefix}${randomBytes(4).toString('hex')}:`;
    const rows = new Map<string, SessionUser | null>([['s1', user(7)]]);
    const db = loader(rows);
    const a = new SessionCache({ shared: new RedisVersions(redis, keys) });
    const b = new SessionCache({ shared: new RedisVersions(redis, keys) });
    await b.session('s1', 7, db.load('s1'));
    await b.session('s1', 7, db.load('s1'));
    expect(db.calls).toHaveLength(1);
    expect(await redis.pttl(`${keys}auth:user:7`)).toBeGreaterThan(0);

    await a.changed({ userId: 7 });
    await b.session('s1', 7, db.load('s1'));
    expect(db.calls).toHaveLength(2);
    await a.changed('all');
    await b.session('s1', 7, db.load('s1'));
    expect(db.calls).toHaveLength(3);
    await a.changed({ userId: 8 });
    await b.session('s1', 7, db.load('s1'));
    expect(db.calls).toHaveLength(3);

    await redis.del(`${keys}auth:all`, `${keys}auth:user:7`);
    await b.session('s1', 7, db.load('s1'));
    await b.session('s1', 7, db.load('s1'));
    expect(db.calls).toHaveLength(4);
  });
});

describe('versions in Redis, read together', () => {
  it('reads the stamps asked for in one turn of the event loop with one call, and the next turn sees an announcement', async () => {
    const versions = new RedisVersions(redis, `${prefix}${randomBytes(4).toString('hex')}:`);
    const mget = vi.spyOn(redis, 'mget');
    try {
      const [one, two, oneAgain] = await Promise.all([versions.stamp(1), versions.stamp(2), versions.stamp(1)]);
      expect(mget).toHaveBeenCalledTimes(1);
      expect(one).toBe(oneAgain);
      expect(one).not.toBe(two);
      expect(await versions.stamp(1)).toBe(one);
      await versions.announce({ userId: 1 });
      const after = await versions.stamp(1);
      expect(after).not.toBe(one);
      expect(after!.split('.')[0]).toBe(one!.split('.')[0]);
    } finally {
      mget.mockRestore();
    }
  });
});

describe('announcements are complete', () => {
  // Every source file that writes what a session's check or /user/info reads, with what announces its changes. A new
  // writer fails here until its changes are announced (SessionCache.changing) and it is listed.
  const WRITERS: Record<string, string> = {
    'core/db/separation-of-duties-migration.ts': 'start-up only (migration 0037), before the app serves; app.ts announces a start',
    'core/db/entitlements-migration.ts':
      'start-up only (migration 0042, customer entitlements), before the app serves; app.ts announces a start',
    'modules/auth/repo.ts': 'sessions: revoked through auth/service.ts (logout, refresh reuse, password change)',
    'modules/auth/service.ts': 'logout, refresh reuse, own password and settings (auth/routes.ts)',
    'modules/users/service.ts': 'every change of an existing user (users/routes.ts); a new user has no session',
    'modules/roles/service.ts': "role update and delete announce 'all' (roles/routes.ts); a new role has no holder",
    'modules/customers/service.ts': "update, entitlements and delete announce 'all' (customers/routes.ts); a new customer has no user",
    'modules/permissions/service.ts': "rename and delete announce 'all' (permissions/routes.ts)",
    'modules/articles/publishing.ts': "a deleted platform leaves users' settings: 'all' (articles/routes.ts)",
    'modules/articles/demo.ts': 'start-up only (demo data), before the app serves; app.ts announces a start',
    'modules/seed/seed.ts': 'start-up only, before the app serves; app.ts announces a start',
  };
  it('lists every file writing sessions, users, roles, their codes, customers, their entitlements or permission codes', () => {
    const src = path.resolve(import.meta.dirname, '../..');
    const writes =
      /\b(updateTable|deleteFrom|insertInto)\(\s*'(session|refresh_token|app_user|user_role|role|role_permission|customer|customer_entitlement|permission)'/;
    const found = (fs.readdirSync(src, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => writes.test(fs.readFileSync(path.join(src, f), 'utf8')))
      .map((f) => f.split(path.sep).join('/'))
      .sort();
    expect(found).toEqual(Object.keys(WRITERS).sort());
  });
});
