import { randomUUID } from 'node:crypto';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import type { CleanupLog, FileStorage } from '../../core/storage.js';
import { layerFactorOf, layerTimeRows } from '../grids/service.js';
import type { GridStore } from '../grids/store.js';
import { rasterizeArea } from '@agromet/grid';
import { itemValues, planForecast, productRegion, type Fail, type ForecastAsk } from './making.js';
import { calendarDay } from './product-rules.js';
import { makeProductFiles } from './service.js';
import { ensureTemplates, templateRow, toTemplate } from './templates.js';

// The demo's map product (DEMO=1, docs/products.md#demo): the daily maximum temperature (`tmax24h`, the day's highest
// temperature as the forecast stores it, never the highest of the 3-hourly grids, which misses the peak between them)
// of the first forecast day that lies wholly after the demo customer's newest run, over Shaanxi, with its default
// template, so that the downloads library holds a product from the first start.

export interface DemoProductDeps {
  db: Db;
  storage: FileStorage;
  store: GridStore;
  timeZone: string;
  log: CleanupLog;
}

const fail: Fail = (field, key, params) => errors.validation(field, key, params);

/** The daily element the demo product maps: the day's maximum temperature. */
export const DEMO_PRODUCT_FACTOR = 'tmax24h';

const DEMO_PRODUCT_NAMES = {
  zh: '日最高气温预报（示例）',
  en: 'Daily maximum temperature (demo)',
  es: 'Temperatura máxima diaria (ejemplo)',
};

/**
 * The lead of the demo product: the end of the first forecast day that lies wholly after the run (its end 24 h or more
 * after it) and begins on the day the product is made or later (office time), so that it never maps a day already
 * begun yesterday; else the last such day's end there is. Null when the run has no whole day's maximum.
 */
export function demoProductLead(leads: readonly number[], baseTime: Date, now: Date, timeZone: string): number | null {
  const days = [...leads].filter((l) => l >= 24).sort((a, b) => a - b);
  const today = calendarDay(now, timeZone);
  const begins = (l: number) => calendarDay(new Date(baseTime.getTime() + (l - 24) * 3_600_000), timeZone);
  return days.find((l) => begins(l) >= today) ?? days[days.length - 1] ?? null;
}

/**
 * Makes the demo map product for a customer once (nothing when it has any product, or no daily maximum temperature);
 * answers the product's id, or null.
 */
export async function makeDemoMapProduct(deps: DemoProductDeps, customerId: number): Promise<number | null> {
  const { db } = deps;
  const existing = await db.selectFrom('map_product').select('id').where('customer_id', '=', customerId).limit(1).executeTakeFirst();
  if (existing) return null;
  const grid = await db
    .selectFrom('grid')
    .innerJoin('factor', 'factor.id', 'grid.factor_id')
    .innerJoin('forecast_type', 'forecast_type.id', 'factor.forecast_type_id')
    .select(['grid.base_time', 'forecast_type.code as type'])
    .where('grid.customer_id', '=', customerId)
    .where('factor.code', '=', 'tmp')
    .orderBy('grid.base_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!grid) return null;
  const daily = await layerFactorOf(db, grid.type, DEMO_PRODUCT_FACTOR);
  if (!daily) return null;
  const base = Date.parse(grid.base_time);
  const leads = (await layerTimeRows(db, customerId, daily.id)).filter((r) => Date.parse(r.baseTime) === base).map((r) => r.lead);
  const lead = demoProductLead(leads, new Date(base), new Date(), deps.timeZone);
  if (lead === null) return null;
  await ensureTemplates(db, customerId);
  const tpl = await db
    .selectFrom('product_template')
    .select('id')
    .where('customer_id', '=', customerId)
    .orderBy('built_in', 'desc')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const {
    id: templateId,
    builtIn: _b,
    version: _v,
    updateTime: _u,
    creator: _c,
    ...template
  } = toTemplate((await templateRow(db, customerId, tpl.id))!);
  // Over Shaanxi (the demo customer's province) when the grids reach it, else over the customer's region.
  const shaanxi = 'provinces:13';
  const forecast: ForecastAsk = {
    type: grid.type,
    factor: DEMO_PRODUCT_FACTOR,
    baseTime: grid.base_time,
    mode: 'lead',
    lead,
    ...((await reaches(deps, customerId, grid.type, grid.base_time, shaanxi)) ? { areaCode: shaanxi } : {}),
  };
  const author = await db
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('customer_id', '=', customerId)
    .where('username', '=', 'demo-make')
    .executeTakeFirst();
  const now = nowIso();
  const row = await db
    .insertInto('map_product')
    .values({
      customer_id: customerId,
      name: DEMO_PRODUCT_NAMES[template.language],
      status: 'queued',
      job_id: `demo-${randomUUID()}`,
      type_code: grid.type,
      factor_code: DEMO_PRODUCT_FACTOR,
      base_time: new Date(grid.base_time).toISOString(),
      request: JSON.stringify(forecast),
      template: JSON.stringify({ ...template, id: templateId }),
      language: template.language,
      region_name: '',
      created_by: author?.id ?? null,
      created_by_name: author?.name ?? '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await makeProductFiles(deps, row.id, customerId, fail, async () => {});
  return row.id;
}

/** Whether the customer's grids hold values inside an area (the demo region). */
async function reaches(deps: DemoProductDeps, customerId: number, type: string, baseTime: string, areaCode: string): Promise<boolean> {
  try {
    const plan = await planForecast(deps.db, customerId, { type, factor: 'tmp', baseTime, mode: 'lead', lead: 3 }, fail);
    const region = await productRegion(deps, customerId, areaCode, fail);
    const { geometry, values } = await itemValues(deps, customerId, plan, plan.items[0]!, fail);
    const inside = rasterizeArea(geometry, region.area!.geometry).inside;
    return inside.some((v, k) => v === 1 && !Number.isNaN(values[k]!));
  } catch {
    return false;
  }
}
