import type { GridImportResult } from '@agromet/contracts';
import type { Db } from '../../core/db/index.js';
import { JobError, type JobRunner } from '../../core/jobs.js';
import type { FileStorage } from '../../core/storage.js';
import type { GridFileCodec } from './codec.js';
import { GridFileError } from './formats.js';
import { factorByLayer } from './service.js';
import type { GridStore } from './store.js';

export const GRID_IMPORT_JOB = 'grid.import';

/** A grid import as queued: plain JSON, so that a queue in another process could carry it too. */
export interface GridImportPayload {
  customerId: number;
  userId: number | null;
  userName: string;
  type: string;
  factor: string;
  /** ISO; overrides the time in a MICAPS file, required for GeoTIFF. */
  baseTime?: string;
  lead?: number;
  /** Storage key of the uploaded bytes, removed when the job ends. */
  staged: string;
  fileName: string;
}

export interface GridImportDeps {
  db: Db;
  store: GridStore;
  storage: FileStorage;
  codec: GridFileCodec;
}

export const stagedKey = (customerId: number, jobId: string) => `imports/${customerId}/${jobId}.upload`;

/** Stages the file and queues its import; answers the job id. */
export async function queueGridImport(
  runner: JobRunner,
  storage: FileStorage,
  input: Omit<GridImportPayload, 'staged'> & { bytes: Uint8Array },
  jobId: string,
): Promise<string> {
  const { bytes, ...rest } = input;
  const staged = stagedKey(input.customerId, jobId);
  await storage.put(staged, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  try {
    return await runner.enqueue<GridImportPayload>(GRID_IMPORT_JOB, { ...rest, staged }, { customerId: input.customerId, userId: input.userId }, jobId);
  } catch (e) {
    await storage.remove(staged);
    throw e;
  }
}

const fmt = (v: number) => String(Number(v.toPrecision(7)));

/**
 * The import job: parse (in a worker thread), check the time, the georeference and every value against the factor's
 * valid range, then store through GridStore.save, which writes the new file before switching the row (a new version
 * when the grid exists). Values out of range refuse the whole file (they are not clipped): a forecaster must know that
 * the file is wrong rather than get a silently altered field. The staged upload is removed whatever happens.
 */
export function defineGridImport(runner: JobRunner, deps: GridImportDeps): void {
  runner.define<GridImportPayload>(GRID_IMPORT_JOB, async (p, ctx) => {
    try {
      await ctx.progress(5);
      const bytes = await deps.storage.get(p.staged);
      if (!bytes) throw new JobError('importFileGone');
      await ctx.progress(10);
      let parsed;
      try {
        parsed = await deps.codec.parse(bytes);
      } catch (e) {
        if (e instanceof GridFileError) throw new JobError('importUnreadable', { reason: e.message });
        throw e;
      }
      await ctx.progress(60);

      const factor = await factorByLayer(deps.db, p.type, p.factor);
      if (!factor) throw new JobError('importUnknownLayer', { type: p.type, factor: p.factor });
      const type = await deps.db.selectFrom('forecast_type').select(['code', 'name', 'max_lead_hours']).where('id', '=', factor.typeId)
        .executeTakeFirstOrThrow();
      const baseTime = p.baseTime ?? parsed.time?.baseTime;
      const lead = p.lead ?? parsed.time?.lead;
      if (baseTime === undefined || lead === undefined) throw new JobError('importNeedsTime');
      if (lead > type.max_lead_hours) throw new JobError('importLeadRange', { lead, type: type.name, max: type.max_lead_hours });

      const { grid } = parsed;
      const latEnd = grid.lat0 + (grid.ny - 1) * grid.dy;
      const lonEnd = grid.lon0 + (grid.nx - 1) * grid.dx;
      if (Math.min(grid.lat0, latEnd) < -90 || Math.max(grid.lat0, latEnd) > 90 || grid.lon0 < -180 || lonEnd > 360) {
        throw new JobError('importGeometry');
      }

      let missing = 0;
      let outside = 0;
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      const values = grid.values;
      for (let k = 0; k < values.length; k++) {
        const v = values[k]!;
        if (Number.isNaN(v)) {
          missing += 1;
          continue;
        }
        if (v < lo) lo = v;
        if (v > hi) hi = v;
        if (v < factor.min || v > factor.max) outside += 1;
      }
      if (missing === values.length) throw new JobError('importNoValues');
      if (outside > 0) {
        throw new JobError('importOutOfRange', {
          count: outside, factor: factor.name, min: factor.min, max: factor.max, unit: factor.unit, lo: fmt(lo), hi: fmt(hi),
        });
      }
      await ctx.progress(80);

      const normalisedBase = new Date(baseTime).toISOString();
      const row = await deps.store.save(
        { customerId: p.customerId, forecastTypeId: factor.typeId, factorId: factor.id, baseTime: normalisedBase, leadHours: lead },
        grid,
        { userId: p.userId, name: p.userName },
      );
      const result: GridImportResult = {
        gridId: row.id, type: type.code, factor: factor.code, baseTime: row.base_time, lead: row.lead_hours, version: row.version,
        format: parsed.format, fileName: p.fileName, nx: row.nx, ny: row.ny, lon0: row.lon0, lat0: row.lat0, dx: row.dx, dy: row.dy,
        missing, min: lo, max: hi,
      };
      return result;
    } finally {
      await deps.storage.remove(p.staged).catch(() => {});
    }
  });
}
