import {
  ProductForecast,
  ProductTemplateFields,
  type MapProduct,
  type ProductFormat,
  type ProductMakeBody,
  type ProductPage,
  type ProductPreviewBody,
} from '@agromet/contracts';
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { MapProductTable } from '../../core/db/schema.js';
import { createdStamp } from '../../core/db/stamps.js';
import { errors } from '../../core/errors.js';
import { JobError, jobErrorMessage, type JobRunner } from '../../core/jobs.js';
import type { Lang } from '../../core/messages.js';
import type { FileAnswer } from '../../core/route.js';
import { isStorageUnavailable, removeFiles, type CleanupLog } from '../../core/storage.js';
import { registerDownload } from '../downloads/service.js';
import { planForecast, productRegion, renderItem, type Fail, type ForecastAsk, type MakeDeps, type Plan } from './making.js';
import { PREVIEW_PNG_SCALE } from './render.js';
import { checkTemplate, templateName, templateRow, toTemplate, type TemplateFields } from './templates.js';
import { factorName, typeName } from './words.js';
import { parseStoredJson } from '../../core/stored-json.js';
import { paged } from '../../core/paging.js';

/** The template a product was made with, kept whole with the id it came from (null: made without a saved one). */
const MadeTemplate = ProductTemplateFields.extend({ id: z.number().int().nullable().optional() });
/** What the product list reads of it: its name and id. */
const MadeTemplateName = z.object({ name: z.string().optional(), id: z.number().int().nullable().optional() });

// Map products (docs/products.md): a preview made at once, products made as jobs (one PNG and one PDF per lead of a
// series), written to storage before the rows that name them, and registered in the downloads library.

export const PRODUCT_JOB = 'product.make';

export interface ProductDeps extends MakeDeps {
  jobs: JobRunner;
  log: CleanupLog;
}

const requestFail: Fail = (field, key, params) => errors.validation(field, key, params);
const jobFail: Fail = (_field, key, params) => new JobError(key, params);

type PreviewInput = z.output<typeof import('@agromet/contracts').ProductPreviewBody>;
type MakeInput = z.output<typeof import('@agromet/contracts').ProductMakeBody>;

const forecastOf = (b: ForecastAsk): ForecastAsk => ({
  type: b.type,
  factor: b.factor,
  baseTime: b.baseTime,
  mode: b.mode,
  lead: b.lead,
  leadFrom: b.leadFrom,
  leadTo: b.leadTo,
  aggregation: b.aggregation,
  areaCode: b.areaCode,
});

/** The template of a request: the stored one (`templateId`) or one sent whole (`template`, checked like a save). */
async function requestTemplate(
  db: Db,
  customerId: number,
  body: { templateId?: number; template?: TemplateFields },
  lang: Lang = 'zh',
): Promise<TemplateFields> {
  if (body.template) {
    await checkTemplate(db, customerId, body.template, 'template.');
    return body.template;
  }
  if (body.templateId === undefined) throw errors.validation('templateId', 'product.templateMissing');
  const row = await templateRow(db, customerId, body.templateId);
  if (!row) throw errors.validation('templateId', 'product.unknownTemplate');
  const { id: _id, builtIn: _b, version: _v, updateTime: _u, creator: _c, ...fields } = toTemplate(row, lang);
  return fields;
}

/** A PNG of the first product the request would make, at screen resolution; nothing is stored. */
export async function previewProduct(deps: MakeDeps, auth: AuthContext, body: PreviewInput, lang: Lang = 'zh'): Promise<FileAnswer> {
  const template = await requestTemplate(deps.db, auth.customerId, body, lang);
  const plan = await planForecast(deps.db, auth.customerId, forecastOf(body), requestFail);
  const region = await productRegion(deps, auth.customerId, body.areaCode, requestFail);
  const r = await renderItem(deps, auth.customerId, plan, plan.items[0]!, template, region, requestFail, {
    pngScale: PREVIEW_PNG_SCALE,
    pdf: false,
  });
  return { contentType: 'image/png', filename: 'preview.png', body: r.output.png, inline: true, cacheControl: 'no-store' };
}

const ProductJobPayload = z.object({ productId: z.number().int(), customerId: z.number().int() });
type ProductJobPayload = z.output<typeof ProductJobPayload>;

/** Checks everything, stores the product row (queued) and queues its job. */
export async function makeProduct(
  deps: ProductDeps,
  auth: AuthContext,
  body: MakeInput,
  lang: Lang = 'zh',
): Promise<{ productId: number; jobId: string }> {
  const template = await requestTemplate(deps.db, auth.customerId, body, lang);
  const forecast = forecastOf(body);
  const plan = await planForecast(deps.db, auth.customerId, forecast, requestFail);
  const region = await productRegion(deps, auth.customerId, body.areaCode, requestFail);
  const jobId = randomUUID();
  const now = nowIso();
  const name = body.name || productName(plan, template, region.area?.label(template.language));
  const row = await deps.db
    .insertInto('map_product')
    .values({
      customer_id: auth.customerId,
      name: name.slice(0, 200),
      status: 'queued',
      job_id: jobId,
      type_code: plan.factor.typeCode,
      factor_code: plan.factor.code,
      base_time: plan.baseTime,
      request: JSON.stringify(forecast),
      template: JSON.stringify({ ...template, id: body.templateId ?? null }),
      language: template.language,
      region_name: (region.area?.label(template.language) ?? '').slice(0, 128),
      ...createdStamp(auth, now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await deps.jobs.enqueue<ProductJobPayload>(
      PRODUCT_JOB,
      { productId: row.id, customerId: auth.customerId },
      { customerId: auth.customerId, userId: auth.userId },
      jobId,
    );
  } catch (e) {
    await deps.db.deleteFrom('map_product').where('id', '=', row.id).execute();
    throw e;
  }
  return { productId: row.id, jobId };
}

function productName(plan: Plan, template: TemplateFields, areaName: string | undefined): string {
  const lang = template.language;
  const f = factorName(plan.factor.code, plan.factor.name, lang);
  const when = plan.baseTime.slice(0, 13).replace('T', ' ');
  return [areaName, f, when].filter(Boolean).join(' ');
}

/** A file name from a title: characters file systems refuse become spaces. */
export const fileStem = (title: string) =>
  title
    .replace(/[\\/:*?"<>|\n\r\t]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120) || 'product';

const itemKey = (customerId: number, productId: number, seq: number, format: ProductFormat) =>
  `products/${customerId}/${productId}/${String(seq).padStart(2, '0')}.${format}`;

/**
 * Makes the files of a stored product: every item rendered, its PNG and PDF written to storage, then in one
 * transaction the item rows, their library entries and the product marked done. On failure the written files are
 * removed and the product is marked failed.
 */
export async function makeProductFiles(
  deps: MakeDeps & { log: CleanupLog },
  productId: number,
  customerId: number,
  fail: Fail,
  progress: (percent: number) => Promise<void>,
  now = new Date(),
): Promise<{ productId: number; items: number }> {
  const { db, storage } = deps;
  const row = await db
    .selectFrom('map_product')
    .selectAll()
    .where('id', '=', productId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw new JobError('notFound');
  const written: string[] = [];
  try {
    await db.updateTable('map_product').set({ status: 'running', updated_at: nowIso() }).where('id', '=', row.id).execute();
    const forecast = parseStoredJson(ProductForecast, row.request, { table: 'map_product', id: row.id, column: 'request' });
    const { id: _templateId, ...template } = parseStoredJson(MadeTemplate, row.template, {
      table: 'map_product',
      id: row.id,
      column: 'template',
    });
    const plan = await planForecast(db, customerId, forecast, fail);
    const region = await productRegion(deps, customerId, forecast.areaCode, fail);
    await progress(5);
    const items: Array<{ seq: number; title: string; lead: number; validStart: string; validEnd: string; png: number; pdf: number }> = [];
    for (let seq = 0; seq < plan.items.length; seq++) {
      const r = await renderItem(deps, customerId, plan, plan.items[seq]!, template, region, fail, { now, author: row.created_by_name });
      const pngKey = itemKey(customerId, row.id, seq, 'png');
      const pdfKey = itemKey(customerId, row.id, seq, 'pdf');
      await storage.put(pngKey, r.output.png);
      written.push(pngKey);
      await storage.put(pdfKey, r.output.pdf!);
      written.push(pdfKey);
      items.push({
        seq,
        title: r.title,
        lead: r.lead,
        validStart: r.validStart,
        validEnd: r.validEnd,
        png: r.output.png.length,
        pdf: r.output.pdf!.length,
      });
      await progress(5 + Math.floor((90 * (seq + 1)) / plan.items.length));
    }
    await db.transaction().execute(async (trx) => {
      const at = nowIso();
      for (const it of items) {
        await trx
          .insertInto('map_product_item')
          .values({
            product_id: row.id,
            customer_id: customerId,
            seq: it.seq,
            title: it.title.slice(0, 300),
            lead_hours: it.lead,
            valid_start: it.validStart,
            valid_end: it.validEnd,
            png_key: itemKey(customerId, row.id, it.seq, 'png'),
            pdf_key: itemKey(customerId, row.id, it.seq, 'pdf'),
            png_size: it.png,
            pdf_size: it.pdf,
            created_at: at,
          })
          .execute();
        for (const format of ['png', 'pdf'] as const) {
          await registerDownload(trx, {
            customerId,
            kind: 'map-product',
            name: `${fileStem(it.title)}.${format}`,
            format,
            size: format === 'png' ? it.png : it.pdf,
            storageKey: itemKey(customerId, row.id, it.seq, format),
            authorId: row.created_by,
            authorName: row.created_by_name,
            forecastTypeCode: row.type_code,
            factorCode: row.factor_code,
            baseTime: row.base_time,
            sourceId: row.id,
          });
        }
      }
      await trx.updateTable('map_product').set({ status: 'done', updated_at: at }).where('id', '=', row.id).execute();
    });
    return { productId: row.id, items: items.length };
  } catch (e) {
    await removeFiles(storage, written, deps.log, 'the files of a failed map product');
    await db
      .updateTable('map_product')
      // A storage fault is retried (core/jobs.ts): the product waits, queued, rather than showing failed meanwhile.
      .set({ status: isStorageUnavailable(e) ? 'queued' : 'failed', updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute()
      .catch((err: unknown) => deps.log.warn({ err, productId: row.id }, 'could not mark the map product failed'));
    throw e;
  }
}

export function defineProductJob(deps: ProductDeps): void {
  deps.jobs.define(PRODUCT_JOB, ProductJobPayload, async (p, ctx) =>
    makeProductFiles({ ...deps, log: ctx.log as CleanupLog }, p.productId, p.customerId, jobFail, (n) => ctx.progress(n)),
  );
}

// ---- reading ---------------------------------------------------------------------------------------

type ProductRow = Selectable<MapProductTable> & { progress: number | null; job_status: string | null; job_error: string | null };

function productQuery(db: Db, customerId: number) {
  return db
    .selectFrom('map_product')
    .leftJoin('job', 'job.id', 'map_product.job_id')
    .selectAll('map_product')
    .select(['job.progress as progress', 'job.status as job_status', 'job.error as job_error'])
    .where('map_product.customer_id', '=', customerId);
}

async function toProducts(db: Db, rows: ProductRow[], lang: Lang): Promise<MapProduct[]> {
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('map_product_item')
    .selectAll()
    .where(
      'product_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('seq')
    .execute();
  const factors = await db
    .selectFrom('factor')
    .innerJoin('forecast_type', 'forecast_type.id', 'factor.forecast_type_id')
    .select(['factor.code as factor', 'factor.name as factor_name', 'forecast_type.code as type', 'forecast_type.name as type_name'])
    .execute();
  // The template a product was made with is kept whole, with its id: the default template's name is answered in the
  // reader's language, as the template list answers it (docs/i18n.md#text-the-server-writes).
  const templates = rows.map((r) => parseStoredJson(MadeTemplateName, r.template, { table: 'map_product', id: r.id, column: 'template' }));
  const ids = [...new Set(templates.flatMap((x) => (typeof x.id === 'number' ? [x.id] : [])))];
  const builtIn = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .selectFrom('product_template')
            .select('id')
            .where('id', 'in', ids)
            .where('customer_id', '=', rows[0]!.customer_id)
            .where('built_in', '=', 1)
            .execute()
        ).map((t) => t.id),
  );
  return rows.map((r, k) => {
    const req = parseStoredJson(ProductForecast, r.request, { table: 'map_product', id: r.id, column: 'request' });
    const template = templates[k]!;
    // The row says done once its files are in; before, its job tells (a job lost with a stopped server failed it).
    const status =
      r.status === 'done' ? 'done' : r.job_status === 'failed' || r.status === 'failed' ? 'failed' : (r.job_status ?? r.status);
    const f = factors.find((x) => x.type === r.type_code && x.factor === r.factor_code);
    return {
      id: r.id,
      name: r.name,
      status: status as MapProduct['status'],
      progress: status === 'done' ? 100 : (r.progress ?? 0),
      error: status === 'failed' ? (jobErrorMessage(r.job_error, lang) ?? null) : null,
      jobId: r.job_id,
      type: r.type_code,
      typeName: typeName(r.type_code, f?.type_name ?? r.type_code, lang),
      factor: r.factor_code,
      factorName: factorName(r.factor_code, f?.factor_name ?? r.factor_code, lang),
      baseTime: r.base_time,
      mode: req.mode,
      lead: req.lead ?? null,
      leadFrom: req.leadFrom ?? null,
      leadTo: req.leadTo ?? null,
      aggregation: req.aggregation ?? null,
      regionName: r.region_name,
      templateName: templateName(template.name ?? '', typeof template.id === 'number' && builtIn.has(template.id), lang),
      language: r.language,
      files: items
        .filter((i) => i.product_id === r.id)
        .map((i) => ({
          id: i.id,
          title: i.title,
          lead: i.lead_hours,
          validStart: i.valid_start,
          validEnd: i.valid_end,
          pngSize: i.png_size,
          pdfSize: i.pdf_size,
        })),
      createTime: r.created_at,
      creator: r.created_by_name,
    };
  });
}

export async function productPage(
  db: Db,
  auth: AuthContext,
  q: { page: number; size: number; status?: MapProduct['status'] },
  lang: Lang,
): Promise<ProductPage> {
  let base = db.selectFrom('map_product').where('customer_id', '=', auth.customerId);
  if (q.status) base = base.where('status', '=', q.status);
  let rows = productQuery(db, auth.customerId);
  if (q.status) rows = rows.where('map_product.status', '=', q.status);
  return paged(
    base,
    q,
    () => rows.orderBy('map_product.created_at', 'desc').orderBy('map_product.id', 'desc'),
    (list) => toProducts(db, list as ProductRow[], lang),
  );
}

export async function productInfo(db: Db, auth: AuthContext, id: number, lang: Lang): Promise<MapProduct> {
  const row = await productQuery(db, auth.customerId).where('map_product.id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound();
  return (await toProducts(db, [row as ProductRow], lang))[0]!;
}

export async function productFile(
  deps: Pick<MakeDeps, 'db' | 'storage'>,
  auth: AuthContext,
  id: number,
  format: ProductFormat,
): Promise<FileAnswer> {
  const item = await deps.db
    .selectFrom('map_product_item')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', auth.customerId)
    .executeTakeFirst();
  if (!item) throw errors.notFound();
  const body = await deps.storage.get(format === 'png' ? item.png_key : item.pdf_key);
  if (!body) throw errors.notFound();
  return {
    contentType: format === 'png' ? 'image/png' : 'application/pdf',
    filename: `${fileStem(item.title)}.${format}`,
    body,
    cacheControl: 'private, max-age=300',
  };
}

export type { ProductMakeBody, ProductPreviewBody };
