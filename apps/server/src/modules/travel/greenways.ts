import { pathKm, regionPrefix, type Greenway, type GreenwayCreate, type GreenwayQuery, type GreenwayUpdate } from '@agromet/contracts';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { TravelGreenwayTable } from '../../core/db/schema.js';
import type { Db } from '../../core/db/index.js';
import { contains } from '../../core/db/like.js';
import type { Lang } from '../../core/messages.js';
import { regionFullName } from '../regions/code-table.js';
import { checkPlace, deleteRecord, insertRecord, shownColumns, storedArray, updateRecord } from './records.js';
import type { TravelDeps } from './service.js';
import { paged } from '../../core/paging.js';

// Greenways of a customer (docs/travel.md#greenways): a line drawn on the map with its length computed from the
// vertices, surface and difficulty; every query limited to the caller's customer.

type Row = Selectable<TravelGreenwayTable>;
type Input = z.output<typeof GreenwayCreate>;
type LonLat = [number, number];

const LonLat = z.tuple([z.number(), z.number()]);

function toGreenway(r: Row, lang: Lang): Greenway {
  const line: LonLat[] = storedArray(LonLat, r.line, 'travel_greenway', r.id, 'line');
  return {
    id: r.id,
    name: r.name,
    regionCode: r.region_code,
    regionName: regionFullName(r.region_code, lang),
    line,
    lengthKm: pathKm(line),
    surface: r.surface as Greenway['surface'],
    difficulty: r.difficulty as Greenway['difficulty'],
    start: r.start_name,
    end: r.end_name,
    photos: storedArray(z.string(), r.photos, 'travel_greenway', r.id, 'photos'),
    description: r.description,
    published: r.published === 1,
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function pageGreenways(db: Db, auth: AuthContext, q: z.output<typeof GreenwayQuery>, lang: Lang = 'zh') {
  let base = db.selectFrom('travel_greenway').where('customer_id', '=', auth.customerId);
  if (q.keyword) {
    const k = q.keyword;
    base = base.where((eb) => eb.or([contains('name', k), contains('start_name', k), contains('end_name', k)]));
  }
  if (q.difficulty) base = base.where('difficulty', '=', q.difficulty);
  if (q.surface) base = base.where('surface', '=', q.surface);
  if (q.code) base = base.where('region_code', 'like', `${regionPrefix(q.code)}%`);
  return paged(
    base,
    q,
    (b) => b.selectAll().orderBy('id', 'desc'),
    (rows) => rows.map((r) => toGreenway(r, lang)),
  );
}

/** The region must be in the table, and the line's start inside the region where a boundary of it is loaded. */
async function columns(deps: TravelDeps, auth: AuthContext, g: Input, lang: Lang) {
  const [lon, lat] = g.line[0]!;
  await checkPlace(deps, auth.customerId, { regionCode: g.regionCode, lon, lat }, 'line', lang);
  // Vertices kept to 1e-6° (about 0.1 m): what the map gives is noise below that.
  const line = g.line.map(([x, y]) => [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6]);
  return {
    name: g.name,
    region_code: g.regionCode,
    line: JSON.stringify(line),
    surface: g.surface,
    difficulty: g.difficulty,
    start_name: g.start,
    end_name: g.end,
    ...shownColumns(g),
  };
}

export async function createGreenway(deps: TravelDeps, auth: AuthContext, g: Input, lang: Lang): Promise<Greenway> {
  const values = await columns(deps, auth, g, lang);
  const row = await insertRecord(deps.db, auth.customerId, 'greenway', values);
  return toGreenway(row, lang);
}

export async function updateGreenway(
  deps: TravelDeps,
  auth: AuthContext,
  g: z.output<typeof GreenwayUpdate>,
  lang: Lang,
): Promise<Greenway> {
  return toGreenway(await updateRecord(deps.db, auth.customerId, 'greenway', g, () => columns(deps, auth, g, lang)), lang);
}

export const deleteGreenway = (db: Db, auth: AuthContext, id: number) => deleteRecord(db, auth.customerId, 'greenway', id);
