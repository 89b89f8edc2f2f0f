import type { Criterion, CriterionCreate, CriterionPageQuery } from '@agromet/contracts';
import { checkZoningCriterion, type ZoningCriterion } from '@agromet/grid';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { contains } from '../../core/db/like.js';
import { createdStamp } from '../../core/db/stamps.js';
import { errors, type InputIssue } from '../../core/errors.js';
import { paged } from '../../core/paging.js';
import { isMessageKey, translate, type Lang } from '../../core/messages.js';
import { isUniqueViolation, staleOrMissing, updateOwnVersioned } from '../../core/versioned.js';
import { factorDef, factorName, KNOWN_FACTORS } from './factors.js';
import { exampleCriterionText, SEED_CROPS, storedExampleText } from './seed-data.js';
import { definitionOf, engineCriterion, storedClassNames } from './definition.js';
import { ensureZoningSetup } from './setup.js';
import { storedDefinition, type StoredDefinition } from './stored.js';

// Criteria (indexes) of a customer (docs/zoning.md#criteria), for the crops of crops.ts. Every query is limited to the
// caller's customer: another customer's criterion answers like a missing one.

type CriterionInput = z.output<typeof CriterionCreate>;
type CriterionPageInput = z.output<typeof CriterionPageQuery>;

export type { StoredDefinition };

// The definition's helpers and the set-up live in definition.ts and setup.ts; their users import them from here.
export { definitionOf, engineCriterion, resolvedClassNames, storedClassNames } from './definition.js';
export { ensureZoningSetup } from './setup.js';

// ---- criteria ----------------------------------------------------------------------------------

/**
 * Every problem of a criterion, translated: the engine's checks (ordering of thresholds, classes, weights summing to
 * 1, trapezoids, cut points, vetoes, known factors) and each threshold and veto bound within its factor's valid range. Fields are paths of
 * the request body (`factors.1.breaks.2`).
 */
export function criterionIssues(input: { method: ZoningCriterion['method'] } & StoredDefinition, lang: Lang) {
  const problems = checkZoningCriterion(engineCriterion(input.method, input), KNOWN_FACTORS);
  const issues: InputIssue[] = problems.map((p) => {
    const params = { ...(p.params ?? {}) };
    if (typeof params.factor === 'string') params.factor = factorName(params.factor, lang);
    // A problem the messages do not know keeps its own text; the answer then leads with the criterion's general message.
    return {
      field: p.path.map(String).join('.'),
      message: isMessageKey(p.key) ? translate(lang, p.key, params) : p.key,
      key: isMessageKey(p.key) ? p.key : 'zoning.invalidCriterion',
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
  if (issues.length > 0) throw errors.invalidInput(issues);
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
  const def = storedDefinition(row.definition, 'zoning_criterion', row.id);
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

/**
 * The customer's criteria (of a crop, by name), newest first, one page (core/paging.ts); `current`, when given, names
 * the page.
 */
export async function criteriaPage(db: Db, auth: AuthContext, q: CriterionPageInput, lang: Lang) {
  await ensureZoningSetup(db, auth.customerId);
  let base = db.selectFrom('zoning_criterion').where('customer_id', '=', auth.customerId);
  let rows = criterionQuery(db, auth.customerId);
  if (q.cropId !== undefined) {
    base = base.where('crop_id', '=', q.cropId);
    rows = rows.where('zoning_criterion.crop_id', '=', q.cropId);
  }
  if (q.name) {
    base = base.where(contains('name', q.name));
    rows = rows.where(contains('zoning_criterion.name', q.name));
  }
  return paged(
    base,
    { page: q.current ?? q.page, size: q.size },
    () => rows.orderBy('zoning_criterion.id', 'desc'),
    (list) => list.map((r) => criterionView(r as CriterionRow, lang)),
  );
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
        ...createdStamp(auth, now),
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
    const changed = await updateOwnVersioned(db, 'zoning_criterion', auth.customerId, input, {
      crop_id: input.cropId,
      // An example saved with its name or description as answered in English or Spanish keeps the seed's (zh) text.
      name: storedExampleText('name', input.name),
      description: storedExampleText('description', input.description),
      method: input.method,
      definition: JSON.stringify(definitionOf(input)),
      class_names: JSON.stringify(input.classNames),
    });
    if (!changed) await staleOrMissing(db, 'zoning_criterion', auth.customerId, input.id);
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
