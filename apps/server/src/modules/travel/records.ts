import type { CommentTarget } from '@agromet/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { nowIso, type Db } from '../../core/db/index.js';
import type { Database } from '../../core/db/schema.js';
import { z } from 'zod';
import { ownRow } from '../../core/db/own-row.js';
import { errors } from '../../core/errors.js';
import { translate, type Lang } from '../../core/messages.js';
import type { FileStorage } from '../../core/storage.js';
import { parseStoredJson } from '../../core/stored-json.js';
import { staleOrMissing, updateOwnVersioned } from '../../core/versioned.js';
import { RegionBoundaries } from '../regions/boundary-check.js';
import { regionEntry, regionFullName } from '../regions/code-table.js';

// What the tourism records share (docs/travel.md): their tables, JSON columns read through their items' schemas, the
// check of a record's place, the versioned update, and deletion with the record's comments in one transaction.

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

/** The columns spots, landscapes and greenways store alike: the photos (a JSON list), the text, whether visitors see it. */
export function shownColumns(r: { photos: string[]; description: string; published: boolean }) {
  return { photos: JSON.stringify(r.photos), description: r.description, published: r.published ? 1 : 0 };
}

/** Inserts a record of the customer (`values` typed by the record's own table), created and updated now; answers its row. */
export async function insertRecord<K extends CommentTarget>(
  db: Db,
  customerId: number,
  type: K,
  values: Omit<Insertable<RecordTable<K>>, 'customer_id' | 'created_at' | 'updated_at'>,
): Promise<Selectable<RecordTable<K>>> {
  const now = nowIso();
  // The four tables share customer_id, created_at and updated_at.
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

/** A record of the customer by id, else 4004 (another customer's answers as a missing one). */
function recordRow<K extends CommentTarget>(db: Db, customerId: number, type: K, id: number): Promise<Selectable<RecordTable<K>>> {
  return ownRow(db, TARGET_TABLES[type], customerId, id) as Promise<Selectable<RecordTable<K>>>;
}

/**
 * Writes the next version of a record of the customer, only while it is still at `at.version` (a stale version is a
 * conflict naming the current one), and answers the row as written. A missing record is refused (4004) before
 * `values` checks the input, so that a gone record is not answered with a problem of the form.
 */
export async function updateRecord<K extends CommentTarget>(
  db: Db,
  customerId: number,
  type: K,
  at: { id: number; version: number },
  values: () => Promise<Updateable<RecordTable<K>>>,
): Promise<Selectable<RecordTable<K>>> {
  await recordRow(db, customerId, type, at.id);
  // As in insertRecord: the four tables share customer_id, version and updated_at.
  const table = TARGET_TABLES[type] as 'travel_spot';
  if (!(await updateOwnVersioned(db, table, customerId, at, (await values()) as Updateable<Database['travel_spot']>)))
    await staleOrMissing(db, table, customerId, at.id);
  return recordRow(db, customerId, type, at.id);
}

/**
 * A record's place: its region must be in the code table (4100 on regionCode) and the point inside the region's
 * loaded boundaries (4100 on `field`, as for disaster records).
 */
export async function checkPlace(
  deps: { db: Db; storage: FileStorage },
  customerId: number,
  place: { regionCode: string; lon: number; lat: number },
  field: string,
  lang: Lang,
): Promise<void> {
  const { regionCode, lon, lat } = place;
  if (!regionEntry(regionCode)) throw errors.validation('regionCode', 'sandstorm.unknownRegion', { code: regionCode });
  const outside = await new RegionBoundaries(deps.db, deps.storage, customerId).outside(regionCode, lon, lat);
  if (outside) {
    throw errors.validation(field, outside.key, {
      lon,
      lat,
      region: regionFullName(regionCode, lang),
      layer: outside.layer ?? translate(lang, 'sandstorm.layerProvinces'),
    });
  }
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
