import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { registerAudit } from './core/audit.js';
import { policyForProtocol } from './core/csp.js';
import { loggerOptions } from './core/log-redact.js';
import type { DbHandle } from './core/db/index.js';
import type { FileStorage } from './core/storage.js';
import type { SeedReport } from './modules/seed/seed.js';
import type { ServerData } from './startup.js';
import { setUpJobs } from './jobs-setup.js';
import { installModuleMessages } from './messages.js';
import type { JobRunner } from './core/jobs.js';
import type { GridFileCodec } from './modules/grids/codec.js';
import type { GridStore } from './modules/grids/store.js';
import { openRedis } from './core/redis.js';
import { RedisVersions, SessionCache } from './core/auth/session-cache.js';
import { AppMetrics } from './core/metrics.js';
import { MemoryLeaseStore, MemoryWindowStore, RedisLeaseStore, RedisWindowStore } from './core/shared-limits.js';
import { registerModuleRoutes, type AppOptions, type SharedState } from './routes.js';
import { TokenService } from './core/auth/tokens.js';
import {
  answerClientError,
  answerFrameworkError,
  apiNotFound,
  genReqId,
  MAX_PARAM_LENGTH,
  registerEnvelope,
  zodValidatorCompiler,
} from './core/http.js';
import { resolveJwtSecret } from './core/secrets.js';
import { startProductSchedules } from './modules/products/schedules.js';

export interface BuiltApp {
  app: FastifyInstance;
  db: DbHandle;
  storage: FileStorage;
  jobs: JobRunner;
  /** Grid file parsing and encoding (worker thread). */
  codec: GridFileCodec;
  /** The stored grids the routes read and save (`settled()`: the files replaced by saves so far are removed). */
  gridStore: GridStore;
  seedReport: SeedReport;
  /** This process's metrics (GET /metrics with METRICS_TOKEN, or the METRICS_PORT listener main.ts starts). */
  metrics: AppMetrics;
  close(): Promise<void>;
}

export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * The HTTP server over prepared data (see startup.ts: migrate, seed, demo run before this). `close()` closes the
 * server and then the database handle it was given.
 */
export async function buildApp(config: Config, data: ServerData, opts: AppOptions = {}): Promise<BuiltApp> {
  installModuleMessages();
  const { handle, storage, seedReport } = data;
  const app = createServer(config, opts);
  data.logBackgroundError = (error) =>
    app.log.warn({ err: error }, 'database background error (a dropped idle connection, a failed checkpoint)');
  // Requests by route pattern, jobs, WMS drawing, the pool, the process (core/metrics.ts, docs/operations.md#metrics).
  const metrics = new AppMetrics({ role: 'api', db: handle.db, ...(handle.pool ? { pool: handle.pool } : {}) });
  metrics.instrument(app);
  // Long work (grid imports, products, zoning …) runs as jobs, here or in worker processes (jobs-setup.ts).
  const work = await setUpJobs(config, data, app.log, {
    consume: config.jobsInApi,
    metrics,
    ...(opts.gridStoreHooks ? { gridStoreHooks: opts.gridStoreHooks } : {}),
  });
  // Products made without anyone clicking (docs/products.md#automatic-making).
  const stopSchedules = startProductSchedules(work.productDeps, config.productScheduleSeconds * 1000);
  app.addHook('onClose', async () => stopSchedules());
  // Jobs of a process that stopped are taken up at once rather than at the first heartbeat.
  await work.jobs.recoverStale();
  app.addHook('onClose', work.close);

  await registerPlugins(app, config, handle);
  const shared = await openSharedState(app, config);
  await registerModuleRoutes(app, { config, handle, storage, metrics, work, shared, opts });
  await serveWeb(app, config);

  await app.ready();
  return {
    app,
    db: handle,
    storage,
    jobs: work.jobs,
    codec: work.codec,
    gridStore: work.gridStore,
    seedReport,
    metrics,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

function createServer(config: Config, opts: AppOptions): FastifyInstance {
  return Fastify({
    // Tokens in addresses and errors are redacted in every line (core/log-redact.ts).
    logger: opts.loggerStream
      ? loggerOptions(config.logLevel, opts.loggerStream)
      : opts.logger === false
        ? false
        : loggerOptions(config.logLevel),
    genReqId,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Refusals before any route runs answer the envelope too (core/http.ts).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
}

/** Validation, the envelope, the audit log, security headers, uploads and (when asked for) the API's description. */
async function registerPlugins(app: FastifyInstance, config: Config, handle: DbHandle): Promise<void> {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerEnvelope(app);
  registerAudit(app, handle.db);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // A PDF preview of the downloads library is shown from an object URL.
        frameSrc: ["'self'", 'blob:'],
        // Added per request, over HTTPS only (core/csp.ts): over plain HTTP it blanks the console on any non-loopback address.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    const policy = reply.raw.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.raw.setHeader('content-security-policy', policyForProtocol(policy, request.protocol));
  });
  await app.register(multipart, { limits: { fileSize: 10240 * 1024, files: 1 } });
  // The API's own description tells an attacker every call: served only when asked for (API_DOCS) or in the demo.
  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Agromet Console API',
          version: '0.1.0',
          description: 'Every JSON answer is the envelope {code, msg, data}; code 0 is success.',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }
}

async function openSharedState(app: FastifyInstance, config: Config): Promise<SharedState> {
  // State the API processes share lives in Redis when REDIS_URL is set, else in this process (docs/architecture.md#shared-state).
  const redis = config.redisUrl ? await openRedis(config.redisUrl) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  // Session checks are cached until a change is announced, through Redis to every process (docs/security.md#session-cache).
  const sessions = new SessionCache({ shared: redis ? new RedisVersions(redis, config.redisPrefix) : null, log: app.log });
  app.addHook('onClose', async () => sessions.close());
  // What this process's start-up changed (seed, demo) is news to the processes already running.
  if (redis) await sessions.changed('all');
  const tokens = new TokenService(resolveJwtSecret(config.jwtSecret, config.dataDir), config.accessTokenTtl, sessions);
  // Limits every API process counts together with REDIS_URL: public comments per address, large WMS images per user.
  const windows = redis ? new RedisWindowStore(redis, config.redisPrefix) : new MemoryWindowStore();
  const leases = redis ? new RedisLeaseStore(redis, config.redisPrefix) : new MemoryLeaseStore();
  return { redis, tokens, windows, leases };
}

/** The built console (apps/web/dist) when there is one; unknown addresses answer the API's 404 or the app's page. */
async function serveWeb(app: FastifyInstance, config: Config): Promise<void> {
  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // A page load fetches dozens of files: at info they would drown the API calls in the log.
      logLevel: 'warn',
      setHeaders(reply, file) {
        // Hashed assets never change; index.html must always be revalidated.
        if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || !hasWeb || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return apiNotFound(req, reply);
    }
    // Client routes of the single-page app.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
