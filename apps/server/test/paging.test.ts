import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paged } from '../src/core/paging.js';
import { freshDatabaseUrl } from './helpers.js';

/** The paging helper on the engine this project runs (SQLite or PostgreSQL, whose COUNT(*) is a bigint given as text). */
interface Tables {
  item: { id: number; kind: string; at: string };
}

let db: Kysely<Tables>;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabaseUrl({ prefix: 'agromet_paging' });
  drop = fresh.drop;
  db = new Kysely<Tables>({
    dialect: fresh.url
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: fresh.url, max: 2 }) })
      : new SqliteDialect({ database: new SQLite(':memory:') }),
  });
  await db.schema
    .createTable('item')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text')
    .addColumn('at', 'text')
    .execute();
  // Times repeat every fourth row, so the order needs its tie-breaker as the list calls give it.
  const rows = Array.from({ length: 30 }, (_, k) => ({ id: k + 1, kind: k % 2 === 0 ? 'even' : 'odd', at: `2025-01-0${1 + (k % 4)}` }));
  await db.insertInto('item').values(rows).execute();
});

afterAll(async () => {
  await db.destroy();
  await drop();
});

describe('paged on the test engine', () => {
  it('gives the total as a number and every row exactly once across the pages, in order', async () => {
    const base = db.selectFrom('item').where('kind', '=', 'odd');
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const p = await paged(
        base,
        { page, size: 4 },
        (b) => b.selectAll().orderBy('at', 'desc').orderBy('id', 'desc'),
        (rows) => rows.map((r) => r.id),
      );
      expect(p.total).toBe(15);
      expect(p.page).toBe(page);
      expect(p.size).toBe(4);
      expect(p.list.length).toBe(page < 4 ? 4 : 3);
      seen.push(...p.list);
    }
    const all = await db.selectFrom('item').selectAll().where('kind', '=', 'odd').orderBy('at', 'desc').orderBy('id', 'desc').execute();
    expect(seen).toEqual(all.map((r) => r.id));
  });

  it('counts zero and lists nothing when the filters find nothing', async () => {
    const p = await paged(
      db.selectFrom('item').where('kind', '=', 'none'),
      { page: 1, size: 10 },
      (b) => b.selectAll().orderBy('id'),
      (r) => r,
    );
    expect(p).toEqual({ list: [], total: 0, page: 1, size: 10 });
  });
});
