import type { Updateable } from 'kysely';
import type { Database } from './db/schema.js';
import type { Db } from './db/index.js';
import { nowIso } from './db/index.js';
import { errors } from './errors.js';

type Versioned = 'customer' | 'app_user' | 'role' | 'permission';

/**
 * Optimistic update: changes the row only when its version is the one the caller saw, and bumps it.
 * Another version answers 4009 with nothing changed; a missing row answers 4004.
 */
export async function updateVersioned<T extends Versioned>(
  db: Db,
  table: T,
  id: number,
  version: number,
  values: Partial<Record<keyof Database[T] & string, unknown>>,
): Promise<void> {
  const res = await (db as Db)
    .updateTable(table as 'customer')
    .set((eb) => ({ ...(values as object), updated_at: nowIso(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return;
  const exists = await db
    .selectFrom(table as 'customer')
    .select('version')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!exists) throw errors.notFound();
  throw errors.conflict('staleVersion', {}, { currentVersion: exists.version });
}

/** Tables of a customer's rows edited optimistically by version. */
type OwnVersioned =
  | 'crop_calendar'
  | 'risk_hazard'
  | 'zoning_crop'
  | 'zoning_criterion'
  | 'station'
  | 'sandstorm_record'
  | 'travel_spot'
  | 'travel_landscape'
  | 'travel_greenway'
  | 'travel_route';

/**
 * Optimistic update of a row of the customer: writes `values` (and updated_at) only while the row is still at
 * `at.version`, and bumps the version. Answers whether it did; the caller says what a stale or missing row answers
 * (staleOrMissing, where nothing else is to be said).
 */
export async function updateOwnVersioned<T extends OwnVersioned>(
  db: Db,
  table: T,
  customerId: number,
  at: { id: number; version: number },
  values: Updateable<Database[T]>,
): Promise<boolean> {
  // The tables share id, customer_id, version and updated_at; `values` is typed by the table's own columns above.
  const res = await db
    .updateTable(table as 'crop_calendar')
    .set((eb) => ({ ...(values as Updateable<Database['crop_calendar']>), updated_at: nowIso(), version: eb('version', '+', 1) }))
    .where('id', '=', at.id)
    .where('customer_id', '=', customerId)
    .where('version', '=', at.version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Tables of a customer's rows that carry a version. */
type OwnVersionedRow = {
  [T in keyof Database]: Database[T] extends { id: unknown; customer_id: unknown; version: unknown } ? T : never;
}[keyof Database];

/**
 * Why an optimistic update of a row of the customer changed nothing: 4004 when the row is gone (or another customer's),
 * else 4009 with the version to reload.
 */
export async function staleOrMissing(db: Db, table: OwnVersionedRow, customerId: number, id: number): Promise<never> {
  // Kysely cannot follow a table name that is a type parameter: every table of the union has id, customer_id and version.
  const row = await db
    .selectFrom(table as 'zoning_crop')
    .select('version')
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw errors.notFound();
  throw errors.conflict('staleVersion', {}, { currentVersion: row.version });
}

/** Maps a unique-constraint failure of either engine to 4009 naming the field. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(err?.message ?? '');
}
