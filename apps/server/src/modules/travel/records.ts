import type { CommentTarget } from '@agromet/contracts';
import type { Db } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';

// What the tourism records share (docs/travel.md): their tables, JSON columns read leniently, and deletion with the
// record's comments in one transaction.

/** The table of each kind of record visitors comment on. */
export const TARGET_TABLES = {
  spot: 'travel_spot',
  landscape: 'travel_landscape',
  greenway: 'travel_greenway',
  route: 'travel_route',
} as const satisfies Record<CommentTarget, string>;

/** A JSON column that should hold an array; anything else reads as empty. */
export function jsonArray<T>(json: string, keep: (x: unknown) => x is T): T[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter(keep) : [];
  } catch {
    return [];
  }
}

export const isString = (x: unknown): x is string => typeof x === 'string';

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
