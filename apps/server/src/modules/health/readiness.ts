import type { ReadinessData } from '@agromet/contracts';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { Db } from '../../core/db/index.js';
import type { FileStorage } from '../../core/storage.js';

type Readiness = z.infer<typeof ReadinessData>;
type State = Readiness['db'];

/** How long one probe's answer is reused: a load balancer polling every second costs one probe per this. */
export const READY_CACHE_MS = 2000;
/** A dependency that has not answered within this is unavailable (a hung bucket must not hang the check). */
export const READY_PROBE_TIMEOUT_MS = 2000;

export interface ReadinessDeps {
  db: Db;
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
 * shared by concurrent callers.
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
    const [dbState, storageState, redisState] = await Promise.all([
      this.probeOne('db', async () => {
        await sql`select 1`.execute(db);
      }),
      this.probeOne('storage', async () => storage.probe?.()),
      redis
        ? this.probeOne('redis', async () => {
            await redis.ping();
          })
        : Promise.resolve<State>('none'),
    ]);
    const value: Readiness = {
      ready: dbState === 'ok' && storageState === 'ok' && redisState !== 'unavailable',
      db: dbState,
      storage: storageState,
      redis: redisState,
      checkedAt: new Date().toISOString(),
    };
    this.cached = { at: Date.now(), value };
    return value;
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
