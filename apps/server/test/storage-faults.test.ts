import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form } from './file-rows.js';
import { createTestApp, type TestApp } from './helpers.js';
import { addCustomer, addUser, field, saveGrid, SMALL } from './revise-helpers.js';
import { startS3, type TestS3 } from './s3-server.js';

/**
 * The server on an S3 bucket that stops answering (an s3rver of the test's own, stopped and started on its port):
 * uploads and file reads answer 503 (5031) in the caller's language, readiness says not ready while liveness stays
 * ok, and a product job that ran meanwhile is retried with backoff and done once the bucket is back: in this
 * process's memory queue and through BullMQ (REDIS_URL).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BASE = '2026-11-24T00:00:00.000Z';
const prefixes: string[] = [];
let s3: TestS3;
const apps: TestApp[] = [];

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.start();
  for (const a of apps) {
    await a.close();
    await a.storage.close?.();
  }
  await s3?.close();
  if (prefixes.length > 0) {
    const redis = new Redis(REDIS_URL);
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    }
    await redis.quit();
  }
});

/** A server on the bucket (its own key prefix) with a product maker and the grids a product is made from. */
async function serverOnS3(env: Record<string, string> = {}) {
  const t = await createTestApp({ ...s3.env, S3_PREFIX: `faults-${randomBytes(4).toString('hex')}`, JOB_RETRY_SECONDS: '1', ...env });
  apps.push(t);
  const customer = await addCustomer(t, '陕西省气象台');
  const token = (await addUser(t, customer, 'maker', ['make.product.admin'], '制作员')).token;
  for (const lead of [3, 6]) await saveGrid(t, customer, { factor: 'pre3h', baseTime: BASE, lead, grid: field(SMALL, () => lead) });
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en') =>
    t.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  const templateId = (await call('GET', '/api/product/template/list')).json().data[0].id as number;
  return { t, token, call, templateId };
}

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();

type Server = Awaited<ReturnType<typeof serverOnS3>>;

/** Makes a one-lead product while the bucket is down, then brings the bucket back: the job ends done, made once. */
async function productRetriedAcrossOutage(s: Server) {
  await s3.stop();
  try {
    const made = await s.call('POST', '/api/product/make', {
      type: 'fine-grid',
      factor: 'pre3h',
      baseTime: BASE,
      mode: 'lead',
      lead: 3,
      templateId: s.templateId,
    });
    expect(made.json().code).toBe(0);
    const { jobId, productId } = made.json().data as { jobId: string; productId: number };
    // The run met the fault: the job waits, queued, saying it will be retried; the product is not failed.
    const waiting = await until(
      'the job waiting for its retry',
      async () => (await s.call('GET', `/api/job/${jobId}`)).json().data,
      (j) => j.status === 'queued' && typeof j.error === 'string' && j.error.includes('retried'),
    );
    expect(waiting.error).toMatch(/File storage is briefly unavailable; the job will be retried \(retry \d of 8\)/);
    const product = (await s.call('GET', `/api/product/info?id=${productId}`)).json().data;
    expect(product.status).not.toBe('failed');
    return { jobId, productId };
  } finally {
    await s3.start();
  }
}

async function expectProductDone(s: Server, ids: { jobId: string; productId: number }) {
  const job = await until(
    'the retried job',
    async () => (await s.call('GET', `/api/job/${ids.jobId}`)).json().data,
    (j) => j.status === 'done' || j.status === 'failed',
    30_000,
  );
  expect(job).toMatchObject({ status: 'done', progress: 100, error: null });
  const row = await s.t.db.db.selectFrom('job').select(['attempts']).where('id', '=', ids.jobId).executeTakeFirstOrThrow();
  // The retries are no crash take-ups: the row counts one.
  expect(row.attempts).toBe(1);
  const info = (await s.call('GET', `/api/product/info?id=${ids.productId}`)).json().data;
  expect(info.status).toBe('done');
  expect(info.files).toHaveLength(1);
  const file = await s.call('GET', `/api/product/file?id=${info.files[0].id}&format=png`);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('image/png');
}

describe('S3 stopped', () => {
  let s: Server;
  beforeAll(async () => {
    s = await serverOnS3();
  });

  it('answers uploads and file reads 503 (5031) in the caller language, readiness false, liveness still ok', async () => {
    const ready = await s.t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 0, data: { ready: true, db: 'ok', storage: 'ok', redis: 'none' } });
    const m = form({}, { name: 'a.png', type: 'image/png', bytes: await png() });
    const upload = (lang: string) =>
      s.t.app.inject({
        method: 'POST',
        url: '/api/file/upload',
        payload: m.payload,
        headers: { ...m.headers, authorization: `Bearer ${s.token}`, 'accept-language': lang },
      });
    const stored = (await upload('en')).json();
    expect(stored.code).toBe(0);
    const filePath = stored.msg as string;

    await s3.stop();
    try {
      const refused = { en: await upload('en'), es: await upload('es'), zh: await upload('zh') };
      for (const res of Object.values(refused)) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toMatchObject({ code: 5031, data: null });
      }
      expect(refused.en.json().msg).toBe('File storage is briefly unavailable and the request was not completed; please try again shortly');
      expect(refused.es.json().msg).toMatch(/^El almacenamiento de archivos no está disponible/);
      expect(refused.zh.json().msg).toBe('文件存储暂时不可用，本次操作未完成，请稍后重试');
      const read = await s.t.app.inject({ method: 'GET', url: `${filePath}?token=${s.token}`, headers: { 'accept-language': 'en' } });
      expect(read.statusCode).toBe(503);
      expect(read.json().code).toBe(5031);

      // Readiness follows within its cache (2 s): 503 in the envelope naming storage; liveness stays 200.
      const notReady = await until(
        'readiness',
        () => s.t.app.inject({ method: 'GET', url: '/api/health/ready', headers: { 'accept-language': 'en' } }),
        (r) => r.statusCode === 503,
      );
      expect(notReady.json()).toMatchObject({ code: 5031, data: { ready: false, db: 'ok', storage: 'unavailable', redis: 'none' } });
      expect((await s.t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await s3.start();
    }
    await until(
      'readiness back',
      () => s.t.app.inject({ method: 'GET', url: '/api/health/ready' }),
      (r) => r.statusCode === 200,
    );
    expect((await upload('en')).json().code).toBe(0);
  });

  it('retries a product job that met the outage (memory queue) and has it done once S3 is back', async () => {
    await expectProductDone(s, await productRetriedAcrossOutage(s));
  });
});

describe('S3 stopped, jobs through BullMQ (REDIS_URL)', () => {
  it('retries a product job that met the outage after the queue backoff, done once S3 is back', async () => {
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    prefixes.push(prefix);
    const s = await serverOnS3({ REDIS_URL, REDIS_PREFIX: prefix });
    const ready = (await s.t.app.inject({ method: 'GET', url: '/api/health/ready' })).json();
    expect(ready.data).toMatchObject({ ready: true, redis: 'ok' });
    await expectProductDone(s, await productRetriedAcrossOutage(s));
  });
});
