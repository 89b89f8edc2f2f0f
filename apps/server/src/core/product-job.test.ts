import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrate } from '../migrations.js';
import { nowIso, openDatabase, type DbHandle } from './db/index.js';
import { JobError, JobRunner, type JobContext, type JobLogger } from './jobs.js';
import { translate } from './messages.js';
import {
  enqueueProductJob,
  finishedProduct,
  newProductColumns,
  productJobBusy,
  productJobError,
  productJobStatus,
  removeProductRow,
  runningProductJobs,
  runProductJob,
  writeProductFiles,
  type ProductJobState,
  type ProductStatus,
} from './product-job.js';
import { LocalFileStorage } from './storage.js';

// The life of a product made by a job (queued → running → done | failed, files before the row, removal on failure), on
// a real runner and a migrated SQLite database, with risk_product as the product table.

const state = (s: Partial<ProductJobState>): ProductJobState => ({
  status: 'queued',
  job_status: 'queued',
  job_progress: 0,
  job_error: null,
  ...s,
});

describe('productJobStatus', () => {
  it.each<[string, Partial<ProductJobState>, { status: ProductStatus; progress: number }]>([
    ['a done row, whatever its job', { status: 'done', job_status: null, job_progress: null }, { status: 'done', progress: 100 }],
    ['a queued row with its job queued', { job_status: 'queued', job_progress: 0 }, { status: 'queued', progress: 0 }],
    ['a row whose job runs', { status: 'running', job_status: 'running', job_progress: 40 }, { status: 'running', progress: 40 }],
    ['a failed row', { status: 'failed', job_status: 'failed', job_progress: 30 }, { status: 'failed', progress: 30 }],
    ['a row whose job row is gone', { job_status: null, job_progress: null }, { status: 'failed', progress: 0 }],
    [
      'a row whose job ended done without marking it',
      { status: 'running', job_status: 'done', job_progress: 100 },
      { status: 'failed', progress: 100 },
    ],
    [
      'a row whose job failed before marking it',
      { status: 'running', job_status: 'failed', job_progress: 5 },
      { status: 'failed', progress: 5 },
    ],
  ])('%s', (_name, s, expected) => {
    expect(productJobStatus(state(s))).toEqual(expected);
  });
});

describe('productJobError', () => {
  it("is the job's error in the reader's language, interrupted when the job left none, null unless failed", () => {
    const failed = state({ status: 'failed', job_status: 'failed', job_error: JSON.stringify({ key: 'notFound', params: {} }) });
    expect(productJobError(failed, 'failed', 'en')).toBe(translate('en', 'notFound'));
    expect(productJobError(state({ status: 'failed', job_status: null }), 'failed', 'es')).toBe(translate('es', 'jobInterrupted'));
    expect(productJobError(failed, 'done', 'zh')).toBeNull();
  });
});

describe('runningProductJobs and productJobBusy', () => {
  it('list and hold back the products whose job is queued or running, only those', () => {
    const row = (id: number, s: Partial<ProductJobState>) => ({ ...state(s), id, name: `p${id}`, job_id: `j${id}` });
    const rows = [
      row(1, { job_status: 'queued' }),
      row(2, { status: 'running', job_status: 'running', job_progress: 55 }),
      row(3, { status: 'done', job_status: 'done' }),
      row(4, { status: 'failed', job_status: 'failed' }),
      row(5, { job_status: null }),
    ];
    expect(runningProductJobs(rows)).toEqual([
      { productId: 1, name: 'p1', progress: 0, status: 'queued', jobId: 'j1' },
      { productId: 2, name: 'p2', progress: 55, status: 'running', jobId: 'j2' },
    ]);
    expect(rows.map(productJobBusy)).toEqual(['queued', 'running', null, null, null]);
  });
});

describe('a product job', () => {
  let handle: DbHandle;
  let storage: LocalFileStorage;
  let runner: JobRunner;
  let customer = 0;
  const logged: string[] = [];
  const log: JobLogger = { error: (_obj, msg) => logged.push(msg), warn: (_obj, msg) => logged.push(msg) };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'product-job-'));
  /** What the test's job does with the product row it is given (set by each test before it queues). */
  let make: (row: { id: number; status: string }, ctx: JobContext) => Promise<unknown> = async () => null;
  const FILES = ['a.bin', 'b.bin'];
  const prefix = (id: number) => `risk/${customer}/${id}`;

  beforeAll(async () => {
    handle = openDatabase({ databaseUrl: undefined, dataDir: dir });
    await migrate(handle);
    storage = new LocalFileStorage(path.join(dir, 'files'));
    const now = nowIso();
    customer = (
      await handle.db
        .insertInto('customer')
        .values({ name: '产品任务测试', center_lat: 34, center_lon: 108, zoom: 6, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    runner = new JobRunner(handle.db, { log });
    runner.define('test.product', z.object({ productId: z.number().int() }), (p, ctx) =>
      runProductJob(handle.db, ctx, {
        table: 'risk_product',
        label: 'test product',
        load: () => handle.db.selectFrom('risk_product').select(['id', 'status']).where('id', '=', p.productId).executeTakeFirst(),
        make: (row) => make(row, ctx),
      }),
    );
  });
  afterAll(async () => {
    await runner.close();
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function insertQueued(jobId: string): Promise<number> {
    const now = nowIso();
    const row = await handle.db
      .insertInto('risk_product')
      .values({
        customer_id: customer,
        name: '测试产品',
        hazard_id: null,
        hazard_name: '霜冻',
        hazard_seed_key: null,
        kind: 'frost',
        forecast_type: 'fine-grid',
        conditions: '[]',
        base_time: now,
        lead_from: 0,
        lead_to: 24,
        region_kind: 'customer',
        region: JSON.stringify({ statsLayer: 'provinces' }),
        exposure: null,
        lang: 'zh',
        ...newProductColumns('queued', jobId, { userId: null, name: 'test' }, now),
        summaries: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The product's row and its job as a reader sees them. */
  async function seen(id: number) {
    const r = await handle.db
      .selectFrom('risk_product')
      .leftJoin('job', 'job.id', 'risk_product.job_id')
      .select([
        'risk_product.status',
        'risk_product.storage_prefix',
        'job.status as job_status',
        'job.progress as job_progress',
        'job.error as job_error',
      ])
      .where('risk_product.id', '=', id)
      .executeTakeFirst();
    if (!r) return null;
    const status = productJobStatus(r);
    return { ...status, row: r.status, prefix: r.storage_prefix, error: productJobError(r, status.status, 'en') };
  }

  /** Queues a product the way zoning and risk do: the row first (queued, naming its job), then its job. */
  async function queue(): Promise<{ id: number; jobId: string }> {
    const jobId = randomUUID();
    const id = await insertQueued(jobId);
    await enqueueProductJob({ db: handle.db, jobs: runner }, 'risk_product', id, {
      kind: 'test.product',
      payload: { productId: id },
      owner: { customerId: customer, userId: null },
      id: jobId,
    });
    return { id, jobId };
  }

  const exists = async (key: string) => (await storage.get(key)) !== null;

  it('goes queued → running → done, its files written before the row names them', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const during: Array<Awaited<ReturnType<typeof seen>>> = [];
    let filesWhenRowDone: boolean[] = [];
    make = async (row) => {
      during.push(await seen(row.id));
      await gate;
      return writeProductFiles(storage, log, { prefix: prefix(row.id), names: FILES, label: 'test product' }, async () => {
        for (const f of FILES) await storage.put(`${prefix(row.id)}/${f}`, Buffer.from(f));
        filesWhenRowDone = await Promise.all(FILES.map((f) => exists(`${prefix(row.id)}/${f}`)));
        await handle.db
          .updateTable('risk_product')
          .set({ status: 'done', storage_prefix: prefix(row.id) })
          .where('id', '=', row.id)
          .execute();
        return { productId: row.id };
      });
    };
    const { id: product, jobId } = await queue();
    // Queued at once, or already taken up by the runner (running at 5 %) by the time it is read.
    expect(['queued', 'running']).toContain((await seen(product))!.status);
    await expect.poll(() => during.length).toBe(1);
    expect(during[0]).toMatchObject({ status: 'running', row: 'running', progress: 5, error: null });
    release();
    await runner.waitFor(jobId);
    expect(filesWhenRowDone).toEqual([true, true]);
    expect(await seen(product)).toMatchObject({ status: 'done', progress: 100, row: 'done', prefix: prefix(product), error: null });
    expect((await runner.get(jobId))?.result).toBe(JSON.stringify({ productId: product }));
    expect(await finishedProduct(handle.db, 'risk_product', customer, product)).toMatchObject({ id: product, status: 'done' });
    expect(await finishedProduct(handle.db, 'risk_product', customer + 1, product)).toBeNull();
  });

  it('on a failure removes the files it wrote and ends failed with its error', async () => {
    make = (row) =>
      writeProductFiles(storage, log, { prefix: prefix(row.id), names: FILES, label: 'test product' }, async () => {
        await storage.put(`${prefix(row.id)}/${FILES[0]}`, Buffer.from('half'));
        throw new JobError('gridNotFound', { factor: 'tmin', baseTime: '2026-11-29 08:00', lead: 24 });
      });
    const { id, jobId } = await queue();
    await runner.waitFor(jobId);
    expect(await exists(`${prefix(id)}/${FILES[0]}`)).toBe(false);
    // The file never written (b.bin) is no error: nothing is logged.
    expect(logged).toEqual([]);
    expect(await seen(id)).toMatchObject({
      status: 'failed',
      row: 'failed',
      prefix: null,
      error: translate('en', 'gridNotFound', { factor: 'tmin', baseTime: '2026-11-29 08:00', lead: 24 }),
    });
    expect(productJobBusy({ status: 'failed', job_status: 'failed', job_progress: 5, job_error: null })).toBeNull();
    expect(await finishedProduct(handle.db, 'risk_product', customer, id)).toBeNull();
  });

  it('is removed only once its job has ended, and only by its customer', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    make = async (row) => {
      await gate;
      return { productId: row.id };
    };
    const { id, jobId } = await queue();
    const busy = { status: 'queued', job_status: 'queued', job_progress: 0, job_error: null } as const;
    await expect(removeProductRow(handle.db, 'risk_product', customer, { id, ...busy }, 'risk.productRunning')).rejects.toMatchObject({
      code: 4009,
      key: 'risk.productRunning',
      data: { field: 'productId', status: 'queued' },
    });
    release();
    await runner.waitFor(jobId);
    const ended = { id, status: 'failed', job_status: 'done', job_progress: 100, job_error: null } as const;
    await expect(removeProductRow(handle.db, 'risk_product', customer + 1, ended, 'risk.productRunning')).rejects.toMatchObject({
      code: 4004,
    });
    expect(await seen(id)).not.toBeNull();
    await removeProductRow(handle.db, 'risk_product', customer, ended, 'risk.productRunning');
    expect(await seen(id)).toBeNull();
  });

  it('whose row is gone fails as not found, making nothing', async () => {
    let made = 0;
    make = async () => (made += 1);
    const jobId = await runner.enqueue('test.product', { productId: 999_999 }, { customerId: customer, userId: null });
    await runner.waitFor(jobId);
    expect(await runner.get(jobId)).toMatchObject({ status: 'failed', error: JSON.stringify({ key: 'notFound', params: {} }) });
    expect(made).toBe(0);
  });

  it('that the queue refuses leaves no product row behind', async () => {
    const jobId = randomUUID();
    const id = await insertQueued(jobId);
    await expect(
      enqueueProductJob({ db: handle.db, jobs: runner }, 'risk_product', id, {
        kind: 'test.unknown',
        payload: { productId: id },
        owner: { customerId: customer, userId: null },
        id: jobId,
      }),
    ).rejects.toThrow('no handler for job kind test.unknown');
    expect(await seen(id)).toBeNull();
  });
});
