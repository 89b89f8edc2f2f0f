import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'kysely';
import { listenMetrics } from '../src/core/metrics.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

/**
 * /metrics after known traffic (docs/operations.md#metrics): counts by route pattern and status, never a raw address,
 * token or password in a label; served with METRICS_TOKEN only, or on a listener of its own.
 */
const METRICS_TOKEN = `mt-${randomBytes(16).toString('hex')}`;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

const scrape = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

/** The value of one series, its labels in any order. */
function value(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)\{([^}]*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...m[2]!.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return 0;
}

describe('/metrics', () => {
  it('counts requests by route pattern and status after known traffic, with no secret in any label', async () => {
    const t = await createTestApp({ METRICS_TOKEN });
    apps.push(t);
    const before = await scrape(t);
    const live = (labels: Record<string, string>) => value(before, 'agromet_http_requests_total', labels);
    for (let i = 0; i < 3; i += 1) expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const { access_token: token } = await t.login('admin');
    // A wrong password and a token in an address: neither may reach a label.
    const wrong = `Wrong-${randomBytes(6).toString('hex')}`;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login/login', payload: { username: 'admin', password: wrong } })).statusCode,
    ).toBe(401);
    for (const id of [123457, 765431]) {
      await t.app.inject({ method: 'GET', url: `/api/user/${id}/rids`, headers: t.bearer(token) });
    }
    await t.app.inject({ method: 'GET', url: `/api/wms?service=WMS&request=GetCapabilities&token=${token}` });
    await t.app.inject({ method: 'GET', url: `/api/no-such-call/${wrong}` });

    const after = await scrape(t);
    const count = (labels: Record<string, string>) => value(after, 'agromet_http_requests_total', labels);
    expect(count({ method: 'GET', route: '/api/health/live', status: '200' }) - live({ route: '/api/health/live', status: '200' })).toBe(3);
    expect(count({ method: 'POST', route: '/api/login/login', status: '200' })).toBe(1);
    expect(count({ method: 'POST', route: '/api/login/login', status: '401' })).toBe(1);
    // Two users' calls under one pattern, the ids nowhere.
    const rids = ['200', '404'].reduce((n, status) => n + count({ method: 'GET', route: '/api/user/:id/rids', status }), 0);
    expect(rids).toBe(2);
    expect(count({ method: 'GET', route: '(none)', status: '404' })).toBe(1);
    expect(
      value(after, 'agromet_http_request_duration_seconds_count', { route: '/api/health/live', status: '200' }),
    ).toBeGreaterThanOrEqual(3);
    for (const secret of [token, wrong, ADMIN_PASSWORD, METRICS_TOKEN, '123457', '765431', 'no-such-call'])
      expect(after).not.toContain(secret);
    // The process's own metrics (prom-client's defaults) and the series this server adds.
    for (const name of ['nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes'])
      expect(after).toMatch(new RegExp(`^${name}\\{`, 'm'));
    for (const name of [
      'agromet_job_duration_seconds',
      'agromet_job_failures_total',
      'agromet_wms_render_duration_seconds',
      'agromet_limit_refusals_total',
    ])
      expect(after).toContain(`# TYPE ${name} `);
  });

  it('counts the job queue by kind and state, and the comment limit’s refusals', async () => {
    const t = await createTestApp({ METRICS_TOKEN });
    apps.push(t);
    const now = new Date().toISOString();
    await t.db.db
      .insertInto('job')
      .values(
        ['metrics-q1', 'metrics-q2'].map((id) => ({
          id,
          kind: 'grid-import',
          status: 'queued',
          progress: 0,
          customer_id: 1,
          user_id: 1,
          created_at: now,
          updated_at: now,
        })) as never,
      )
      .execute();
    const text = await scrape(t);
    expect(value(text, 'agromet_job_queue_depth', { kind: 'grid-import', state: 'queued' })).toBe(2);
    for (let i = 0; i < 7; i += 1)
      await t.app.inject({
        method: 'POST',
        url: '/api/public/travel/comments',
        payload: { targetType: 'spot', targetId: 999_999, rating: 5, text: '好', nickname: '游客' },
        remoteAddress: '198.51.100.77',
      });
    const later = await scrape(t);
    expect(value(later, 'agromet_limit_refusals_total', { limit: 'comment' })).toBe(2);
    expect(later).not.toContain('198.51.100.77');
    if (t.db.dialect === 'postgres') expect(value(later, 'agromet_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });

  it('times each job run by kind and outcome, and counts the failed ones', async () => {
    const t = await createTestApp({ METRICS_TOKEN });
    apps.push(t);
    t.jobs.define('metrics-ok', z.unknown(), async () => ({ fine: true }));
    t.jobs.define('metrics-bad', z.unknown(), async () => {
      throw new Error('broken on purpose');
    });
    const owner = { customerId: 1, userId: 1 };
    for (const kind of ['metrics-ok', 'metrics-ok', 'metrics-bad']) await t.jobs.waitFor(await t.jobs.enqueue(kind, {}, owner));
    const text = await scrape(t);
    expect(value(text, 'agromet_job_duration_seconds_count', { kind: 'metrics-ok', outcome: 'done' })).toBe(2);
    expect(value(text, 'agromet_job_duration_seconds_count', { kind: 'metrics-bad', outcome: 'failed' })).toBe(1);
    expect(value(text, 'agromet_job_failures_total', { kind: 'metrics-bad' })).toBe(1);
    expect(value(text, 'agromet_job_failures_total', { kind: 'metrics-ok' })).toBe(0);
    expect(text).not.toContain('broken on purpose');
  });

  it('is not served on the API port without METRICS_TOKEN, and asks for the token when it is set', async () => {
    const plain = await createTestApp();
    apps.push(plain);
    expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const t = await createTestApp({ METRICS_TOKEN });
    apps.push(t);
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${METRICS_TOKEN}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 4000, data: null });
    }
  });

  it('serves GET /metrics on a listener of its own (METRICS_PORT) and nothing else there', async () => {
    const plain = await createTestApp();
    apps.push(plain);
    const server = await listenMetrics(plain.metrics, { host: '127.0.0.1', port: 0, token: undefined });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE agromet_http_requests_total counter');
      expect((await fetch(`${base}/api/health/live`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('health', () => {
  it('answers liveness without asking anything, and readiness naming each dependency and the migrations', async () => {
    const t = await createTestApp();
    apps.push(t);
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ code: 0, data: { status: 'ok' } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json()).toMatchObject({ code: 0, data: { ready: true, db: 'ok', storage: 'ok', redis: 'none', migrations: 'ok' } });
  });

  it('is not ready while a migration this release runs is not recorded (another process migrating), ready again after', async () => {
    const t = await createTestApp();
    apps.push(t);
    const last = await t.db.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow();
    const name = (last as { name: string }).name;
    const row = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration where name = ${name}`.execute(
      t.db.db,
    );
    await sql`delete from kysely_migration where name = ${name}`.execute(t.db.db);
    const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready', headers: { 'accept-language': 'en' } });
    try {
      await expect.poll(async () => (await ready()).statusCode, { timeout: 15_000, interval: 200 }).toBe(503);
      expect((await ready()).json()).toMatchObject({ code: 5030, data: { ready: false, db: 'ok', migrations: 'running' } });
    } finally {
      const r = row.rows[0]!;
      await sql`insert into kysely_migration (name, timestamp) values (${r.name}, ${r.timestamp})`.execute(t.db.db);
    }
    await expect.poll(async () => (await ready()).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'is not ready while the database refuses connections or the migrator holds its lock, and ready again when back',
    async () => {
      const t = await createTestApp();
      apps.push(t);
      const url = new URL(t.config.databaseUrl!);
      const name = url.pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });
      try {
        // The database stopped, as far as this server can tell: no new connection, every open one ended.
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
        await expect.poll(async () => (await ready()).statusCode, { timeout: 20_000, interval: 200 }).toBe(503);
        expect((await ready()).json()).toMatchObject({ code: 5030, data: { ready: false, db: 'unavailable' } });
        expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      } finally {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      }
      await expect.poll(async () => (await ready()).statusCode, { timeout: 20_000, interval: 200 }).toBe(200);

      // The same lock taken in another database of the server (another service migrating) says nothing of this one.
      await admin.query('SELECT pg_advisory_lock(3853314791062309107)');
      const lockedAt = new Date().toISOString();
      await expect
        .poll(async () => String((await ready()).json().data?.checkedAt) > lockedAt, { timeout: 20_000, interval: 200 })
        .toBe(true);
      expect((await ready()).json().data).toMatchObject({ ready: true, migrations: 'ok' });
      await admin.query('SELECT pg_advisory_unlock(3853314791062309107)');

      // Kysely's migrator lock held by another connection: a migration running elsewhere.
      const other = new pg.Client({ connectionString: t.config.databaseUrl });
      await other.connect();
      try {
        await other.query('SELECT pg_advisory_lock(3853314791062309107)');
        await expect.poll(async () => (await ready()).json().data?.migrations, { timeout: 20_000, interval: 200 }).toBe('running');
        expect((await ready()).statusCode).toBe(503);
      } finally {
        await other.end();
        await admin.end();
      }
      await expect.poll(async () => (await ready()).statusCode, { timeout: 20_000, interval: 200 }).toBe(200);
    },
  );
});
