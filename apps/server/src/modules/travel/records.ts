import type { CommentTarget } from '@agromet/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { nowIso, type Db } from '../../core/db/index.js';
import type { Database } from '../../core/db/schema.js';
import { z } from 'zod';
import { errors } from '../../core/errors.js';
import { parseStoredJson } from '../../core/stored-json.js';
import { updateOwnVersioned } from '../../core/versioned.js';

// What the tourism records share (docs/travel.md): their tables, JSON columns read through their items' schemas, and deletion with the
// record's comments in one transaction.

/** The table of each kind of record visitors comment on. */
export const TARGET_TABLES = {
  spot: 'travel_spot',
  landscape: 'travel_landscape',
  greenway: 'travel_greenway',
  route: 'travel_route',
} as const satisfies Record<CommentTarget, string>;

/** A JSON column holding an array, read through its items' schema: a bad row is a StoredJsonError naming it. */
export function storedArray<S extends z.ZodType>(item: S, json: string, table: string, id: number, column: string): Array<z.output<S>> {
  return parseStoredJson(z.array(item), json, { table, id, column });
}

type RecordTable<K extends CommentTarget> = Database[(typeof TARGET_TABLES)[K]];

/** Inserts a record of the customer (`values` typed by the record's own table), created and updated now; answers its row. */
export async function insertRecord<K extends CommentTarget>(
  db: Db,
  customerId: number,
  type: K,
  values: Omit<Insertable<RecordTable<K>>, 'customer_id' | 'created_at' | 'updated_at'>,
): Promise<Selectable<RecordTable<K>>> {
  const now = nowIso();
  // As in updateRecord: the four tables share customer_id, created_at and updated_at.
  const row = await db
    .insertInto(TARGET_TABLES[type] as 'travel_spot')
    .values({
      customer_id: customerId,
      ...(values as Omit<Insertable<Database['travel_spot']>, 'customer_id'>),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as unknown as Selectable<RecordTable<K>>;
}

/**
 * Writes `values` as the next version of a record of the customer, only while it is still at `at.version`; a stale
 * version is a conflict naming the current one (`current` reads it).
 */
export async function updateRecord<K extends CommentTarget>(
  db: Db,
  customerId: number,
  type: K,
  at: { id: number; version: number },
  values: Updateable<RecordTable<K>>,
  current: () => Promise<{ version: number }>,
): Promise<void> {
  if (!(await updateOwnVersioned(db, TARGET_TABLES[type] as 'travel_spot', customerId, at, values as Updateable<Database['travel_spot']>)))
    throw errors.conflict('staleVersion', {}, { currentVersion: (await current()).version });
}

/** Deletes a record of the customer and its comments, then runs `also` (e.g. routes losing a stop), in one transaction. */
export async function deleteRecord(
  db: Db,
  customerId: number,
  type: CommentTarget,
  id: number,
  also?: (tx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const res = await tx.deleteFrom(TARGET_TABLES[type]).where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) throw errors.notFound();
    await tx
      .deleteFrom('travel_comment')
      .where('customer_id', '=', customerId)
      .where('target_type', '=', type)
      .where('target_id', '=', id)
      .execute();
    if (also) await also(tx);
  });
}
