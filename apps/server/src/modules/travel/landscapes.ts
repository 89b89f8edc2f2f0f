import {
  inSeason,
  regionPrefix,
  type Landscape,
  type LandscapeCreate,
  type LandscapeQuery,
  type LandscapeUpdate,
  WeatherNeedsBody,
} from '@agromet/contracts';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { TravelLandscapeTable } from '../../core/db/schema.js';
import type { Db } from '../../core/db/index.js';
import { contains } from '../../core/db/like.js';
import { errors } from '../../core/errors.js';
import type { Lang } from '../../core/messages.js';
import { regionFullName } from '../regions/code-table.js';
import { dropStop } from './itineraries.js';
import { checkPlace, deleteRecord, insertRecord, shownColumns, updateRecord } from './records.js';
import type { TravelDeps } from './service.js';
import { parseStoredJson } from '../../core/stored-json.js';
import { paged } from '../../core/paging.js';

// Seasonal landscapes of a customer (docs/travel.md#landscapes): autumn leaves, rape flowers, snow, sea of clouds…
// with their best-viewing period and the weather they need; every query limited to the caller's customer.

type Row = Selectable<TravelLandscapeTable>;
type Input = z.output<typeof LandscapeCreate>;

/** Today as "MM-DD" in Beijing time. */
export function todayMonthDay(now = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(5, 10);
}

const Photos = z.array(z.string());

function toLandscape(r: Row, spotNames: Map<number, string>, today: string, lang: Lang): Landscape {
  const w = parseStoredJson(WeatherNeedsBody, r.weather, { table: 'travel_landscape', id: r.id, column: 'weather' });
  const photos = parseStoredJson(Photos, r.photos, { table: 'travel_landscape', id: r.id, column: 'photos' });
  return {
    id: r.id,
    name: r.name,
    kind: r.kind as Landscape['kind'],
    spotId: r.spot_id,
    spotName: r.spot_id ? (spotNames.get(r.spot_id) ?? '') : '',
    regionCode: r.region_code,
    regionName: regionFullName(r.region_code, lang),
    lon: r.lon,
    lat: r.lat,
    bestFrom: r.best_from,
    bestTo: r.best_to,
    weather: {
      tempMin: w.tempMin ?? null,
      tempMax: w.tempMax ?? null,
      maxWind: w.maxWind ?? null,
      precipitation: w.precipitation ?? 'any',
    },
    photos,
    description: r.description,
    published: r.published === 1,
    inSeason: inSeason(today, r.best_from, r.best_to),
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

async function toLandscapes(db: Db, customerId: number, rows: Row[], lang: Lang): Promise<Landscape[]> {
  const ids = [...new Set(rows.map((r) => r.spot_id).filter((x): x is number => x !== null))];
  const names = new Map<number, string>();
  if (ids.length > 0)
    for (const s of await db
      .selectFrom('travel_spot')
      .select(['id', 'name'])
      .where('customer_id', '=', customerId)
      .where('id', 'in', ids)
      .execute())
      names.set(s.id, s.name);
  const today = todayMonthDay();
  return rows.map((r) => toLandscape(r, names, today, lang));
}

export async function pageLandscapes(db: Db, auth: AuthContext, q: z.output<typeof LandscapeQuery>, lang: Lang = 'zh') {
  let base = db.selectFrom('travel_landscape').where('customer_id', '=', auth.customerId);
  if (q.keyword) {
    const k = q.keyword;
    base = base.where((eb) => eb.or([contains('name', k), contains('description', k)]));
  }
  if (q.kind) base = base.where('kind', '=', q.kind);
  if (q.spotId) base = base.where('spot_id', '=', q.spotId);
  if (q.code) base = base.where('region_code', 'like', `${regionPrefix(q.code)}%`);
  return paged(
    base,
    q,
    (b) => b.selectAll().orderBy('id', 'desc'),
    (rows) => toLandscapes(db, auth.customerId, rows, lang),
  );
}

async function columns(deps: TravelDeps, auth: AuthContext, l: Input, lang: Lang) {
  await checkPlace(deps, auth.customerId, l, 'lon', lang);
  if (l.spotId) {
    const spot = await deps.db
      .selectFrom('travel_spot')
      .select('id')
      .where('id', '=', l.spotId)
      .where('customer_id', '=', auth.customerId)
      .executeTakeFirst();
    if (!spot) throw errors.validation('spotId', 'travel.unknownSpot');
  }
  return {
    name: l.name,
    kind: l.kind,
    spot_id: l.spotId ?? null,
    region_code: l.regionCode,
    lon: l.lon,
    lat: l.lat,
    best_from: l.bestFrom,
    best_to: l.bestTo,
    weather: JSON.stringify({
      tempMin: l.weather.tempMin ?? null,
      tempMax: l.weather.tempMax ?? null,
      maxWind: l.weather.maxWind ?? null,
      precipitation: l.weather.precipitation,
    }),
    ...shownColumns(l),
  };
}

export async function createLandscape(deps: TravelDeps, auth: AuthContext, l: Input, lang: Lang): Promise<Landscape> {
  const values = await columns(deps, auth, l, lang);
  const row = await insertRecord(deps.db, auth.customerId, 'landscape', values);
  return (await toLandscapes(deps.db, auth.customerId, [row], lang))[0]!;
}

export async function updateLandscape(
  deps: TravelDeps,
  auth: AuthContext,
  l: z.output<typeof LandscapeUpdate>,
  lang: Lang,
): Promise<Landscape> {
  const row = await updateRecord(deps.db, auth.customerId, 'landscape', l, () => columns(deps, auth, l, lang));
  return (await toLandscapes(deps.db, auth.customerId, [row], lang))[0]!;
}

/** Deletes the landscape, its comments and its stops on routes in one transaction. */
export const deleteLandscape = (db: Db, auth: AuthContext, id: number) =>
  deleteRecord(db, auth.customerId, 'landscape', id, (tx) => dropStop(tx, auth.customerId, { type: 'landscape', id }));
