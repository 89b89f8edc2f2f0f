import { randomUUID } from 'node:crypto';
import {
  ZONING_CLASS_COLORS,
  type ZoningExecuteBody,
  type ZoningProduct,
  type ZoningProductPageQuery,
  type ZoningStats,
} from '@agromet/contracts';
import { classAreasKm2, gridBBox, rasterizeArea, sameGeometry, zone, type GridGeometry } from '@agromet/grid';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { ZoningProductTable } from '../../core/db/schema.js';
import { errors } from '../../core/errors.js';
import { JobError, JobLang, type JobContext, type JobRunner } from '../../core/jobs.js';
import { translate, type Lang } from '../../core/messages.js';
import {
  enqueueProductJob,
  JOB_COLUMNS,
  newProductColumns,
  productReads,
  productWindow,
  removeProductRow,
  productJobView,
  runProductJob,
  writeProductFiles,
} from '../../core/product-job.js';
import { removeFiles, type CleanupLog, type FileStorage } from '../../core/storage.js';
import { decodeValues, encodeValues } from '../grids/store.js';
import { geometryOfFactorRow, readFactorGrid } from './base-factors.js';
import { engineCriterion, resolvedClassNames, storedClassNames } from './criteria.js';
import { factorDef, factorName } from './factors.js';
import { SEED_CROPS } from './seed-data.js';
import { defaultStatsLayer, loadBoundaryLayer, regionCells, regionOutside, resolveRegion } from './region.js';
import { cutWindow, overlapsBox, windowOf } from './window.js';
import {
  storedDefinition,
  storedProductInputs,
  storedRegionAsk,
  storedZoningStats,
  type ProductInput,
  type StoredDefinition,
} from './stored.js';

// Zoning products (docs/zoning.md#products): a criterion run over a region as a job. The job writes the product's
// files (class grid, each factor's classes, the limiting factor, the factor values it used, the score) before it
// marks the row done with the statistics; the row's status follows its job while queued or running.

export const ZONING_JOB = 'zoning.execute';

export type ProductRow = Selectable<ZoningProductTable>;
type ExecuteInput = z.output<typeof ZoningExecuteBody>;
type PageInput = z.output<typeof ZoningProductPageQuery>;

export interface ZoningDeps {
  db: Db;
  storage: FileStorage;
  jobs: JobRunner;
  log: CleanupLog;
}

const ZoningJobPayload = z.object({ productId: z.number().int(), customerId: z.number().int(), lang: JobLang });
export type ZoningJobPayload = z.output<typeof ZoningJobPayload>;

export type { ProductInput };

/** What the product's files hold, cell by cell over the product's grid (a window of the base-factor grid). */
export interface ProductFiles {
  classes: Uint8Array;
  /** Factor f's classes at [f·n, (f+1)·n). */
  factorClasses: Uint8Array;
  limiting: Uint8Array;
  /** Factor f's values at [f·n, (f+1)·n). */
  values: Float32Array;
  score: Float32Array | null;
}

/** A finished product's files under its storage_prefix; the score only for methods that score (file-columns.ts keeps them). */
export const FILES = ['classes.u8', 'factor-classes.u8', 'limiting.u8', 'values.f32'] as const;
export const SCORE_FILE = 'score.f32';

export const productLayerName = (id: number) => `zoning.p${id}`;

export const productGeometry = (row: ProductRow): GridGeometry | null => productWindow(row);

// ---- execute -----------------------------------------------------------------------------------

/**
 * Checks what the run needs before anything is stored: the criterion of the customer, a grid for each of its factors
 * on the altitude grid's cells, a region with cells in the grids. Then the product row (queued) and its job.
 */
export async function executeZoning(
  deps: ZoningDeps,
  auth: AuthContext,
  input: ExecuteInput,
  lang: Lang,
): Promise<{ productId: number; jobId: string }> {
  const { db, storage } = deps;
  const criterion = await db
    .selectFrom('zoning_criterion')
    .innerJoin('zoning_crop', 'zoning_crop.id', 'zoning_criterion.crop_id')
    .select([
      'zoning_criterion.id',
      'zoning_criterion.name',
      'zoning_criterion.method',
      'zoning_criterion.definition',
      'zoning_criterion.class_names',
      'zoning_criterion.crop_id',
      'zoning_crop.name as crop_name',
    ])
    .where('zoning_criterion.id', '=', input.criteriaId)
    .where('zoning_criterion.customer_id', '=', auth.customerId)
    .executeTakeFirst();
  if (!criterion) throw errors.validation('criteriaId', 'zoning.unknownCriterion');
  const def = storedDefinition(criterion.definition, 'zoning_criterion', criterion.id);
  const grids = await factorGrids(deps, auth.customerId, def, lang, (key, params) => errors.validation('criteriaId', key, params));
  const region = await resolveRegion(db, storage, auth.customerId, input, lang);
  const cells = regionCells(grids.geometry, region.shape, grids.values);
  if (!cells) throw regionOutside(input);
  const statsLayer = input.statsLayer ?? (await defaultStatsLayer(db, auth.customerId));
  // An unknown stats layer is refused now rather than failing the job.
  await loadBoundaryLayer(db, storage, auth.customerId, statsLayer, 'statsLayer', lang);

  const jobId = randomUUID();
  const row = await db
    .insertInto('zoning_product')
    .values({
      customer_id: auth.customerId,
      name: input.name,
      crop_id: criterion.crop_id,
      crop_name: criterion.crop_name,
      criterion_id: criterion.id,
      criterion_name: criterion.name,
      method: criterion.method,
      definition: criterion.definition,
      class_names: criterion.class_names,
      region_kind: region.kind,
      region_name: region.name.slice(0, 128),
      region: JSON.stringify({ areaCode: input.areaCode, polygon: input.polygon, statsLayer }),
      inputs: JSON.stringify(grids.inputs),
      ...newProductColumns('queued', jobId, auth),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueProductJob<ZoningJobPayload>(deps, 'zoning_product', row.id, {
    kind: ZONING_JOB,
    payload: { productId: row.id, customerId: auth.customerId, lang },
    owner: { customerId: auth.customerId, userId: auth.userId },
    id: jobId,
  });
  return { productId: row.id, jobId };
}

/** The grids of a criterion's factors, all on the altitude grid's cells. */
async function factorGrids(
  deps: Pick<ZoningDeps, 'db' | 'storage'>,
  customerId: number,
  def: StoredDefinition,
  lang: Lang,
  fail: (key: 'zoning.factorNoGrid' | 'zoning.gridMismatch', params: Record<string, string>) => Error,
): Promise<{ geometry: GridGeometry; values: Float32Array[]; inputs: ProductInput[] }> {
  const altitude = await deps.db
    .selectFrom('zoning_base_factor')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('code', '=', 'altitude')
    .executeTakeFirst();
  const values: Float32Array[] = [];
  const inputs: ProductInput[] = [];
  let geometry: GridGeometry | null = altitude ? geometryOfFactorRow(altitude) : null;
  for (const rule of def.factors) {
    const stored = await readFactorGrid(deps.db, deps.storage, customerId, rule.factor);
    if (!stored) throw fail('zoning.factorNoGrid', { factor: factorName(rule.factor, lang) });
    geometry ??= geometryOfFactorRow(stored.row);
    if (!sameGeometry(geometry, stored.grid)) throw fail('zoning.gridMismatch', { factor: factorName(rule.factor, lang) });
    values.push(stored.grid.values);
    inputs.push({ factor: rule.factor, gridVersion: stored.row.version });
  }
  return { geometry: geometry!, values, inputs };
}

// ---- the job -----------------------------------------------------------------------------------

export const productPrefix = (customerId: number, productId: number) => `zoning/${customerId}/products/${productId}-${randomUUID()}`;

/** What the zoning job computed: the window, the engine's result, the values it read, the statistics. */
interface ZoningMade {
  w: GridGeometry;
  result: ReturnType<typeof zone>;
  values: Float32Array[];
  inputs: ProductInput[];
  stats: ZoningStats;
}

/**
 * Reads the factor grids (recording their versions), cuts the window of the region's cells, classifies (progress from
 * the engine) and computes areas per class for the region and per area of the statistics layer.
 */
async function computeZoning(deps: ZoningDeps, p: ZoningJobPayload, row: ProductRow, ctx: JobContext): Promise<ZoningMade> {
  const { db, storage } = deps;
  const def = storedDefinition(row.definition, 'zoning_product', row.id);
  const grids = await factorGrids(deps, p.customerId, def, p.lang, (key, params) => new JobError(key, params));
  const ask = storedRegionAsk(row.region, 'zoning_product', row.id);
  const region = await resolveRegion(db, storage, p.customerId, ask, p.lang);
  const cells = regionCells(grids.geometry, region.shape, grids.values);
  if (!cells) throw new JobError('zoning.regionOutside');
  await ctx.progress(15);

  const { i0, j0 } = cells.bounds;
  const w = windowOf(grids.geometry, cells.bounds);
  const values = grids.values.map((v) => cutWindow(v, grids.geometry, w, i0, j0));
  const mask = cutWindow(cells.inside, grids.geometry, w, i0, j0);
  let last = 15;
  const result = zone(engineCriterion(row.method, def), values, mask, (f) => {
    const pct = Math.floor(15 + 65 * f);
    if (pct > last) {
      last = pct;
      void ctx.progress(pct);
    }
  });
  await ctx.progress(80);

  const layer = await loadBoundaryLayer(db, storage, p.customerId, ask.statsLayer, 'statsLayer', p.lang);
  const zoneIds = new Int32Array(w.nx * w.ny).fill(-1);
  const bbox = gridBBox(w);
  const candidates = layer.areas.filter((a) => overlapsBox(a.geometry, bbox));
  candidates.forEach((a, z) => {
    const m = rasterizeArea(w, a.geometry);
    if (!m.bounds) return;
    for (let k = 0; k < m.inside.length; k++) if (m.inside[k] && zoneIds[k] === -1) zoneIds[k] = z;
  });
  const areas = classAreasKm2(result.classes, w, zoneIds, candidates.length);
  const round = (v: number) => Math.round(v * 100) / 100;
  const stats: ZoningStats = {
    classAreasKm2: areas.total.map(round),
    totalKm2: round(areas.total.reduce((s, v) => s + v, 0)),
    byArea: candidates
      .map((a, z) => ({ code: a.code, name: a.name, areasKm2: areas.byZone![z]!.map(round) }))
      .filter((a) => a.areasKm2.some((v) => v > 0)),
    layer: { id: layer.id, name: layer.name },
  };
  return { w, result, values, inputs: grids.inputs, stats };
}

/** Writes the product's files, then marks it done in one update (files before the row; removed if a step fails). */
async function finishZoningProduct(deps: ZoningDeps, row: ProductRow, made: ZoningMade, log: CleanupLog): Promise<void> {
  const { db, storage } = deps;
  const { w, result, values } = made;
  const prefix = productPrefix(row.customer_id, row.id);
  await writeProductFiles(storage, log, { prefix, names: [...FILES, SCORE_FILE], label: 'zoning product' }, async () => {
    const n = w.nx * w.ny;
    const factorClasses = new Uint8Array(n * result.factorClasses.length);
    result.factorClasses.forEach((c, f) => factorClasses.set(c, f * n));
    const allValues = new Float32Array(n * values.length);
    values.forEach((v, f) => allValues.set(v, f * n));
    await storage.put(`${prefix}/classes.u8`, Buffer.from(result.classes));
    await storage.put(`${prefix}/factor-classes.u8`, Buffer.from(factorClasses));
    await storage.put(`${prefix}/limiting.u8`, Buffer.from(result.limiting));
    await storage.put(`${prefix}/values.f32`, encodeValues(allValues));
    if (result.score) await storage.put(`${prefix}/${SCORE_FILE}`, encodeValues(result.score));
    await db
      .updateTable('zoning_product')
      .set({
        status: 'done',
        ...w,
        storage_prefix: prefix,
        stats: JSON.stringify(made.stats),
        inputs: JSON.stringify(made.inputs),
        updated_at: nowIso(),
      })
      .where('id', '=', row.id)
      .execute();
  });
}

/**
 * The zoning job (core/product-job.ts): computes the product (computeZoning), writes its files and marks it done
 * (finishZoningProduct). A failure marks it failed and removes what was written.
 */
export function defineZoningJob(deps: ZoningDeps): void {
  deps.jobs.define(ZONING_JOB, ZoningJobPayload, (p, ctx) =>
    runProductJob(deps.db, ctx, {
      table: 'zoning_product',
      label: 'zoning product',
      load: () => deps.db.selectFrom('zoning_product').selectAll().where('id', '=', p.productId).executeTakeFirst(),
      make: async (row) => {
        const made = await computeZoning(deps, p, row, ctx);
        await ctx.progress(90);
        await finishZoningProduct(deps, row, made, ctx.log as CleanupLog);
        return { productId: row.id, stats: made.stats };
      },
    }),
  );
}

// ---- reading products --------------------------------------------------------------------------

type ProductJoined = ProductRow & {
  job_status: ProductRow['status'] | null;
  job_progress: number | null;
  job_error: string | null;
  crop_seed_key: string | null;
};

// The crop's seed key names a built-in crop in the reader's language.
const reads = productReads<ProductJoined>('zoning_product', (db, customerId) =>
  db
    .selectFrom('zoning_product')
    .leftJoin('job', 'job.id', 'zoning_product.job_id')
    .leftJoin('zoning_crop', 'zoning_crop.id', 'zoning_product.crop_id')
    .selectAll('zoning_product')
    .select([...JOB_COLUMNS, 'zoning_crop.seed_key as crop_seed_key'])
    .where('zoning_product.customer_id', '=', customerId),
);

export function productView(r: ProductJoined, lang: Lang): ZoningProduct {
  const def = storedDefinition(r.definition, 'zoning_product', r.id);
  const job = productJobView(r, lang);
  const inputs = storedProductInputs(r.inputs, r.id);
  const seed = r.crop_seed_key ? SEED_CROPS.find((c) => c.key === r.crop_seed_key) : undefined;
  return {
    id: r.id,
    name: r.name,
    cropId: r.crop_id,
    cropName: seed && r.crop_name === seed.names.zh ? seed.names[lang] : r.crop_name,
    criteriaId: r.criterion_id,
    criteriaName: r.criterion_name,
    method: r.method,
    ...job,
    creator: r.created_by_name,
    region: { kind: r.region_kind, name: r.region_kind === 'customer' ? translate(lang, 'zoning.regionCustomer') : r.region_name },
    classNames: resolvedClassNames(storedClassNames(r, 'zoning_product'), lang),
    classColors: [...ZONING_CLASS_COLORS],
    stats: r.stats ? storedZoningStats(r.stats, r.id) : null,
    inputs: inputs.map((i) => ({
      factor: i.factor,
      name: factorName(i.factor, lang),
      unit: factorDef(i.factor)?.unit ?? '',
      gridVersion: i.gridVersion,
    })),
    criterion: {
      method: r.method,
      factors: def.factors,
      ...(def.classScores ? { classScores: def.classScores } : {}),
      ...(def.cutPoints ? { cutPoints: def.cutPoints } : {}),
    },
    layer: job.status === 'done' ? productLayerName(r.id) : '',
  };
}

export const productRow = reads.row;

export async function getProduct(db: Db, auth: AuthContext, id: number, lang: Lang): Promise<ZoningProduct> {
  return productView(await reads.one(db, auth.customerId, id), lang);
}

/** The customer's products (of a crop), newest first, one page (core/paging.ts); `current`, when given, names the page. */
export function productPage(db: Db, auth: AuthContext, q: PageInput, lang: Lang) {
  const page = { page: q.current ?? q.page, size: q.size };
  return reads.page(db, auth.customerId, page, q.cropId === undefined ? null : ['crop_id', q.cropId], (r) => productView(r, lang));
}

/** Products of the customer whose job is queued or running. */
export const runningProducts = (db: Db, auth: AuthContext) => reads.running(db, auth.customerId);

/** Refused while queued or running (4009); the row goes first, then its files. */
export async function deleteProduct(
  deps: Pick<ZoningDeps, 'db' | 'storage' | 'log'>,
  auth: AuthContext,
  id: number,
): Promise<{ name: string }> {
  const row = await reads.one(deps.db, auth.customerId, id);
  await removeProductRow(deps.db, 'zoning_product', auth.customerId, row, 'zoning.productRunning');
  forgetFiles(row.storage_prefix);
  if (row.storage_prefix)
    await removeFiles(
      deps.storage,
      [...FILES, SCORE_FILE].map((f) => `${row.storage_prefix}/${f}`),
      deps.log,
      'the files of a deleted zoning product',
    );
  return { name: row.name };
}

// ---- files and cell queries --------------------------------------------------------------------

const fileCache = new Map<string, ProductFiles>();
const CACHE_PRODUCTS = 16;

function forgetFiles(prefix: string | null): void {
  if (prefix) fileCache.delete(prefix);
}

/** The product's files (immutable once written; the last few products read are kept in memory). */
export async function productFiles(storage: FileStorage, row: ProductRow): Promise<ProductFiles> {
  const prefix = row.storage_prefix;
  if (!prefix) throw errors.conflict('zoning.productNotReady');
  const cached = fileCache.get(prefix);
  if (cached) {
    fileCache.delete(prefix);
    fileCache.set(prefix, cached);
    return cached;
  }
  const read = async (name: string) => {
    const data = await storage.get(`${prefix}/${name}`);
    if (!data) throw new Error(`a file of zoning product ${row.id} is missing: ${prefix}/${name}`);
    return data;
  };
  const score = await storage.get(`${prefix}/${SCORE_FILE}`);
  const files: ProductFiles = {
    classes: new Uint8Array(await read('classes.u8')),
    factorClasses: new Uint8Array(await read('factor-classes.u8')),
    limiting: new Uint8Array(await read('limiting.u8')),
    values: decodeValues(await read('values.f32')),
    score: score ? decodeValues(score) : null,
  };
  fileCache.set(prefix, files);
  while (fileCache.size > CACHE_PRODUCTS) fileCache.delete(fileCache.keys().next().value!);
  return files;
}
