import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/core/db/index.js';
import { newProductColumns } from '../src/core/product-job.js';
import { RISK_JOB } from '../src/modules/risk/products.js';
import { ZONING_JOB } from '../src/modules/zoning/products.js';
import { createTestApp, type TestApp } from './helpers.js';
import { call, platformId } from './revise-helpers.js';

/**
 * Stored JSON read through its schema (core/stored-json.ts), seen from the API: a risk product or zoning product row
 * whose JSON column is off answers 500 and logs an error naming the table, the row and the column, never a product
 * with a wrong value; a job whose stored payload is off fails with an error naming the job row and the field, and
 * the runner goes on with the next job.
 */

let t: TestApp;
let token = '';
let customer = 0;
const lines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'error' }, { loggerStream: logStream });
  token = (await t.login('admin')).access_token;
  customer = await platformId(t);
});
afterAll(async () => {
  await t.close();
});

/** The messages of the errors logged since `from`. */
const loggedErrors = (from: number) => lines.slice(from).map((l) => (JSON.parse(l) as { err?: { message?: string } }).err?.message ?? '');

/** Answers 500 / 5000 (the caller sees an internal error), and the log names the row and the column. */
async function failsNaming(url: string, named: RegExp): Promise<void> {
  const from = lines.length;
  const res = await call(t, token, 'GET', url);
  expect(res.statusCode).toBe(500);
  expect(res.json<{ code: number }>().code).toBe(5000);
  expect(loggedErrors(from)).toEqual(expect.arrayContaining([expect.stringMatching(named)]));
}

const common = () => ({
  customer_id: customer,
  region_kind: 'customer' as const,
  region: JSON.stringify({ statsLayer: 'provinces' }),
  ...newProductColumns('queued', randomUUID(), { userId: null, name: 'test' }),
  status: 'failed' as const,
});

describe('a bad stored row', () => {
  it('of a risk product is an error naming its row and column, in the product and in the list', async () => {
    const { id } = await t.db.db
      .insertInto('risk_product')
      .values({
        ...common(),
        name: '损坏的风险产品',
        hazard_id: null,
        hazard_name: '霜冻',
        hazard_seed_key: null,
        kind: 'frost',
        forecast_type: 'fine-grid',
        conditions: JSON.stringify({ factor: 'tmin' }),
        base_time: nowIso(),
        lead_from: 0,
        lead_to: 24,
        exposure: null,
        lang: 'zh',
        summaries: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const named = new RegExp(`^stored JSON in risk_product row ${id}, column conditions: does not match its shape at \\(root\\)`);
    await failsNaming(`/api/risk/product?productId=${id}`, named);
    await failsNaming('/api/risk/page?page=1&size=20', named);
    await t.db.db.deleteFrom('risk_product').where('id', '=', id).execute();
  });

  it('of a zoning product is an error naming its row and column, in the product and in the list', async () => {
    const crop = await t.db.db
      .insertInto('zoning_crop')
      .values({ customer_id: customer, seed_key: null, name: '损坏行的作物', created_at: nowIso(), updated_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id } = await t.db.db
      .insertInto('zoning_product')
      .values({
        ...common(),
        name: '损坏的区划产品',
        crop_id: crop.id,
        crop_name: '冬小麦',
        criterion_id: null,
        criterion_name: '指标',
        method: 'limiting',
        definition: '{"factors": [',
        class_names: JSON.stringify(['一', '二', '三', '四']),
        inputs: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const named = new RegExp(`^stored JSON in zoning_product row ${id}, column definition: not valid JSON`);
    await failsNaming(`/api/quhua/product?productId=${id}`, named);
    await failsNaming('/api/quhua/allByCrop?page=1&size=20', named);
    await t.db.db.deleteFrom('zoning_product').where('id', '=', id).execute();
    await t.db.db.deleteFrom('zoning_crop').where('id', '=', crop.id).execute();
  });
});

/** A job row of the customer's, written as it stands (a zoning job; `row` gives its state and stored texts). */
async function insertJob(
  id: string,
  row: { status: 'queued' | 'done'; progress: number; result: string | null; payload: string; attempts: number; at: string },
): Promise<void> {
  const { at, ...rest } = row;
  await t.db.db
    .insertInto('job')
    .values({ id, customer_id: customer, user_id: null, kind: ZONING_JOB, error: null, ...rest, created_at: at, updated_at: at })
    .execute();
}

describe("a job's stored payload", () => {
  async function jobError(id: string, lang: string) {
    const res = await call(t, token, 'GET', `/api/job/${id}`, undefined, lang);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { status: string; error: string | null } }>().data;
  }

  it('of the wrong shape fails the job naming the job row and the field, in the reader’s language', async () => {
    const from = lines.length;
    const id = await t.jobs.enqueue(RISK_JOB, { productId: 'seven', customerId: customer }, { customerId: customer, userId: null });
    await t.jobs.waitFor(id);
    expect(await jobError(id, 'en')).toMatchObject({
      status: 'failed',
      error: `The job ${id} failed: stored data is not valid (job row ${id}, field payload.productId); details are in the server log`,
    });
    expect((await jobError(id, 'zh')).error).toBe(
      `任务 ${id} 失败：保存的数据无效（job 表第 ${id} 行，字段 payload.productId），详情见服务器日志`,
    );
    expect(loggedErrors(from)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^stored JSON in job row ${id}, column payload: does not match its shape at productId`)),
      ]),
    );
  });

  it('that is not JSON fails the job taken up from its row, and the runner goes on with the next job', async () => {
    const id = randomUUID();
    const long = new Date(Date.now() - 24 * 3600_000).toISOString();
    await insertJob(id, { status: 'queued', progress: 0, result: null, payload: '{"productId": 1, "customerId"', attempts: 0, at: long });
    expect(await t.jobs.recoverStale()).toBeGreaterThanOrEqual(1);
    await t.jobs.waitFor(id);
    expect(await jobError(id, 'es')).toMatchObject({
      status: 'failed',
      error: `La tarea ${id} falló: los datos guardados no son válidos (job, fila ${id}, campo payload); los detalles están en el registro del servidor`,
    });
    // The next job of the same kind runs: a product that does not exist is its own error, not the row before's.
    const next = await t.jobs.enqueue(
      ZONING_JOB,
      { productId: 999999, customerId: customer, lang: 'en' },
      { customerId: customer, userId: null },
    );
    await t.jobs.waitFor(next);
    expect(await jobError(next, 'en')).toMatchObject({ status: 'failed', error: 'No such record' });
  });

  it('whose stored result is cut off is an error naming the job row, not a result', async () => {
    const id = randomUUID();
    await insertJob(id, { status: 'done', progress: 100, result: '{"productId": 1, "stats"', payload: '{}', attempts: 1, at: nowIso() });
    await failsNaming(`/api/job/${id}`, new RegExp(`^stored JSON in job row ${id}, column result: not valid JSON`));
  });
});
