import type { HazardKind, RiskAreaRow, RiskStats } from '@agromet/contracts';
import {
  cellAt,
  cellCentre,
  classifyRiskHve,
  dayOfIsoDate,
  exposureWeightsFromClasses,
  gridBBox,
  levelAreasKm2,
  presence,
  rasterizeArea,
  RISK_LEVEL_COUNT,
  RISK_NO_DATA,
  sameGeometry,
  stageIndexGrid,
  worstLevels,
  type CropCalendar,
  type GridGeometry,
} from '@agromet/grid';
import type { Db } from '../../core/db/index.js';
import type { RiskProductRow } from '../../core/db/schema.js';
import { JobError } from '../../core/jobs.js';
import { translate } from '../../core/messages.js';
import type { FileStorage } from '../../core/storage.js';
import { resolveLayerGrid } from '../grids/service.js';
import type { GridStore } from '../grids/store.js';
import { readFactorGrid } from '../zoning/base-factors.js';
import { productFiles as zoningFiles, productGeometry as zoningGeometry } from '../zoning/products.js';
import { loadBoundaryLayer, regionCells, resolveRegion } from '../zoning/region.js';
import { storedRegionAsk } from '../zoning/stored.js';
import { cutWindow, overlapsBox, windowOf } from '../zoning/window.js';
import { elementName } from './hazards.js';
import { methodSentence, runLeads, surfaceConditions } from './run-inputs.js';
import { storedCalendar, storedConditions, storedCrop, storedExposure, storedSensitivity, type Sensitivity } from './stored.js';
import { beijingDate, noStageSentence, summarySentence } from './summary.js';

// The computation of a risk product from its row (docs/risk.md#runs): each lead's levels within the region's window,
// each cell's worst, the areas per level per area of the statistics layer and the summaries.

export interface RiskComputeDeps {
  db: Db;
  storage: FileStorage;
  store: GridStore;
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
async function altitudeOn(
  deps: Pick<RiskComputeDeps, 'db' | 'storage'>,
  customerId: number,
  w: GridGeometry,
): Promise<Float32Array | undefined> {
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

/** The window of the region on the forecast's grid, the cells inside it, and what weighs them (exposure, altitude). */
interface RiskWindow {
  geometry: GridGeometry;
  bounds: { i0: number; i1: number; j0: number; j1: number };
  window: GridGeometry;
  mask: Uint8Array;
  exposureWeights?: Float32Array;
  altitude?: Float32Array;
}

/** The window of the region's cells on the first grid read; the exposure's weights and the altitude when they count. */
async function riskWindow(
  deps: RiskComputeDeps,
  row: RiskProductRow,
  grid: GridGeometry,
  shape: Parameters<typeof regionCells>[1],
  staged: { calendar: CropCalendar } | null,
): Promise<RiskWindow> {
  const geometry = { lon0: grid.lon0, lat0: grid.lat0, dx: grid.dx, dy: grid.dy, nx: grid.nx, ny: grid.ny };
  const cells = regionCells(geometry, shape, []);
  if (!cells) throw new JobError('risk.regionOutside');
  const bounds = cells.bounds;
  const window = windowOf(geometry, bounds);
  const out: RiskWindow = { geometry, bounds, window, mask: cutWindow(cells.inside, geometry, window, bounds.i0, bounds.j0) };
  const exp = storedExposure(row.exposure, row.id);
  if (exp) {
    const zrow = await deps.db
      .selectFrom('zoning_product')
      .selectAll()
      .where('id', '=', exp.zoningProductId)
      .where('customer_id', '=', row.customer_id)
      .where('status', '=', 'done')
      .executeTakeFirst();
    const zg = zrow ? zoningGeometry(zrow) : null;
    if (!zrow || !zg) throw new JobError('risk.unknownExposure');
    const files = await zoningFiles(deps.storage, zrow);
    // Weight by class (most suitable 1.0 … sub-suitable 0.6); unsuitable and unclassed cells: the crop does not grow there.
    out.exposureWeights = exposureWeightsFromClasses(window, zg, files.classes);
  }
  if (staged && staged.calendar.daysPer100m !== 0) out.altitude = await altitudeOn(deps, row.customer_id, window);
  return out;
}

/**
 * The whole computation of a product from its row (the job's work, also what a test compares with hand-computed
 * levels): reads each lead's grids, classes them within the region's window into hazard levels, combines them with the
 * vulnerability of the crop's stage on the lead's date and the exposure weight of the zoning class
 * (classifyRiskHve), keeps each cell's worst level, and measures areas and writes the summaries per area of the
 * statistics layer (riskStats).
 */
export async function computeRisk(
  deps: RiskComputeDeps,
  row: RiskProductRow,
  progress: (pct: number) => Promise<void> = async () => {},
): Promise<RiskComputation> {
  const { db, storage, store } = deps;
  const customerId = row.customer_id;
  const lang = row.lang;
  const conditions = await surfaceConditions(db, row.forecast_type, row.kind, storedConditions(row.conditions, 'risk_product', row.id));
  const sensitivity = storedSensitivity(row.sensitivity, row.id);
  const calendar = storedCalendar(row.calendar, row.id);
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
  const ask = storedRegionAsk(row.region, 'risk_product', row.id);
  const region = await resolveRegion(db, storage, customerId, ask, lang);
  const factorCodes = new Map((await db.selectFrom('factor').select(['id', 'code']).execute()).map((f) => [f.id, f.code]));

  let win: RiskWindow | null = null;
  let worst: Uint8Array | null = null;
  /** Whether any cell of the region is in a stage the hazard harms at some lead. */
  let anySensitive = false;
  const perLead: Uint8Array[] = [];
  const inputs: RiskComputation['inputs'] = [];
  const staged = calendar !== null && sensitivity.length > 0 ? { calendar } : null;
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
      if (!win) win = await riskWindow(deps, row, grid.grid, region.shape, staged);
      else if (!sameGeometry(win.geometry, grid.grid)) throw new JobError('risk.gridMismatch');
      const cutValues = cutWindow(grid.grid.values, win.geometry, win.window, win.bounds.i0, win.bounds.j0);
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
    const { window, mask, exposureWeights, altitude } = win!;
    let vulnerability: Float32Array | undefined;
    if (staged) {
      vulnerability = vulnerabilityOn(
        staged.calendar,
        sensitivity,
        beijingDate(Date.parse(row.base_time) + lead * 3_600_000),
        window,
        altitude,
      );
      for (let k = 0; k < vulnerability.length && !anySensitive; k++)
        if (mask[k] && vulnerability[k]! > 0 && (!exposureWeights || exposureWeights[k]! > 0)) anySensitive = true;
    }
    const levels = classifyRiskHve(values, conditions, { mask, vulnerability, exposure: exposureWeights });
    perLead.push(levels);
    worst = worst ? worstLevels(worst, levels) : levels;
    await progress(5 + Math.floor((70 * (n + 1)) / leads.length));
  }
  const made = await riskStats(deps, row, {
    window: win!.window,
    levels: worst!,
    perLead,
    leads,
    weights: win!.exposureWeights,
    statsLayer: ask.statsLayer,
  });
  const crop = storedCrop(row.crop, row.id);
  const ctx = { kind: row.kind as HazardKind, hazardName: row.hazard_name, cropName: crop?.name ?? '', lang };
  const regionName = row.region_kind === 'customer' ? translate(lang, 'risk.regionAll') : row.region_name;
  const allDates = [...new Set(made.validTimes.map((t) => beijingDate(t)))];
  const withRisk = [...made.stats.byArea]
    .filter((a) => a.worst > 0)
    .sort((a, b) => b.worst - a.worst || b.areasKm2[b.worst]! - a.areasKm2[a.worst]!);
  const summaries =
    staged && !anySensitive
      ? [noStageSentence(ctx, regionName, allDates)]
      : withRisk.length > 0
        ? withRisk.map((a) => summarySentence(ctx, { name: a.name, worst: a.worst, dates: a.dates, km2: a.areasKm2[a.worst]! }))
        : [summarySentence(ctx, { name: regionName, worst: 0, dates: allDates, km2: 0 })];
  return { window: win!.window, levels: worst!, stats: made.stats, summaries, inputs, method: methodSentence(lang, conditions) };
}

/**
 * The areas per level of the region and per area of the statistics layer (areas touching the window; the first area
 * wins a shared cell), each area's worst level and the dates on which it occurs.
 */
async function riskStats(
  deps: Pick<RiskComputeDeps, 'db' | 'storage'>,
  row: RiskProductRow,
  run: { window: GridGeometry; levels: Uint8Array; perLead: Uint8Array[]; leads: number[]; weights?: Float32Array; statsLayer: string },
): Promise<{ stats: RiskStats; validTimes: number[] }> {
  const { window: w, levels, perLead, leads } = run;
  const weights = run.weights ? presence(run.weights) : undefined;
  const layer = await loadBoundaryLayer(deps.db, deps.storage, row.customer_id, run.statsLayer, 'statsLayer', row.lang);
  const box = gridBBox(w);
  const candidates = layer.areas.filter((a) => overlapsBox(a.geometry, box));
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
  return { stats, validTimes };
}
