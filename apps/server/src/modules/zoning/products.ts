import { randomUUID } from 'node:crypto';
import {
  ZONING_CLASS_COLORS,
  ZONING_CLASS_COUNT,
  ZONING_NO_CLASS,
  type ZoningCellInfo,
  type ZoningExecuteBody,
  type ZoningProduct,
  type ZoningProductPageQuery,
  type ZoningStats,
} from '@agromet/contracts';
import { breaksVeto, cellAt, classAreasKm2, gridBBox, rasterizeArea, sameGeometry, zone, type GridGeometry } from '@agromet/grid';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { ZoningProductTable } from '../../core/db/schema.js';
import { errors } from '../../core/errors.js';
import { JobError, jobErrorMessage, type JobRunner } from '../../core/jobs.js';
import { translate, type Lang } from '../../core/messages.js';
import { removeFiles, type CleanupLog, type FileStorage } from '../../core/storage.js';
import { decodeValues, encodeValues } from '../grids/store.js';
import { geometryOfFactorRow, readFactorGrid } from './base-factors.js';
import { engineCriterion, resolvedClassNames, storedClassNames, type StoredDefinition } from './criteria.js';
import { factorDef, factorName } from './factors.js';
import { SEED_CROPS } from './seed-data.js';
import { defaultStatsLayer, loadBoundaryLayer, regionCells, regionOutside, resolveRegion, type RegionAsk } from './region.js';

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

export interface ZoningJobPayload {
  productId: number;
  customerId: number;
  lang: Lang;
}

export interface ProductInput {
  factor: string;
  gridVersion: number;
}

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

export function productGeometry(row: ProductRow): GridGeometry | null {
  if (row.lon0 === null || row.lat0 === null || row.dx === null || row.dy === null || row.nx === null || row.ny === null) return null;
  return { lon0: row.lon0, lat0: row.lat0, dx: row.dx, dy: row.dy, nx: row.nx, ny: row.ny };
}

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
  const def = JSON.parse(criterion.definition) as StoredDefinition;
  const grids = await factorGrids(deps, auth.customerId, def, lang, (key, params) => errors.validation('criteriaId', key, params));
  const region = await resolveRegion(db, storage, auth.customerId, input, lang);
  const cells = regionCells(grids.geometry, region.shape, grids.values);
  if (!cells) throw regionOutside(input);
  const statsLayer = input.statsLayer ?? (await defaultStatsLayer(db, auth.customerId));
  // An unknown stats layer is refused now rather than failing the job.
  await loadBoundaryLayer(db, storage, auth.customerId, statsLayer, 'statsLayer', lang);

  const jobId = randomUUID();
  const now = nowIso();
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
      status: 'queued',
      job_id: jobId,
      lon0: null,
      lat0: null,
      dx: null,
      dy: null,
      nx: null,
      ny: null,
      storage_prefix: null,
      stats: null,
      inputs: JSON.stringify(grids.inputs),
      created_by: auth.userId,
      created_by_name: auth.name.slice(0, 64),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await deps.jobs.enqueue<ZoningJobPayload>(
      ZONING_JOB,
      { productId: row.id, customerId: auth.customerId, lang },
      { customerId: auth.customerId, userId: auth.userId },
      jobId,
    );
  } catch (e) {
    await db.deleteFrom('zoning_product').where('id', '=', row.id).execute();
    throw e;
  }
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

function windowOf(g: GridGeometry, b: { i0: number; i1: number; j0: number; j1: number }): GridGeometry {
  return { lon0: g.lon0 + b.i0 * g.dx, lat0: g.lat0 + b.j0 * g.dy, dx: g.dx, dy: g.dy, nx: b.i1 - b.i0 + 1, ny: b.j1 - b.j0 + 1 };
}

function cutWindow<T extends Float32Array | Uint8Array>(src: T, g: GridGeometry, w: GridGeometry, i0: number, j0: number): T {
  const out = new (src.constructor as { new (n: number): T })(w.nx * w.ny);
  for (let j = 0; j < w.ny; j++) out.set(src.subarray((j0 + j) * g.nx + i0, (j0 + j) * g.nx + i0 + w.nx), j * w.nx);
  return out;
}

/**
 * The zoning job: reads the factor grids (recording their versions), cuts the window of the region's cells, classifies
 * (progress from the engine), computes areas per class for the region and per area of the statistics layer, writes
 * the files, then marks the product done in one update. A failure marks it failed and removes what was written.
 */
export function defineZoningJob(deps: ZoningDeps): void {
  deps.jobs.define<ZoningJobPayload>(ZONING_JOB, async (p, ctx) => {
    const { db, storage } = deps;
    const row = await db.selectFrom('zoning_product').selectAll().where('id', '=', p.productId).executeTakeFirst();
    if (!row) throw new JobError('notFound');
    let prefix: string | null = null;
    try {
      await db.updateTable('zoning_product').set({ status: 'running', updated_at: nowIso() }).where('id', '=', row.id).execute();
      await ctx.progress(5);
      const def = JSON.parse(row.definition) as StoredDefinition;
      const grids = await factorGrids(deps, p.customerId, def, p.lang, (key, params) => new JobError(key, params));
      const ask = JSON.parse(row.region) as RegionAsk & { statsLayer: string };
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
      await ctx.progress(90);

      prefix = productPrefix(p.customerId, row.id);
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
          stats: JSON.stringify(stats),
          inputs: JSON.stringify(grids.inputs),
          updated_at: nowIso(),
        })
        .where('id', '=', row.id)
        .execute();
      return { productId: row.id, stats };
    } catch (e) {
      if (prefix) await removeFiles(storage, productFileKeys(prefix), ctx.log as CleanupLog, 'the files of a failed zoning product');
      await db
        .updateTable('zoning_product')
        .set({ status: 'failed', updated_at: nowIso() })
        .where('id', '=', row.id)
        .execute()
        .catch((err: unknown) => ctx.log.error({ err, productId: row.id }, 'could not mark the zoning product failed'));
      throw e;
    }
  });
}

function overlapsBox(
  g: { type: string; coordinates: unknown },
  box: { west: number; south: number; east: number; north: number },
): boolean {
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      const [x, y] = c as number[];
      if (x! < west) west = x!;
      if (x! > east) east = x!;
      if (y! < south) south = y!;
      if (y! > north) north = y!;
    } else if (Array.isArray(c)) for (const x of c) visit(x);
  };
  visit(g.coordinates);
  return west <= box.east && east >= box.west && south <= box.north && north >= box.south;
}

const productFileKeys = (prefix: string) => [...FILES, SCORE_FILE].map((f) => `${prefix}/${f}`);

// ---- reading products --------------------------------------------------------------------------

function productQuery(db: Db, customerId: number) {
  return db
    .selectFrom('zoning_product')
    .leftJoin('job', 'job.id', 'zoning_product.job_id')
    .leftJoin('zoning_crop', 'zoning_crop.id', 'zoning_product.crop_id')
    .selectAll('zoning_product')
    .select(['job.status as job_status', 'job.progress as job_progress', 'job.error as job_error', 'zoning_crop.seed_key as crop_seed_key'])
    .where('zoning_product.customer_id', '=', customerId);
}

type ProductJoined = ProductRow & {
  job_status: ProductRow['status'] | null;
  job_progress: number | null;
  job_error: string | null;
  crop_seed_key: string | null;
};

/** The product's status: done once its files and statistics are written; else its job's (a lost job: failed). */
function statusOf(r: ProductJoined): { status: ZoningProduct['status']; progress: number } {
  if (r.status === 'done') return { status: 'done', progress: 100 };
  if (r.status === 'failed' || r.job_status === null || r.job_status === 'failed' || r.job_status === 'done') {
    return { status: 'failed', progress: r.job_progress ?? 0 };
  }
  return { status: r.job_status, progress: r.job_progress ?? 0 };
}

export function productView(r: ProductJoined, lang: Lang): ZoningProduct {
  const def = JSON.parse(r.definition) as StoredDefinition;
  const { status, progress } = statusOf(r);
  const g = productGeometry(r);
  const box = g ? gridBBox(g) : null;
  const inputs = JSON.parse(r.inputs) as ProductInput[];
  const seed = r.crop_seed_key ? SEED_CROPS.find((c) => c.key === r.crop_seed_key) : undefined;
  return {
    id: r.id,
    name: r.name,
    cropId: r.crop_id,
    cropName: seed && r.crop_name === seed.names.zh ? seed.names[lang] : r.crop_name,
    criteriaId: r.criterion_id,
    criteriaName: r.criterion_name,
    method: r.method,
    status,
    progress,
    error: status === 'failed' ? (jobErrorMessage(r.job_error, lang) ?? translate(lang, 'jobInterrupted')) : null,
    jobId: r.job_id,
    createTime: r.created_at,
    creator: r.created_by_name,
    region: { kind: r.region_kind, name: r.region_kind === 'customer' ? translate(lang, 'zoning.regionCustomer') : r.region_name },
    bbox: box ? [box.west, box.south, box.east, box.north] : [0, 0, 0, 0],
    classNames: resolvedClassNames(storedClassNames(r, 'zoning_product'), lang),
    classColors: [...ZONING_CLASS_COLORS],
    stats: r.stats ? (JSON.parse(r.stats) as ZoningStats) : null,
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
    layer: status === 'done' ? productLayerName(r.id) : '',
  };
}

export async function productRow(db: Db, customerId: number, id: number): Promise<ProductJoined | undefined> {
  return (await productQuery(db, customerId).where('zoning_product.id', '=', id).executeTakeFirst()) as ProductJoined | undefined;
}

export async function getProduct(db: Db, auth: AuthContext, id: number, lang: Lang): Promise<ZoningProduct> {
  const row = await productRow(db, auth.customerId, id);
  if (!row) throw errors.notFound();
  return productView(row, lang);
}

export async function productPage(db: Db, auth: AuthContext, q: PageInput, lang: Lang) {
  const page = q.current ?? q.page;
  let base = productQuery(db, auth.customerId);
  let count = db
    .selectFrom('zoning_product')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', auth.customerId);
  if (q.cropId !== undefined) {
    base = base.where('zoning_product.crop_id', '=', q.cropId);
    count = count.where('crop_id', '=', q.cropId);
  }
  const rows = await base
    .orderBy('zoning_product.id', 'desc')
    .limit(q.size)
    .offset((page - 1) * q.size)
    .execute();
  const { n } = await count.executeTakeFirstOrThrow();
  return { list: rows.map((r) => productView(r as ProductJoined, lang)), total: Number(n), page, size: q.size };
}

/** Products of the customer whose job is queued or running. */
export async function runningProducts(db: Db, auth: AuthContext) {
  const rows = (await productQuery(db, auth.customerId)
    .where('zoning_product.status', 'in', ['queued', 'running'])
    .orderBy('zoning_product.id')
    .execute()) as ProductJoined[];
  return rows
    .map((r) => ({ r, s: statusOf(r) }))
    .filter(({ s }) => s.status === 'queued' || s.status === 'running')
    .map(({ r, s }) => ({ productId: r.id, name: r.name, progress: s.progress, status: s.status, jobId: r.job_id }));
}

/** Refused while queued or running (4009); the row goes first, then its files. */
export async function deleteProduct(
  deps: Pick<ZoningDeps, 'db' | 'storage' | 'log'>,
  auth: AuthContext,
  id: number,
): Promise<{ name: string }> {
  const row = await productRow(deps.db, auth.customerId, id);
  if (!row) throw errors.notFound();
  const { status } = statusOf(row);
  if (status === 'queued' || status === 'running') throw errors.conflict('zoning.productRunning', {}, { field: 'productId', status });
  const res = await deps.db.deleteFrom('zoning_product').where('id', '=', id).where('customer_id', '=', auth.customerId).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw errors.notFound();
  forgetFiles(row.storage_prefix);
  if (row.storage_prefix)
    await removeFiles(deps.storage, productFileKeys(row.storage_prefix), deps.log, 'the files of a deleted zoning product');
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

const roundTo = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * Why a cell got its class: every factor's value, class and veto, the limiting factor, the veto that decided the
 * cell (the first factor beyond its veto, as the engine names it in the limiting grid), the score (4100 outside).
 */
export async function queryCell(
  deps: Pick<ZoningDeps, 'db' | 'storage'>,
  auth: AuthContext,
  input: { productId: number; lon: number; lat: number },
  lang: Lang,
): Promise<ZoningCellInfo> {
  const row = await productRow(deps.db, auth.customerId, input.productId);
  if (!row) throw errors.notFound();
  const g = productGeometry(row);
  if (row.status !== 'done' || !g) throw errors.conflict('zoning.productNotReady', {}, { field: 'productId' });
  const cell = cellAt(g, input.lon, input.lat);
  if (!cell) throw errors.validation('lon', 'zoning.outsideProduct', { lon: input.lon, lat: input.lat });
  const files = await productFiles(deps.storage, row);
  const n = g.nx * g.ny;
  const k = cell.j * g.nx + cell.i;
  const def = JSON.parse(row.definition) as StoredDefinition;
  const names = resolvedClassNames(storedClassNames(row, 'zoning_product'), lang);
  const nameOf = (c: number) => (c === ZONING_NO_CLASS || c >= ZONING_CLASS_COUNT ? translate(lang, 'zoning.noClass') : names[c]!);
  const cls = files.classes[k]!;
  const limiting = files.limiting[k]!;
  const hasClass = cls !== ZONING_NO_CLASS;
  const vetoed = def.factors.map((rule, f) => hasClass && breaksVeto(rule.veto, files.values[f * n + k]!));
  const veto = vetoed.indexOf(true);
  return {
    class: hasClass ? cls : null,
    className: nameOf(cls),
    limitingFactor: hasClass && limiting !== ZONING_NO_CLASS ? limiting : null,
    limitingFactorName: hasClass && limiting !== ZONING_NO_CLASS ? factorName(def.factors[limiting]!.factor, lang) : '',
    vetoFactor: veto >= 0 ? veto : null,
    vetoFactorName: veto >= 0 ? factorName(def.factors[veto]!.factor, lang) : '',
    score: files.score && hasClass ? roundTo(files.score[k]!, 4) : null,
    lon: roundTo(g.lon0 + cell.i * g.dx, 6),
    lat: roundTo(g.lat0 + cell.j * g.dy, 6),
    factors: def.factors.map((rule, f) => {
      const value = files.values[f * n + k]!;
      const c = files.factorClasses[f * n + k]!;
      const fd = factorDef(rule.factor);
      return {
        factor: rule.factor,
        name: factorName(rule.factor, lang),
        unit: fd?.unit ?? '',
        value: Number.isNaN(value) || !hasClass ? null : roundTo(value, Math.max(fd?.precision ?? 2, 2)),
        class: c === ZONING_NO_CLASS ? null : c,
        className: nameOf(c),
        veto: rule.veto ?? null,
        vetoed: vetoed[f]!,
      };
    }),
  };
}
