import { timingSafeEqual, createHash } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@agromet/contracts';
import client from 'prom-client';
import type { Db, PoolStats } from './db/index.js';
import { AppError } from './errors.js';
import { apiNotFound } from './http.js';
import { translate } from './messages.js';

/**
 * What a process tells Prometheus (docs/operations.md#metrics): requests by route pattern and status, job durations
 * and failures by kind, the job queue's depth, WMS drawing time by size class, refusals of the shared limits, the
 * PostgreSQL pool, and prom-client's process metrics (event-loop lag, memory, CPU, handles). One registry per process
 * (per built app in tests); labels only ever hold route patterns, kinds and classes: never an address, a token, a
 * user or a value a client chose.
 */
export class AppMetrics {
  readonly registry = new client.Registry();
  readonly httpRequests: client.Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: client.Histogram<'method' | 'route' | 'status'>;
  readonly jobDuration: client.Histogram<'kind' | 'outcome'>;
  readonly jobFailures: client.Counter<'kind'>;
  readonly wmsRender: client.Histogram<'size'>;
  readonly limitRefusals: client.Counter<'limit'>;

  constructor(opts: {
    /** `api` or `worker`: a constant label on every series. */
    role: 'api' | 'worker';
    /** Read at each scrape: the job queue's depth, and the PostgreSQL pool when the handle has one. */
    db?: Db;
    pool?: PoolStats;
  }) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ role: opts.role });
    client.collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.httpRequests = new client.Counter({
      name: 'agromet_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new client.Histogram({
      name: 'agromet_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.jobDuration = new client.Histogram({
      name: 'agromet_job_duration_seconds',
      help: 'Time a job run took in this process, by kind and outcome (done, failed, retry)',
      labelNames: ['kind', 'outcome'],
      buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800],
      registers,
    });
    this.jobFailures = new client.Counter({
      name: 'agromet_job_failures_total',
      help: 'Job runs that ended failed in this process, by kind',
      labelNames: ['kind'],
      registers,
    });
    this.wmsRender = new client.Histogram({
      name: 'agromet_wms_render_duration_seconds',
      help: 'Time to draw a WMS GetMap image, by size class (tile up to 512x512, large up to 1024x1024, poster above)',
      labelNames: ['size'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers,
    });
    this.limitRefusals = new client.Counter({
      name: 'agromet_limit_refusals_total',
      help: 'Calls refused by a shared limit (comment: public comments per address; wms_heavy: large WMS images per user)',
      labelNames: ['limit'],
      registers,
    });
    const db = opts.db;
    if (db) {
      new client.Gauge({
        name: 'agromet_job_queue_depth',
        help: 'Jobs not yet ended, by kind and state (queued, running), as the database holds them (every process alike)',
        labelNames: ['kind', 'state'],
        registers,
        async collect() {
          this.reset();
          try {
            const rows = await db
              .selectFrom('job')
              .select(['kind', 'status'])
              .select((eb) => eb.fn.countAll<string | number>().as('n'))
              .where('status', 'in', ['queued', 'running'])
              .groupBy(['kind', 'status'])
              .execute();
            for (const r of rows) this.set({ kind: r.kind, state: r.status }, Number(r.n));
          } catch {
            // The database away: no depth this scrape (readiness says why).
          }
        },
      });
    }
    const pool = opts.pool;
    if (pool) {
      new client.Gauge({
        name: 'agromet_db_pool_connections',
        help: 'PostgreSQL pool connections of this process, by state (total, idle, waiting: callers waiting for one)',
        labelNames: ['state'],
        registers,
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
      new client.Gauge({
        name: 'agromet_db_pool_max',
        help: 'Most connections the PostgreSQL pool of this process opens',
        registers,
        collect() {
          this.set(pool.max);
        },
      });
    }
  }

  /** Counts every answered request under its route pattern (`(static)` for the web app's files, `(none)` unmatched). */
  instrument(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const labels = { method: request.method, route: routeLabel(request), status: String(reply.statusCode) };
      this.httpRequests.inc(labels);
      this.httpDuration.observe(labels, reply.elapsedTime / 1000);
    });
    // The server's own time in every answer (Server-Timing): the browser's resource timing shows it beside the
    // network's, which is how the edit-loop bench splits an edit into its stages (docs/benchmarks.md#figures-the-edit-loop).
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('server-timing')) reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
      return payload;
    });
  }

  observeJob(kind: string, outcome: 'done' | 'failed' | 'retry', seconds: number): void {
    this.jobDuration.observe({ kind, outcome }, seconds);
    if (outcome === 'failed') this.jobFailures.inc({ kind });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return '(none)';
  return pattern.startsWith('/api') || pattern === '/metrics' ? pattern : '(static)';
}

/** Whether an Authorization header carries `token` as its bearer token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

export interface MetricsAccess {
  /** METRICS_TOKEN: callers must send it as a bearer token; on the API's own port /metrics is served only with one. */
  token: string | undefined;
}

export const METRICS_CONTENT_TYPE = client.Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * GET /metrics on the API's port, only when METRICS_TOKEN is set and sent as a bearer token: without a token set it
 * is not found (404), with a wrong or missing one 401, both in the envelope. nginx never passes /metrics on.
 */
export function metricsRoute(app: FastifyInstance, metrics: AppMetrics, access: MetricsAccess): void {
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (req, reply) => {
    if (!access.token) return apiNotFound(req, reply);
    if (!bearerMatches(req.headers.authorization, access.token)) {
      throw new AppError(ErrorCode.TOKEN_MISSING, 'tokenMissing', {}, null, { 'www-authenticate': 'Bearer' });
    }
    return reply
      .header('content-type', METRICS_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
}

/**
 * The metrics listener of its own (METRICS_PORT on METRICS_HOST, 127.0.0.1 unless set): GET /metrics only, with the
 * bearer token too when METRICS_TOKEN is set. Resolves with the listening server (its port when 0 was asked).
 */
export async function listenMetrics(
  metrics: AppMetrics,
  at: { host: string; port: number; token: string | undefined },
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = (status: number, body: object, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || path !== '/metrics') {
      return answer(404, { code: ErrorCode.NOT_FOUND, msg: translate('en', 'notFoundPath', { path: path ?? '' }), data: null });
    }
    if (at.token && !bearerMatches(req.headers.authorization, at.token)) {
      return answer(
        401,
        { code: ErrorCode.TOKEN_MISSING, msg: translate('en', 'tokenMissing'), data: null },
        { 'www-authenticate': 'Bearer' },
      );
    }
    metrics.text().then(
      (text) => {
        res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
        res.end(text);
      },
      () => answer(500, { code: ErrorCode.INTERNAL, msg: translate('en', 'internal', { requestId: '-' }), data: null }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve());
  });
  return server;
}
