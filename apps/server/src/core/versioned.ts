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

/** Maps a unique-constraint failure of either engine to 4009 naming the field. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(err?.message ?? '');
}
