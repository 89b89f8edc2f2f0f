import { ProductForecast, type ProductSchedule, type ProductScheduleSave } from '@agromet/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { ProductScheduleTable } from '../../core/db/schema.js';
import { AppError, errors } from '../../core/errors.js';
import { JobError, jobErrorMessage } from '../../core/jobs.js';
import type { Lang } from '../../core/messages.js';
import { isUniqueViolation } from '../../core/versioned.js';
import { layerFactorOf, layerTimeRows } from '../grids/service.js';
import { planForecast, productRegion, type ForecastAsk } from './making.js';
import { dueRun } from './schedule-rules.js';
import { makeProduct, type ProductDeps } from './service.js';
import { templateName as templateNameIn, templateRow } from './templates.js';
import { parseStoredJson } from '../../core/stored-json.js';

// Product schedules (docs/products.md#automatic-making): products made without anyone clicking, when a newer run of
// their forecast comes in or daily at a time. A tick looks at every enabled schedule; the one process whose update
// of the schedule's last run succeeds makes the product, as the schedule's author, through the same job as a click.

type Row = Selectable<ProductScheduleTable>;

/** A schedule's forecast as stored: the forecast without its run. */
const StoredForecast = ProductForecast.omit({ baseTime: true });
const storedForecast = (row: Row) =>
  parseStoredJson(StoredForecast, row.forecast, { table: 'product_schedule', id: row.id, column: 'forecast' });
type SaveInput = z.output<typeof ProductScheduleSave>;
type ScheduleForecast = Omit<ForecastAsk, 'baseTime'>;

const scheduleRow = (db: Db, customerId: number, id: number) =>
  db.selectFrom('product_schedule').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();

/** The runs of a schedule's forecast with how many of its leads each has (newest first). */
async function scheduleRuns(db: Db, customerId: number, f: ScheduleForecast): Promise<Array<{ baseTime: string; leads: number }>> {
  const factor = await layerFactorOf(db, f.type, f.factor);
  if (!factor) return [];
  const wanted =
    f.mode === 'lead' ? (l: number) => l === f.lead : (l: number) => l >= (f.leadFrom ?? Infinity) && l <= (f.leadTo ?? -Infinity);
  const counts = new Map<string, number>();
  for (const r of await layerTimeRows(db, customerId, factor.id)) {
    const base = new Date(r.baseTime).toISOString();
    counts.set(base, (counts.get(base) ?? 0) + (wanted(r.lead) ? 1 : 0));
  }
  return [...counts].map(([baseTime, leads]) => ({ baseTime, leads })).sort((a, b) => Date.parse(b.baseTime) - Date.parse(a.baseTime));
}

function toSchedule(row: Row, templateName: string, lang: Lang): ProductSchedule {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled === 1,
    templateId: row.template_id,
    templateName,
    forecast: storedForecast(row),
    trigger: row.trigger,
    time: row.time,
    version: row.version,
    creator: row.created_by_name,
    updateTime: row.updated_at,
    lastBaseTime: row.last_base_time,
    lastRunTime: row.last_run_time,
    lastProductId: row.last_product_id,
    lastError: jobErrorMessage(row.last_error, lang),
  };
}

export async function listSchedules(db: Db, auth: AuthContext, lang: Lang): Promise<ProductSchedule[]> {
  const rows = await db
    .selectFrom('product_schedule')
    .innerJoin('product_template', 'product_template.id', 'product_schedule.template_id')
    .selectAll('product_schedule')
    .select(['product_template.name as template_name', 'product_template.built_in as template_built_in'])
    .where('product_schedule.customer_id', '=', auth.customerId)
    .orderBy('product_schedule.id')
    .execute();
  return rows.map(({ template_name, template_built_in, ...r }) =>
    toSchedule(r, templateNameIn(template_name, template_built_in === 1, lang), lang),
  );
}

/**
 * Checks a schedule as a product would be checked against the newest run of its forecast (template, element, leads,
 * aggregation, area), so that a schedule that could never make its product is refused when saved.
 */
async function checkSchedule(
  deps: ProductDeps,
  customerId: number,
  input: SaveInput,
  lang: Lang,
): Promise<{ templateName: string; newest: string }> {
  const template = await templateRow(deps.db, customerId, input.templateId);
  if (!template) throw errors.validation('templateId', 'product.unknownTemplate');
  const fail = (field: string, key: Parameters<typeof errors.validation>[1], params?: Record<string, string | number>) =>
    errors.validation(`forecast.${field}`, key, params);
  const runs = await scheduleRuns(deps.db, customerId, input.forecast);
  if (runs.length === 0) {
    // An unknown type or element is named as such; a known one without any run cannot be checked yet.
    if (!(await layerFactorOf(deps.db, input.forecast.type, input.forecast.factor)))
      await planForecast(deps.db, customerId, { ...input.forecast, baseTime: new Date(0).toISOString() }, fail);
    throw errors.validation('forecast.factor', 'product.scheduleNoRun', { factor: input.forecast.factor });
  }
  await planForecast(deps.db, customerId, { ...input.forecast, baseTime: runs[0]!.baseTime }, fail);
  await productRegion(deps, customerId, input.forecast.areaCode, fail);
  return { templateName: templateNameIn(template.name, template.built_in === 1, lang), newest: runs[0]!.baseTime };
}

export async function saveSchedule(deps: ProductDeps, auth: AuthContext, input: SaveInput, lang: Lang): Promise<ProductSchedule> {
  const { db } = deps;
  const { id, version, ...fields } = input;
  // Another customer's schedule is a missing one.
  const current = id === undefined ? undefined : await scheduleRow(db, auth.customerId, id);
  if (id !== undefined && !current) throw errors.notFound();
  const { templateName, newest } = await checkSchedule(deps, auth.customerId, input, lang);
  const now = nowIso();
  const values = {
    name: fields.name,
    enabled: fields.enabled ? 1 : 0,
    template_id: fields.templateId,
    forecast: JSON.stringify(fields.forecast),
    trigger: fields.trigger,
    time: fields.trigger === 'daily' ? (fields.time ?? null) : null,
    updated_at: now,
  };
  try {
    if (!current) {
      const row = await db
        .insertInto('product_schedule')
        .values({
          ...values,
          customer_id: auth.customerId,
          // A new-run schedule waits for the run after the newest one of now; a daily one for its next slot.
          last_base_time: newest,
          last_run_time: null,
          last_product_id: null,
          last_error: null,
          created_by: auth.userId,
          created_by_name: auth.name.slice(0, 64),
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toSchedule(row, templateName, lang);
    }
    if (version === undefined || version !== current.version)
      throw errors.conflict('staleVersion', {}, { currentVersion: current.version });
    const res = await db
      .updateTable('product_schedule')
      .set({ ...values, version: current.version + 1 })
      .where('id', '=', current.id)
      .where('customer_id', '=', auth.customerId)
      .where('version', '=', version)
      .executeTakeFirst();
    const again = await scheduleRow(db, auth.customerId, current.id);
    if (!again) throw errors.notFound();
    if (Number(res.numUpdatedRows) !== 1) throw errors.conflict('staleVersion', {}, { currentVersion: again.version });
    return toSchedule(again, templateName, lang);
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('duplicate', { field: 'name', value: fields.name }, { field: 'name' });
    throw e;
  }
}

export async function deleteSchedule(db: Db, auth: AuthContext, id: number): Promise<void> {
  const res = await db.deleteFrom('product_schedule').where('id', '=', id).where('customer_id', '=', auth.customerId).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw errors.notFound();
}

/** The error of an attempt as stored ({key, params}, translated when read). */
function storedError(e: unknown): string {
  if (e instanceof AppError || e instanceof JobError) return JSON.stringify({ key: e.key, params: e.params });
  return JSON.stringify({ key: 'product.scheduleFailed', params: {} });
}

/**
 * Makes the product of every enabled schedule that is due (dueRun); answers the ids of the products queued. Safe
 * to run in several processes at once: a schedule is claimed by updating its last run where it still holds what
 * was read, and only the process whose update succeeds makes the product.
 */
export async function runDueSchedules(deps: ProductDeps, now = new Date()): Promise<number[]> {
  const { db } = deps;
  const made: number[] = [];
  const rows = await db.selectFrom('product_schedule').selectAll().where('enabled', '=', 1).orderBy('id').execute();
  for (const row of rows) {
    const forecast = storedForecast(row);
    const baseTime = dueRun(
      { trigger: row.trigger, time: row.time, lastBaseTime: row.last_base_time, lastRunTime: row.last_run_time, since: row.created_at },
      await scheduleRuns(db, row.customer_id, forecast),
      now,
      deps.timeZone,
    );
    if (!baseTime) continue;
    let claim = db
      .updateTable('product_schedule')
      .set({ last_base_time: baseTime, last_run_time: now.toISOString(), last_error: null })
      .where('id', '=', row.id)
      .where('version', '=', row.version);
    claim = row.last_run_time === null ? claim.where('last_run_time', 'is', null) : claim.where('last_run_time', '=', row.last_run_time);
    if (Number((await claim.executeTakeFirst()).numUpdatedRows) !== 1) continue;
    const author = row.created_by
      ? await db
          .selectFrom('app_user')
          .select(['id', 'username', 'name', 'customer_id'])
          .where('id', '=', row.created_by)
          .executeTakeFirst()
      : undefined;
    try {
      if (!author || author.customer_id !== row.customer_id) throw new JobError('product.scheduleAuthorGone');
      const auth: AuthContext = {
        userId: author.id,
        sessionId: `schedule-${row.id}`,
        username: author.username,
        name: author.name,
        customerId: row.customer_id,
        homeCustomerId: row.customer_id,
        codes: new Set(),
        mustChangePassword: false,
      };
      const { productId } = await makeProduct(deps, auth, { ...forecast, baseTime, templateId: row.template_id });
      await db.updateTable('product_schedule').set({ last_product_id: productId }).where('id', '=', row.id).execute();
      made.push(productId);
    } catch (e) {
      // Nothing made: the run stays to be made (new-run) or the slot to be tried again, with the reason shown.
      await db
        .updateTable('product_schedule')
        .set({ last_base_time: row.last_base_time, last_run_time: row.last_run_time, last_error: storedError(e) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return made;
}

/** Runs due schedules every `intervalMs` (0: never), one tick at a time; answers the function that stops it. */
export function startProductSchedules(deps: ProductDeps, intervalMs: number): () => void {
  if (intervalMs <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runDueSchedules(deps)
      .catch((e: unknown) => deps.log.warn({ err: e }, 'product schedules: tick failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
