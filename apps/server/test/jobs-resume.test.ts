import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nowIso } from '../src/core/db/index.js';
import { MAX_ATTEMPTS, STALE_AFTER_MS, type SharedJobQueue } from '../src/core/jobs.js';
import { stagedKey } from '../src/modules/grids/import.js';
import { childProcessEnv, createTestApp, startApp, type TestApp } from './helpers.js';
import { multipartForm } from './revise-helpers.js';

/**
 * Jobs outlive the process that took them (docs/architecture.md#how-a-job-runs): the payload is in the row, a stale job is taken
 * up again by one process only, a job taken up too often is failed with the reason, a rerun does not double its effect,
 * and a server killed in the middle of an import has the import finished by the next process, in memory or through
 * BullMQ on Redis.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HENAN_FILE = path.resolve(import.meta.dirname, '../../../packages/grid/test-data/henan-t2m.m4');
const HENAN_M4 = fs.readFileSync(HENAN_FILE);
const prefixes: string[] = [];
let t: TestApp;
let token = '';
let platformId = 0;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('admin')).access_token;
  platformId = (await t.db.db.selectFrom('customer').select('id').where('is_platform', '=', 1).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
  const redis = new Redis(REDIS_URL);
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  await redis.quit();
});

const longAgo = () => new Date(Date.now() - 2 * STALE_AFTER_MS).toISOString();
const jobRow = (id: string) => t.db.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A job row as a process that stopped leaves it. */
async function strandedJob(kind: string, payload: unknown, attempts = 1, status: 'queued' | 'running' = 'running'): Promise<string> {
  const id = randomUUID();
  await t.db.db
    .insertInto('job')
    .values({
      id,
      customer_id: platformId,
      user_id: null,
      kind,
      status,
      progress: 30,
      error: null,
      result: null,
      payload: payload === undefined ? null : JSON.stringify(payload),
      attempts,
      created_at: longAgo(),
      updated_at: longAgo(),
    })
    .execute();
  return id;
}

const interrupted = JSON.stringify({ key: 'jobInterrupted', params: {} });

describe('jobs of a stopped process, in the memory queue', () => {
  it('are run again from their row, by one of two processes sweeping at once', async () => {
    const second = await startApp(t.config, { logger: false });
    try {
      const runs: Array<{ n: number; attempt: number }> = [];
      for (const jobs of [t.jobs, second.jobs]) {
        jobs.define('test.count', z.object({ n: z.number() }), async (p, ctx) => {
          runs.push({ n: p.n, attempt: ctx.attempt });
          return { doubled: p.n * 2 };
        });
      }
      const id = await strandedJob('test.count', { n: 21 });
      const handled = await Promise.all([t.jobs.recoverStale(), second.jobs.recoverStale()]);
      expect(handled[0]! + handled[1]!).toBe(1);
      await Promise.all([t.jobs.idle(), second.jobs.idle()]);
      expect(runs).toEqual([{ n: 21, attempt: 2 }]);
      expect(await jobRow(id)).toMatchObject({ status: 'done', progress: 100, attempts: 2, result: JSON.stringify({ doubled: 42 }) });
    } finally {
      await second.close();
    }
  });

  it('are failed with the reason once taken up too often, or when their payload was never kept', async () => {
    let ran = 0;
    t.jobs.define('test.never', z.unknown(), async () => {
      ran += 1;
    });
    const spent = await strandedJob('test.never', {}, MAX_ATTEMPTS);
    const withoutPayload = await strandedJob('test.never', undefined, 1, 'queued');
    const fresh = await strandedJob('test.never', {}, 1);
    await t.db.db.updateTable('job').set({ updated_at: nowIso() }).where('id', '=', fresh).execute();
    await t.jobs.recoverStale();
    await t.jobs.idle();
    expect(ran).toBe(0);
    for (const id of [spent, withoutPayload]) expect(await jobRow(id)).toMatchObject({ status: 'failed', error: interrupted });
    // A job its process still marks alive is left to it.
    expect((await jobRow(fresh)).status).toBe('running');
    const res = await t.app.inject({ method: 'GET', url: `/api/job/${spent}`, headers: { ...t.bearer(token), 'accept-language': 'en' } });
    expect(res.json().data).toMatchObject({
      status: 'failed',
      error: 'The job was interrupted because the server stopped; submit it again',
    });
  });

  it('leaves to others the kinds it does not run, and a command that does not recover leaves every job', async () => {
    const id = await strandedJob('test.elsewhere', { n: 1 });
    await t.jobs.recoverStale();
    expect((await jobRow(id)).status).toBe('running');
  });

  it('a grid import run again after its first run saved does not make a second version', async () => {
    const first = await importAndWait(t);
    expect(first).toMatchObject({ status: 'done', result: { version: 1 } });
    const id = first.id as string;
    // As if the process had died after the save and before recording the job done: the row unfinished, the upload
    // still staged.
    await t.storage.put(stagedKey(platformId, id), HENAN_M4);
    await t.db.db.updateTable('job').set({ status: 'running', result: null, updated_at: longAgo() }).where('id', '=', id).execute();
    expect(await t.jobs.recoverStale()).toBe(1);
    await t.jobs.idle();
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
    expect(JSON.parse(row.result!)).toMatchObject({ version: 1, gridId: first.result.gridId });
    const grids = await t.db.db.selectFrom('grid').select(['version']).where('id', '=', first.result.gridId).execute();
    expect(grids).toEqual([{ version: 1 }]);
    expect(await t.storage.get(stagedKey(platformId, id))).toBeNull();
  });
});

describe('the stale-job sweep with a shared queue', () => {
  /** A shared queue that knows what the test says of each job. */
  function queueKnowing(states: Record<string, 'pending' | 'failed' | 'unknown'>) {
    const added: string[] = [];
    const queue: SharedJobQueue = {
      add: async (id) => void added.push(id),
      consume: () => undefined,
      state: async (id) => states[id] ?? 'unknown',
      close: async () => undefined,
    };
    return { queue, added };
  }

  it('adds back what the queue lost, fails what it gave up, and leaves what it still holds', async () => {
    const { JobRunner } = await import('../src/core/jobs.js');
    const lost = await strandedJob('test.shared', { n: 1 }, 1, 'queued');
    const given = await strandedJob('test.shared', { n: 2 });
    const waiting = await strandedJob('test.shared', { n: 3 }, 0, 'queued');
    const { queue, added } = queueKnowing({ [given]: 'failed', [waiting]: 'pending' });
    const runner = new JobRunner(t.db.db, { shared: queue, consume: false });
    runner.define('test.shared', z.unknown(), async () => undefined);
    try {
      expect(await runner.recoverStale()).toBe(2);
      expect(added).toEqual([lost]);
      expect(await jobRow(given)).toMatchObject({ status: 'failed', error: interrupted });
      expect((await jobRow(waiting)).status).toBe('queued');
      expect((await jobRow(lost)).status).toBe('queued');
    } finally {
      await runner.close();
    }
  });
});

const m4Fields = { type: 'fine-grid', factor: 'tmp' };

async function importAndWait(app: TestApp) {
  const m = multipartForm(m4Fields, { name: 'h.m4', bytes: HENAN_M4 });
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/grid/import',
    headers: { ...app.bearer(token), ...m.headers },
    payload: m.payload,
  });
  expect(res.json().code).toBe(0);
  const id = res.json().data.jobId as string;
  await app.jobs.waitFor(id);
  return (await app.app.inject({ method: 'GET', url: `/api/job/${id}`, headers: app.bearer(token) })).json().data;
}

/** Starts a server that posts an import and blocks inside its save; answers the job id once it blocks. */
async function crashingImport(env: Record<string, string>): Promise<{ jobId: string; kill: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/job-crash-child.ts')], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: childProcessEnv(t, {
      IMPORT_FIELDS: JSON.stringify({ ...m4Fields, baseTime: '2026-03-01T00:00:00.000Z', lead: '12' }),
      IMPORT_FILE: HENAN_FILE,
      IMPORT_TOKEN: token,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stderr.on('data', (d) => (errors += String(d)));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const jobId = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child never blocked in the import: ${output} ${errors}`)), 45_000);
    child.stdout.on('data', (d) => {
      output += String(d);
      const job = /JOB (.*)\n/.exec(output);
      if (output.includes('READY') && job) {
        clearTimeout(timer);
        resolve((JSON.parse(job[1]!) as { data: { jobId: string } }).data.jobId);
      }
    });
    child.on('exit', () => reject(new Error(`the child ended early: ${output} ${errors}`)));
  });
  return {
    jobId,
    kill: async () => {
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
    },
  };
}

async function expectImportedOnce(jobId: string, lead: number) {
  const row = await jobRow(jobId);
  expect(row).toMatchObject({ status: 'done', attempts: 2 });
  expect(JSON.parse(row.result!)).toMatchObject({ version: 1, lead });
  const grids = await t.db.db.selectFrom('grid').select('version').where('base_time', '=', '2026-03-01T00:00:00.000Z').execute();
  expect(grids).toEqual([{ version: 1 }]);
}

describe('a server killed in the middle of an import', () => {
  it('has the import finished by the next process (memory queue)', async () => {
    const crash = await crashingImport({});
    expect((await jobRow(crash.jobId)).status).toBe('running');
    await crash.kill();
    const next = await startApp(t.config, { logger: false });
    try {
      // The dead process's heartbeat has stopped; a sweep after the stale period takes the job up.
      expect(await next.jobs.recoverStale(Date.now() + STALE_AFTER_MS + 1000)).toBe(1);
      await next.jobs.waitFor(crash.jobId);
      await expectImportedOnce(crash.jobId, 12);
    } finally {
      await next.close();
    }
  });

  it('has the import finished by another worker through BullMQ (stalled-job recovery)', async () => {
    await t.db.db.deleteFrom('grid').where('base_time', '=', '2026-03-01T00:00:00.000Z').execute();
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    prefixes.push(prefix);
    const env = { REDIS_URL, REDIS_PREFIX: prefix, JOB_STALE_SECONDS: '2' };
    const crash = await crashingImport(env);
    await crash.kill();
    // Another process taking jobs from the same queue: BullMQ finds the job's lock lapsed and runs it again here.
    const { loadConfig } = await import('../src/config.js');
    const other = await startApp(loadConfig({ ...envOf(t), ...env }), { logger: false });
    try {
      await other.jobs.waitFor(crash.jobId);
      await expectImportedOnce(crash.jobId, 12);
    } finally {
      await other.close();
    }
  });
});

/** The environment a test app was configured from (its data folder and database). */
function envOf(app: TestApp): Record<string, string> {
  return {
    DATA_DIR: app.dataDir,
    SCRYPT_LOG_N: '12',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(app.dataDir, 'no-web'),
    ...(app.config.databaseUrl ? { DATABASE_URL: app.config.databaseUrl } : {}),
  };
}

describe('separate job workers (npm run worker)', () => {
  it('run the jobs an API process with JOBS_IN_API=0 records, and stop on SIGTERM', async () => {
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    prefixes.push(prefix);
    const env = { ...envOf(t), REDIS_URL, REDIS_PREFIX: prefix };
    const { loadConfig } = await import('../src/config.js');
    const api = await startApp(loadConfig({ ...env, JOBS_IN_API: '0' }), { logger: false });
    const worker = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/worker.ts')], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { PATH: process.env.PATH, ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    worker.stdout.on('data', (d) => (log += String(d)));
    worker.stderr.on('data', (d) => (log += String(d)));
    const exited = new Promise<number | null>((resolve) => worker.on('exit', (code) => resolve(code)));
    try {
      const job = await importAndWait({ ...t, app: api.app, jobs: api.jobs } as TestApp);
      expect(job).toMatchObject({ status: 'done', progress: 100 });
      expect(job.result).toMatchObject({ type: 'fine-grid', factor: 'tmp' });
      expect(log).toContain('job worker started');
    } finally {
      await api.close();
      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});

describe('a job submitted while Redis is away', () => {
  it('is answered 503 (5030) and its row failed at once, not left waiting', async () => {
    const { JobRunner } = await import('../src/core/jobs.js');
    const { openBullJobQueue } = await import('../src/core/job-queue.js');
    const { AppError } = await import('../src/core/errors.js');
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const log = { error: () => undefined, warn: () => undefined };
    const runner = new JobRunner(t.db.db, {
      shared: await openBullJobQueue(`redis://127.0.0.1:${closed}`, 'test:', log, 2000),
      consume: false,
      log,
    });
    runner.define('test.nowhere', z.unknown(), async () => undefined);
    const id = randomUUID();
    try {
      const error = await runner.enqueue('test.nowhere', {}, { customerId: platformId, userId: null }, id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 5030 });
      expect(await jobRow(id)).toMatchObject({ status: 'failed', error: JSON.stringify({ key: 'serviceUnavailable', params: {} }) });
    } finally {
      await runner.close();
    }
  });
});
