import { API, ErrorCode } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import type { Dialect } from '../../core/db/dialect.js';
import { AppError, STORAGE_RETRY_AFTER_SECONDS } from '../../core/errors.js';
import { registerRoute } from '../../core/route.js';
import type { FileStorage } from '../../core/storage.js';
import { ReadinessCheck } from './readiness.js';

export function healthRoutes(
  app: FastifyInstance,
  deps: { db: Db; tokens: TokenService; dialect: Dialect; migrations: readonly string[]; storage: FileStorage; redis: Redis | null },
): void {
  // Liveness for a supervisor's restart decision: the process runs and answers; nothing else is asked.
  registerRoute(app, deps, API.healthLive, {
    handler: async () => ({ data: { status: 'ok' as const, uptime: Math.round(process.uptime()) } }),
  });

  // The process runs and its database answers (the older check, kept for callers of /api/health).
  registerRoute(app, deps, API.health, {
    handler: async () => {
      await sql`select 1`.execute(deps.db);
      return { data: { status: 'ok' as const, db: deps.dialect, uptime: Math.round(process.uptime()) } };
    },
  });

  // Readiness: 200 while the database, file storage and Redis answer; 503 in the envelope, naming which, while not.
  const readiness = new ReadinessCheck({
    db: deps.db,
    dialect: deps.dialect,
    migrations: deps.migrations,
    storage: deps.storage,
    redis: deps.redis,
    log: app.log,
  });
  registerRoute(app, deps, API.healthReady, {
    handler: async () => {
      const state = await readiness.check();
      if (state.ready) return { data: state };
      const storageDown = state.storage === 'unavailable';
      throw new AppError(
        storageDown ? ErrorCode.STORAGE_UNAVAILABLE : ErrorCode.SERVICE_UNAVAILABLE,
        storageDown ? 'storageUnavailable' : 'serviceUnavailable',
        {},
        state,
        { 'retry-after': String(storageDown ? STORAGE_RETRY_AFTER_SECONDS : 1), 'cache-control': 'no-store' },
      );
    },
  });

  registerRoute(app, deps, API.branding, {
    handler: async () => {
      const c = await deps.db.selectFrom('customer').selectAll().where('is_platform', '=', 1).executeTakeFirstOrThrow();
      return { data: { sysName: c.sys_name, logo: c.logo, centerLat: c.center_lat, centerLon: c.center_lon, zoom: c.zoom } };
    },
  });
}
