import type { Hazard, HazardCreate, HazardKind, HazardStage, HazardUpdate } from '@agromet/contracts';
import { checkRiskConditions } from '@agromet/grid';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { createdStamp } from '../../core/db/stamps.js';
import { errors, type InputIssue } from '../../core/errors.js';
import { isMessageKey, translate, type Lang, type MessageKey } from '../../core/messages.js';
import { isUniqueViolation, updateOwnVersioned } from '../../core/versioned.js';
import { layerFactorOf } from '../grids/service.js';
import { STAGE_NAMES } from '../crop-calendar/seed.js';
import { SEED_CROPS } from '../zoning/seed-data.js';
import { SEED_HAZARDS } from './seeds.js';
import { storedConditions, storedHazardStages } from './stored.js';

export { SEED_HAZARDS, type SeedHazard } from './seeds.js';

// Hazard definitions (docs/risk.md#hazards): conditions on a forecast type's elements with thresholds per warning
// level. Every customer starts with the defaults below (made on first use, deleted ones stay deleted).

type CreateInput = z.output<typeof HazardCreate>;
type UpdateInput = z.output<typeof HazardUpdate>;

/** The first time a customer uses risk, the default hazards are made once. Concurrent first calls agree on the marker. */
export async function ensureRiskSetup(db: Db, customerId: number): Promise<void> {
  const done = await db.selectFrom('risk_setup').select('customer_id').where('customer_id', '=', customerId).executeTakeFirst();
  if (done) return;
  try {
    await db.transaction().execute(async (tx) => {
      const now = nowIso();
      await tx.insertInto('risk_setup').values({ customer_id: customerId, created_at: now }).execute();
      for (const [k, h] of SEED_HAZARDS.entries()) {
        await tx
          .insertInto('risk_hazard')
          .values({
            customer_id: customerId,
            seed_key: h.kind,
            name: h.names.zh,
            kind: h.kind,
            forecast_type: h.forecastType,
            description: h.description,
            conditions: JSON.stringify(h.conditions),
            stages: JSON.stringify(h.stages),
            sort: k + 1,
            created_by: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
  }
}

/** A hazard's or element's name in a language: seeded names follow the reader until renamed. */
export function hazardName(row: { name: string; seed_key: string | null }, lang: Lang): string {
  const seed = row.seed_key ? SEED_HAZARDS.find((h) => h.kind === row.seed_key) : undefined;
  return seed && row.name === seed.names.zh ? seed.names[lang] : row.name;
}

/**
 * The hazard's name a risk product keeps (stored in the product's language when it was made) in the reader's language:
 * a built-in hazard's seed name, in any of its languages, is answered in `lang`; a renamed or user-made hazard's as
 * stored.
 */
export function productHazardName(row: { hazard_name: string; hazard_seed_key: string | null }, lang: Lang): string {
  const seed = row.hazard_seed_key ? SEED_HAZARDS.find((h) => h.kind === row.hazard_seed_key) : undefined;
  return seed && Object.values(seed.names).includes(row.hazard_name) ? seed.names[lang] : row.hazard_name;
}

/** A seeded hazard's description in a language until it is edited. */
export function hazardDescription(row: { description: string; seed_key: string | null }, lang: Lang): string {
  const seed = row.seed_key ? SEED_HAZARDS.find((h) => h.kind === row.seed_key) : undefined;
  return seed && lang !== 'zh' && row.description === seed.description ? seed.descriptions[lang] : row.description;
}

export function elementName(code: string, fallback: string, lang: Lang): string {
  const key = `risk.element.${code}`;
  return isMessageKey(key) ? translate(lang, key) : fallback;
}

interface HazardRow {
  id: number;
  seed_key: string | null;
  name: string;
  kind: string;
  forecast_type: string;
  description: string;
  conditions: string;
  stages: string;
  version: number;
  created_at: string;
  created_by_name: string;
  product_count?: number | string | null;
}

/** A crop key of a hazard's stages: the built-in crop's key, or `crop<id>` for the customer's own crops. */
export const cropKeyOf = (crop: { id: number; seed_key: string | null }) => crop.seed_key ?? `crop${crop.id}`;

/** The customer's crops by their key in hazards' stages, with names in `lang`. */
export async function cropsByKey(db: Db, customerId: number, lang: Lang): Promise<Map<string, { id: number; name: string }>> {
  const rows = await db.selectFrom('zoning_crop').select(['id', 'seed_key', 'name']).where('customer_id', '=', customerId).execute();
  const out = new Map<string, { id: number; name: string }>();
  for (const r of rows) {
    const seed = r.seed_key ? SEED_CROPS.find((c) => c.key === r.seed_key) : undefined;
    out.set(cropKeyOf(r), { id: r.id, name: seed && r.name === seed.names.zh ? seed.names[lang] : r.name });
  }
  return out;
}

/** A stage's name in `lang` (the built-in stages by code; another code as it is). */
export const stageLabel = (code: string, lang: Lang) => STAGE_NAMES[code]?.[lang] ?? code;

function stagesView(stages: readonly HazardStage[], crops: Map<string, { name: string }>, lang: Lang) {
  return stages.map((st) => {
    const seed = SEED_CROPS.find((c) => c.key === st.crop);
    return { ...st, cropName: crops.get(st.crop)?.name ?? seed?.names[lang] ?? st.crop, stageName: stageLabel(st.stage, lang) };
  });
}

async function view(db: Db, r: HazardRow, lang: Lang, crops: Map<string, { name: string }>): Promise<Hazard> {
  const conditions = storedConditions(r.conditions, 'risk_hazard', r.id);
  const named = [];
  for (const c of conditions) {
    const f = await layerFactorOf(db, r.forecast_type, c.element);
    named.push({ ...c, elementName: elementName(c.element, f?.name ?? c.element, lang), unit: f?.unit ?? '' });
  }
  return {
    id: r.id,
    name: hazardName(r, lang),
    kind: r.kind as HazardKind,
    forecastType: r.forecast_type,
    description: hazardDescription(r, lang),
    conditions: named,
    stages: stagesView(storedHazardStages(r.stages, r.id), crops, lang),
    builtIn: r.seed_key !== null,
    productCount: Number(r.product_count ?? 0),
    version: r.version,
    createTime: r.created_at,
    creator: r.created_by_name,
  };
}

function hazardQuery(db: Db, customerId: number) {
  return db
    .selectFrom('risk_hazard')
    .select([
      'risk_hazard.id',
      'risk_hazard.seed_key',
      'risk_hazard.name',
      'risk_hazard.kind',
      'risk_hazard.forecast_type',
      'risk_hazard.description',
      'risk_hazard.conditions',
      'risk_hazard.stages',
      'risk_hazard.version',
      'risk_hazard.created_at',
      'risk_hazard.created_by_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('risk_product')
        .select((e2) => e2.fn.countAll<number>().as('n'))
        .whereRef('risk_product.hazard_id', '=', 'risk_hazard.id')
        .as('product_count'),
    )
    .where('risk_hazard.customer_id', '=', customerId);
}

export async function listHazards(db: Db, auth: AuthContext, lang: Lang): Promise<Hazard[]> {
  await ensureRiskSetup(db, auth.customerId);
  const rows = await hazardQuery(db, auth.customerId).orderBy('risk_hazard.sort').orderBy('risk_hazard.id').execute();
  const crops = await cropsByKey(db, auth.customerId, lang);
  const out: Hazard[] = [];
  for (const r of rows) out.push(await view(db, r, lang, crops));
  return out;
}

export async function hazardById(db: Db, customerId: number, id: number, lang: Lang): Promise<Hazard> {
  const row = await hazardQuery(db, customerId).where('risk_hazard.id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound();
  return view(db, row, lang, await cropsByKey(db, customerId, lang));
}

/** The stored row of a hazard of the customer (undefined for another customer's or a missing one). */
export async function hazardRow(db: Db, customerId: number, id: number) {
  return db.selectFrom('risk_hazard').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
}

/**
 * Every problem of a hazard with its field (`conditions.0.thresholds.2`) and message in the caller's language: the
 * engine's ordering checks, an element the forecast type lacks, thresholds outside the element's valid range.
 */
export async function hazardIssues(
  db: Db,
  customerId: number,
  input: Pick<CreateInput, 'forecastType' | 'conditions'> & { stages?: readonly HazardStage[] },
  lang: Lang,
) {
  const issues: InputIssue[] = [];
  const add = (field: string, key: MessageKey, params: Record<string, string | number> = {}) =>
    issues.push({ field, key, params, message: translate(lang, key, params) });
  const type = await db.selectFrom('forecast_type').select('code').where('code', '=', input.forecastType).executeTakeFirst();
  if (!type) add('forecastType', 'risk.unknownType', { type: input.forecastType });
  for (const p of checkRiskConditions(input.conditions)) {
    add(p.path.map(String).join('.'), isMessageKey(p.key) ? p.key : 'risk.invalidHazard', p.params ?? { count: 1 });
  }
  if (type) {
    for (const [i, c] of input.conditions.entries()) {
      const f = await layerFactorOf(db, input.forecastType, c.element);
      if (!f) {
        add(`conditions.${i}.element`, 'risk.unknownElement', { type: input.forecastType, element: c.element });
        continue;
      }
      c.thresholds.forEach((t, level) => {
        if (t !== null && Number.isFinite(t) && (t < f.min || t > f.max)) {
          add(`conditions.${i}.thresholds.${level}`, 'risk.thresholdOutOfRange', {
            value: t,
            element: elementName(c.element, f.name, lang),
            min: f.min,
            max: f.max,
            unit: f.unit,
          });
        }
      });
    }
  }
  // Stages: a crop of the customer (built-in key or crop<id>), each stage once per crop.
  if (input.stages && input.stages.length > 0) {
    const crops = await cropsByKey(db, customerId, lang);
    const seen = new Set<string>();
    input.stages.forEach((st, i) => {
      if (!crops.has(st.crop) && !SEED_CROPS.some((c) => c.key === st.crop))
        add(`stages.${i}.crop`, 'risk.stageCropUnknown', { crop: st.crop });
      const key = `${st.crop}\u0000${st.stage}`;
      if (seen.has(key)) add(`stages.${i}.stage`, 'risk.stageTwice', { stage: stageLabel(st.stage, lang) });
      seen.add(key);
    });
  }
  return issues;
}

async function assertValidHazard(
  db: Db,
  customerId: number,
  input: Pick<CreateInput, 'forecastType' | 'conditions' | 'stages'>,
  lang: Lang,
): Promise<void> {
  const issues = await hazardIssues(db, customerId, input, lang);
  if (issues.length > 0) throw errors.invalidInput(issues);
}

const nameTaken = (name: string) => errors.conflict('risk.hazardNameTaken', { name }, { field: 'name' });

export async function createHazard(db: Db, auth: AuthContext, input: CreateInput, lang: Lang): Promise<Hazard> {
  await ensureRiskSetup(db, auth.customerId);
  await assertValidHazard(db, auth.customerId, input, lang);
  const now = nowIso();
  try {
    const row = await db
      .insertInto('risk_hazard')
      .values({
        customer_id: auth.customerId,
        seed_key: null,
        name: input.name,
        kind: input.kind,
        forecast_type: input.forecastType,
        description: input.description,
        conditions: JSON.stringify(input.conditions),
        stages: JSON.stringify(input.stages),
        sort: 1000,
        ...createdStamp(auth, now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return hazardById(db, auth.customerId, row.id, lang);
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(input.name);
    throw e;
  }
}

/** Optimistic by version (4009 on a stale one); products keep the definition they were run with. */
export async function updateHazard(db: Db, auth: AuthContext, input: UpdateInput, lang: Lang): Promise<Hazard> {
  await assertValidHazard(db, auth.customerId, input, lang);
  const current = await hazardRow(db, auth.customerId, input.id);
  if (!current) throw errors.notFound();
  // A seeded hazard shown in another language and saved unchanged keeps its seeded (zh) name.
  const name = current.seed_key && input.name === hazardName(current, lang) ? current.name : input.name;
  const description = current.seed_key && input.description === hazardDescription(current, lang) ? current.description : input.description;
  try {
    const changed = await updateOwnVersioned(db, 'risk_hazard', auth.customerId, input, {
      name,
      kind: input.kind,
      forecast_type: input.forecastType,
      description,
      conditions: JSON.stringify(input.conditions),
      stages: JSON.stringify(input.stages),
    });
    if (!changed) throw errors.conflict('staleVersion', {}, { currentVersion: current.version });
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(input.name);
    throw e;
  }
  return hazardById(db, auth.customerId, input.id, lang);
}

/** Products made with it keep its definition and name. */
export async function deleteHazard(db: Db, auth: AuthContext, id: number): Promise<{ name: string }> {
  const row = await hazardRow(db, auth.customerId, id);
  if (!row) throw errors.notFound();
  await db.deleteFrom('risk_hazard').where('id', '=', id).where('customer_id', '=', auth.customerId).execute();
  return { name: row.name };
}
