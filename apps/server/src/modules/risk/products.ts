import { randomUUID } from 'node:crypto';
import {
  RISK_LIMITS,
  type HazardCondition,
  type HazardKind,
  type HazardStage,
  type RiskAreaRow,
  type RiskCropOption,
  type RiskExecuteBody,
  type RiskExposureOption,
  type RiskProduct,
  type RiskProductPageQuery,
  type RiskStats,
} from '@agromet/contracts';
import {
  cellAt,
  cellCentre,
  classifyRiskHve,
  exposureWeightsFromClasses,
  gridBBox,
  presence,
  stageIndexGrid,
  dayOfIsoDate,
  type CropCalendar,
  levelAreasKm2,
  rasterizeArea,
  RISK_LEVEL_COUNT,
  RISK_NO_DATA,
  sameGeometry,
  worstLevels,
  type GridGeometry,
} from '@agromet/grid';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { actorName } from '../../core/builtin-names.js';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { RiskProductTable } from '../../core/db/risk-migration.js';
import { errors } from '../../core/errors.js';
import { JobError, jobErrorMessage, type JobRunner } from '../../core/jobs.js';
import { translate, type Lang } from '../../core/messages.js';
import { removeFiles, type CleanupLog, type FileStorage } from '../../core/storage.js';
import { layerFactorOf, layerTimeRows, productGeometry as typeGeometry, resolveLayerGrid } from '../grids/service.js';
import type { GridStore } from '../grids/store.js';
import { productFiles as zoningFiles, productGeometry as zoningGeometry } from '../zoning/products.js';
import { defaultStatsLayer, loadBoundaryLayer, regionCells, resolveRegion, type RegionAsk } from '../zoning/region.js';
import { SEED_CROPS } from '../zoning/seed-data.js';
import { removeDownloadsOfSource } from '../downloads/service.js';
import { readFactorGrid } from '../zoning/base-factors.js';
import { calendarOf, calendarOfCrop, ensureCalendarSetup } from '../crop-calendar/service.js';
import { cropKeyOf, elementName, hazardName, hazardRow, productHazardName, stageLabel } from './hazards.js';
import { registerRiskFiles, writeRiskFiles } from './render.js';
import { beijingDate, noStageSentence, summarySentence } from './summary.js';
import { storedConditions, storedRiskStats, storedSummaries } from './stored.js';

// Risk products (docs/risk.md#runs): a hazard applied to a forecast run over a lead range and a region as a job.
// The job writes the level grid (file before row), then marks the row done with the areas per level per area of the
// statistics layer and the summaries; while queued or running the row's status follows its job.

export const RISK_JOB = 'risk.execute';
export const LEVELS_FILE = 'levels.u8';

export type RiskProductRow = Selectable<RiskProductTable>;
type ExecuteInput = z.output<typeof RiskExecuteBody>;
type PageInput = z.output<typeof RiskProductPageQuery>;

export interface RiskDeps {
  db: Db;
  storage: FileStorage;
  store: GridStore;
  jobs: JobRunner;
  log: CleanupLog;
}

interface RiskJobPayload {
  productId: number;
  customerId: number;
}

interface Exposure {
  zoningProductId: number;
  name: string;
  cropName: string;
}

/** The crop a product assesses: from its exposure's zoning or chosen (`cropId`). */
interface ProductCrop {
  id: number;
  key: string;
  name: string;
}

/** The hazard's stages of one crop as run. */
type Sensitivity = Array<{ stage: string; vulnerability: number }>;

/**
 * Where the forecast type has a ground (surface) minimum, frost reads it as it is; otherwise the air minimum with the
 * condition's offset (docs/risk.md#surface-minimum). The surface elements looked for, by the air element they replace.
 */
export const SURFACE_MINIMUM: Record<string, string> = { tmin24h: 'gtmin24h', tmin: 'gtmin' };

/** The conditions as read: a frost condition on an air minimum reads the type's surface minimum (no offset) when there is one. */
export async function surfaceConditions(
  db: Db,
  forecastType: string,
  kind: string,
  conditions: HazardCondition[],
): Promise<HazardCondition[]> {
  if (kind !== 'frost') return conditions;
  const out: HazardCondition[] = [];
  for (const c of conditions) {
    const surface = SURFACE_MINIMUM[c.element];
    if (surface && (await layerFactorOf(db, forecastType, surface))) {
      const { offset: _offset, ...rest } = c;
      out.push({ ...rest, element: surface });
    } else out.push(c);
  }
  return out;
}

/** "−2" with a true minus sign, "+1.5" for positive offsets. */
const signed = (v: number) => (v < 0 ? `−${Math.abs(v)}` : `+${v}`);

/** One sentence of method in `lang`: the combination, and the surface offset when a condition carries one. */
export function methodSentence(lang: Lang, conditions: readonly HazardCondition[]): string {
  const offset = conditions.find((c) => c.offset !== undefined && c.offset !== 0);
  const surface = offset
    ? translate(lang, 'risk.methodSurface', { element: elementName(offset.element, offset.element, lang), offset: signed(offset.offset!) })
    : '';
  return `${translate(lang, 'risk.method')}${surface}${lang === 'zh' ? '。' : '.'}`;
}

export const riskLayerName = (id: number) => `risk.p${id}`;

export function riskGeometry(row: RiskProductRow): GridGeometry | null {
  if (row.lon0 === null || row.lat0 === null || row.dx === null || row.dy === null || row.nx === null || row.ny === null) return null;
  return { lon0: row.lon0, lat0: row.lat0, dx: row.dx, dy: row.dy, nx: row.nx, ny: row.ny };
}

// ---- what a run reads ----------------------------------------------------------------------------

/**
 * The leads of the run at which every condition's element has a grid, within [from, to]. Refusals name the field: the
 * hazard (an element the type lacks), the base time (no grid of the first element in that run), the lead range.
 */
async function runLeads(
  db: Db,
  customerId: number,
  forecastType: string,
  conditions: readonly HazardCondition[],
  baseTime: string,
  from: number,
  to: number,
  lang: Lang,
  fail: (
    field: string,
    key: 'risk.unknownElement' | 'risk.noGrid' | 'risk.emptyLeads' | 'risk.tooManyLeads',
    params: Record<string, string | number>,
  ) => Error,
): Promise<number[]> {
  const base = Date.parse(baseTime);
  let leads = null as Set<number> | null;
  for (const c of conditions) {
    const factor = await layerFactorOf(db, forecastType, c.element);
    if (!factor) throw fail('hazardId', 'risk.unknownElement', { type: forecastType, element: c.element });
    const rows = await layerTimeRows(db, customerId, factor.id);
    const here = new Set(rows.filter((r) => Date.parse(r.baseTime) === base).map((r) => r.lead));
    if (here.size === 0)
      throw fail('baseTime', 'risk.noGrid', { element: elementName(c.element, factor.name, lang), baseTime: new Date(base).toISOString() });
    leads = leads ? new Set([...leads].filter((l: number) => here.has(l))) : here;
  }
  const out = [...(leads ?? [])].filter((l) => l >= from && l <= to).sort((a, b) => a - b);
  if (out.length === 0) throw fail('leadTo', 'risk.emptyLeads', { from, to });
  if (out.length > RISK_LIMITS.leads) throw fail('leadTo', 'risk.tooManyLeads', { count: out.length, max: RISK_LIMITS.leads });
  return out;
}

/** A finished zoning product of the customer as exposure, with its crop's name in `lang`. */
async function exposureOf(
  db: Db,
  customerId: number,
  zoningProductId: number,
  lang: Lang,
): Promise<(Exposure & { crop: { id: number; seed_key: string | null } | null }) | null> {
  const row = await db
    .selectFrom('zoning_product')
    .leftJoin('zoning_crop', 'zoning_crop.id', 'zoning_product.crop_id')
    .select(['zoning_product.id', 'zoning_product.name', 'zoning_product.crop_name', 'zoning_crop.seed_key', 'zoning_crop.id as crop_id'])
    .where('zoning_product.id', '=', zoningProductId)
    .where('zoning_product.customer_id', '=', customerId)
    .where('zoning_product.status', '=', 'done')
    .executeTakeFirst();
  if (!row) return null;
  const seed = row.seed_key ? SEED_CROPS.find((c) => c.key === row.seed_key) : undefined;
  const cropName = seed && row.crop_name === seed.names.zh ? seed.names[lang] : row.crop_name;
  return {
    zoningProductId: row.id,
    name: row.name,
    cropName,
    crop: row.crop_id === null ? null : { id: row.crop_id, seed_key: row.seed_key },
  };
}

/** Finished zoning products of the customer, newest first: what a run may weigh its exposure by. */
export async function exposureOptions(db: Db, auth: AuthContext, lang: Lang): Promise<RiskExposureOption[]> {
  const rows = await db
    .selectFrom('zoning_product')
    .leftJoin('zoning_crop', 'zoning_crop.id', 'zoning_product.crop_id')
    .select(['zoning_product.id', 'zoning_product.name', 'zoning_product.crop_name', 'zoning_product.created_at', 'zoning_crop.seed_key'])
    .where('zoning_product.customer_id', '=', auth.customerId)
    .where('zoning_product.status', '=', 'done')
    .orderBy('zoning_product.id', 'desc')
    .execute();
  return rows.map((r) => {
    const seed = r.seed_key ? SEED_CROPS.find((c) => c.key === r.seed_key) : undefined;
    return {
      zoningProductId: r.id,
      name: r.name,
      cropName: seed && r.crop_name === seed.names.zh ? seed.names[lang] : r.crop_name,
      createTime: r.created_at,
    };
  });
}

/**
 * What a run assesses for a crop (docs/risk.md#stages): the crop, the hazard's stages of it with their vulnerability,
 * and the crop's calendar when the hazard lists stages of it (null: every stage).
 */
export async function assessmentOf(
  db: Db,
  customerId: number,
  hazardStages: string,
  cropRow: { id: number; seed_key: string | null; name: string } | null,
): Promise<{ crop: ProductCrop | null; sensitivity: Sensitivity; calendar: CropCalendar | null }> {
  const crop: ProductCrop | null = cropRow ? { id: cropRow.id, key: cropKeyOf(cropRow), name: cropRow.name } : null;
  const sensitivity: Sensitivity = crop
    ? (JSON.parse(hazardStages) as HazardStage[])
        .filter((st) => st.crop === crop.key)
        .map(({ stage, vulnerability }) => ({ stage, vulnerability }))
    : [];
  const calendarRow = crop && sensitivity.length > 0 ? await calendarOfCrop(db, customerId, crop.id) : undefined;
  return { crop, sensitivity, calendar: calendarRow ? calendarOf(calendarRow) : null };
}

/** The customer's crops in their order, names in `lang`, with whether they have a calendar (a run's `cropId`). */
export async function cropOptions(db: Db, auth: AuthContext, lang: Lang): Promise<RiskCropOption[]> {
  await ensureCalendarSetup(db, auth.customerId);
  const rows = await db
    .selectFrom('zoning_crop')
    .leftJoin('crop_calendar', 'crop_calendar.crop_id', 'zoning_crop.id')
    .select(['zoning_crop.id', 'zoning_crop.seed_key', 'zoning_crop.name', 'crop_calendar.id as calendar_id'])
    .where('zoning_crop.customer_id', '=', auth.customerId)
    .orderBy('zoning_crop.sort')
    .orderBy('zoning_crop.id')
    .execute();
  return rows.map((r) => {
    const seed = r.seed_key ? SEED_CROPS.find((c) => c.key === r.seed_key) : undefined;
    return {
      cropId: r.id,
      key: cropKeyOf(r),
      name: seed && r.name === seed.names.zh ? seed.names[lang] : r.name,
      hasCalendar: r.calendar_id !== null,
    };
  });
}

// ---- execute -----------------------------------------------------------------------------------

/**
 * Checks everything the run needs before anything is stored (the hazard, grids of every element at some lead of the
 * range, the exposure, the region and the statistics layer), then inserts the product (queued) and queues its job.
 */
export async function executeRisk(deps: RiskDeps, auth: AuthContext, input: ExecuteInput, lang: Lang) {
  const { db, storage } = deps;
  const productLang: Lang = input.lang ?? lang;
  const hazard = await hazardRow(db, auth.customerId, input.hazardId);
  if (!hazard) throw errors.validation('hazardId', 'risk.unknownHazard');
  const conditions = await surfaceConditions(
    db,
    hazard.forecast_type,
    hazard.kind,
    storedConditions(hazard.conditions, 'risk_hazard', hazard.id),
  );
  const baseTime = new Date(input.baseTime).toISOString();
  await runLeads(
    db,
    auth.customerId,
    hazard.forecast_type,
    conditions,
    baseTime,
    input.leadFrom,
    input.leadTo,
    lang,
    (field, key, params) => errors.validation(field, key, params),
  );
  let exposure: Exposure | null = null;
  let cropRow: { id: number; seed_key: string | null; name: string } | null = null;
  if (input.zoningProductId !== undefined) {
    const found = await exposureOf(db, auth.customerId, input.zoningProductId, productLang);
    if (!found) throw errors.validation('zoningProductId', 'risk.unknownExposure');
    const { crop, ...rest } = found;
    exposure = rest;
    if (crop) cropRow = { ...crop, name: found.cropName };
  }
  if (!cropRow && input.cropId !== undefined) {
    const c = await db
      .selectFrom('zoning_crop')
      .select(['id', 'seed_key', 'name'])
      .where('id', '=', input.cropId)
      .where('customer_id', '=', auth.customerId)
      .executeTakeFirst();
    if (!c) throw errors.validation('cropId', 'risk.unknownCrop');
    const seed = c.seed_key ? SEED_CROPS.find((x) => x.key === c.seed_key) : undefined;
    cropRow = { ...c, name: seed && c.name === seed.names.zh ? seed.names[productLang] : c.name };
  }
  const { crop, sensitivity, calendar } = await assessmentOf(db, auth.customerId, hazard.stages, cropRow);
  const region = await resolveRegion(db, storage, auth.customerId, input, productLang);
  const type = await db.selectFrom('forecast_type').select('id').where('code', '=', hazard.forecast_type).executeTakeFirstOrThrow();
  const geometry = await typeGeometry(db, auth.customerId, type.id);
  if (!geometry || !regionCells(geometry, region.shape, [])) {
    throw errors.validation(input.polygon ? 'polygon' : input.areaCode ? 'areaCode' : 'baseTime', 'risk.regionOutside');
  }
  const statsLayer = input.statsLayer ?? (await defaultStatsLayer(db, auth.customerId));
  await loadBoundaryLayer(db, storage, auth.customerId, statsLayer, 'statsLayer', lang);

  const jobId = randomUUID();
  const now = nowIso();
  const row = await db
    .insertInto('risk_product')
    .values({
      customer_id: auth.customerId,
      name: input.name,
      hazard_id: hazard.id,
      hazard_name: hazardName(hazard, productLang).slice(0, 64),
      hazard_seed_key: hazard.seed_key,
      kind: hazard.kind,
      forecast_type: hazard.forecast_type,
      conditions: hazard.conditions,
      base_time: baseTime,
      lead_from: input.leadFrom,
      lead_to: input.leadTo,
      region_kind: region.kind,
      region_name: region.name.slice(0, 128),
      region: JSON.stringify({ areaCode: input.areaCode, polygon: input.polygon, statsLayer }),
      exposure: exposure ? JSON.stringify(exposure) : null,
      crop: crop ? JSON.stringify(crop) : null,
      sensitivity: JSON.stringify(sensitivity),
      calendar: calendar ? JSON.stringify(calendar) : null,
      lang: productLang,
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
      summaries: null,
      created_by: auth.userId,
      created_by_name: auth.name.slice(0, 64),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await deps.jobs.enqueue<RiskJobPayload>(
      RISK_JOB,
      { productId: row.id, customerId: auth.customerId },
      { customerId: auth.customerId, userId: auth.userId },
      jobId,
    );
  } catch (e) {
    await db.deleteFrom('risk_product').where('id', '=', row.id).execute();
    throw e;
  }
  return { productId: row.id, jobId };
}

// ---- the job -----------------------------------------------------------------------------------

function cut<T extends Uint8Array | Float32Array>(src: T, g: GridGeometry, w: GridGeometry, i0: number, j0: number): T {
  const out = new (src.constructor as new (n: number) => T)(w.nx * w.ny);
  for (let j = 0; j < w.ny; j++) out.set(src.subarray((j0 + j) * g.nx + i0, (j0 + j) * g.nx + i0 + w.nx) as never, j * w.nx);
  return out;
}

function boxOf(coordinates: unknown) {
  const b = { west: Infinity, east: -Infinity, south: Infinity, north: -Infinity };
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      const [x, y] = c as number[];
      b.west = Math.min(b.west, x!);
      b.east = Math.max(b.east, x!);
      b.south = Math.min(b.south, y!);
      b.north = Math.max(b.north, y!);
    } else if (Array.isArray(c)) for (const x of c) visit(x);
  };
  visit(coordinates);
  return b;
}

export interface RiskComputation {
  window: GridGeometry;
  levels: Uint8Array;
  stats: RiskStats;
  summaries: string[];
  inputs: Array<{ element: string; source: string; lead: number; version: number }>;
  /** One sentence of method in the product's language (written on the map). */
  method: string;
}

/** The customer's altitude base factor sampled at the window's cell centres (NaN where it has none), or undefined. */
async function altitudeOn(deps: Pick<RiskDeps, 'db' | 'storage'>, customerId: number, w: GridGeometry): Promise<Float32Array | undefined> {
  const alt = await readFactorGrid(deps.db, deps.storage, customerId, 'altitude').catch(() => null);
  if (!alt) return undefined;
  const out = new Float32Array(w.nx * w.ny).fill(Number.NaN);
  for (let j = 0; j < w.ny; j++)
    for (let i = 0; i < w.nx; i++) {
      const c = cellCentre(w, i, j);
      const at = cellAt(alt.grid, c.lon, c.lat);
      if (at) out[j * w.nx + i] = alt.grid.values[at.j * alt.grid.nx + at.i]!;
    }
  return out;
}

/**
 * The vulnerability of every cell on a date (docs/risk.md#stages): the stage of the crop there (its calendar shifted by
 * the cell's altitude and latitude) and the hazard's vulnerability for that stage; 0 in a stage the hazard does not
 * list and outside every stage.
 */
export function vulnerabilityOn(
  calendar: CropCalendar,
  sensitivity: Sensitivity,
  isoDate: string,
  w: GridGeometry,
  altitude?: Float32Array,
): Float32Array {
  const idx = stageIndexGrid(calendar, dayOfIsoDate(isoDate), w, altitude);
  const byStage = calendar.stages.map((st) => sensitivity.find((x) => x.stage === st.code)?.vulnerability ?? 0);
  const out = new Float32Array(idx.length);
  for (let k = 0; k < idx.length; k++) out[k] = idx[k]! >= 0 ? byStage[idx[k]!]! : 0;
  return out;
}

/**
 * The whole computation of a product from its row (the job's work, also what a test compares with hand-computed
 * levels): reads each lead's grids, classes them within the region's window into hazard levels, combines them with the
 * vulnerability of the crop's stage on the lead's date and the exposure weight of the zoning class
 * (classifyRiskHve), keeps each cell's worst level, and measures areas and writes the summaries per area of the
 * statistics layer.
 */
export async function computeRisk(
  deps: Pick<RiskDeps, 'db' | 'storage' | 'store'>,
  row: RiskProductRow,
  progress: (pct: number) => Promise<void> = async () => {},
): Promise<RiskComputation> {
  const { db, storage, store } = deps;
  const customerId = row.customer_id;
  const lang = row.lang;
  const conditions = await surfaceConditions(db, row.forecast_type, row.kind, storedConditions(row.conditions, 'risk_product', row.id));
  const sensitivity = JSON.parse(row.sensitivity) as Sensitivity;
  const calendar = row.calendar ? (JSON.parse(row.calendar) as CropCalendar) : null;
  const crop = row.crop ? (JSON.parse(row.crop) as ProductCrop) : null;
  const leads = await runLeads(
    db,
    customerId,
    row.forecast_type,
    conditions,
    row.base_time,
    row.lead_from,
    row.lead_to,
    lang,
    (_f, key, params) => new JobError(key, params),
  );
  const ask = JSON.parse(row.region) as RegionAsk & { statsLayer: string };
  const region = await resolveRegion(db, storage, customerId, ask, lang);
  const factorCodes = new Map((await db.selectFrom('factor').select(['id', 'code']).execute()).map((f) => [f.id, f.code]));

  let geometry: GridGeometry | null = null;
  let mask: Uint8Array | null = null;
  let bounds: { i0: number; i1: number; j0: number; j1: number } | null = null;
  let window: GridGeometry | null = null;
  let exposureWeights: Float32Array | undefined;
  let altitude: Float32Array | undefined;
  let worst: Uint8Array | null = null;
  /** Whether any cell of the region is in a stage the hazard harms at some lead. */
  let anySensitive = false;
  const perLead: Uint8Array[] = [];
  const inputs: RiskComputation['inputs'] = [];
  const staged = calendar !== null && sensitivity.length > 0;
  for (const [n, lead] of leads.entries()) {
    const values: Float32Array[] = [];
    for (const c of conditions) {
      const grid = await resolveLayerGrid(db, store, customerId, {
        typeCode: row.forecast_type,
        factorCode: c.element,
        baseTime: row.base_time,
        lead,
      });
      if (!grid) throw new JobError('risk.noGrid', { element: elementName(c.element, c.element, lang), baseTime: row.base_time });
      if (!geometry) {
        geometry = { lon0: grid.grid.lon0, lat0: grid.grid.lat0, dx: grid.grid.dx, dy: grid.grid.dy, nx: grid.grid.nx, ny: grid.grid.ny };
        const cells = regionCells(geometry, region.shape, []);
        if (!cells) throw new JobError('risk.regionOutside');
        bounds = cells.bounds;
        window = {
          lon0: geometry.lon0 + bounds.i0 * geometry.dx,
          lat0: geometry.lat0 + bounds.j0 * geometry.dy,
          dx: geometry.dx,
          dy: geometry.dy,
          nx: bounds.i1 - bounds.i0 + 1,
          ny: bounds.j1 - bounds.j0 + 1,
        };
        mask = cut(cells.inside, geometry, window, bounds.i0, bounds.j0);
        if (row.exposure) {
          const exp = JSON.parse(row.exposure) as Exposure;
          const zrow = await db
            .selectFrom('zoning_product')
            .selectAll()
            .where('id', '=', exp.zoningProductId)
            .where('customer_id', '=', customerId)
            .where('status', '=', 'done')
            .executeTakeFirst();
          const zg = zrow ? zoningGeometry(zrow) : null;
          if (!zrow || !zg) throw new JobError('risk.unknownExposure');
          const files = await zoningFiles(storage, zrow);
          // Weight by class (most suitable 1.0 … sub-suitable 0.6); unsuitable and unclassed cells: the crop does not grow there.
          exposureWeights = exposureWeightsFromClasses(window, zg, files.classes);
        }
        if (staged && calendar!.daysPer100m !== 0) altitude = await altitudeOn(deps, customerId, window);
      } else if (!sameGeometry(geometry, grid.grid)) throw new JobError('risk.gridMismatch');
      const cutValues = cut(grid.grid.values, geometry, window!, bounds!.i0, bounds!.j0);
      if (c.offset) for (let k = 0; k < cutValues.length; k++) cutValues[k] = cutValues[k]! + c.offset;
      values.push(cutValues);
      for (const src of grid.sources ?? [grid.row])
        inputs.push({
          element: c.element,
          source: factorCodes.get(src.factor_id) ?? c.element,
          lead: src.lead_hours,
          version: src.version,
        });
    }
    let vulnerability: Float32Array | undefined;
    if (staged) {
      vulnerability = vulnerabilityOn(calendar!, sensitivity, beijingDate(Date.parse(row.base_time) + lead * 3_600_000), window!, altitude);
      for (let k = 0; k < vulnerability.length && !anySensitive; k++)
        if (mask![k] && vulnerability[k]! > 0 && (!exposureWeights || exposureWeights[k]! > 0)) anySensitive = true;
    }
    const levels = classifyRiskHve(values, conditions, { mask: mask!, vulnerability, exposure: exposureWeights });
    perLead.push(levels);
    worst = worst ? worstLevels(worst, levels) : levels;
    await progress(5 + Math.floor((70 * (n + 1)) / leads.length));
  }
  const w = window!;
  const levels = worst!;
  const weights = exposureWeights ? presence(exposureWeights) : undefined;

  // Areas of the statistics layer that touch the window, as zone ids (first area wins a shared cell).
  const layer = await loadBoundaryLayer(db, storage, customerId, ask.statsLayer, 'statsLayer', lang);
  const box = gridBBox(w);
  const candidates = layer.areas.filter((a) => {
    const b = boxOf(a.geometry.coordinates);
    return b.west <= box.east && b.east >= box.west && b.south <= box.north && b.north >= box.south;
  });
  const zoneIds = new Int32Array(w.nx * w.ny).fill(-1);
  candidates.forEach((a, z) => {
    const m = rasterizeArea(w, a.geometry);
    if (!m.bounds) return;
    for (let k = 0; k < m.inside.length; k++) if (m.inside[k] && zoneIds[k] === -1 && levels[k] !== RISK_NO_DATA) zoneIds[k] = z;
  });
  const areas = levelAreasKm2(levels, w, weights, zoneIds, candidates.length);

  // Per lead and zone the worst level, for the dates on which each zone's worst level occurs.
  const validTimes = leads.map((l) => Date.parse(row.base_time) + l * 3_600_000);
  const zoneLeadMax = perLead.map((lv) => {
    const max = new Uint8Array(candidates.length + 1);
    for (let k = 0; k < lv.length; k++) {
      const v = lv[k]!;
      if (v === RISK_NO_DATA) continue;
      const z = zoneIds[k]! >= 0 ? zoneIds[k]! : candidates.length;
      if (v > max[z]!) max[z] = v;
      if (v > max[candidates.length]!) max[candidates.length] = v;
    }
    return max;
  });
  const datesOf = (z: number, level: number) => [
    ...new Set(
      zoneLeadMax.flatMap((m, n) => (level > 0 ? (m[z] === level ? [beijingDate(validTimes[n]!)] : []) : [beijingDate(validTimes[n]!)])),
    ),
  ];
  const round = (v: number) => Math.round(v * 100) / 100;
  const worstOf = (a: number[]) => {
    for (let l = RISK_LEVEL_COUNT; l >= 1; l--) if (a[l]! > 0) return l;
    return 0;
  };
  const byArea: RiskAreaRow[] = candidates
    .map((a, z) => {
      const km2 = areas.byZone![z]!.map(round);
      const worstLevel = worstOf(km2);
      return { code: a.code, name: a.name, areasKm2: km2, worst: worstLevel, dates: datesOf(z, worstLevel) };
    })
    .filter((a) => a.areasKm2.some((v) => v > 0));
  const stats: RiskStats = {
    areasKm2: areas.total.map(round),
    totalKm2: round(areas.total.reduce((s, v) => s + v, 0)),
    byArea,
    layer: { id: layer.id, name: layer.name },
    leads: leads.map((lead, n) => ({ lead, validTime: new Date(validTimes[n]!).toISOString() })),
  };
  const ctx = { kind: row.kind as HazardKind, hazardName: row.hazard_name, cropName: crop?.name ?? '', lang };
  const regionName = row.region_kind === 'customer' ? translate(lang, 'risk.regionAll') : row.region_name;
  const allDates = [...new Set(validTimes.map((t) => beijingDate(t)))];
  const withRisk = [...byArea].filter((a) => a.worst > 0).sort((a, b) => b.worst - a.worst || b.areasKm2[b.worst]! - a.areasKm2[a.worst]!);
  const summaries =
    staged && !anySensitive
      ? [noStageSentence(ctx, regionName, allDates)]
      : withRisk.length > 0
        ? withRisk.map((a) => summarySentence(ctx, { name: a.name, worst: a.worst, dates: a.dates, km2: a.areasKm2[a.worst]! }))
        : [summarySentence(ctx, { name: regionName, worst: 0, dates: allDates, km2: 0 })];
  return { window: w, levels, stats, summaries, inputs, method: methodSentence(lang, conditions) };
}

export const riskProductPrefix = (customerId: number, id: number) => `risk/${customerId}/products/${id}-${randomUUID().slice(0, 8)}`;

/**
 * Writes a computed product's files (the level grid, the map as PNG and PDF, the areas as CSV), then in one
 * transaction marks the row done and records the files in the downloads library. A failure removes what was written.
 */
export async function finishRiskProduct(
  deps: Pick<RiskDeps, 'db' | 'storage'>,
  row: RiskProductRow,
  made: RiskComputation,
  log: CleanupLog,
): Promise<void> {
  const { db, storage } = deps;
  const prefix = riskProductPrefix(row.customer_id, row.id);
  try {
    await storage.put(`${prefix}/${LEVELS_FILE}`, Buffer.from(made.levels));
    const { files } = await writeRiskFiles(deps, row, made, prefix);
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('risk_product')
        .set({
          status: 'done',
          ...made.window,
          storage_prefix: prefix,
          stats: JSON.stringify(made.stats),
          summaries: JSON.stringify(made.summaries),
          inputs: JSON.stringify(made.inputs),
          updated_at: nowIso(),
        })
        .where('id', '=', row.id)
        .execute();
      await registerRiskFiles(tx, row, files);
    });
  } catch (e) {
    const keys = [LEVELS_FILE, 'map.png', 'map.pdf', 'areas.csv'].map((f) => `${prefix}/${f}`);
    await removeFiles(storage, keys, log, 'the files of a failed risk product');
    throw e;
  }
}

/** The risk job: computes, writes the files and marks the product done (finishRiskProduct); a failure marks it failed. */
export function defineRiskJob(deps: RiskDeps): void {
  deps.jobs.define<RiskJobPayload>(RISK_JOB, async (p, ctx) => {
    const { db } = deps;
    const row = await db.selectFrom('risk_product').selectAll().where('id', '=', p.productId).executeTakeFirst();
    if (!row) throw new JobError('notFound');
    try {
      await db.updateTable('risk_product').set({ status: 'running', updated_at: nowIso() }).where('id', '=', row.id).execute();
      await ctx.progress(5);
      const made = await computeRisk(deps, row, (pct) => ctx.progress(pct));
      await ctx.progress(80);
      await finishRiskProduct(deps, row, made, ctx.log as CleanupLog);
      return { productId: row.id };
    } catch (e) {
      await db
        .updateTable('risk_product')
        .set({ status: 'failed', updated_at: nowIso() })
        .where('id', '=', row.id)
        .execute()
        .catch((err: unknown) => ctx.log.error({ err, productId: row.id }, 'could not mark the risk product failed'));
      throw e;
    }
  });
}

// ---- reading products --------------------------------------------------------------------------

function productQuery(db: Db, customerId: number) {
  return db
    .selectFrom('risk_product')
    .leftJoin('job', 'job.id', 'risk_product.job_id')
    .selectAll('risk_product')
    .select(['job.status as job_status', 'job.progress as job_progress', 'job.error as job_error'])
    .where('risk_product.customer_id', '=', customerId);
}

type Joined = RiskProductRow & { job_status: RiskProductRow['status'] | null; job_progress: number | null; job_error: string | null };

function statusOf(r: Joined): { status: RiskProduct['status']; progress: number } {
  if (r.status === 'done') return { status: 'done', progress: 100 };
  if (r.status === 'failed' || r.job_status === null || r.job_status === 'failed' || r.job_status === 'done') {
    return { status: 'failed', progress: r.job_progress ?? 0 };
  }
  return { status: r.job_status, progress: r.job_progress ?? 0 };
}

/**
 * The exposure a product was run with, its crop named in `lang`: the product keeps the crop's name in the language it
 * was made in; a built-in crop's (a seed name in any language) is answered in the reader's, another's as stored.
 */
function exposureIn(exposure: Exposure, lang: Lang): Exposure {
  const seed = SEED_CROPS.find((c) => Object.values(c.names).includes(exposure.cropName));
  return seed ? { ...exposure, cropName: seed.names[lang] } : exposure;
}

/** A built-in crop's name in the reader's language; another's as stored. */
function cropIn(crop: ProductCrop, lang: Lang): ProductCrop {
  const seed = SEED_CROPS.find((c) => c.key === crop.key);
  return seed ? { ...crop, name: seed.names[lang] } : crop;
}

function productView(r: Joined, lang: Lang): RiskProduct {
  const { status, progress } = statusOf(r);
  const g = riskGeometry(r);
  const box = g ? gridBBox(g) : null;
  const exposure = r.exposure ? exposureIn(JSON.parse(r.exposure) as Exposure, lang) : null;
  return {
    id: r.id,
    name: r.name,
    hazardId: r.hazard_id,
    hazardName: productHazardName(r, lang),
    kind: r.kind as HazardKind,
    forecastType: r.forecast_type,
    conditions: storedConditions(r.conditions, 'risk_product', r.id),
    baseTime: r.base_time,
    leadFrom: r.lead_from,
    leadTo: r.lead_to,
    region: { kind: r.region_kind, name: r.region_kind === 'customer' ? translate(lang, 'risk.regionAll') : r.region_name },
    exposure,
    status,
    progress,
    error: status === 'failed' ? (jobErrorMessage(r.job_error, lang) ?? translate(lang, 'jobInterrupted')) : null,
    jobId: r.job_id,
    createTime: r.created_at,
    creator: actorName(lang, r.created_by_name),
    bbox: box ? [box.west, box.south, box.east, box.north] : [0, 0, 0, 0],
    stats: r.stats ? storedRiskStats(r.stats, r.id) : null,
    summaries: r.summaries ? storedSummaries(r.summaries, r.id) : [],
    lang: r.lang,
    layer: status === 'done' ? riskLayerName(r.id) : '',
    crop: r.crop ? cropIn(JSON.parse(r.crop) as ProductCrop, lang) : null,
    stages: (JSON.parse(r.sensitivity) as Sensitivity).map((st) => ({ ...st, stageName: stageLabel(st.stage, lang) })),
    method: methodSentence(lang, storedConditions(r.conditions, 'risk_product', r.id)),
    inputs: JSON.parse(r.inputs) as RiskProduct['inputs'],
  };
}

export async function riskProductRow(db: Db, customerId: number, id: number): Promise<Joined | undefined> {
  return (await productQuery(db, customerId).where('risk_product.id', '=', id).executeTakeFirst()) as Joined | undefined;
}

export async function getRiskProduct(db: Db, auth: AuthContext, id: number, lang: Lang): Promise<RiskProduct> {
  const row = await riskProductRow(db, auth.customerId, id);
  if (!row) throw errors.notFound();
  return productView(row, lang);
}

export async function riskProductPage(db: Db, auth: AuthContext, q: PageInput, lang: Lang) {
  let base = productQuery(db, auth.customerId);
  let count = db
    .selectFrom('risk_product')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', auth.customerId);
  if (q.hazardId !== undefined) {
    base = base.where('risk_product.hazard_id', '=', q.hazardId);
    count = count.where('hazard_id', '=', q.hazardId);
  }
  const rows = await base
    .orderBy('risk_product.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  const { n } = await count.executeTakeFirstOrThrow();
  return { list: rows.map((r) => productView(r as Joined, lang)), total: Number(n), page: q.page, size: q.size };
}

export async function runningRiskProducts(db: Db, auth: AuthContext) {
  const rows = (await productQuery(db, auth.customerId)
    .where('risk_product.status', 'in', ['queued', 'running'])
    .orderBy('risk_product.id')
    .execute()) as Joined[];
  return rows
    .map((r) => ({ r, s: statusOf(r) }))
    .filter(({ s }) => s.status === 'queued' || s.status === 'running')
    .map(({ r, s }) => ({ productId: r.id, name: r.name, progress: s.progress, status: s.status, jobId: r.job_id }));
}

/** Refused while queued or running (4009); the row goes first, then its library files and its level grid. */
export async function deleteRiskProduct(deps: Pick<RiskDeps, 'db' | 'storage' | 'log'>, auth: AuthContext, id: number) {
  const row = await riskProductRow(deps.db, auth.customerId, id);
  if (!row) throw errors.notFound();
  const { status } = statusOf(row);
  if (status === 'queued' || status === 'running') throw errors.conflict('risk.productRunning', {}, { field: 'productId', status });
  const res = await deps.db.deleteFrom('risk_product').where('id', '=', id).where('customer_id', '=', auth.customerId).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw errors.notFound();
  levelCache.delete(row.storage_prefix ?? '');
  // Its files in the library go with it (rows, then files), then the level grid.
  await removeDownloadsOfSource(deps, auth.customerId, 'risk-product', id, deps.log);
  if (row.storage_prefix)
    await removeFiles(deps.storage, [`${row.storage_prefix}/${LEVELS_FILE}`], deps.log, 'the level grid of a deleted risk product');
  return { name: row.name };
}

const levelCache = new Map<string, Uint8Array>();

/** A finished product's level grid (immutable once written; the last few read are kept). */
export async function riskLevels(storage: FileStorage, row: RiskProductRow): Promise<Uint8Array> {
  const prefix = row.storage_prefix;
  if (!prefix) throw errors.conflict('risk.productNotReady');
  const cached = levelCache.get(prefix);
  if (cached) return cached;
  const data = await storage.get(`${prefix}/${LEVELS_FILE}`);
  if (!data) throw new Error(`the level grid of risk product ${row.id} is missing: ${prefix}/${LEVELS_FILE}`);
  const levels = new Uint8Array(data);
  levelCache.set(prefix, levels);
  while (levelCache.size > 16) levelCache.delete(levelCache.keys().next().value!);
  return levels;
}
