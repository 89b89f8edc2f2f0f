import {
  ErrorCode,
  type Criterion,
  type CriterionCreate,
  type CriterionPageQuery,
  type Crop,
  type CropCreate,
  type CropUpdate,
  type FactorRule,
} from '@agromet/contracts';
import { checkZoningCriterion, type ZoningCriterion } from '@agromet/grid';
import { z } from 'zod';
import { parseStoredJson } from '../../core/stored-json.js';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { contains } from '../../core/db/like.js';
import { AppError, errors } from '../../core/errors.js';
import { isMessageKey, translate, type Lang } from '../../core/messages.js';
import { isUniqueViolation } from '../../core/versioned.js';
import { factorDef, factorName, KNOWN_FACTORS } from './factors.js';
import { EXAMPLE_CRITERIA, exampleCriterionText, SEED_CROPS, storedExampleText } from './seed-data.js';

// Crops and criteria (indexes) of a customer (docs/zoning.md#criteria). Every query is limited to the caller's
// customer: another customer's crop or criterion answers like a missing one.

type CropCreateInput = z.output<typeof CropCreate>;
type CropUpdateInput = z.output<typeof CropUpdate>;
type CriterionInput = z.output<typeof CriterionCreate>;
type CriterionPageInput = z.output<typeof CriterionPageQuery>;

/** The definition stored with a criterion (and with each product, as it was run). */
export interface StoredDefinition {
  factors: FactorRule[];
  classScores?: [number, number, number, number];
  cutPoints?: [number, number, number];
}

export const definitionOf = (c: {
  factors: FactorRule[];
  classScores?: [number, number, number, number];
  cutPoints?: [number, number, number];
}): StoredDefinition => ({
  factors: c.factors.map((f) => ({
    factor: f.factor,
    breaks: [...f.breaks],
    classes: [...f.classes],
    ...(f.weight === undefined ? {} : { weight: f.weight }),
    ...(f.membership === undefined ? {} : { membership: f.membership }),
    ...(f.veto === undefined ? {} : { veto: vetoOf(f.veto) }),
  })),
  ...(c.classScores ? { classScores: c.classScores } : {}),
  ...(c.cutPoints ? { cutPoints: c.cutPoints } : {}),
});

/** A veto with only the bounds given (a stored criterion without vetoes has none). */
const vetoOf = (v: { lower?: number; upper?: number }) => ({
  ...(v.lower === undefined ? {} : { lower: v.lower }),
  ...(v.upper === undefined ? {} : { upper: v.upper }),
});

export function engineCriterion(method: ZoningCriterion['method'], def: StoredDefinition): ZoningCriterion {
  return { method, factors: def.factors, classScores: def.classScores, cutPoints: def.cutPoints };
}

const ClassNames = z.array(z.string());

/** The class names stored with a criterion or with the product made from it (read through their shape). */
export function storedClassNames(row: { id: number; class_names: string }, table: 'zoning_criterion' | 'zoning_product'): string[] {
  return parseStoredJson(ClassNames, row.class_names, { table, id: row.id, column: 'class_names' });
}

/** Class names in the reader's language: the criterion's own, or the defaults for empty ones. */
export function resolvedClassNames(stored: readonly string[], lang: Lang): string[] {
  return [0, 1, 2, 3].map((k) => stored[k]?.trim() || translate(lang, `zoning.class${k}` as 'zoning.class0'));
}

// ---- set-up: seeded crops and example criteria ---------------------------------------------------

/**
 * The first time a customer uses zoning, the seeded crops and the example criteria (tea, kiwifruit) are made for it,
 * once: deleted ones stay deleted. Concurrent first calls agree through the marker's primary key.
 */
export async function ensureZoningSetup(db: Db, customerId: number): Promise<void> {
  const done = await db.selectFrom('zoning_setup').select('customer_id').where('customer_id', '=', customerId).executeTakeFirst();
  if (done) return;
  try {
    await db.transaction().execute(async (tx) => {
      const now = nowIso();
      await tx.insertInto('zoning_setup').values({ customer_id: customerId, created_at: now }).execute();
      const cropIds = new Map<string, number>();
      for (const [k, crop] of SEED_CROPS.entries()) {
        const row = await tx
          .insertInto('zoning_crop')
          .values({ customer_id: customerId, seed_key: crop.key, name: crop.names.zh, sort: k + 1, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        cropIds.set(crop.key, row.id);
      }
      for (const example of EXAMPLE_CRITERIA) {
        await tx
          .insertInto('zoning_criterion')
          .values({
            customer_id: customerId,
            crop_id: cropIds.get(example.cropKey)!,
            name: example.name,
            description: example.description,
            method: example.criterion.method,
            definition: JSON.stringify(definitionOf(example.criterion)),
            class_names: JSON.stringify(['', '', '', '']),
            example: 1,
            created_by: null,
            created_by_name: '',
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    });
  } catch (e) {
    // Another request made them meanwhile.
    if (!isUniqueViolation(e)) throw e;
  }
}

// ---- crops -------------------------------------------------------------------------------------

interface CropRow {
  id: number;
  seed_key: string | null;
  name: string;
  remark: string;
  version: number;
  created_at: string;
  criteria_count: number | string;
}

function cropView(row: CropRow, lang: Lang): Crop {
  const seed = row.seed_key ? SEED_CROPS.find((c) => c.key === row.seed_key) : undefined;
  // A seeded crop keeps its translations while its name is the seeded one; a renamed one shows its own name.
  const name = seed && row.name === seed.names.zh ? seed.names[lang] : row.name;
  return {
    id: row.id,
    name,
    nameZh: seed?.names.zh ?? '',
    nameEn: seed?.names.en ?? '',
    nameEs: seed?.names.es ?? '',
    remark: row.remark,
    builtIn: seed !== undefined,
    criteriaCount: Number(row.criteria_count),
    version: row.version,
    createTime: row.created_at,
  };
}

function cropQuery(db: Db, customerId: number) {
  return db
    .selectFrom('zoning_crop')
    .select((eb) => [
      'zoning_crop.id',
      'zoning_crop.seed_key',
      'zoning_crop.name',
      'zoning_crop.remark',
      'zoning_crop.version',
      'zoning_crop.created_at',
      eb
        .selectFrom('zoning_criterion')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('zoning_criterion.crop_id', '=', 'zoning_crop.id')
        .as('criteria_count'),
    ])
    .where('zoning_crop.customer_id', '=', customerId);
}

export async function listCrops(db: Db, auth: AuthContext, lang: Lang): Promise<Crop[]> {
  await ensureZoningSetup(db, auth.customerId);
  const rows = await cropQuery(db, auth.customerId).orderBy('zoning_crop.sort').orderBy('zoning_crop.id').execute();
  return rows.map((r) => cropView(r as CropRow, lang));
}

async function cropById(db: Db, customerId: number, id: number, lang: Lang): Promise<Crop> {
  const row = await cropQuery(db, customerId).where('zoning_crop.id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound();
  return cropView(row as CropRow, lang);
}

const cropNameTaken = (name: string) => errors.conflict('duplicate', { field: 'name', value: name }, { field: 'name' });

export async function createCrop(db: Db, auth: AuthContext, input: CropCreateInput, lang: Lang): Promise<Crop> {
  await ensureZoningSetup(db, auth.customerId);
  const now = nowIso();
  try {
    const row = await db
      .insertInto('zoning_crop')
      .values({
        customer_id: auth.customerId,
        seed_key: null,
        name: input.name,
        remark: input.remark,
        sort: 1000,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return await cropById(db, auth.customerId, row.id, lang);
  } catch (e) {
    if (isUniqueViolation(e)) throw cropNameTaken(input.name);
    throw e;
  }
}

export async function updateCrop(db: Db, auth: AuthContext, input: CropUpdateInput, lang: Lang): Promise<Crop> {
  try {
    const res = await db
      .updateTable('zoning_crop')
      .set((eb) => ({ name: input.name, remark: input.remark, updated_at: nowIso(), version: eb('version', '+', 1) }))
      .where('id', '=', input.id)
      .where('customer_id', '=', auth.customerId)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) await staleOrMissing(db, 'zoning_crop', auth.customerId, input.id);
  } catch (e) {
    if (isUniqueViolation(e)) throw cropNameTaken(input.name);
    throw e;
  }
  return cropById(db, auth.customerId, input.id, lang);
}

/** A crop with criteria is refused (4009 with their count); products keep their crop's name. */
export async function deleteCrop(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const crop = await tx
      .selectFrom('zoning_crop')
      .select('id')
      .where('id', '=', id)
      .where('customer_id', '=', auth.customerId)
      .executeTakeFirst();
    if (!crop) throw errors.notFound();
    const { n } = await tx
      .selectFrom('zoning_criterion')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('crop_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) throw errors.conflict('zoning.cropHasCriteria', { count: Number(n) }, { field: 'id', criteria: Number(n) });
    const { p } = await tx
      .selectFrom('zoning_product')
      .select((eb) => eb.fn.countAll<number>().as('p'))
      .where('crop_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(p) > 0) throw errors.conflict('zoning.cropHasProducts', { count: Number(p) }, { field: 'id', products: Number(p) });
    await tx.deleteFrom('zoning_crop').where('id', '=', id).execute();
  });
}

async function staleOrMissing(db: Db, table: 'zoning_crop' | 'zoning_criterion', customerId: number, id: number): Promise<never> {
  const row = await db.selectFrom(table).select('version').where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
  if (!row) throw errors.notFound();
  throw errors.conflict('staleVersion', {}, { currentVersion: row.version });
}

// ---- criteria ----------------------------------------------------------------------------------

/**
 * Every problem of a criterion, translated: the engine's checks (ordering of thresholds, classes, weights summing to
 * 1, trapezoids, cut points, vetoes, known factors) and each threshold and veto bound within its factor's valid range. Fields are paths of
 * the request body (`factors.1.breaks.2`).
 */
export function criterionIssues(input: { method: ZoningCriterion['method'] } & StoredDefinition, lang: Lang) {
  const problems = checkZoningCriterion(engineCriterion(input.method, input), KNOWN_FACTORS);
  const issues = problems.map((p) => {
    const params = { ...(p.params ?? {}) };
    if (typeof params.factor === 'string') params.factor = factorName(params.factor, lang);
    return {
      field: p.path.map(String).join('.'),
      message: isMessageKey(p.key) ? translate(lang, p.key, params) : p.key,
      key: p.key,
      params,
    };
  });
  input.factors.forEach((rule, i) => {
    const def = factorDef(rule.factor);
    if (!def) return;
    rule.breaks.forEach((value, j) => {
      if (Number.isFinite(value) && (value < def.min || value > def.max)) {
        const params = { value, factor: def.names[lang], min: def.min, max: def.max, unit: def.unit };
        issues.push({
          field: `factors.${i}.breaks.${j}`,
          message: translate(lang, 'zoning.breakOutOfRange', params),
          key: 'zoning.breakOutOfRange',
          params,
        });
      }
    });
    for (const bound of ['lower', 'upper'] as const) {
      const value = rule.veto?.[bound];
      if (value !== undefined && Number.isFinite(value) && (value < def.min || value > def.max)) {
        const params = { value, factor: def.names[lang], min: def.min, max: def.max, unit: def.unit };
        issues.push({
          field: `factors.${i}.veto.${bound}`,
          message: translate(lang, 'zoning.vetoOutOfRange', params),
          key: 'zoning.vetoOutOfRange',
          params,
        });
      }
    }
  });
  return issues;
}

function assertValidCriterion(input: CriterionInput, lang: Lang): void {
  const issues = criterionIssues(input, lang);
  if (issues.length === 0) return;
  const first = issues[0]!;
  throw new AppError(
    ErrorCode.VALIDATION,
    isMessageKey(first.key) ? first.key : 'zoning.invalidCriterion',
    first.params,
    { issues: issues.map(({ field, message }) => ({ field, message })) },
    {},
    first.field,
  );
}

interface CriterionRow {
  id: number;
  name: string;
  crop_id: number;
  crop_name: string;
  crop_seed_key: string | null;
  description: string;
  method: Criterion['method'];
  definition: string;
  class_names: string;
  example: number;
  version: number;
  created_at: string;
  created_by_name: string;
  product_count: number | string;
}

function criterionView(row: CriterionRow, lang: Lang): Criterion {
  const def = JSON.parse(row.definition) as StoredDefinition;
  const seed = row.crop_seed_key ? SEED_CROPS.find((c) => c.key === row.crop_seed_key) : undefined;
  const example = row.example === 1;
  return {
    id: row.id,
    name: example ? exampleCriterionText('name', row.name, lang) : row.name,
    cropId: row.crop_id,
    cropName: seed && row.crop_name === seed.names.zh ? seed.names[lang] : row.crop_name,
    description: example ? exampleCriterionText('description', row.description, lang) : row.description,
    method: row.method,
    factors: def.factors,
    classNames: storedClassNames(row, 'zoning_criterion'),
    ...(def.classScores ? { classScores: def.classScores } : {}),
    ...(def.cutPoints ? { cutPoints: def.cutPoints } : {}),
    example: row.example === 1,
    productCount: Number(row.product_count),
    version: row.version,
    createTime: row.created_at,
    creator: row.created_by_name,
  };
}

function criterionQuery(db: Db, customerId: number) {
  return db
    .selectFrom('zoning_criterion')
    .innerJoin('zoning_crop', 'zoning_crop.id', 'zoning_criterion.crop_id')
    .select((eb) => [
      'zoning_criterion.id',
      'zoning_criterion.name',
      'zoning_criterion.crop_id',
      'zoning_crop.name as crop_name',
      'zoning_crop.seed_key as crop_seed_key',
      'zoning_criterion.description',
      'zoning_criterion.method',
      'zoning_criterion.definition',
      'zoning_criterion.class_names',
      'zoning_criterion.example',
      'zoning_criterion.version',
      'zoning_criterion.created_at',
      'zoning_criterion.created_by_name',
      eb
        .selectFrom('zoning_product')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('zoning_product.criterion_id', '=', 'zoning_criterion.id')
        .as('product_count'),
    ])
    .where('zoning_criterion.customer_id', '=', customerId);
}

export async function criteriaOfCrop(db: Db, auth: AuthContext, cropId: number, lang: Lang): Promise<Criterion[]> {
  await ensureZoningSetup(db, auth.customerId);
  const rows = await criterionQuery(db, auth.customerId)
    .where('zoning_criterion.crop_id', '=', cropId)
    .orderBy('zoning_criterion.id')
    .execute();
  return rows.map((r) => criterionView(r as CriterionRow, lang));
}

export async function criteriaPage(db: Db, auth: AuthContext, q: CriterionPageInput, lang: Lang) {
  await ensureZoningSetup(db, auth.customerId);
  const page = q.current ?? q.page;
  let base = criterionQuery(db, auth.customerId);
  if (q.cropId !== undefined) base = base.where('zoning_criterion.crop_id', '=', q.cropId);
  if (q.name) base = base.where(contains('zoning_criterion.name', q.name));
  const rows = await base
    .orderBy('zoning_criterion.id', 'desc')
    .limit(q.size)
    .offset((page - 1) * q.size)
    .execute();
  let count = db
    .selectFrom('zoning_criterion')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', auth.customerId);
  if (q.cropId !== undefined) count = count.where('crop_id', '=', q.cropId);
  if (q.name) count = count.where(contains('name', q.name));
  const { n } = await count.executeTakeFirstOrThrow();
  return { list: rows.map((r) => criterionView(r as CriterionRow, lang)), total: Number(n), page, size: q.size };
}

export async function criterionById(db: Db, customerId: number, id: number, lang: Lang): Promise<Criterion> {
  const row = await criterionQuery(db, customerId).where('zoning_criterion.id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound();
  return criterionView(row as CriterionRow, lang);
}

async function assertCropOfCustomer(db: Db, customerId: number, cropId: number): Promise<void> {
  const crop = await db
    .selectFrom('zoning_crop')
    .select('id')
    .where('id', '=', cropId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!crop) throw errors.validation('cropId', 'zoning.unknownCrop');
}

const criterionNameTaken = (name: string) => errors.conflict('duplicate', { field: 'name', value: name }, { field: 'name' });

export async function createCriterion(db: Db, auth: AuthContext, input: CriterionInput, lang: Lang): Promise<Criterion> {
  await ensureZoningSetup(db, auth.customerId);
  await assertCropOfCustomer(db, auth.customerId, input.cropId);
  assertValidCriterion(input, lang);
  const now = nowIso();
  try {
    const row = await db
      .insertInto('zoning_criterion')
      .values({
        customer_id: auth.customerId,
        crop_id: input.cropId,
        name: input.name,
        description: input.description,
        method: input.method,
        definition: JSON.stringify(definitionOf(input)),
        class_names: JSON.stringify(input.classNames),
        example: 0,
        created_by: auth.userId,
        created_by_name: auth.name.slice(0, 64),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return await criterionById(db, auth.customerId, row.id, lang);
  } catch (e) {
    if (isUniqueViolation(e)) throw criterionNameTaken(input.name);
    throw e;
  }
}

/** Optimistic by version; products keep the definition they were run with, so editing never changes a product. */
export async function updateCriterion(
  db: Db,
  auth: AuthContext,
  input: CriterionInput & { id: number; version: number },
  lang: Lang,
): Promise<Criterion> {
  await assertCropOfCustomer(db, auth.customerId, input.cropId);
  assertValidCriterion(input, lang);
  try {
    const res = await db
      .updateTable('zoning_criterion')
      .set((eb) => ({
        crop_id: input.cropId,
        // An example saved with its name or description as answered in English or Spanish keeps the seed's (zh) text.
        name: storedExampleText('name', input.name),
        description: storedExampleText('description', input.description),
        method: input.method,
        definition: JSON.stringify(definitionOf(input)),
        class_names: JSON.stringify(input.classNames),
        updated_at: nowIso(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', input.id)
      .where('customer_id', '=', auth.customerId)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) await staleOrMissing(db, 'zoning_criterion', auth.customerId, input.id);
  } catch (e) {
    if (isUniqueViolation(e)) throw criterionNameTaken(input.name);
    throw e;
  }
  return criterionById(db, auth.customerId, input.id, lang);
}

/** Refused (4009 with the count) while products use it, so every product can say which criterion made it. */
export async function deleteCriterion(db: Db, auth: AuthContext, id: number): Promise<{ name: string }> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('zoning_criterion')
      .select(['id', 'name'])
      .where('id', '=', id)
      .where('customer_id', '=', auth.customerId)
      .executeTakeFirst();
    if (!row) throw errors.notFound();
    const { n } = await tx
      .selectFrom('zoning_product')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('criterion_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) {
      throw errors.conflict('zoning.criterionHasProducts', { count: Number(n) }, { field: 'criteriaId', products: Number(n) });
    }
    await tx.deleteFrom('zoning_criterion').where('id', '=', id).execute();
    return { name: row.name };
  });
}
