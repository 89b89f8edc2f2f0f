import {
  PRODUCT_LIMITS,
  PRODUCT_PLACEHOLDERS,
  ProductTemplateFields,
  type ProductTemplateSave,
  type ProductTemplate,
} from '@agromet/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { ProductTemplateTable } from '../../core/db/schema.js';
import { createdStamp } from '../../core/db/stamps.js';
import { errors } from '../../core/errors.js';
import { isUniqueViolation, staleOrMissing } from '../../core/versioned.js';
import { builtinText, storedBuiltinText } from '../../core/builtin-names.js';
import { translate, type Lang } from '../../core/messages.js';
import { uploadedLayerId } from '../gis/boundaries.js';
import { checkClasses, unknownPlaceholders } from './product-rules.js';
import { parseStoredJson } from '../../core/stored-json.js';

// Product templates of a customer (docs/products.md#templates): checked when saved (placeholders, custom classes,
// boundary layers, the logo's size), versioned, and a default one seeded for every customer the first time its
// templates are read.

export type TemplateFields = z.output<typeof ProductTemplateFields>;
type Row = Selectable<ProductTemplateTable>;

/** A template as stored: its fields but the name (a column of its own). */
const StoredTemplate = ProductTemplateFields.omit({ name: true });

/** A template's name as answered: the default (built-in) one's in `lang` until renamed; another's as entered. */
export function templateName(name: string, builtIn: boolean, lang: Lang): string {
  return builtIn ? builtinText(lang, DEFAULT_TEMPLATE_NAME, name) : name;
}

/** The default template's texts in each language: the product's words follow its `language` (docs/products.md#language). */
const DEFAULT_TEXTS: Record<Lang, Pick<TemplateFields, 'title' | 'subtitle' | 'footer'>> = {
  zh: {
    title: '{region}{validStart}—{validEnd}{factor}预报',
    subtitle: '起报时间：{baseTime}　预报时效：{lead}',
    footer: '本产品仅供参考，请以最新预报为准',
  },
  en: {
    title: '{factor} forecast for {region}, {validStart} to {validEnd}',
    subtitle: 'Base time: {baseTime}   Lead time: {lead}',
    footer: 'For reference only: please consult the latest forecast',
  },
  es: {
    title: '{factor}: pronóstico para {region}, del {validStart} al {validEnd}',
    subtitle: 'Hora base: {baseTime}   Plazo: {lead}',
    footer: 'Solo como referencia: consulte el pronóstico más reciente',
  },
};

/**
 * The default template's fields as read in `lang`: while its language and texts are still the seed's (Chinese), the
 * reader's language with the texts in it, so an English user's product is in English until the customer edits the
 * template; then as stored (docs/i18n.md#text-the-server-writes).
 */
export function defaultTemplateIn<T extends Omit<TemplateFields, 'name'>>(def: T, lang: Lang): T {
  const seed = DEFAULT_TEXTS.zh;
  const unchanged = def.language === 'zh' && def.title === seed.title && def.subtitle === seed.subtitle && def.footer === seed.footer;
  return unchanged && lang !== 'zh' ? { ...def, language: lang, ...DEFAULT_TEXTS[lang] } : def;
}

/** A template as answered; the default one's name (until renamed) and texts (until edited) in `lang`. */
export function toTemplate(row: Row, lang: Lang = 'zh'): ProductTemplate {
  const stored = parseStoredJson(StoredTemplate, row.definition, { table: 'product_template', id: row.id, column: 'definition' });
  const def = row.built_in === 1 ? defaultTemplateIn(stored, lang) : stored;
  const name = templateName(row.name, row.built_in === 1, lang);
  return {
    ...ProductTemplateFields.parse({ ...def, name }),
    id: row.id,
    builtIn: row.built_in === 1,
    version: row.version,
    updateTime: row.updated_at,
    creator: row.created_by_name,
  };
}

const DEFAULT_TEMPLATE_NAME = 'product.defaultTemplateName';

/** The default template: a provincial office's forecast map in Chinese (its name stored in zh, answered in the reader's language). */
export function defaultTemplate(customerName: string): TemplateFields {
  return ProductTemplateFields.parse({
    name: translate('zh', DEFAULT_TEMPLATE_NAME),
    paper: 'A4',
    orientation: 'landscape',
    language: 'zh',
    ...DEFAULT_TEXTS.zh,
    customerName: customerName.replace(/（示例）$/, ''),
    logo: '',
    issuer: customerName.replace(/（示例）$/, ''),
    legendMode: 'factor',
    boundaryLayers: ['provinces'],
    boundaryLabels: true,
    stations: true,
    stationValues: true,
    scaleBar: true,
    northArrow: true,
  });
}

/** Makes the customer's default template when it has none (the first read of its templates). */
export async function ensureTemplates(db: Db, customerId: number): Promise<void> {
  const any = await db.selectFrom('product_template').select('id').where('customer_id', '=', customerId).limit(1).executeTakeFirst();
  if (any) return;
  const customer = await db.selectFrom('customer').select('name').where('id', '=', customerId).executeTakeFirst();
  const def = defaultTemplate(customer?.name ?? '');
  const now = nowIso();
  const { name, ...rest } = def;
  try {
    await db
      .insertInto('product_template')
      .values({
        customer_id: customerId,
        name,
        definition: JSON.stringify(rest),
        built_in: 1,
        ...createdStamp({ userId: null, name: '' }, now),
      })
      .execute();
  } catch (e) {
    // Two first reads at once: the other one made it.
    if (!isUniqueViolation(e)) throw e;
  }
}

export async function listTemplates(db: Db, auth: AuthContext, lang: Lang = 'zh'): Promise<ProductTemplate[]> {
  await ensureTemplates(db, auth.customerId);
  const rows = await db
    .selectFrom('product_template')
    .selectAll()
    .where('customer_id', '=', auth.customerId)
    .orderBy('built_in', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => toTemplate(r, lang));
}

export async function templateRow(db: Db, customerId: number, id: number): Promise<Row | undefined> {
  return db.selectFrom('product_template').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
}

/**
 * Checks what the schema cannot: placeholders of the texts, custom classes, the boundary layers (the built-in
 * provinces or the customer's own) and the logo (a stored image of the customer, at most PRODUCT_LIMITS.logoKb).
 * Throws 4100 naming the field (prefixed by `prefix` for a template inside another body).
 */
export async function checkTemplate(db: Db, customerId: number, t: TemplateFields, prefix = ''): Promise<void> {
  for (const field of ['title', 'subtitle', 'footer', 'customerName', 'issuer'] as const) {
    const unknown = unknownPlaceholders(t[field]);
    if (unknown.length) {
      throw errors.validation(`${prefix}${field}`, 'product.unknownPlaceholder', {
        name: `{${unknown[0]}}`,
        known: PRODUCT_PLACEHOLDERS.map((p) => `{${p}}`).join(' '),
      });
    }
  }
  if (t.legendMode === 'custom') {
    const problem = checkClasses(t.thresholds, t.colors);
    if (problem) {
      throw errors.validation(`${prefix}${problem.field}`, `product.${problem.key}`, { expected: t.thresholds.length + 1 });
    }
  }
  const uploaded = t.boundaryLayers.filter((l) => l !== 'provinces');
  for (const layer of uploaded) {
    if ((await uploadedLayerId(db, customerId, layer)) === undefined)
      throw errors.validation(`${prefix}boundaryLayers`, 'product.unknownLayer', { layer });
  }
  if (t.logo) {
    const file = await db.selectFrom('stored_file').select(['size', 'customer_id']).where('path', '=', t.logo).executeTakeFirst();
    if (!file || (file.customer_id !== null && file.customer_id !== customerId))
      throw errors.validation(`${prefix}logo`, 'product.logoMissing');
    if (file.size > PRODUCT_LIMITS.logoKb * 1024) {
      throw errors.validation(`${prefix}logo`, 'product.logoTooLarge', { size: Math.ceil(file.size / 1024), limit: PRODUCT_LIMITS.logoKb });
    }
  }
}

export async function saveTemplate(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof ProductTemplateSave>,
  lang: Lang = 'zh',
): Promise<ProductTemplate> {
  const { id, version, ...fields } = input;
  // Another customer's template is a missing one, whatever it would have held.
  if (id !== undefined && !(await templateRow(db, auth.customerId, id))) throw errors.notFound();
  await checkTemplate(db, auth.customerId, fields);
  const { name, ...rest } = fields;
  const now = nowIso();
  try {
    if (id === undefined) {
      const row = await db
        .insertInto('product_template')
        .values({
          customer_id: auth.customerId,
          name,
          definition: JSON.stringify(rest),
          built_in: 0,
          ...createdStamp(auth, now),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toTemplate(row, lang);
    }
    const current = await templateRow(db, auth.customerId, id);
    if (!current) throw errors.notFound();
    if (version === undefined || version !== current.version) {
      throw errors.conflict('staleVersion', {}, { currentVersion: current.version });
    }
    // The default template saved under its name as answered in another language keeps the stored (zh) name.
    const stored = current.built_in === 1 ? storedBuiltinText(DEFAULT_TEMPLATE_NAME, name) : name;
    const res = await db
      .updateTable('product_template')
      .set({ name: stored, definition: JSON.stringify(rest), version: current.version + 1, updated_at: now })
      .where('id', '=', id)
      .where('customer_id', '=', auth.customerId)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) await staleOrMissing(db, 'product_template', auth.customerId, id);
    return toTemplate((await templateRow(db, auth.customerId, id))!, lang);
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('duplicate', { field: 'name', value: name }, { field: 'name' });
    throw e;
  }
}

export async function deleteTemplate(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await templateRow(trx, auth.customerId, id);
    if (!row) throw errors.notFound();
    const count = await trx
      .selectFrom('product_template')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', auth.customerId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) <= 1) throw errors.conflict('product.lastTemplate');
    await trx.deleteFrom('product_template').where('id', '=', id).where('customer_id', '=', auth.customerId).execute();
  });
}
