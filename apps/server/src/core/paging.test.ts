import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, paged, pageRows } from './paging.js';

interface Tables {
  item: { id: number; kind: string; name: string };
  tag: { item_id: number; label: string };
}

const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });

beforeAll(async () => {
  await db.schema
    .createTable('item')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text')
    .addColumn('name', 'text')
    .execute();
  await db.schema.createTable('tag').addColumn('item_id', 'integer').addColumn('label', 'text').execute();
  const items = Array.from({ length: 23 }, (_, k) => ({ id: k + 1, kind: k % 3 === 0 ? 'a' : 'b', name: `n${k + 1}` }));
  await db.insertInto('item').values(items).execute();
  await db
    .insertInto('tag')
    .values(items.map((i) => ({ item_id: i.id, label: `t${i.id}` })))
    .execute();
});
afterAll(() => db.destroy());

describe('paged', () => {
  it('counts what the filters find and reads the asked page in the given order', async () => {
    const base = db.selectFrom('item').where('kind', '=', 'b');
    const page = await paged(
      base,
      { page: 2, size: 5 },
      (b) => b.selectAll().orderBy('id', 'desc'),
      (rows) => rows.map((r) => r.id),
    );
    // kind b: the ids not ≡ 1 (mod 3), 15 of them; descending 23, 21, 20, 18, 17 | 15, 14, 12, 11, 9 | …
    expect(page).toEqual({ list: [15, 14, 12, 11, 9], total: 15, page: 2, size: 5 });
  });

  it('answers a page past the end with no items and the total', async () => {
    const page = await paged(
      db.selectFrom('item'),
      { page: 9, size: 5 },
      (b) => b.select('id').orderBy('id'),
      (rows) => rows,
    );
    expect(page).toEqual({ list: [], total: 23, page: 9, size: 5 });
  });

  it('reads the rows through another query when the list is given one, and awaits the items', async () => {
    const base = db.selectFrom('item').where('kind', '=', 'a');
    const page = await paged(
      base,
      { page: 1, size: 3 },
      () =>
        db
          .selectFrom('item')
          .innerJoin('tag', 'tag.item_id', 'item.id')
          .where('item.kind', '=', 'a')
          .select(['item.id', 'tag.label'])
          .orderBy('item.id'),
      async (rows) => Promise.resolve(rows.map((r) => r.label)),
    );
    expect(page).toEqual({ list: ['t1', 't4', 't7'], total: 8, page: 1, size: 3 });
  });
});

describe('countRows and pageRows', () => {
  it('count ignores a selection already made', async () => {
    expect(await countRows(db.selectFrom('item').select(['id', 'name']).where('id', '<=', 4))).toBe(4);
  });

  it('pageRows takes LIMIT size OFFSET (page - 1) × size', async () => {
    const rows = await pageRows(db.selectFrom('item').select('id').orderBy('id'), { page: 3, size: 10 });
    expect(rows.map((r) => r.id)).toEqual([21, 22, 23]);
  });
});
