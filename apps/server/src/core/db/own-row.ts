import type { Selectable } from 'kysely';
import { errors } from '../errors.js';
import type { Db } from './index.js';
import type { Database } from './schema.js';

/** Tables whose rows belong to one customer: they have an id and a customer_id. */
export type CustomerTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; customer_id: unknown } ? T : never;
}[keyof Database];

/**
 * A row of the customer's by id, else 4004: another customer's row is answered as if it did not exist
 * (docs/security.md#customers-and-tenancy), so that ids of other customers cannot be probed.
 */
export async function ownRow<T extends CustomerTable>(db: Db, table: T, customerId: number, id: number): Promise<Selectable<Database[T]>> {
  // Kysely cannot follow a table name that is a type parameter: the query is typed on the union, the answer on T.
  const row = await db
    .selectFrom(table as CustomerTable)
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw errors.notFound();
  return row as unknown as Selectable<Database[T]>;
}
