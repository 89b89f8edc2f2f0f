import { randomUUID } from 'node:crypto';
import { placeOnProduct } from '../grids/placement.js';
import { parseStagedGridFile, type GridFileCodec } from '../grids/codec.js';
import type { Db } from '../../core/db/index.js';
import { z } from 'zod';
import { JobError, JobLang, type JobRunner } from '../../core/jobs.js';
import { removeFiles, type CleanupLog, type FileStorage } from '../../core/storage.js';
import { factorRow, geometryOfFactorRow, regridFromNormals, saveAltitude, saveFactorGrid, type RegridOutcome } from './base-factors.js';
import { factorDef } from './factors.js';
import type { GridCompute } from './gridding.js';

// Jobs of the base factors: regridding from station normals (after an import of normals) and importing a grid file
// (a DEM for altitude, or any factor as GeoTIFF / MICAPS 4).

export const REGRID_JOB = 'zoning.regrid';
export const FACTOR_IMPORT_JOB = 'zoning.importGrid';

const RegridPayload = z.object({
  customerId: z.number().int(),
  codes: z.union([z.array(z.string()), z.literal('all')]),
  by: z.string(),
  lang: JobLang,
});
export type RegridPayload = z.output<typeof RegridPayload>;

const FactorImportPayload = z.object({
  customerId: z.number().int(),
  code: z.string(),
  staged: z.string(),
  fileName: z.string(),
  by: z.string(),
  lang: JobLang,
});
export type FactorImportPayload = z.output<typeof FactorImportPayload>;

export interface FactorJobDeps {
  db: Db;
  storage: FileStorage;
  jobs: JobRunner;
  codec: GridFileCodec;
  log: CleanupLog;
  /** Where gridding runs (a worker thread in the server; this thread when not given). */
  grid?: GridCompute;
}

const view = (list: RegridOutcome[]) => ({ factors: list.map((o) => ({ code: o.code, version: o.version, fit: o.fit })) });

export function defineFactorJobs(deps: FactorJobDeps): void {
  const { db, storage, log } = deps;
  deps.jobs.define(REGRID_JOB, RegridPayload, async (p, ctx) => {
    await ctx.progress(5);
    const out = await regridFromNormals(db, storage, log, p.customerId, p.codes, p.by, (f) => ctx.progress(5 + 90 * f), p.lang, deps.grid);
    return view(out);
  });

  deps.jobs.define(FACTOR_IMPORT_JOB, FactorImportPayload, async (p, ctx) => {
    try {
      await ctx.progress(5);
      const parsed = await parseStagedGridFile(storage, deps.codec, p.staged);
      await ctx.progress(40);
      const def = factorDef(p.code)!;
      let grid = parsed.grid;
      if (p.code !== 'altitude') {
        const altitude = await factorRow(db, p.customerId, 'altitude');
        if (!altitude) throw new JobError('zoning.noAltitude');
        // Another factor lands on the altitude grid's cells (bilinear when its cells differ); it must cover them.
        const placed = placeOnProduct(grid, geometryOfFactorRow(altitude), 'bilinear');
        if (!placed.ok) throw new JobError('zoning.gridNotCovering');
        grid = placed.grid;
      }
      let outside = 0;
      for (const v of grid.values) if (v < def.min || v > def.max) outside++;
      if (outside > 0)
        throw new JobError('zoning.gridOutOfRange', {
          count: outside,
          factor: def.names[p.lang],
          min: def.min,
          max: def.max,
          unit: def.unit,
        });
      await ctx.progress(60);
      if (p.code === 'altitude') {
        const saved = await saveAltitude(db, storage, log, p.customerId, grid, p.by);
        await ctx.progress(70);
        // Station factors follow the new cells and altitudes.
        const regridded = await regridFromNormals(
          db,
          storage,
          log,
          p.customerId,
          'all',
          p.by,
          (f) => ctx.progress(70 + 25 * f),
          p.lang,
          deps.grid,
        );
        return view([...saved, ...regridded]);
      }
      const row = await saveFactorGrid(db, storage, log, p.customerId, p.code, grid, { source: 'import', fit: null, by: p.by });
      return view([{ code: p.code, version: row.version, fit: null }]);
    } finally {
      await removeFiles(storage, [p.staged], log, 'a staged base factor import');
    }
  });
}

/** Stages an uploaded grid file and queues its import; answers the job id. */
export async function queueFactorImport(
  deps: FactorJobDeps,
  input: Omit<FactorImportPayload, 'staged'> & { bytes: Uint8Array },
): Promise<string> {
  const jobId = randomUUID();
  const staged = `imports/${input.customerId}/${jobId}.upload`;
  const { bytes, ...rest } = input;
  await deps.storage.put(staged, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  try {
    return await deps.jobs.enqueue<FactorImportPayload>(
      FACTOR_IMPORT_JOB,
      { ...rest, staged },
      { customerId: input.customerId, userId: null },
      jobId,
    );
  } catch (e) {
    await removeFiles(deps.storage, [staged], deps.log, 'a staged base factor import');
    throw e;
  }
}
