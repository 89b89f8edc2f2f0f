import { randomUUID } from 'node:crypto';
import type { HazardKind, RiskExecuteBody, RiskProduct, RiskProductPageQuery } from '@agromet/contracts';
import type { GridGeometry } from '@agromet/grid';
import { z } from 'zod';
import { actorName } from '../../core/builtin-names.js';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { RiskProductRow } from '../../core/db/schema.js';
import { errors } from '../../core/errors.js';
import type { JobRunner } from '../../core/jobs.js';
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
import { productGeometry as typeGeometry } from '../grids/service.js';
import type { GridStore } from '../grids/store.js';
import { defaultStatsLayer, loadBoundaryLayer, regionCells, resolveRegion } from '../zoning/region.js';
import { SEED_CROPS } from '../zoning/seed-data.js';
import { removeDownloadsOfSource } from '../downloads/service.js';
import { computeRisk, type RiskComputation } from './compute.js';
import { hazardName, hazardRow, productHazardName, stageLabel } from './hazards.js';
import { registerRiskFiles, writeRiskFiles } from './render.js';
import { assessmentOf, exposureOf, methodSentence, runLeads, surfaceConditions } from './run-inputs.js';
import {
  storedConditions,
  storedCrop,
  storedExposure,
  storedRiskInputs,
  storedRiskStats,
  storedSensitivity,
  storedSummaries,
  type Exposure,
  type ProductCrop,
} from './stored.js';

// Risk products (docs/risk.md#runs): a hazard applied to a forecast run over a lead range and a region as a job.
// The job writes the level grid (file before row), then marks the row done with the areas per level per area of the
// statistics layer and the summaries; while queued or running the row's status follows its job.

export const RISK_JOB = 'risk.execute';
export const LEVELS_FILE = 'levels.u8';

export type { RiskProductRow };
type ExecuteInput = z.output<typeof RiskExecuteBody>;
type PageInput = z.output<typeof RiskProductPageQuery>;

export interface RiskDeps {
  db: Db;
  storage: FileStorage;
  store: GridStore;
  jobs: JobRunner;
  log: CleanupLog;
}

const RiskJobPayload = z.object({ productId: z.number().int(), customerId: z.number().int() });
type RiskJobPayload = z.output<typeof RiskJobPayload>;

export const riskLayerName = (id: number) => `risk.p${id}`;

export const riskGeometry = (row: RiskProductRow): GridGeometry | null => productWindow(row);

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
  const { crop, sensitivity, calendar } = await assessmentOf(db, auth.customerId, hazard, cropRow);
  const region = await resolveRegion(db, storage, auth.customerId, input, productLang);
  const type = await db.selectFrom('forecast_type').select('id').where('code', '=', hazard.forecast_type).executeTakeFirstOrThrow();
  const geometry = await typeGeometry(db, auth.customerId, type.id);
  if (!geometry || !regionCells(geometry, region.shape, [])) {
    throw errors.validation(input.polygon ? 'polygon' : input.areaCode ? 'areaCode' : 'baseTime', 'risk.regionOutside');
  }
  const statsLayer = input.statsLayer ?? (await defaultStatsLayer(db, auth.customerId));
  await loadBoundaryLayer(db, storage, auth.customerId, statsLayer, 'statsLayer', lang);

  const jobId = randomUUID();
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
      summaries: null,
      ...newProductColumns('queued', jobId, auth),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueProductJob<RiskJobPayload>(deps, 'risk_product', row.id, {
    kind: RISK_JOB,
    payload: { productId: row.id, customerId: auth.customerId },
    owner: { customerId: auth.customerId, userId: auth.userId },
    id: jobId,
  });
  return { productId: row.id, jobId };
}

// ---- the job -----------------------------------------------------------------------------------

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
  const names = [LEVELS_FILE, 'map.png', 'map.pdf', 'areas.csv'];
  await writeProductFiles(storage, log, { prefix, names, label: 'risk product' }, async () => {
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
  });
}

/** The risk job (core/product-job.ts): computes, writes the files and marks the product done (finishRiskProduct); a failure marks it failed. */
export function defineRiskJob(deps: RiskDeps): void {
  deps.jobs.define(RISK_JOB, RiskJobPayload, (p, ctx) =>
    runProductJob(deps.db, ctx, {
      table: 'risk_product',
      label: 'risk product',
      load: () => deps.db.selectFrom('risk_product').selectAll().where('id', '=', p.productId).executeTakeFirst(),
      make: async (row) => {
        const made = await computeRisk(deps, row, (pct) => ctx.progress(pct));
        await ctx.progress(80);
        await finishRiskProduct(deps, row, made, ctx.log as CleanupLog);
        return { productId: row.id };
      },
    }),
  );
}

// ---- reading products --------------------------------------------------------------------------

type Joined = RiskProductRow & { job_status: RiskProductRow['status'] | null; job_progress: number | null; job_error: string | null };

const reads = productReads<Joined>('risk_product', (db, customerId) =>
  db
    .selectFrom('risk_product')
    .leftJoin('job', 'job.id', 'risk_product.job_id')
    .selectAll('risk_product')
    .select(JOB_COLUMNS)
    .where('risk_product.customer_id', '=', customerId),
);

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
  const job = productJobView(r, lang);
  const stored = storedExposure(r.exposure, r.id);
  const exposure = stored ? exposureIn(stored, lang) : null;
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
    ...job,
    creator: actorName(lang, r.created_by_name),
    stats: r.stats ? storedRiskStats(r.stats, r.id) : null,
    summaries: r.summaries ? storedSummaries(r.summaries, r.id) : [],
    lang: r.lang,
    layer: job.status === 'done' ? riskLayerName(r.id) : '',
    crop: r.crop ? cropIn(storedCrop(r.crop, r.id)!, lang) : null,
    stages: storedSensitivity(r.sensitivity, r.id).map((st) => ({ ...st, stageName: stageLabel(st.stage, lang) })),
    method: methodSentence(lang, storedConditions(r.conditions, 'risk_product', r.id)),
    inputs: storedRiskInputs(r.inputs, r.id),
  };
}

export const riskProductRow = reads.row;

export async function getRiskProduct(db: Db, auth: AuthContext, id: number, lang: Lang): Promise<RiskProduct> {
  return productView(await reads.one(db, auth.customerId, id), lang);
}

/** The customer's products (of a hazard), newest first, one page (core/paging.ts). */
export function riskProductPage(db: Db, auth: AuthContext, q: PageInput, lang: Lang) {
  return reads.page(db, auth.customerId, q, q.hazardId === undefined ? null : ['hazard_id', q.hazardId], (r) => productView(r, lang));
}

export const runningRiskProducts = (db: Db, auth: AuthContext) => reads.running(db, auth.customerId);

/** Refused while queued or running (4009); the row goes first, then its library files and its level grid. */
export async function deleteRiskProduct(deps: Pick<RiskDeps, 'db' | 'storage' | 'log'>, auth: AuthContext, id: number) {
  const row = await reads.one(deps.db, auth.customerId, id);
  await removeProductRow(deps.db, 'risk_product', auth.customerId, row, 'risk.productRunning');
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
