import { zip, type Zippable } from 'fflate';
import { randomUUID } from 'node:crypto';
import { ErrorCode, type FileState, type SubmitBody } from '@agromet/contracts';
import { DEFAULT_MICAPS_TIME_ZONE, gridFromValues, writeGeoTiff } from '@agromet/grid';
import { geoTiffMetadataFor, micapsHeaderFor } from '../grids/formats.js';
import { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import { actorName, forecastTypeName } from '../../core/builtin-names.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { AppError, errors } from '../../core/errors.js';
import { JobError, jobErrorMessage, type JobRunner } from '../../core/jobs.js';
import type { Lang } from '../../core/messages.js';
import { consoleCleanupLog, removeFiles, type CleanupLog, type FileStorage } from '../../core/storage.js';
import type { GridFileCodec } from '../grids/codec.js';
import { exportStem } from '../grids/service.js';
import { decodeValues, encodeValues, type GridRow, type GridStore } from '../grids/store.js';
import { checkConsistency } from './consistency.js';
import { paged } from '../../core/paging.js';

// Submission (issue): the current grids of a forecast type at a base time are frozen (their values copied, so later
// revisions never change what was issued) and exported as MICAPS 4 and GeoTIFF files by a job. The job writes every
// file first and then records them and the exported state in one transaction; a failure removes what it wrote.

export const ISSUE_EXPORT_JOB = 'revise.issue';

export interface IssueDeps {
  db: Db;
  storage: FileStorage;
  jobs: JobRunner;
  codec: GridFileCodec;
  /** MICAPS_TIME_ZONE: issued MICAPS files carry their base time as wall-clock time of this zone (Beijing by default). */
  micapsTimeZone?: string;
}

type SubmitInput = z.output<typeof SubmitBody>;

/**
 * The values of a grid row as a full file's bytes (a version saved as a delta is applied to its base): the row may be
 * replaced (and its files removed) meanwhile, so re-read it until both match.
 */
async function currentValues(db: Db, store: GridStore, row: GridRow): Promise<{ row: GridRow; bytes: Buffer }> {
  let current = row;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return { row: current, bytes: encodeValues((await store.view(current)).values) };
    } catch (e) {
      if (!(e instanceof AppError && e.code === ErrorCode.NOT_FOUND)) throw e;
    }
    const next = await db.selectFrom('grid').selectAll().where('id', '=', row.id).executeTakeFirst();
    if (!next) break;
    current = next;
  }
  throw errors.notFound();
}

type IssueType = { id: number; code: string; name: string };

/** The current grids of the call's type at its base time (only the factors it names, if it names some). */
async function gridsToIssue(db: Db, auth: AuthContext, body: SubmitInput): Promise<{ type: IssueType; baseTime: string; rows: GridRow[] }> {
  const type = await db.selectFrom('forecast_type').select(['id', 'code', 'name']).where('code', '=', body.type).executeTakeFirst();
  if (!type) throw errors.validation('type', 'unknownLayer');
  const baseTime = new Date(body.baseTime).toISOString();
  let factorIds: number[] | undefined;
  if (body.factors) {
    const factors = await db
      .selectFrom('factor')
      .select(['id', 'code'])
      .where('forecast_type_id', '=', type.id)
      .where('code', 'in', body.factors)
      .execute();
    const unknown = body.factors.filter((code) => !factors.some((f) => f.code === code));
    if (unknown.length > 0) throw errors.validation('factors', 'unknownLayer');
    factorIds = factors.map((f) => f.id);
  }
  let q = db
    .selectFrom('grid')
    .selectAll()
    .where('customer_id', '=', auth.customerId)
    .where('forecast_type_id', '=', type.id)
    .where('base_time', '=', baseTime);
  if (factorIds) q = q.where('factor_id', 'in', factorIds);
  const rows = await q.orderBy('factor_id').orderBy('lead_hours').execute();
  if (rows.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'submitNoGrids', { type: type.name, baseTime });
  return { type, baseTime, rows };
}

/** A forecast that contradicts itself is issued only when the forecaster confirms it (docs/grids.md#consistency). */
async function refuseViolations(
  deps: IssueDeps & { store: GridStore },
  auth: AuthContext,
  body: SubmitInput,
  type: IssueType,
  baseTime: string,
  rows: GridRow[],
) {
  const { db } = deps;
  const report = await checkConsistency(deps, auth, { type: body.type, baseTime });
  const issued = new Set(rows.map((r) => r.factor_id));
  const codes = new Map(
    (await db.selectFrom('factor').select(['id', 'code']).where('forecast_type_id', '=', type.id).execute()).map((f) => [f.code, f.id]),
  );
  const violations = report.violations.filter((v) => v.grids.some((g) => issued.has(codes.get(g.factor) ?? -1)));
  if (violations.length > 0) {
    throw errors.conflict(
      'issueHasViolations',
      { count: violations.length, cells: violations.reduce((n, v) => n + v.cells, 0) },
      { violations: violations.map((v) => ({ rule: v.rule, factor: v.factor, lead: v.lead, cells: v.cells })) },
    );
  }
}

/** The issue row (numbered after the last of its type and base time) and its frozen grids, in one transaction. */
async function recordIssue(
  db: Db,
  auth: AuthContext,
  body: SubmitInput,
  at: { typeId: number; baseTime: string; dir: string; jobId: string },
  frozen: Array<{ row: GridRow; key: string }>,
): Promise<{ id: number; seq: number }> {
  return db.transaction().execute(async (tx) => {
    const last = await tx
      .selectFrom('issue')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('customer_id', '=', auth.customerId)
      .where('forecast_type_id', '=', at.typeId)
      .where('base_time', '=', at.baseTime)
      .executeTakeFirst();
    const seq = Number(last?.seq ?? 0) + 1;
    const now = nowIso();
    const created = await tx
      .insertInto('issue')
      .values({
        customer_id: auth.customerId,
        forecast_type_id: at.typeId,
        base_time: at.baseTime,
        seq,
        status: 'pending',
        error: null,
        job_id: at.jobId,
        user_id: auth.userId,
        user_name: auth.name,
        remark: body.remark,
        storage_dir: at.dir,
        grid_count: frozen.length,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'seq'])
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('issue_grid')
      .values(
        frozen.map(({ row, key }) => ({
          issue_id: created.id,
          grid_id: row.id,
          factor_id: row.factor_id,
          lead_hours: row.lead_hours,
          version: row.version,
          lon0: row.lon0,
          lat0: row.lat0,
          dx: row.dx,
          dy: row.dy,
          nx: row.nx,
          ny: row.ny,
          storage_key: key,
        })),
      )
      .execute();
    return created;
  });
}

export async function submitIssue(
  deps: IssueDeps & { store: GridStore },
  auth: AuthContext,
  body: SubmitInput,
  log: CleanupLog = consoleCleanupLog,
) {
  const { db, storage } = deps;
  const { type, baseTime, rows } = await gridsToIssue(db, auth, body);
  if (!body.confirmViolations) await refuseViolations(deps, auth, body, type, baseTime, rows);

  const dir = `issues/${auth.customerId}/${randomUUID()}`;
  const frozen: Array<{ row: GridRow; key: string }> = [];
  try {
    for (const listed of rows) {
      const { row, bytes } = await currentValues(db, deps.store, listed);
      const key = `${dir}/grids/${row.id}-v${row.version}.f32`;
      await storage.put(key, bytes);
      frozen.push({ row, key });
    }
    const jobId = randomUUID();
    const issue = await recordIssue(db, auth, body, { typeId: type.id, baseTime, dir, jobId }, frozen);
    try {
      await deps.jobs.enqueue(ISSUE_EXPORT_JOB, { issueId: issue.id }, { customerId: auth.customerId, userId: auth.userId }, jobId);
    } catch (e) {
      await db
        .updateTable('issue')
        .set({ status: 'failed', error: JSON.stringify({ key: 'jobInterrupted', params: {} }), updated_at: nowIso() })
        .where('id', '=', issue.id)
        .execute();
      throw e;
    }
    return { issueId: issue.id, seq: issue.seq, jobId, grids: frozen.length };
  } catch (e) {
    await removeFiles(
      storage,
      frozen.map((f) => f.key),
      log,
      'a frozen grid of a failed issue',
    );
    throw e;
  }
}

/** The export job of an issue. */
export function defineIssueExport(deps: IssueDeps): void {
  const { db, storage, codec } = deps;
  deps.jobs.define(ISSUE_EXPORT_JOB, z.object({ issueId: z.number().int() }), async ({ issueId }, ctx) => {
    const issue = await db
      .selectFrom('issue')
      .innerJoin('forecast_type', 'forecast_type.id', 'issue.forecast_type_id')
      .select([
        'issue.id',
        'issue.customer_id',
        'issue.base_time',
        'issue.storage_dir',
        'issue.seq',
        'forecast_type.code',
        'forecast_type.name',
      ])
      .where('issue.id', '=', issueId)
      .executeTakeFirst();
    if (!issue) throw new JobError('notFound');
    const grids = await db
      .selectFrom('issue_grid')
      .innerJoin('factor', 'factor.id', 'issue_grid.factor_id')
      .select([
        'issue_grid.id',
        'issue_grid.lead_hours',
        'issue_grid.lon0',
        'issue_grid.lat0',
        'issue_grid.dx',
        'issue_grid.dy',
        'issue_grid.nx',
        'issue_grid.ny',
        'issue_grid.storage_key',
        'factor.code',
        'factor.name',
        'factor.unit',
      ])
      .where('issue_grid.issue_id', '=', issueId)
      .orderBy('issue_grid.id')
      .execute();
    const written: Array<{ name: string; format: 'micaps4' | 'geotiff'; factor: string; lead: number; size: number; key: string }> = [];
    try {
      for (const [k, g] of grids.entries()) {
        const bytes = await storage.get(g.storage_key);
        if (!bytes) throw new JobError('issueFileMissing', { key: g.storage_key });
        const grid = gridFromValues({ lon0: g.lon0, lat0: g.lat0, dx: g.dx, dy: g.dy, nx: g.nx, ny: g.ny }, decodeValues(bytes));
        const stem = exportStem(issue.code, g.code, issue.base_time, g.lead_hours);
        // MICAPS software on Windows reads GBK.
        const header = micapsHeaderFor(
          issue.base_time,
          g.lead_hours,
          deps.micapsTimeZone ?? DEFAULT_MICAPS_TIME_ZONE,
          `${issue.name} ${g.name}(${g.unit})`,
        );
        const m4 = await codec.encodeMicaps4(grid, { ...header, description: `${header.description} 第${issue.seq}次发布` }, 'gbk');
        const tif = writeGeoTiff(
          grid,
          geoTiffMetadataFor({ code: g.code, name: g.name, unit: g.unit, typeCode: issue.code }, issue.base_time, g.lead_hours),
        );
        for (const [name, format, data] of [
          [`${stem}.m4`, 'micaps4', m4],
          [`${stem}.tif`, 'geotiff', tif],
        ] as const) {
          const key = `${issue.storage_dir}/files/${name}`;
          await storage.put(key, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
          written.push({ name, format, factor: g.code, lead: g.lead_hours, size: data.byteLength, key });
        }
        await ctx.progress(((k + 1) / grids.length) * 95);
      }
      await db.transaction().execute(async (tx) => {
        const now = nowIso();
        for (const f of written) {
          await tx
            .insertInto('issue_file')
            .values({
              issue_id: issue.id,
              customer_id: issue.customer_id,
              name: f.name,
              format: f.format,
              factor_code: f.factor,
              lead_hours: f.lead,
              size: f.size,
              storage_key: f.key,
              created_at: now,
            })
            .execute();
        }
        await tx.updateTable('issue').set({ status: 'exported', error: null, updated_at: now }).where('id', '=', issue.id).execute();
      });
      return { issueId: issue.id, files: written.length };
    } catch (e) {
      await removeFiles(
        storage,
        written.map((f) => f.key),
        ctx.log,
        'an exported file of a failed issue',
      );
      const error = e instanceof JobError ? { key: e.key, params: e.params } : { key: 'jobInternal', params: { id: ctx.id } };
      // The job's own error is what is thrown; an issue row left pending is reported here.
      await db
        .updateTable('issue')
        .set({ status: 'failed', error: JSON.stringify(error), updated_at: nowIso() })
        .where('id', '=', issue.id)
        .execute()
        .catch((err: unknown) => ctx.log.error({ err, issueId: issue.id }, 'could not record the failed issue export'));
      throw e;
    }
  });
}

export interface FileStateFilters {
  page: number;
  size: number;
  status?: FileState['status'];
  type?: string;
  baseTime?: string;
}

/** Issues whose job died with its process (a failed job, the issue still pending) are marked failed first. */
async function reconcile(db: Db, customerId: number): Promise<void> {
  const stuck = await db
    .selectFrom('issue')
    .innerJoin('job', 'job.id', 'issue.job_id')
    .select(['issue.id', 'job.error'])
    .where('issue.customer_id', '=', customerId)
    .where('issue.status', '=', 'pending')
    .where('job.status', '=', 'failed')
    .execute();
  for (const s of stuck) {
    await db
      .updateTable('issue')
      .set({ status: 'failed', error: s.error, updated_at: nowIso() })
      .where('id', '=', s.id)
      .where('status', '=', 'pending')
      .execute();
  }
}

export async function listFileStates(db: Db, auth: AuthContext, q: FileStateFilters, lang: Lang) {
  await reconcile(db, auth.customerId);
  let base = db
    .selectFrom('issue')
    .innerJoin('forecast_type', 'forecast_type.id', 'issue.forecast_type_id')
    .where('issue.customer_id', '=', auth.customerId);
  if (q.status) base = base.where('issue.status', '=', q.status);
  if (q.type) base = base.where('forecast_type.code', '=', q.type);
  if (q.baseTime) base = base.where('issue.base_time', '=', new Date(q.baseTime).toISOString());
  return paged(
    base,
    q,
    (b) => b.selectAll('issue').select(['forecast_type.code', 'forecast_type.name as type_name']).orderBy('issue.id', 'desc'),
    async (rows) => {
      const files =
        rows.length === 0
          ? []
          : await db
              .selectFrom('issue_file')
              .select(['id', 'issue_id', 'name', 'format', 'factor_code', 'lead_hours', 'size'])
              .where(
                'issue_id',
                'in',
                rows.map((r) => r.id),
              )
              .orderBy('id')
              .execute();
      const list: FileState[] = rows.map((r) => ({
        id: r.id,
        seq: r.seq,
        type: r.code,
        typeName: forecastTypeName(lang, r.code, r.type_name),
        baseTime: r.base_time,
        status: r.status,
        error: jobErrorMessage(r.error, lang),
        userName: actorName(lang, r.user_name),
        remark: r.remark,
        jobId: r.job_id,
        gridCount: r.grid_count,
        files: files
          .filter((f) => f.issue_id === r.id)
          .map((f) => ({
            id: f.id,
            name: f.name,
            format: f.format,
            factor: f.factor_code,
            lead: f.lead_hours,
            size: f.size,
          })),
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      }));
      return list;
    },
  );
}

export async function downloadIssueFile(db: Db, storage: FileStorage, auth: AuthContext, id: number) {
  const row = await db
    .selectFrom('issue_file')
    .select(['name', 'format', 'storage_key'])
    .where('id', '=', id)
    .where('customer_id', '=', auth.customerId)
    .executeTakeFirst();
  if (!row) throw errors.notFound();
  const body = await storage.get(row.storage_key);
  if (!body) throw errors.notFound();
  return {
    contentType: row.format === 'geotiff' ? 'image/tiff' : 'text/plain; charset=gbk',
    filename: row.name,
    body,
  };
}

/**
 * Every file of an exported issue as one zip (`<type>_<base time>_<seq>.zip`), compressed off the event loop. GeoTIFFs
 * are stored as they are (already compact); MICAPS text is deflated. A pending or failed issue has no complete set: 4009.
 */
export async function zipIssueFiles(db: Db, storage: FileStorage, auth: AuthContext, issueId: number) {
  const issue = await db
    .selectFrom('issue')
    .innerJoin('forecast_type', 'forecast_type.id', 'issue.forecast_type_id')
    .select(['issue.id', 'issue.status', 'issue.base_time', 'issue.seq', 'forecast_type.code as type'])
    .where('issue.id', '=', issueId)
    .where('issue.customer_id', '=', auth.customerId)
    .executeTakeFirst();
  if (!issue) throw errors.notFound();
  if (issue.status !== 'exported') throw errors.conflict('issueNotExported');
  const files = await db
    .selectFrom('issue_file')
    .select(['name', 'format', 'storage_key'])
    .where('issue_id', '=', issue.id)
    .orderBy('id')
    .execute();
  const members: Zippable = {};
  for (const f of files) {
    const body = await storage.get(f.storage_key);
    if (!body) throw errors.notFound();
    members[f.name] = [new Uint8Array(body.buffer, body.byteOffset, body.byteLength), { level: f.format === 'geotiff' ? 0 : 6 }];
  }
  const zipped = await new Promise<Uint8Array>((resolve, reject) => zip(members, (err, out) => (err ? reject(err) : resolve(out))));
  const stamp = issue.base_time.slice(0, 13).replace(/[-:T]/g, '');
  return {
    contentType: 'application/zip',
    filename: `${issue.type}_${stamp}_${issue.seq}.zip`,
    body: Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength),
  };
}
