import { gridBBox, type GridGeometry } from '@agromet/grid';
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Db } from './db/index.js';
import type { Database } from './db/schema.js';
import type { GridGeometryColumns, ProductJobColumns } from './db/schema/columns.js';
import { nowIso } from './db/index.js';
import { createdStamp } from './db/stamps.js';
import { JobError, jobErrorMessage, type JobContext, type JobOwner, type JobRunner } from './jobs.js';
import { errors } from './errors.js';
import { paged, type Page, type PageRequest } from './paging.js';
import { translate, type Lang, type MessageKey } from './messages.js';
import { removeFiles, type CleanupLog, type FileStorage } from './storage.js';

// The life of a product made by a job (zoning and risk products, docs/architecture.md#how-a-job-runs): the row is inserted
// queued with its job id and the job queued (the row removed if the queue refuses it); the job marks it running, makes
// it, writes its files before the one update that marks it done and names them, and on a failure removes the files it
// wrote and marks it failed. While queued or running, a reader sees the job's status, progress and error.

/** The tables of products made this way. */
export type ProductJobTable = 'zoning_product' | 'risk_product';

export type ProductStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * The columns a new product row starts with besides its own: its status and job, no grid window, files or statistics
 * yet, and who made it when (`userId` null and a built-in name for the demo).
 */
export function newProductColumns(
  status: 'queued' | 'running',
  jobId: string,
  by: { userId: number | null; name: string },
  now: string = nowIso(),
) {
  return {
    status,
    job_id: jobId,
    lon0: null,
    lat0: null,
    dx: null,
    dy: null,
    nx: null,
    ny: null,
    storage_prefix: null,
    stats: null,
    ...createdStamp(by, now),
  };
}

/** Queues a product's job; if the queue refuses it, the product row (inserted queued) is removed and the error thrown. */
export async function enqueueProductJob<P>(
  deps: { db: Db; jobs: JobRunner },
  table: ProductJobTable,
  productId: number,
  job: { kind: string; payload: P; owner: JobOwner; id: string },
): Promise<void> {
  try {
    await deps.jobs.enqueue<P>(job.kind, job.payload, job.owner, job.id);
  } catch (e) {
    await deps.db.deleteFrom(table).where('id', '=', productId).execute();
    throw e;
  }
}

/** Sets a product's own status (running when its job starts, failed when it fails). */
async function setStatus(db: Db, table: ProductJobTable, id: number, status: 'running' | 'failed'): Promise<void> {
  await db.updateTable(table).set({ status, updated_at: nowIso() }).where('id', '=', id).execute();
}

/**
 * A product job's frame: reads the row (a missing row fails the job as notFound), marks it running at 5 %, runs `make`
 * (which writes the files and then marks the row done, see writeProductFiles), and on any failure marks the row failed
 * (a failure to do so is logged) and rethrows, so the job records the error.
 */
export async function runProductJob<R extends { id: number }, T>(
  db: Db,
  ctx: JobContext,
  job: { table: ProductJobTable; label: string; load: () => Promise<R | undefined>; make: (row: R) => Promise<T> },
): Promise<T> {
  const row = await job.load();
  if (!row) throw new JobError('notFound');
  try {
    await setStatus(db, job.table, row.id, 'running');
    await ctx.progress(5);
    return await job.make(row);
  } catch (e) {
    await setStatus(db, job.table, row.id, 'failed').catch((err: unknown) =>
      ctx.log.error({ err, productId: row.id }, `could not mark the ${job.label} failed`),
    );
    throw e;
  }
}

/**
 * Files before rows: `write` puts the product's files under `prefix` and then marks the row done naming them. If any
 * step fails, the files a product may have there (`names`) are removed (a missing one is no error) and the error thrown.
 */
export async function writeProductFiles<T>(
  storage: FileStorage,
  log: CleanupLog,
  files: { prefix: string; names: readonly string[]; label: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (e) {
    await removeFiles(
      storage,
      files.names.map((f) => `${files.prefix}/${f}`),
      log,
      `the files of a failed ${files.label}`,
    );
    throw e;
  }
}

/** A product row joined with its job (job_status null: the job row is gone). */
export interface ProductJobState {
  status: ProductStatus;
  job_status: ProductStatus | null;
  job_progress: number | null;
  job_error: string | null;
}

/** The product's status: done once its files and row are written; else its job's (a lost or finished job: failed). */
export function productJobStatus(r: ProductJobState): { status: ProductStatus; progress: number } {
  if (r.status === 'done') return { status: 'done', progress: 100 };
  if (r.status === 'failed' || r.job_status === null || r.job_status === 'failed' || r.job_status === 'done') {
    return { status: 'failed', progress: r.job_progress ?? 0 };
  }
  return { status: r.job_status, progress: r.job_progress ?? 0 };
}

/** A failed product's error in `lang`: its job's, or "interrupted" when the job left none; null unless failed. */
export function productJobError(r: ProductJobState, status: ProductStatus, lang: Lang): string | null {
  return status === 'failed' ? (jobErrorMessage(r.job_error, lang) ?? translate(lang, 'jobInterrupted')) : null;
}

/** The products among `rows` whose job is queued or running, as the running list shows them. */
export function runningProductJobs<R extends ProductJobState & { id: number; name: string; job_id: string }>(rows: readonly R[]) {
  return rows
    .map((r) => ({ r, s: productJobStatus(r) }))
    .filter(({ s }) => s.status === 'queued' || s.status === 'running')
    .map(({ r, s }) => ({ productId: r.id, name: r.name, progress: s.progress, status: s.status, jobId: r.job_id }));
}

/** Whether a product may not be deleted now (its job queued or running). */
export function productJobBusy(r: ProductJobState): ProductStatus | null {
  const { status } = productJobStatus(r);
  return status === 'queued' || status === 'running' ? status : null;
}

/**
 * Removes a product's row, refused while its job is queued or running (4009 `busyKey`, naming the status, field
 * productId). The caller removes its files after: rows before files, so that no row ever names a file already gone.
 */
export async function removeProductRow(
  db: Db,
  table: ProductJobTable,
  customerId: number,
  row: ProductJobState & { id: number },
  busyKey: MessageKey,
): Promise<void> {
  const status = productJobBusy(row);
  if (status) throw errors.conflict(busyKey, {}, { field: 'productId', status });
  const res = await db.deleteFrom(table).where('id', '=', row.id).where('customer_id', '=', customerId).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw errors.notFound();
}

/** A finished (done) product of the customer, or null (another customer's, not done, or none). */
export async function finishedProduct<T extends ProductJobTable>(
  db: Db,
  table: T,
  customerId: number,
  id: number,
): Promise<Selectable<Database[T]> | null> {
  const row = await db
    .selectFrom(table as 'zoning_product')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('status', '=', 'done')
    .executeTakeFirst();
  return (row as Selectable<Database[T]> | undefined) ?? null;
}

/** A product's grid window; null until its job has written it. */
export function productWindow(row: Pick<ProductJobColumns, keyof GridGeometryColumns>): GridGeometry | null {
  const { lon0, lat0, dx, dy, nx, ny } = row;
  if (lon0 === null || lat0 === null || dx === null || dy === null || nx === null || ny === null) return null;
  return { lon0, lat0, dx, dy, nx, ny };
}

/**
 * What every product's answer says of its job and grid: status and progress (productJobStatus), the error when failed,
 * the job, when it was made, and the box of its grid ([0, 0, 0, 0] until written).
 */
export function productJobView(
  r: ProductJobState & { job_id: string; created_at: string } & Parameters<typeof productWindow>[0],
  lang: Lang,
) {
  const { status, progress } = productJobStatus(r);
  const g = productWindow(r);
  const box = g ? gridBBox(g) : null;
  const bbox: [number, number, number, number] = box ? [box.west, box.south, box.east, box.north] : [0, 0, 0, 0];
  return { status, progress, error: productJobError(r, status, lang), jobId: r.job_id, createTime: r.created_at, bbox };
}

/** The job's columns a product read carries beside the row's own (ProductJobState; null when the job row is gone). */
export const JOB_COLUMNS = ['job.status as job_status', 'job.progress as job_progress', 'job.error as job_error'] as const;

/**
 * The reads every product kind answers alike, over the kind's own query of one customer's products joined with their
 * jobs (`joined`: its table left-joined with job on job_id, with JOB_COLUMNS and whatever else its view reads, nothing
 * ordered): one product (4004 when another customer's or none), a page newest first, and the running list.
 */
export function productReads<R extends ProductJobState & { id: number; name: string; job_id: string }>(
  table: ProductJobTable,
  joined: (db: Db, customerId: number) => SelectQueryBuilder<Database, keyof Database, unknown>,
) {
  // The kind's query is generic here: its table's columns are named as references.
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const row = async (db: Db, customerId: number, id: number) =>
    (await joined(db, customerId).where(column('id'), '=', id).executeTakeFirst()) as R | undefined;
  return {
    row,
    async one(db: Db, customerId: number, id: number): Promise<R> {
      const found = await row(db, customerId, id);
      if (!found) throw errors.notFound();
      return found;
    },
    /** A page of the customer's products, newest first, of those whose `filter` column holds its value when given. */
    page<T>(db: Db, customerId: number, q: PageRequest, filter: [keyof R & string, number] | null, view: (r: R) => T): Promise<Page<T>> {
      const base = filter ? joined(db, customerId).where(column(filter[0]), '=', filter[1]) : joined(db, customerId);
      return paged(
        base,
        q,
        (b) => b.orderBy(column('id'), 'desc'),
        (list) => list.map((r) => view(r as unknown as R)),
      );
    },
    async running(db: Db, customerId: number) {
      const rows = await joined(db, customerId).where(column('status'), 'in', ['queued', 'running']).orderBy(column('id')).execute();
      return runningProductJobs(rows as unknown as R[]);
    },
  };
}
