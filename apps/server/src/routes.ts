import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import { hashPassword } from './core/auth/password.js';
import { LoginThrottle, MemoryThrottleStore, RedisThrottleStore } from './core/auth/throttle.js';
import type { DbHandle } from './core/db/index.js';
import type { MemoryLeaseStore, MemoryWindowStore, RedisLeaseStore, RedisWindowStore } from './core/shared-limits.js';
import type { TokenService } from './core/auth/tokens.js';
import { metricsRoute, type AppMetrics } from './core/metrics.js';
import type { FileStorage } from './core/storage.js';
import type { JobSetup } from './jobs-setup.js';
import { migrationList } from './migrations.js';
import { authRoutes } from './modules/auth/routes.js';
import { customerRoutes } from './modules/customers/routes.js';
import { logRoutes } from './modules/logs/routes.js';
import { permissionRoutes } from './modules/permissions/routes.js';
import { roleRoutes } from './modules/roles/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { gridFileRoutes, gridRoutes } from './modules/grids/routes.js';
import { jobRoutes } from './modules/jobs/routes.js';
import { gisRoutes } from './modules/gis/routes.js';
import { weixinDeps } from './modules/weixin/setup.js';
import { weixinRoutes } from './modules/weixin/routes.js';
import { wmsRoutes } from './modules/wms/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { allocationRoutes } from './modules/allocation/routes.js';
import { stationRoutes } from './modules/stations/routes.js';
import { reviseRoutes } from './modules/revise/routes.js';
import { zoningRoutes } from './modules/zoning/routes.js';
import { productRoutes } from './modules/products/routes.js';
import { disasterRoutes } from './modules/disaster/routes.js';
import { regionRoutes } from './modules/regions/routes.js';
import { travelRoutes } from './modules/travel/routes.js';
import { articleRoutes } from './modules/articles/routes.js';
import { riskRoutes } from './modules/risk/routes.js';
import { cropCalendarRoutes } from './modules/crop-calendar/routes.js';
import { downloadRoutes } from './modules/downloads/routes.js';
import type { GridStoreHooks } from './modules/grids/store.js';
import type { ReviseDeps } from './modules/revise/service.js';
import type { WmsDeps } from './modules/wms/service.js';

/** What buildApp takes besides the configuration and the prepared data (test hooks, the logger). */
export interface AppOptions {
  logger?: boolean;
  /** Test hook of the revision transaction (see ReviseDeps). */
  reviseHooks?: Pick<ReviseDeps, 'beforeCommit'>;
  /** For tests: holds large WMS images in flight (see modules/wms/renderer.ts). */
  wmsHooks?: Pick<WmsDeps, 'beforeHeavyRender'>;
  /** Test hooks of grid saves (see GridStoreHooks). */
  gridStoreHooks?: GridStoreHooks;
  /** For tests: log at the configured level into this stream (even with `logger: false`). */
  loggerStream?: Writable;
}

/** What the API processes share: Redis when REDIS_URL is set, the session cache, tokens and the counted limits. */
export interface SharedState {
  redis: Redis | null;
  tokens: TokenService;
  windows: MemoryWindowStore | RedisWindowStore;
  leases: MemoryLeaseStore | RedisLeaseStore;
}

/** What the module routes are built from. */
export interface RouteContext {
  config: Config;
  handle: DbHandle;
  storage: FileStorage;
  metrics: AppMetrics;
  /** The job runner and what the jobs share (jobs-setup.ts). */
  work: JobSetup;
  shared: SharedState;
  opts: AppOptions;
}

/** Every module's routes on the app, each given what it needs. */
export async function registerModuleRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const { config, handle, storage, metrics, work, shared, opts } = ctx;
  const { jobs, codec, gridStore, productDeps } = work;
  const { redis, tokens, windows, leases } = shared;
  const deps = {
    db: handle.db,
    tokens,
    throttle: new LoginThrottle(redis ? new RedisThrottleStore(redis, config.redisPrefix) : new MemoryThrottleStore()),
    refreshTtl: config.refreshTokenTtl,
    scryptLogN: config.scryptLogN,
    dummyHash: await hashPassword('not-a-real-password', config.scryptLogN),
  };

  healthRoutes(app, {
    db: handle.db,
    tokens,
    dialect: handle.dialect,
    migrations: migrationList(handle.dialect).map(([name]) => name),
    storage,
    redis,
  });
  metricsRoute(app, metrics, { token: config.metricsToken });
  authRoutes(app, deps);
  fileRoutes(app, { db: handle.db, tokens, storage });
  customerRoutes(app, deps);
  userRoutes(app, deps);
  roleRoutes(app, deps);
  permissionRoutes(app, deps);
  logRoutes(app, deps);
  gridRoutes(app, { ...deps, store: gridStore });
  gridFileRoutes(app, { ...deps, store: gridStore, storage, jobs, codec, micapsTimeZone: config.micapsTimeZone });
  jobRoutes(app, deps);
  wmsRoutes(app, { ...deps, store: gridStore, storage, leases, metrics, ...opts.wmsHooks });
  gisRoutes(app, { ...deps, storage, tiandituKey: config.tiandituKey });
  stationRoutes(app, deps);
  allocationRoutes(app, deps);
  reviseRoutes(app, { ...deps, store: gridStore, storage, jobs, codec, ...opts.reviseHooks });
  zoningRoutes(app, { ...deps, storage, jobs, codec, log: app.log });
  productRoutes(app, { ...deps, ...productDeps });
  regionRoutes(app, { ...deps, storage });
  disasterRoutes(app, { ...deps, storage });
  travelRoutes(app, {
    ...deps,
    storage,
    store: gridStore,
    windows,
    onRefused: () => metrics.limitRefusals.inc({ limit: 'comment' }),
  });
  articleRoutes(app, { ...deps, storage });
  riskRoutes(app, { ...deps, storage, store: gridStore, jobs, log: app.log });
  cropCalendarRoutes(app, deps);
  downloadRoutes(app, { ...deps, store: gridStore, storage });
  weixinRoutes(app, { ...deps, ...(await weixinDeps(config, handle.db, storage, gridStore, app, redis)) });
}
