import type { SelectQueryBuilder } from 'kysely';

/** The page a list call asks for: 1-based page number and rows per page. */
export interface PageRequest {
  page: number;
  size: number;
}

/** The envelope every list call answers with: the page's items, the rows the filters find, and the page asked for. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/**
 * How many rows a filtered query finds. `base` is the query with its tables, joins and filters and nothing selected
 * or ordered (PostgreSQL refuses an ORDER BY beside a lone count); COUNT(*) comes back as a number on both engines
 * (PostgreSQL's driver gives a bigint as text).
 */
export async function countRows<DB, TB extends keyof DB, O>(base: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // Kysely cannot name a selection's column on a query generic in its tables; the one column is `n`.
  const row = (await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()) as { n: number | string };
  return Number(row.n);
}

/** The rows of one page of an ordered query: LIMIT size OFFSET (page - 1) × size. */
export function pageRows<DB, TB extends keyof DB, O>(rows: SelectQueryBuilder<DB, TB, O>, q: PageRequest): Promise<O[]> {
  return rows
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
}

/**
 * One page of a list: counts what `base` finds, reads the page of `rows(base)` (its selection and order; a list that
 * reads its rows through another query, a join say, returns that one) and makes the items with `toList`, in that
 * order. `base` carries the filters only, nothing selected or ordered.
 *
 *   return paged(base, q, (b) => b.selectAll().orderBy('id', 'desc'), (rows) => rows.map(toItem));
 */
export async function paged<DB, TB extends keyof DB, B, RDB, RTB extends keyof RDB, O, T>(
  base: SelectQueryBuilder<DB, TB, B>,
  q: PageRequest,
  rows: (base: SelectQueryBuilder<DB, TB, B>) => SelectQueryBuilder<RDB, RTB, O>,
  toList: (rows: O[]) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  const total = await countRows(base);
  const found = await pageRows(rows(base), q);
  return { list: await toList(found), total, page: q.page, size: q.size };
}
