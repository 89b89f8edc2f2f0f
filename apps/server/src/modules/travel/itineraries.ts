import {
  legKm,
  ROUTE_STOP_TYPES,
  RouteStopRef,
  type Route,
  type RouteCreate,
  type RouteQuery,
  type RouteStop,
  type RouteStopType,
  type RouteUpdate,
} from '@agromet/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { TravelRouteTable } from '../../core/db/schema.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { contains } from '../../core/db/like.js';
import { errors } from '../../core/errors.js';
import { deleteRecord, insertRecord, storedArray, TARGET_TABLES, updateRecord } from './records.js';
import { paged } from '../../core/paging.js';

// Routes of a customer (docs/travel.md#routes): days and stops in visiting order among the customer's scenic spots
// and landscapes. Stops are stored as references and read with the records' current names and positions, so a moved
// spot moves the route; the distance is the sum of straight legs between stops. A deleted spot or landscape leaves
// every route that stopped there, in the transaction that deletes it.

type Row = Selectable<TravelRouteTable>;
type StopRef = { type: RouteStopType; id: number };
type Place = { name: string; lon: number; lat: number };

/** A route's stops as stored (the contract's RouteStopRef each). */
const storedStops = (json: string, id: number): StopRef[] => storedArray(RouteStopRef, json, 'travel_route', id, 'stops');
/** The one way a stop is written, so a stop can be found in the JSON column with LIKE. */
const stopJson = (s: StopRef) => JSON.stringify({ type: s.type, id: s.id });

/** The customer's spots and landscapes named by the stops: "type:id" → name and position. */
async function places(db: Db, customerId: number, stops: StopRef[]): Promise<Map<string, Place>> {
  const out = new Map<string, Place>();
  for (const type of ROUTE_STOP_TYPES) {
    const ids = [...new Set(stops.filter((s) => s.type === type).map((s) => s.id))];
    if (ids.length === 0) continue;
    const rows = await db
      .selectFrom(TARGET_TABLES[type])
      .select(['id', 'name', 'lon', 'lat'])
      .where('customer_id', '=', customerId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) out.set(`${type}:${r.id}`, { name: r.name, lon: r.lon, lat: r.lat });
  }
  return out;
}

/** Stops with their names and legs; references to records no longer there are left out. */
export function resolveStops(refs: StopRef[], known: ReadonlyMap<string, Place>): { stops: RouteStop[]; totalKm: number } {
  const stops: RouteStop[] = [];
  let total = 0;
  for (const ref of refs) {
    const place = known.get(`${ref.type}:${ref.id}`);
    if (!place) continue;
    const prev = stops.at(-1);
    const leg = prev ? legKm([prev.lon, prev.lat], [place.lon, place.lat]) : 0;
    total += leg;
    stops.push({ type: ref.type, id: ref.id, ...place, legKm: Math.round(leg * 100) / 100 });
  }
  return { stops, totalKm: Math.round(total * 100) / 100 };
}

async function toRoutes(db: Db, customerId: number, rows: Row[]): Promise<Route[]> {
  const refs = rows.map((r) => storedStops(r.stops, r.id));
  const known = await places(db, customerId, refs.flat());
  return rows.map((r, k) => ({
    id: r.id,
    name: r.name,
    days: r.days,
    ...resolveStops(refs[k]!, known),
    description: r.description,
    published: r.published === 1,
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

export async function pageRoutes(db: Db, auth: AuthContext, q: z.output<typeof RouteQuery>) {
  let base = db.selectFrom('travel_route').where('customer_id', '=', auth.customerId);
  if (q.keyword) {
    const k = q.keyword;
    base = base.where((eb) => eb.or([contains('name', k), contains('description', k)]));
  }
  if (q.stopType && q.stopId) base = base.where('stops', 'like', `%${stopJson({ type: q.stopType, id: q.stopId })}%`);
  return paged(
    base,
    q,
    (b) => b.selectAll().orderBy('id', 'desc'),
    (rows) => toRoutes(db, auth.customerId, rows),
  );
}

/** Every stop must be a spot or landscape of the caller's customer (4100 naming the first that is not). */
async function columns(db: Db, auth: AuthContext, r: z.output<typeof RouteCreate>) {
  const refs = r.stops.map((s) => ({ type: s.type, id: s.id }));
  const known = await places(db, auth.customerId, refs);
  const missing = refs.findIndex((s) => !known.has(`${s.type}:${s.id}`));
  if (missing >= 0) throw errors.validation(`stops.${missing}`, 'travel.unknownStop', { id: refs[missing]!.id });
  return {
    name: r.name,
    days: r.days,
    stops: `[${refs.map(stopJson).join(',')}]`,
    description: r.description,
    published: r.published ? 1 : 0,
  };
}

export async function createRoute(db: Db, auth: AuthContext, r: z.output<typeof RouteCreate>): Promise<Route> {
  const values = await columns(db, auth, r);
  const row = await insertRecord(db, auth.customerId, 'route', values);
  return (await toRoutes(db, auth.customerId, [row]))[0]!;
}

export async function updateRoute(db: Db, auth: AuthContext, r: z.output<typeof RouteUpdate>): Promise<Route> {
  const row = await updateRecord(db, auth.customerId, 'route', r, () => columns(db, auth, r));
  return (await toRoutes(db, auth.customerId, [row]))[0]!;
}

export const deleteRoute = (db: Db, auth: AuthContext, id: number) => deleteRecord(db, auth.customerId, 'route', id);

/** Takes a deleted spot or landscape out of every route of the customer that stops there (a new version of each). */
export async function dropStop(tx: Db, customerId: number, stop: StopRef): Promise<void> {
  const rows = await tx
    .selectFrom('travel_route')
    .select(['id', 'stops'])
    .where('customer_id', '=', customerId)
    .where('stops', 'like', `%${stopJson(stop)}%`)
    .execute();
  for (const row of rows) {
    const kept = storedStops(row.stops, row.id).filter((s) => !(s.type === stop.type && s.id === stop.id));
    await tx
      .updateTable('travel_route')
      .set((eb) => ({ stops: `[${kept.map(stopJson).join(',')}]`, updated_at: nowIso(), version: eb('version', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
  }
}
