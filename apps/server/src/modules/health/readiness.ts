import type { ReadinessData } from '@agromet/contracts';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { Db } from '../../core/db/index.js';
import type { Dialect } from '../../core/db/dialect.js';
import type { FileStorage } from '../../core/storage.js';

type Readiness = z.infer<typeof ReadinessData>;
type State = Readiness['db'];

/**
 * The advisory lock Kysely's migrator holds on PostgreSQL while it migrates (its LOCK_ID, 3853314791062309107), as
 * pg_locks shows a bigint key: the high half in classid, the low half in objid, objsubid 1.
 */
const KYSELY_MIGRATION_LOCK = 3853314791062309107n;
const LOCK_CLASSID = Number(KYSELY_MIGRATION_LOCK >> 32n);
const LOCK_OBJID = Number(KYSELY_MIGRATION_LOCK & 0xffffffffn);

/** How long one probe's answer is reused: a load balancer polling every second costs one probe per this. */
export const READY_CACHE_MS = 2000;
/** A dependency that has not answered within this is unavailable (a hung bucket must not hang the check). */
export const READY_PROBE_TIMEOUT_MS = 2000;

export interface ReadinessDeps {
  db: Db;
  dialect: Dialect;
  /** The names of every migration this release runs (the app's ordered list, src/migrations.ts). */
  migrations: readonly string[];
  storage: FileStorage;
  /** The process's Redis (REDIS_URL), or null without one. */
  redis: Redis | null;
  cacheMs?: number;
  timeoutMs?: number;
  /** Where a failed probe is said (the server's logger). */
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Readiness, distinct from liveness (`/api/health` says the process runs and its database answers): whether this
 * process can serve calls now, its database, file storage (one listing request of one key on S3, a write and removal
 * in the local folder) and Redis each probed, all at once, bounded by `timeoutMs`, the answer reused for `cacheMs` and
 * shared by concurrent callers. Not ready either while migrations run: a process migrates before it listens, so this
 * sees another process's migration (an upgrade started beside running ones): on PostgreSQL the migrator's lock held,
 * on either engine a migration this release runs not yet recorded.
 */
export class ReadinessCheck {
  private cached: { at: number; value: Readiness } | null = null;
  private pending: Promise<Readiness> | null = null;

  constructor(private readonly deps: ReadinessDeps) {}

  async check(now = Date.now()): Promise<Readiness> {
    if (this.cached && now - this.cached.at < (this.deps.cacheMs ?? READY_CACHE_MS)) return this.cached.value;
    this.pending ??= this.probe().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async probe(): Promise<Readiness> {
    const { db, storage, redis } = this.deps;
    let migrations: Readiness['migrations'] = 'ok';
    const [dbState, storageState, redisState] = await Promise.all([
      this.probeOne('db', async () => {
        await sql`select 1`.execute(db);
        migrations = await this.migrationState();
      }),
      this.probeOne('storage', async () => storage.probe?.()),
      redis
        ? this.probeOne('redis', async () => {
            await redis.ping();
          })
        : Promise.resolve<State>('none'),
    ]);
    const value: Readiness = {
      ready: dbState === 'ok' && storageState === 'ok' && redisState !== 'unavailable' && migrations === 'ok',
      db: dbState,
      storage: storageState,
      redis: redisState,
      migrations,
      checkedAt: new Date().toISOString(),
    };
    this.cached = { at: Date.now(), value };
    return value;
  }

  /** `running` while the migrator's lock is held (PostgreSQL) or a migration this release knows is not recorded. */
  private async migrationState(): Promise<Readiness['migrations']> {
    const { db, dialect } = this.deps;
    if (dialect === 'postgres') {
      const lock = await sql<{ held: boolean }>`
        select exists(select 1 from pg_locks where locktype = 'advisory' and classid::bigint = ${LOCK_CLASSID}
          and objid::bigint = ${LOCK_OBJID} and objsubid = 1 and granted
          -- pg_locks lists every database of the server: another database migrating is not this one
          and database = (select oid from pg_database where datname = current_database())) as held`.execute(db);
      if (lock.rows[0]?.held) return 'running';
    }
    let applied: Set<string>;
    try {
      applied = new Set((await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name));
    } catch {
      // No migration table yet: the first migration has not committed.
      return 'running';
    }
    return this.deps.migrations.every((name) => applied.has(name)) ? 'ok' : 'running';
  }

  private async probeOne(what: string, probe: () => Promise<unknown>): Promise<State> {
    let timer: NodeJS.Timeout | undefined;
    const timeoutMs = this.deps.timeoutMs ?? READY_PROBE_TIMEOUT_MS;
    try {
      await Promise.race([
        probe(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return 'ok';
    } catch (err) {
      this.deps.log?.warn({ err, dependency: what }, 'readiness probe failed');
      return 'unavailable';
    } finally {
      clearTimeout(timer);
    }
  }
}
