import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './core/db/index.js';
import { migrate } from './migrations.js';
import { FILE_COLUMN_EXCEPTIONS, FILE_COLUMNS, LOOKS_LIKE_FILE } from './file-columns.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-file-columns-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every table and column of a freshly migrated database (the migrations are the same on both engines). */
async function schemaColumns(): Promise<string[]> {
  const handle = openDatabase({ databaseUrl: undefined, dataDir: dir });
  try {
    await migrate(handle);
    const tables = await handle.db.introspection.getTables();
    return tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)).sort();
  } finally {
    await handle.close();
  }
}

const name = (c: { table: string; column: string }) => `${c.table}.${c.column}`;

describe('the registry of file columns (file-columns.ts)', () => {
  it('names every column of the schema that looks like a file, or says why it holds none', async () => {
    const columns = await schemaColumns();
    const registered = new Set(FILE_COLUMNS.map(name));
    const excepted = new Set(FILE_COLUMN_EXCEPTIONS.map(name));
    const looking = columns.filter((c) => LOOKS_LIKE_FILE.test(c.split('.')[1]!));
    // A new column such as `thumbnail_key` or `report_file` fails here until it is registered or excepted.
    expect(looking.filter((c) => !registered.has(c) && !excepted.has(c))).toEqual([]);
    // Nothing registered or excepted that the schema does not have (a renamed column), and nothing in both lists.
    expect([...registered, ...excepted].filter((c) => !columns.includes(c))).toEqual([]);
    expect([...registered].filter((c) => excepted.has(c))).toEqual([]);
    // The rule finds the columns it is meant for.
    for (const known of [
      'grid.storage_key',
      'download_file.preview_key',
      'zoning_product.storage_prefix',
      'stored_file.path',
      'issue.storage_dir',
    ])
      expect(looking).toContain(known);
  });

  it('derives the companion files a row needs or keeps', () => {
    const of = (table: string, column: string) => FILE_COLUMNS.find((c) => c.table === table && c.column === column)!;
    expect(of('grid', 'storage_key').keys('grids/1/2/base.f32', {})).toEqual([{ key: 'grids/1/2/base.f32', required: true }]);
    expect(of('grid', 'storage_key').keys('grids/1/2/base.abc.f32d', {})).toEqual([
      { key: 'grids/1/2/base.abc.f32d', required: true },
      { key: 'grids/1/2/base.f32', required: true },
    ]);
    expect(of('grid', 'storage_key').keys('', {})).toEqual([]);
    expect(of('boundary_layer', 'storage_key').keys('boundaries/1/x.geojson', {})).toEqual([
      { key: 'boundaries/1/x.geojson', required: true },
      { key: 'boundaries/1/x.display.geojson', required: false },
    ]);
    expect(
      of('zoning_product', 'storage_prefix')
        .keys('zoning/1/products/3-u', {})
        .map((r) => [r.key, r.required]),
    ).toEqual([
      ['zoning/1/products/3-u/classes.u8', true],
      ['zoning/1/products/3-u/factor-classes.u8', true],
      ['zoning/1/products/3-u/limiting.u8', true],
      ['zoning/1/products/3-u/values.f32', true],
      ['zoning/1/products/3-u/score.f32', false],
    ]);
    expect(of('risk_product', 'storage_prefix').keys('risk/1/products/4-ab', {})).toEqual([
      { key: 'risk/1/products/4-ab/levels.u8', required: true },
    ]);
    expect(of('stored_file', 'path').keys('/api/files/uploads/2026/01/x.png', {})).toEqual([
      { key: 'uploads/2026/01/x.png', required: true },
    ]);
    const job = of('job', 'id');
    expect(job.when!({ status: 'queued' }) && job.when!({ status: 'running' })).toBe(true);
    expect(job.when!({ status: 'done' }) || job.when!({ status: 'failed' })).toBe(false);
    expect(job.keys('j-1', { customer_id: 7 })).toEqual([{ key: 'imports/7/j-1.upload', required: false }]);
  });
});
