import { ErrorCode, GridResampleMethod, type GridImportResult } from '@agromet/contracts';
import { z } from 'zod';
import { DEFAULT_MICAPS_TIME_ZONE, fromMicapsTime, geometryOf, utcOffsetLabel } from '@agromet/grid';
import type { Db } from '../../core/db/index.js';
import { AppError } from '../../core/errors.js';
import { JobError, type JobRunner } from '../../core/jobs.js';
import { consoleCleanupLog, removeFiles, type CleanupLog, type FileStorage } from '../../core/storage.js';
import { parseStagedGridFile, type GridFileCodec } from './codec.js';
import { placeOnProduct } from './placement.js';
import { factorByLayer, productGeometry } from './service.js';
import { geometryOfRow, type GridKey, type GridStore } from './store.js';
import { violationCount } from './consistency.js';

export const GRID_IMPORT_JOB = 'grid.import';

/** A grid import as queued: plain JSON, so that a queue in another process could carry it too. */
export const GridImportPayload = z.object({
  customerId: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string(),
  type: z.string(),
  factor: z.string(),
  /** ISO; overrides the time in a MICAPS file, required for GeoTIFF. */
  baseTime: z.string().optional(),
  lead: z.number().optional(),
  /** How to put a file on other cells onto the product's grid; absent: such a file is refused. */
  resample: GridResampleMethod.optional(),
  /** IANA zone of a MICAPS header's time; absent: the server's MICAPS_TIME_ZONE. */
  timeZone: z.string().optional(),
  /** Storage key of the uploaded bytes, removed when the job ends. */
  staged: z.string(),
  fileName: z.string(),
});
export type GridImportPayload = z.output<typeof GridImportPayload>;

export interface GridImportDeps {
  db: Db;
  store: GridStore;
  storage: FileStorage;
  codec: GridFileCodec;
  /** MICAPS_TIME_ZONE (Beijing time when not given). */
  micapsTimeZone?: string;
}

export const stagedKey = (customerId: number, jobId: string) => `imports/${customerId}/${jobId}.upload`;

/** Stages the file and queues its import; answers the job id. */
export async function queueGridImport(
  runner: JobRunner,
  storage: FileStorage,
  input: Omit<GridImportPayload, 'staged'> & { bytes: Uint8Array },
  jobId: string,
  log: CleanupLog = consoleCleanupLog,
): Promise<string> {
  const { bytes, ...rest } = input;
  const staged = stagedKey(input.customerId, jobId);
  await storage.put(staged, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  try {
    return await runner.enqueue<GridImportPayload>(
      GRID_IMPORT_JOB,
      { ...rest, staged },
      { customerId: input.customerId, userId: input.userId },
      jobId,
    );
  } catch (e) {
    // The enqueue failure is what the caller must see, not a failed removal of the staged bytes.
    await removeFiles(storage, [staged], log, 'a staged import');
    throw e;
  }
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const fmt = (v: number) => String(Number(v.toPrecision(7)));

/**
 * The import job: parse (in a worker thread; a packed GeoTIFF comes unpacked), check the time, put the grid on the
 * product's cells (see placeOnProduct: another region or other cells without an asked-for resampling are refused),
 * check every value of the file against the factor's valid range, then store through GridStore.save, which writes the
 * new file before switching the row (a new version when the grid exists). Values out of range refuse the whole file
 * (they are not clipped): a forecaster must know that the file is wrong rather than get a silently altered field. The
 * save expects the version the checks were made against: a grid changed meanwhile (a revision) fails the job with who
 * changed it, rather than being overwritten unseen. The staged upload is removed whatever happens.
 */
export function defineGridImport(runner: JobRunner, deps: GridImportDeps): void {
  runner.define(GRID_IMPORT_JOB, GridImportPayload, async (p, ctx) => {
    try {
      await ctx.progress(5);
      const parsed = await parseStagedGridFile(deps.storage, deps.codec, p.staged);
      await ctx.progress(60);

      const factor = await factorByLayer(deps.db, p.type, p.factor);
      if (!factor) throw new JobError('importUnknownLayer', { type: p.type, factor: p.factor });
      const type = await deps.db
        .selectFrom('forecast_type')
        .select(['code', 'name', 'max_lead_hours'])
        .where('id', '=', factor.typeId)
        .executeTakeFirstOrThrow();
      // A MICAPS header's hour is wall-clock time of the asked zone (Beijing time by default): 08 is 00 UTC.
      const timeZone = p.timeZone ?? deps.micapsTimeZone ?? DEFAULT_MICAPS_TIME_ZONE;
      const headerTime = parsed.time ? fromMicapsTime(parsed.time.header, timeZone) : undefined;
      const baseTime = p.baseTime ?? headerTime;
      const lead = p.lead ?? parsed.time?.lead;
      if (baseTime === undefined || lead === undefined) throw new JobError('importNeedsTime');
      if (lead > type.max_lead_hours) throw new JobError('importLeadRange', { lead, type: type.name, max: type.max_lead_hours });

      const file = parsed.grid;
      const latEnd = file.lat0 + (file.ny - 1) * file.dy;
      const lonEnd = file.lon0 + (file.nx - 1) * file.dx;
      if (Math.min(file.lat0, latEnd) < -90 || Math.max(file.lat0, latEnd) > 90 || file.lon0 < -180 || lonEnd > 360) {
        throw new JobError('importGeometry');
      }

      const key: GridKey = {
        customerId: p.customerId,
        forecastTypeId: factor.typeId,
        factorId: factor.id,
        baseTime: new Date(baseTime).toISOString(),
        leadHours: lead,
      };
      const current = await deps.store.find(key);
      const product = current ? geometryOfRow(current) : await productGeometry(deps.db, p.customerId, factor.typeId);
      const placed = placeOnProduct(file, product, p.resample);
      if (!placed.ok) throw new JobError(placed.key, { ...placed.params, type: type.name });

      const fileStats = valueStats(file.values, factor);
      if (fileStats.valid === 0) throw new JobError('importNoValues');
      if (fileStats.outside > 0) {
        throw new JobError('importOutOfRange', {
          count: fileStats.outside,
          factor: factor.name,
          min: factor.min,
          max: factor.max,
          unit: factor.unit,
          lo: fmt(fileStats.lo),
          hi: fmt(fileStats.hi),
        });
      }
      const { grid } = placed;
      const stats = placed.resampled ? valueStats(grid.values, factor) : fileStats;
      if (stats.valid === 0) throw new JobError('importNoValues');
      await ctx.progress(80);

      let row;
      try {
        // Run again after its process stopped, the job may find its grid already saved by the first run: that save
        // stands, rather than a second version of the same values.
        row =
          ctx.attempt > 1 && current && current.updated_by === p.userId && sameValues((await deps.store.load(current)).values, grid.values)
            ? current
            : await deps.store.save(key, grid, { userId: p.userId, name: p.userName }, { expectedVersion: current?.version ?? null });
      } catch (e) {
        // Changed (or created) by someone else since the checks above: theirs stands, and the importer is told who.
        if (e instanceof AppError && e.code === ErrorCode.CONFLICT) {
          const latest = await deps.store.find(key);
          if (latest)
            throw new JobError('importStale', { name: latest.updated_by_name || '?', time: latest.updated_at, version: latest.version });
        }
        throw e;
      }
      const result: GridImportResult = {
        gridId: row.id,
        type: type.code,
        factor: factor.code,
        baseTime: row.base_time,
        lead: row.lead_hours,
        version: row.version,
        format: parsed.format,
        fileName: p.fileName,
        nx: row.nx,
        ny: row.ny,
        lon0: row.lon0,
        lat0: row.lat0,
        dx: row.dx,
        dy: row.dy,
        missing: grid.values.length - stats.valid,
        min: stats.lo,
        max: stats.hi,
        source: geometryOf(file),
        resample: placed.resampled,
        scaling: parsed.scaling,
        // The check after every import, as after a revision (docs/grids.md#consistency).
        micapsTime:
          parsed.time && headerTime
            ? {
                header: `${parsed.time.header.year}-${pad2(parsed.time.header.month)}-${pad2(parsed.time.header.day)} ${pad2(parsed.time.header.hour)}:00`,
                timeZone,
                offset: utcOffsetLabel(timeZone, headerTime),
                used: p.baseTime === undefined,
              }
            : null,
        violations: await violationCount(deps, { customerId: p.customerId }, type.code, row.base_time, factor.code, [row.lead_hours]),
      };
      return result;
    } finally {
      await removeFiles(deps.storage, [p.staged], ctx.log, 'a staged import');
    }
  });
}

/** Equal bit for bit (NaN, the missing value, equal to itself). */
function sameValues(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/** Valid cells, those outside the factor's range, and the lowest and highest value. */
function valueStats(values: Float32Array, range: { min: number; max: number }) {
  let valid = 0;
  let outside = 0;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if (Number.isNaN(v)) continue;
    valid += 1;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
    if (v < range.min || v > range.max) outside += 1;
  }
  return { valid, outside, lo, hi };
}
