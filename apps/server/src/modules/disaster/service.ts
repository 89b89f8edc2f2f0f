import {
  ErrorCode,
  regionPrefix,
  resolveSandstormLevel,
  SANDSTORM_LEVELS,
  type GradeProblem,
  type Sandstorm,
  type SandstormCreate,
  type SandstormFilterQuery,
  type SandstormLevel,
  type SandstormQuery,
  type SandstormStatistics,
  type SandstormUpdate,
} from '@agromet/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { actorName } from '../../core/builtin-names.js';
import type { AuthContext } from '../../core/auth/context.js';
import { ownRow } from '../../core/db/own-row.js';
import type { SandstormRecordTable } from '../../core/db/schema.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { contains } from '../../core/db/like.js';
import { AppError, errors } from '../../core/errors.js';
import { staleOrMissing, updateOwnVersioned } from '../../core/versioned.js';
import { translate, type Lang, type MessageKey } from '../../core/messages.js';
import type { FileStorage } from '../../core/storage.js';
import { regionChildTowards, regionEntry, regionFullName, regionName } from '../regions/code-table.js';
import { RegionBoundaries } from '../regions/boundary-check.js';
import { paged } from '../../core/paging.js';

// Sandstorm disaster records of a customer (docs/disaster.md): every query is limited to the caller's customer, so
// another customer's record answers 4004 like a missing one.

export type SandstormInput = z.output<typeof SandstormCreate>;
type UpdateInput = z.output<typeof SandstormUpdate>;
export type Filters = z.output<typeof SandstormFilterQuery>;
type Row = Selectable<SandstormRecordTable>;

export interface DisasterDeps {
  db: Db;
  storage: FileStorage;
}

export function toSandstorm(r: Row, lang: Lang = 'zh'): Sandstorm {
  return {
    id: r.id,
    location: r.location,
    lon: r.lon,
    lat: r.lat,
    level: r.level as SandstormLevel,
    levelDerived: r.level_derived === 1,
    time: r.time,
    duration: r.duration,
    minVisibility: r.min_visibility,
    maxWindSpeed: r.max_wind_speed,
    precipitation: r.precipitation,
    regionCode: r.region_code,
    regionName: regionFullName(r.region_code, lang),
    economicLoss: r.economic_loss,
    description: r.description,
    housesCollapsed: r.houses_collapsed,
    deaths: r.deaths,
    injured: r.injured,
    remark: r.remark,
    version: r.version,
    createdBy: actorName(lang, r.created_by_name),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** A grade problem as a message key with its parameters, the grade names in the caller's language. */
export function gradeMessage(problem: GradeProblem, lang: Lang): { key: MessageKey; params: Record<string, string | number> } {
  const name = (level: SandstormLevel) => translate(lang, `sandstorm.level.${level}`);
  if (problem.key === 'sandstorm.levelContradicts') {
    return { key: problem.key, params: { level: name(problem.level), visibility: problem.visibility, expected: name(problem.expected) } };
  }
  return { key: problem.key, params: { visibility: problem.visibility } };
}

/** A field's problem: 4100 naming the field (its message in the caller's language comes from the key). */
export interface FieldProblem {
  field: string;
  key: MessageKey;
  params: Record<string, string | number>;
}

/**
 * The rules beyond the schema: a region code of the table, a level that agrees with the visibility (or the level
 * derived from visibility and wind), and the point inside the region's loaded boundaries. Answers the columns to
 * store, or every problem found.
 */
export async function checkRecord(
  data: SandstormInput,
  boundaries: RegionBoundaries,
  lang: Lang,
): Promise<{ columns: ReturnType<typeof columnsOf> } | { problems: FieldProblem[] }> {
  const problems: FieldProblem[] = [];
  const region = regionEntry(data.regionCode);
  if (!region) problems.push({ field: 'regionCode', key: 'sandstorm.unknownRegion', params: { code: data.regionCode } });
  const resolved = resolveSandstormLevel(data.level, data.minVisibility, data.maxWindSpeed);
  if ('problem' in resolved) {
    const { key, params } = gradeMessage(resolved.problem, lang);
    problems.push({ field: resolved.problem.key === 'sandstorm.notDustWeather' ? 'minVisibility' : 'level', key, params });
  }
  if (region) {
    const outside = await boundaries.outside(data.regionCode, data.lon, data.lat);
    if (outside) {
      problems.push({
        field: 'lon',
        key: outside.key,
        params: {
          lon: data.lon,
          lat: data.lat,
          region: regionFullName(data.regionCode, lang),
          layer: outside.layer ?? translate(lang, 'sandstorm.layerProvinces'),
        },
      });
    }
  }
  if (problems.length > 0 || 'problem' in resolved) return { problems };
  return { columns: columnsOf(data, resolved.level, !data.level) };
}

export type RecordColumns = ReturnType<typeof columnsOf>;

function columnsOf(s: SandstormInput, level: SandstormLevel, derived: boolean) {
  return {
    location: s.location,
    lon: s.lon,
    lat: s.lat,
    level,
    level_derived: derived ? 1 : 0,
    time: new Date(s.time).toISOString(),
    duration: s.duration,
    min_visibility: s.minVisibility,
    max_wind_speed: s.maxWindSpeed ?? null,
    precipitation: s.precipitation ?? null,
    region_code: s.regionCode,
    economic_loss: s.economicLoss,
    description: s.description,
    houses_collapsed: s.housesCollapsed,
    deaths: s.deaths,
    injured: s.injured,
    remark: s.remark,
  };
}

/** 4100 naming the first problem's field; data.issues lists every problem with its message in the caller's language. */
function refuse(problems: FieldProblem[], lang: Lang): AppError {
  const first = problems[0]!;
  const issues = problems.map((p) => ({ field: p.field, message: translate(lang, p.key, p.params) }));
  return new AppError(ErrorCode.VALIDATION, first.key, first.params, { issues }, {}, first.field);
}

async function checked(deps: DisasterDeps, auth: AuthContext, data: SandstormInput, lang: Lang) {
  const result = await checkRecord(data, new RegionBoundaries(deps.db, deps.storage, auth.customerId), lang);
  if ('problems' in result) throw refuse(result.problems, lang);
  return result.columns;
}

/** The caller's records narrowed by the filters (region prefix, time range, level, keyword). */
export function filtered(db: Db, auth: AuthContext, f: Filters) {
  let q = db.selectFrom('sandstorm_record').where('customer_id', '=', auth.customerId);
  if (f.code) q = q.where('region_code', 'like', `${regionPrefix(f.code)}%`);
  if (f.from) q = q.where('time', '>=', new Date(f.from).toISOString());
  if (f.to) q = q.where('time', '<=', new Date(f.to).toISOString());
  if (f.level) q = q.where('level', '=', f.level);
  if (f.keyword) {
    const keyword = f.keyword;
    q = q.where((eb) => eb.or([contains('location', keyword), contains('description', keyword)]));
  }
  return q;
}

export async function findSandstorms(db: Db, auth: AuthContext, q: z.output<typeof SandstormQuery>, lang: Lang = 'zh') {
  const base = filtered(db, auth, q);
  return paged(
    base,
    q,
    (b) => b.selectAll().orderBy('time', 'desc').orderBy('id', 'desc'),
    (rows) => rows.map((r) => toSandstorm(r, lang)),
  );
}

async function findOwn(db: Db, auth: AuthContext, id: number): Promise<Row> {
  return ownRow(db, 'sandstorm_record', auth.customerId, id);
}

export async function createSandstorm(deps: DisasterDeps, auth: AuthContext, data: SandstormInput, lang: Lang): Promise<Sandstorm> {
  const columns = await checked(deps, auth, data, lang);
  const now = nowIso();
  const row = await deps.db
    .insertInto('sandstorm_record')
    .values({ customer_id: auth.customerId, ...columns, created_by_name: auth.name || auth.username, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSandstorm(row, lang);
}

export async function updateSandstorm(deps: DisasterDeps, auth: AuthContext, data: UpdateInput, lang: Lang): Promise<Sandstorm> {
  await findOwn(deps.db, auth, data.id);
  const columns = await checked(deps, auth, data, lang);
  if (!(await updateOwnVersioned(deps.db, 'sandstorm_record', auth.customerId, data, columns)))
    await staleOrMissing(deps.db, 'sandstorm_record', auth.customerId, data.id);
  return toSandstorm(await findOwn(deps.db, auth, data.id), lang);
}

export async function deleteSandstorm(db: Db, auth: AuthContext, id: number): Promise<void> {
  const res = await db.deleteFrom('sandstorm_record').where('id', '=', id).where('customer_id', '=', auth.customerId).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw errors.notFound();
}

/** Beijing time (UTC+8) of a stored UTC time, as "YYYY-MM": the month a Chinese record belongs to. */
export function beijingMonth(isoUtc: string): string {
  return new Date(Date.parse(isoUtc) + 8 * 3_600_000).toISOString().slice(0, 7);
}

/**
 * Counts of the filtered records by month and year (Beijing time), by grade (every grade, zeros included) and by the
 * area one level below the filter's region, with totals of losses and casualties. Computed over the matching rows'
 * few columns (a customer keeps thousands of records, not millions).
 */
export async function sandstormStatistics(db: Db, auth: AuthContext, f: Filters, lang: Lang = 'zh'): Promise<SandstormStatistics> {
  const rows = await filtered(db, auth, f)
    .select(['time', 'level', 'region_code', 'economic_loss', 'deaths', 'injured', 'houses_collapsed'])
    .execute();
  const months = new Map<string, number>();
  const levels = new Map<string, number>();
  const regions = new Map<string, { count: number; economicLoss: number }>();
  const totals = { count: rows.length, economicLoss: 0, deaths: 0, injured: 0, housesCollapsed: 0 };
  for (const r of rows) {
    const month = beijingMonth(r.time);
    months.set(month, (months.get(month) ?? 0) + 1);
    levels.set(r.level, (levels.get(r.level) ?? 0) + 1);
    const area = regionChildTowards(r.region_code, f.code);
    const at = regions.get(area) ?? { count: 0, economicLoss: 0 };
    at.count++;
    at.economicLoss += r.economic_loss;
    regions.set(area, at);
    totals.economicLoss += r.economic_loss;
    totals.deaths += r.deaths;
    totals.injured += r.injured;
    totals.housesCollapsed += r.houses_collapsed;
  }
  const byMonth = [...months].sort(([a], [b]) => a.localeCompare(b)).map(([month, count]) => ({ month, count }));
  const years = new Map<number, number>();
  for (const { month, count } of byMonth) years.set(Number(month.slice(0, 4)), (years.get(Number(month.slice(0, 4))) ?? 0) + count);
  return {
    byMonth,
    byYear: [...years].map(([year, count]) => ({ year, count })),
    byLevel: SANDSTORM_LEVELS.map((level) => ({ level, count: levels.get(level) ?? 0 })),
    byRegion: [...regions]
      .map(([code, v]) => ({ code, name: regionName(code, lang) ?? code, count: v.count, economicLoss: round(v.economicLoss) }))
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
    totals: { ...totals, economicLoss: round(totals.economicLoss) },
  };
}

const round = (x: number) => Math.round(x * 100) / 100;
