import { randomUUID } from 'node:crypto';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import type { CleanupLog, FileStorage } from '../../core/storage.js';
import type { GridStore } from '../grids/store.js';
import type { Fail, ForecastAsk } from './making.js';
import { makeProductFiles } from './service.js';
import { ensureTemplates, templateRow, toTemplate } from './templates.js';

// The demo's map product (DEMO=1, docs/products.md#demo): the first day's precipitation (the sum of the 3-hourly
// grids over the first 24 hours) of the demo customer's newest run, with its default template, so that the downloads
// library holds a product from the first start.

export interface DemoProductDeps {
  db: Db;
  storage: FileStorage;
  store: GridStore;
  timeZone: string;
  log: CleanupLog;
}

const fail: Fail = (field, key, params) => errors.validation(field, key, params);

/**
 * Makes the demo map product for a customer once (nothing when it has any product, or no precipitation grids);
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
    .where('factor.code', '=', 'pre3h')
    .orderBy('grid.base_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!grid) return null;
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
  const forecast: ForecastAsk = {
    type: grid.type,
    factor: 'pre3h',
    baseTime: grid.base_time,
    mode: 'aggregate',
    leadFrom: 3,
    leadTo: 24,
    aggregation: 'sum',
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
      name: template.language === 'zh' ? '24小时降水量预报（示例）' : '24-hour precipitation (demo)',
      status: 'queued',
      job_id: `demo-${randomUUID()}`,
      type_code: grid.type,
      factor_code: 'pre3h',
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
