import { PRODUCT_LIMITS, type ProductAggregation, type ProductForecast, type ProductLanguage, type ProductMode } from '@agromet/contracts';
import { rasterizeArea, type GridGeometry } from '@agromet/grid';
import type { z } from 'zod';
import type { ProductForecast as ForecastSchema } from '@agromet/contracts';
import type { Db } from '../../core/db/index.js';
import type { FileStorage } from '../../core/storage.js';
import { geometryOfRow, type GridStore } from '../grids/store.js';
import { layerFactorOf, layerTimeRows, resolveLayerGrid, type FactorRecord } from '../grids/service.js';
import { FILES_PREFIX } from '../files/routes.js';
import {
  aggregateGrids,
  aggregationAllowed,
  classesOfColorMap,
  classifyValues,
  fillPlaceholders,
  formatDate,
  formatLead,
  formatTime,
  isAccumulating,
  isDailyExtreme,
  legendLabels,
  precipitationClasses,
  TEMPERATURE_PRODUCT_RAMP,
  validPeriod,
  type ColourClasses,
} from './product-rules.js';
import { boundaryAreas, regionName, resolveArea, type Fail, type LayerArea } from './region.js';
import { mapPlaces, type StationPlace } from '../../core/cartography/places.js';
import { renderMapProduct, type AreaGeometry, type MapProductInput, type MapProductOutput } from './render.js';
import type { TemplateFields } from './templates.js';
import { aggregatedName, factorName, typeName } from './words.js';

/** The data source a map product names (docs/products.md#furniture): the forecast and its run. */
const PRODUCT_SOURCE: Record<ProductLanguage, string> = {
  zh: '{type}（{run}起报）',
  en: '{type}, run of {run}',
  es: '{type}, pasada del {run}',
};

// From a request to a rendered product (docs/products.md#making): the forecast's grids checked and read (one lead,
// each lead of a range, or an aggregation over a range), the region, the legend's classes, the template's texts filled
// in the product's language, boundaries and stations, then the renderer.

export type ForecastAsk = z.output<typeof ForecastSchema>;
export type { ProductForecast };

export type { Fail };

export interface MakeDeps {
  db: Db;
  storage: FileStorage;
  store: GridStore;
  /** The office's time zone: times in products are its wall-clock times. */
  timeZone: string;
}

export interface PlanItem {
  /** The leads read for this product (one, or the aggregation's). */
  leads: number[];
}

export interface Plan {
  factor: FactorRecord;
  typeStepHours: number;
  baseTime: string;
  mode: ProductMode;
  aggregation: ProductAggregation | null;
  items: PlanItem[];
  /** Hours one grid of the factor accumulates (0 for a state such as temperature). */
  accumulationHours: number;
}

/** Hours one grid accumulates: a derived sum's hours, `pre<N>h`'s N, 0 for states. */
export function accumulationHours(f: Pick<FactorRecord, 'code' | 'derivation'>): number {
  if (f.derivation?.kind === 'sum') return f.derivation.hours;
  const m = /^pre(\d+)h$/.exec(f.code);
  return m ? Number(m[1]) : 0;
}

/**
 * The leads a sum reads: from the last lead back, one grid every accumulation period (no hour counted twice), none
 * before the run.
 */
export function sumLeads(available: readonly number[], leadTo: number, hours: number): number[] {
  if (hours <= 0) return [...available];
  // A grid at a lead shorter than its period would count hours before the run.
  return available.filter((l) => l >= hours && (leadTo - l) % hours === 0);
}

/** Checks the forecast part of a request against the customer's grids; the plan of the products to make. */
export async function planForecast(db: Db, customerId: number, f: ForecastAsk, fail: Fail): Promise<Plan> {
  const factor = await layerFactorOf(db, f.type, f.factor);
  if (!factor) {
    const type = await db.selectFrom('forecast_type').select('id').where('code', '=', f.type).executeTakeFirst();
    if (!type) throw fail('type', 'product.unknownType', { type: f.type });
    throw fail('factor', 'product.unknownFactor', { type: f.type, factor: f.factor });
  }
  const type = await db.selectFrom('forecast_type').select(['step_hours']).where('id', '=', factor.typeId).executeTakeFirstOrThrow();
  const base = Date.parse(f.baseTime);
  const leads = [
    ...new Set((await layerTimeRows(db, customerId, factor.id)).filter((r) => Date.parse(r.baseTime) === base).map((r) => r.lead)),
  ].sort((a, b) => a - b);
  if (leads.length === 0) throw fail('baseTime', 'product.unknownBaseTime', { factor: f.factor, baseTime: f.baseTime });
  const plan = {
    factor,
    typeStepHours: type.step_hours,
    baseTime: new Date(base).toISOString(),
    mode: f.mode,
    aggregation: null as ProductAggregation | null,
    accumulationHours: accumulationHours(factor),
  };
  if (f.mode === 'lead') {
    if (f.lead === undefined) throw fail('lead', 'product.leadMissing');
    if (!leads.includes(f.lead)) throw fail('lead', 'product.unknownLead', { baseTime: f.baseTime, lead: f.lead });
    return { ...plan, items: [{ leads: [f.lead] }] };
  }
  if (f.leadFrom === undefined) throw fail('leadFrom', 'product.leadMissing');
  if (f.leadTo === undefined) throw fail('leadTo', 'product.leadMissing');
  let inRange = leads.filter((l) => l >= f.leadFrom! && l <= f.leadTo!);
  if (f.mode === 'aggregate') {
    if (!f.aggregation) throw fail('aggregation', 'product.aggregationMissing');
    if (!aggregationAllowed(f.factor, f.aggregation)) throw fail('aggregation', 'product.sumNotAllowed', { factor: factor.name });
    if (f.aggregation === 'sum' && inRange.length) inRange = sumLeads(inRange, inRange[inRange.length - 1]!, plan.accumulationHours);
  }
  if (inRange.length === 0) throw fail('leadFrom', 'product.emptyLeadRange', { from: f.leadFrom, to: f.leadTo });
  const max = f.mode === 'series' ? PRODUCT_LIMITS.seriesLeads : PRODUCT_LIMITS.aggregateLeads;
  if (inRange.length > max) throw fail('leadTo', 'product.tooManyLeads', { max, count: inRange.length });
  if (f.mode === 'series') return { ...plan, items: inRange.map((l) => ({ leads: [l] })) };
  return { ...plan, aggregation: f.aggregation!, items: [{ leads: inRange }] };
}

/** The values of one product: the grid at its lead, or the aggregation of its leads' grids. */
export async function itemValues(
  deps: Pick<MakeDeps, 'db' | 'store'>,
  customerId: number,
  plan: Plan,
  item: PlanItem,
  fail: Fail,
): Promise<{ geometry: GridGeometry; values: Float32Array }> {
  const grids: Float32Array[] = [];
  let geometry: GridGeometry | null = null;
  for (const lead of item.leads) {
    const r = await resolveLayerGrid(deps.db, deps.store, customerId, {
      typeCode: plan.factor.typeCode,
      factorCode: plan.factor.code,
      baseTime: plan.baseTime,
      lead,
    });
    if (!r) throw fail('lead', 'product.unknownLead', { baseTime: plan.baseTime, lead });
    const g = geometryOfRow(r.row);
    if (geometry && (g.nx !== geometry.nx || g.ny !== geometry.ny || g.lon0 !== geometry.lon0 || g.lat0 !== geometry.lat0)) {
      throw fail('leadFrom', 'product.gridsDiffer');
    }
    geometry = g;
    // A copy: the store's cached values turn into the next version in place when a revision lands while later leads load.
    grids.push(r.grid.values.slice());
  }
  const values = plan.aggregation ? aggregateGrids(grids, plan.aggregation) : grids[0]!;
  return { geometry: geometry!, values };
}

export interface ProductRegion {
  /** null: the customer's region (every cell of the grid with a value). */
  area: LayerArea | null;
}

export interface RenderedItem {
  output: MapProductOutput;
  title: string;
  lead: number;
  validStart: string;
  validEnd: string;
}

/** Range of the values inside the mask (or of every value), NaN skipped. */
function valueRange(values: Float32Array, mask: Uint8Array | null): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if (Number.isNaN(v) || (mask && !mask[k])) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? { min, max } : null;
}

function geometryBox(g: AreaGeometry, marginShare = 0.04) {
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  for (const poly of polygons) {
    for (const p of poly[0] ?? []) {
      if (p[0]! < west) west = p[0]!;
      if (p[0]! > east) east = p[0]!;
      if (p[1]! < south) south = p[1]!;
      if (p[1]! > north) north = p[1]!;
    }
  }
  const mx = (east - west) * marginShare;
  const my = (north - south) * marginShare;
  return { west: west - mx, east: east + mx, south: south - my, north: north + my };
}

/** The legend's classes: the template's own, or the factor's (an accumulation's by its hours). */
export function productClasses(
  template: TemplateFields,
  plan: Plan,
  spanHours: number,
  range: { min: number; max: number } | null,
): ColourClasses {
  if (template.legendMode === 'custom') return { thresholds: [...template.thresholds], colors: [...template.colors] };
  if (plan.aggregation === 'sum') return precipitationClasses(spanHours);
  const temperature = plan.factor.unit === '°C' && plan.factor.colormap.type === 'ramp';
  return classesOfColorMap(temperature ? TEMPERATURE_PRODUCT_RAMP : plan.factor.colormap, range);
}

/** Renders one product of a plan. */
export async function renderItem(
  deps: MakeDeps,
  customerId: number,
  plan: Plan,
  item: PlanItem,
  template: TemplateFields,
  region: ProductRegion,
  fail: Fail,
  options: { pngScale?: number; pdf?: boolean; now?: Date; author?: string },
): Promise<RenderedItem> {
  const lang: ProductLanguage = template.language;
  const { geometry, values } = await itemValues(deps, customerId, plan, item, fail);
  const area = region.area;
  const mask = area ? rasterizeArea(geometry, area.geometry).inside : null;
  const range = valueRange(values, mask);
  if (!range) throw fail(area ? 'areaCode' : 'baseTime', 'product.regionEmpty');

  const leadFrom = item.leads[0]!;
  const leadTo = item.leads[item.leads.length - 1]!;
  const accumulating = isAccumulating(plan.factor.code);
  const acc = plan.accumulationHours || (accumulating ? plan.typeStepHours : 0);
  // A daily extreme at lead L is the day (L − 24, L]: its product covers that day, not the instant L.
  const daily = isDailyExtreme(plan.factor.code, plan.factor.derivation?.kind);
  const covered = daily ? 24 : acc;
  const period = validPeriod(new Date(plan.baseTime), leadFrom, leadTo, covered, accumulating || daily);
  const spanHours = Math.round((period.end.getTime() - period.start.getTime()) / 3_600_000);
  const classes = productClasses(template, plan, spanHours, range);
  const labels = legendLabels(classes.thresholds, lang, Math.max(0, plan.factor.precision));
  const classGrid = classifyValues(values, classes.thresholds, null);

  const name = plan.aggregation
    ? aggregatedName(plan.factor.code, plan.factor.name, plan.aggregation, spanHours, lang)
    : factorName(plan.factor.code, plan.factor.name, lang);
  const now = options.now ?? new Date();
  const tz = deps.timeZone;
  const customer = area ? undefined : await deps.db.selectFrom('customer').select('name').where('id', '=', customerId).executeTakeFirst();
  const regionText = area ? area.label(lang) : regionName(geometry, values, lang, customer?.name ?? '');
  const fill = (text: string) =>
    fillPlaceholders(text, {
      region: regionText,
      factor: name,
      unit: plan.factor.unit,
      baseTime: formatTime(new Date(plan.baseTime), lang, tz, true),
      validStart: formatTime(period.start, lang, tz),
      validEnd: formatTime(period.end, lang, tz),
      lead: formatLead(daily || (plan.aggregation && accumulating) ? Math.max(0, leadFrom - covered) : leadFrom, leadTo, lang),
      issueTime: formatTime(now, lang, tz, true),
      date: formatDate(now, lang, tz),
    });

  const boundaries: NonNullable<MapProductInput['boundaries']> = [];
  for (const layerId of template.boundaryLayers) {
    const areas = await boundaryAreas(deps.db, deps.storage, customerId, layerId, fail);
    for (const a of areas)
      boundaries.push({ name: a.label(lang), geometry: a.geometry, level: layerId === 'provinces' ? 'province' : 'county' });
  }

  const stations: StationPlace[] = [];
  if (template.stations) {
    const rows = await deps.db
      .selectFrom('station')
      .select(['name', 'city', 'district', 'longitude', 'latitude'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
    for (const s of rows) {
      const i = Math.round((s.longitude - geometry.lon0) / geometry.dx);
      const j = Math.round((s.latitude - geometry.lat0) / geometry.dy);
      if (i < 0 || j < 0 || i >= geometry.nx || j >= geometry.ny) continue;
      const k = j * geometry.nx + i;
      if (mask && !mask[k]) continue;
      const v = values[k]!;
      if (Number.isNaN(v)) continue;
      stations.push({
        name: s.name,
        city: s.city,
        district: s.district,
        lon: s.longitude,
        lat: s.latitude,
        value: template.stationValues ? v.toFixed(Math.max(0, plan.factor.precision)) : undefined,
      });
    }
  }
  // The capital inside the region always, with the stations ranked (docs/products.md#labels).
  const places = mapPlaces({ geometry, classes: classGrid, outline: area?.geometry ?? null }, stations, lang);
  const source = PRODUCT_SOURCE[lang]
    .replace('{type}', typeName(plan.factor.typeCode, plan.factor.typeName, lang))
    .replace('{run}', formatTime(new Date(plan.baseTime), lang, tz, true));

  const logo = template.logo.startsWith(FILES_PREFIX) ? await deps.storage.get(template.logo.slice(FILES_PREFIX.length)) : null;
  const title = fill(template.title);
  const output = await renderMapProduct(
    {
      lang,
      paper: { size: template.paper, orientation: template.orientation },
      geometry,
      classes: classGrid,
      field: { values, thresholds: classes.thresholds },
      legend: { title: name, unit: plan.factor.unit, classes: classes.colors.map((color, k) => ({ color, label: labels[k] ?? '' })) },
      title,
      subtitle: fill(template.subtitle) || undefined,
      customerName: fill(template.customerName) || undefined,
      logo,
      issuer: fill(template.issuer) || undefined,
      issueTime: formatTime(now, lang, tz, true),
      footer: fill(template.footer) || undefined,
      boundaries,
      boundaryLabels: template.boundaryLabels,
      regionOutline: area?.geometry ?? null,
      clipRaster: area?.geometry ?? null,
      bbox: area ? geometryBox(area.geometry) : undefined,
      places,
      source,
      scaleBar: template.scaleBar,
      northArrow: template.northArrow,
    },
    { pngScale: options.pngScale, pdf: options.pdf, author: options.author },
  );
  return { output, title, lead: leadTo, validStart: period.start.toISOString(), validEnd: period.end.toISOString() };
}

/** The region of a request: a boundary area, or the customer's region. */
export async function productRegion(
  deps: Pick<MakeDeps, 'db' | 'storage'>,
  customerId: number,
  areaCode: string | undefined,
  fail: Fail,
): Promise<ProductRegion> {
  if (!areaCode) return { area: null };
  return { area: await resolveArea(deps.db, deps.storage, customerId, areaCode, fail) };
}
