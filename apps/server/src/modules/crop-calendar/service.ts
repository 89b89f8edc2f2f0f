import {
  CalendarStage,
  type CropCalendar as CalendarView,
  type CropCalendarCreate,
  type CropCalendarEntry,
  type CropCalendarUpdate,
} from '@agromet/contracts';
import { checkCalendar, type CropCalendar } from '@agromet/grid';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { CropCalendarTable } from '../../core/db/schema.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { isMessageKey, translate, type Lang, type MessageKey } from '../../core/messages.js';
import { isUniqueViolation, updateOwnVersioned } from '../../core/versioned.js';
import { ensureZoningSetup } from '../zoning/criteria.js';
import { SEED_CROPS } from '../zoning/seed-data.js';
import { SEED_CALENDARS, STAGE_NAMES } from './seed.js';
import { parseStoredJson } from '../../core/stored-json.js';

// Crop calendars (docs/crop-calendar.md): per crop of the customer its stages and shift parameters. The built-in
// calendars are made the first time a customer reads them (deleted ones stay deleted); every change is checked by
// @agromet/grid's checkCalendar and answered 4100 naming the field; updates are optimistic by version.

type CreateInput = z.output<typeof CropCalendarCreate>;
type UpdateInput = z.output<typeof CropCalendarUpdate>;
export type CalendarRow = Selectable<CropCalendarTable>;
/** A stage as stored: the contract's stage, its name as entered (empty: the built-in stage's). */
const StoredStages = z.array(CalendarStage);
export type StoredStage = CalendarStage;

/** A stage's name in a language: as entered, or the built-in stage's when entered empty. */
export function stageName(stage: { code: string; name: string }, lang: Lang): string {
  if (stage.name) return stage.name;
  return STAGE_NAMES[stage.code]?.[lang] ?? stage.code;
}

/** The engine's calendar of a stored row. */
export function calendarOf(row: CalendarRow): Omit<CropCalendar, 'stages'> & { stages: StoredStage[] } {
  return {
    stages: parseStoredJson(StoredStages, row.stages, { table: 'crop_calendar', id: row.id, column: 'stages' }),
    refAltitudeM: row.ref_altitude_m,
    refLatDeg: row.ref_lat_deg,
    daysPer100m: row.days_per_100m,
    daysPerDegree: row.days_per_degree,
  };
}

/** The first time a customer uses calendars, the built-in ones are made for its built-in crops. */
export async function ensureCalendarSetup(db: Db, customerId: number): Promise<void> {
  const done = await db.selectFrom('crop_calendar_setup').select('customer_id').where('customer_id', '=', customerId).executeTakeFirst();
  if (done) return;
  await ensureZoningSetup(db, customerId);
  try {
    await db.transaction().execute(async (tx) => {
      const now = nowIso();
      await tx.insertInto('crop_calendar_setup').values({ customer_id: customerId, created_at: now }).execute();
      const crops = await tx.selectFrom('zoning_crop').select(['id', 'seed_key']).where('customer_id', '=', customerId).execute();
      for (const seed of SEED_CALENDARS) {
        const crop = crops.find((c) => c.seed_key === seed.crop);
        if (!crop) continue;
        const has = await tx.selectFrom('crop_calendar').select('id').where('crop_id', '=', crop.id).executeTakeFirst();
        if (has) continue;
        await tx
          .insertInto('crop_calendar')
          .values({
            customer_id: customerId,
            crop_id: crop.id,
            stages: JSON.stringify(seed.stages.map((s) => ({ code: s.code, name: '', start: s.start, end: s.end }))),
            ref_altitude_m: seed.refAltitudeM,
            ref_lat_deg: seed.refLatDeg,
            days_per_100m: seed.daysPer100m,
            days_per_degree: seed.daysPerDegree,
            source: seed.source,
            built_in: 1,
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

interface CropRow {
  id: number;
  seed_key: string | null;
  name: string;
}

function cropName(crop: CropRow, lang: Lang): string {
  const seed = crop.seed_key ? SEED_CROPS.find((c) => c.key === crop.seed_key) : undefined;
  return seed && crop.name === seed.names.zh ? seed.names[lang] : crop.name;
}

function view(row: CalendarRow, crop: CropRow, lang: Lang): CalendarView {
  const cal = calendarOf(row);
  return {
    id: row.id,
    cropId: crop.id,
    cropName: cropName(crop, lang),
    cropKey: crop.seed_key ?? '',
    stages: cal.stages.map((s) => ({ code: s.code, name: stageName(s, lang), start: s.start, end: s.end })),
    refAltitudeM: row.ref_altitude_m,
    refLatDeg: row.ref_lat_deg,
    daysPer100m: row.days_per_100m,
    daysPerDegree: row.days_per_degree,
    source: row.source,
    builtIn: row.built_in === 1,
    version: row.version,
    updateTime: row.updated_at,
  };
}

async function cropOf(db: Db, customerId: number, cropId: number): Promise<CropRow | undefined> {
  return db
    .selectFrom('zoning_crop')
    .select(['id', 'seed_key', 'name'])
    .where('id', '=', cropId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** Every crop of the customer, in the crops' order, with its calendar or null. */
export async function listCalendars(db: Db, auth: AuthContext, lang: Lang): Promise<CropCalendarEntry[]> {
  await ensureCalendarSetup(db, auth.customerId);
  const crops = await db
    .selectFrom('zoning_crop')
    .select(['id', 'seed_key', 'name'])
    .where('customer_id', '=', auth.customerId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const rows = await db.selectFrom('crop_calendar').selectAll().where('customer_id', '=', auth.customerId).execute();
  return crops.map((c) => {
    const row = rows.find((r) => r.crop_id === c.id);
    return { cropId: c.id, cropName: cropName(c, lang), cropKey: c.seed_key ?? '', calendar: row ? view(row, c, lang) : null };
  });
}

/** The calendar of a crop of the customer (undefined when it has none, or the crop is another customer's). */
export async function calendarOfCrop(db: Db, customerId: number, cropId: number): Promise<CalendarRow | undefined> {
  await ensureCalendarSetup(db, customerId);
  return db.selectFrom('crop_calendar').selectAll().where('customer_id', '=', customerId).where('crop_id', '=', cropId).executeTakeFirst();
}

type CalendarInput = Pick<CreateInput, 'stages' | 'refAltitudeM' | 'refLatDeg' | 'daysPer100m' | 'daysPerDegree'>;

/** Every problem of a calendar with its field (`stages.2.start`) in the caller's language; 4100 naming the first. */
function assertValidCalendar(input: CalendarInput, lang: Lang): void {
  const problems = checkCalendar(input);
  if (problems.length === 0) return;
  const issues = problems.map((p) => {
    const key: MessageKey = isMessageKey(p.key) ? p.key : 'calendar.invalid';
    const params = p.params ?? {};
    return { field: p.path.map(String).join('.'), key, params, message: translate(lang, key, params) };
  });
  throw errors.invalidInput(issues);
}

/** Stored stages: a name equal to the built-in stage's in the caller's language is kept empty (it follows the reader). */
function storedStages(stages: CreateInput['stages']): StoredStage[] {
  return stages.map((s) => ({
    code: s.code,
    name: s.name && STAGE_NAMES[s.code] && Object.values(STAGE_NAMES[s.code]!).includes(s.name) ? '' : (s.name ?? ''),
    start: s.start,
    end: s.end,
  }));
}

/** The columns a saved calendar writes (created or edited by hand: no longer built in). */
function calendarColumns(input: CreateInput | UpdateInput) {
  return {
    stages: JSON.stringify(storedStages(input.stages)),
    ref_altitude_m: input.refAltitudeM,
    ref_lat_deg: input.refLatDeg,
    days_per_100m: input.daysPer100m,
    days_per_degree: input.daysPerDegree,
    source: input.source,
    built_in: 0,
  };
}

async function calendarById(db: Db, customerId: number, id: number, lang: Lang): Promise<CalendarView> {
  const row = await db
    .selectFrom('crop_calendar')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw errors.notFound();
  const crop = await cropOf(db, customerId, row.crop_id);
  if (!crop) throw errors.notFound();
  return view(row, crop, lang);
}

/** A crop without a calendar gets one (another customer's crop is unknown: 4100 naming cropId; one already there: 4009). */
export async function createCalendar(db: Db, auth: AuthContext, input: CreateInput, lang: Lang): Promise<CalendarView> {
  await ensureCalendarSetup(db, auth.customerId);
  const crop = await cropOf(db, auth.customerId, input.cropId);
  if (!crop) throw errors.validation('cropId', 'calendar.unknownCrop');
  assertValidCalendar(input, lang);
  const now = nowIso();
  try {
    const row = await db
      .insertInto('crop_calendar')
      .values({
        customer_id: auth.customerId,
        crop_id: crop.id,
        ...calendarColumns(input),
        created_by_name: auth.name.slice(0, 64),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return calendarById(db, auth.customerId, row.id, lang);
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('calendar.cropHasCalendar', {}, { field: 'cropId' });
    throw e;
  }
}

/** Optimistic by version (4009 on a stale one); the risk products made before keep the stages they were run with. */
export async function updateCalendar(db: Db, auth: AuthContext, input: UpdateInput, lang: Lang): Promise<CalendarView> {
  const current = await db
    .selectFrom('crop_calendar')
    .selectAll()
    .where('id', '=', input.id)
    .where('customer_id', '=', auth.customerId)
    .executeTakeFirst();
  if (!current) throw errors.notFound();
  assertValidCalendar(input, lang);
  if (!(await updateOwnVersioned(db, 'crop_calendar', auth.customerId, input, calendarColumns(input))))
    throw errors.conflict('staleVersion', {}, { currentVersion: current.version });
  return calendarById(db, auth.customerId, input.id, lang);
}

export async function deleteCalendar(db: Db, auth: AuthContext, id: number): Promise<void> {
  const res = await db.deleteFrom('crop_calendar').where('id', '=', id).where('customer_id', '=', auth.customerId).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw errors.notFound();
}
