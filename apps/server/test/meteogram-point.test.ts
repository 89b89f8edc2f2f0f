import { diffValues } from '@agromet/grid';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../src/core/storage.js';
import { meteogram } from '../src/modules/grids/meteogram.js';
import { meteogramFromGrids } from '../src/modules/grids/meteogram-reference.js';
import { GridStore, isDeltaKey, readStoredValues, type GridRow } from '../src/modules/grids/store.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';
import { addWindComponentType } from './revise-helpers.js';

/**
 * The meteogram reads one cell of each stored version (4 bytes of a full file, a delta's entry, or the cache): it must
 * answer exactly what reading every grid whole answers, through deltas, full rewrites, missing cells and derived
 * elements, whether the versions are cached or not.
 */
let t: TestApp;
let token = '';
let customerId = 0;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  token = (await t.login('demo-revise', ADMIN_PASSWORD)).access_token;
  customerId = (await t.db.db.selectFrom('app_user').select('customer_id').where('username', '=', 'demo-revise').executeTakeFirstOrThrow())
    .customer_id;
});
afterAll(async () => {
  await t.close();
});

/** The storage, counting what is read: whole files by kind, and ranges with their lengths. */
function countingStorage(inner: FileStorage) {
  const reads = { full: 0, delta: 0, ranges: [] as number[] };
  const storage: FileStorage = {
    put: (key, data) => inner.put(key, data),
    remove: (key) => inner.remove(key),
    list: (prefix) => inner.list(prefix),
    get: (key) => {
      if (isDeltaKey(key)) reads.delta++;
      else reads.full++;
      return inner.get(key);
    },
    getRange: (key, offset, length) => {
      reads.ranges.push(length);
      return inner.getRange(key, offset, length);
    },
  };
  return { storage, reads };
}

const query = (lon: number, lat: number, type = 'fine-grid') => ({ type, lon, lat, format: 'json' as const });
const editor = { userId: null, name: 'test' };

async function runRows(type = 'fine-grid'): Promise<GridRow[]> {
  return t.db.db
    .selectFrom('grid')
    .innerJoin('forecast_type', 'forecast_type.id', 'grid.forecast_type_id')
    .selectAll('grid')
    .where('grid.customer_id', '=', customerId)
    .where('forecast_type.code', '=', type)
    .execute();
}

describe('meteogram point reads', () => {
  it('answer what the whole grids answer, at any cell, after edits stored as deltas or in full (cold and warm cache)', async () => {
    const writer = new GridStore(t.db.db, t.storage);
    const warm = new GridStore(t.db.db, t.storage);
    const edit = fc.record({
      pick: fc.nat(),
      cells: fc.uniqueArray(fc.nat(121 * 161 - 1), { minLength: 1, maxLength: 30 }),
      whole: fc.boolean(),
      shift: fc.float({ min: -3, max: 3, noNaN: true }),
      missing: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(edit, { maxLength: 3 }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 160 }),
        async (edits, i, j) => {
          const rows = await runRows();
          for (const e of edits) {
            const row = rows[e.pick % rows.length]!;
            const before = (await readStoredValues(t.storage, row.storage_key))!;
            const after = before.slice();
            // A few cells (a delta), or every third cell (a delta past half the full file's size: written in full); the
            // probed cell among them.
            const cells = e.whole ? Array.from({ length: Math.floor(after.length / 3) }, (_, k) => 3 * k) : e.cells;
            for (const k of [...cells, j * 121 + i]) after[k] = e.missing && k === cells[0] ? Number.NaN : after[k]! + e.shift + 0.25;
            const key = {
              customerId,
              forecastTypeId: row.forecast_type_id,
              factorId: row.factor_id,
              baseTime: row.base_time,
              leadHours: row.lead_hours,
            };
            const [saved] = await writer.savePatches([{ key, row, patch: diffValues(before, after) }], editor);
            rows[rows.indexOf(row)] = saved!;
          }
          const lon = 108.95 - 69 * 0.05 + i * 0.05 + 0.01;
          const lat = 34.3 + 106 * 0.05 - j * 0.05 - 0.01;
          const expected = await meteogramFromGrids(t.db.db, new GridStore(t.db.db, t.storage), customerId, query(lon, lat));
          expect(expected.cell).toMatchObject({ i, j });
          // A cold store (no cache), the store that wrote the deltas (their patches in memory), a warm one (cached grids).
          expect(await meteogram(t.db.db, new GridStore(t.db.db, t.storage), customerId, query(lon, lat))).toEqual(expected);
          expect(await meteogram(t.db.db, writer, customerId, query(lon, lat))).toEqual(expected);
          await meteogramFromGrids(t.db.db, warm, customerId, query(lon, lat));
          expect(await meteogram(t.db.db, warm, customerId, query(lon, lat))).toEqual(expected);
          // And over HTTP (as JSON writes it: −0 is 0).
          const res = await t.app.inject({
            method: 'GET',
            url: `/api/grid/meteogram?type=fine-grid&lon=${lon}&lat=${lat}`,
            headers: t.bearer(token),
          });
          expect(res.json().data).toEqual(JSON.parse(JSON.stringify(expected)));
        },
      ),
      // Each run reads every stored grid whole for the reference (1-2 s on two busy cores, more on PostgreSQL): 8 runs a
      // suite run, with a new seed each time, keep the test within its bound beside the browser suite.
      { numRuns: 8 },
    );
    // The edits left deltas behind for the cold reads above to go through.
    expect((await runRows()).some((r) => isDeltaKey(r.storage_key))).toBe(true);
  }, 120_000);

  it('read 4 bytes of each full file and never a whole one; each version once', async () => {
    const { storage, reads } = countingStorage(t.storage);
    const m = await meteogram(t.db.db, new GridStore(t.db.db, storage), customerId, query(108.93, 34.3));
    const rows = await runRows();
    const full = rows.filter((r) => !isDeltaKey(r.storage_key)).length;
    const deltas = rows.length - full;
    expect(reads.full).toBe(0);
    expect(reads.delta).toBeLessThanOrEqual(deltas);
    expect(reads.ranges.every((n) => n === 4)).toBe(true);
    // One range per full file at most (also through the deltas on a base), none per delta answering the cell itself.
    expect(reads.ranges.length).toBeLessThanOrEqual(full + deltas);
    expect(reads.ranges.length).toBeGreaterThan(0);
    expect(m.elements.find((e) => e.code === 'tmp')!.values.every((v) => v !== null)).toBe(true);
  });

  it('derive wind from u and v at the cell as the whole grids do, missing where a component is', async () => {
    const { type, ids } = await addWindComponentType(t, 'uv-point');
    const geometry = { lon0: 108, lat0: 35, dx: 0.1, dy: -0.1, nx: 20, ny: 10 };
    const store = new GridStore(t.db.db, t.storage);
    const run = '2026-07-01T00:00:00.000Z';
    for (const lead of [3, 6]) {
      for (const code of ['u', 'v']) {
        const values = Float32Array.from({ length: 200 }, (_, k) => ((k * (code === 'u' ? 7 : 5) + lead) % 11) - 5.5);
        if (code === 'u' && lead === 6) values[45] = Number.NaN;
        await store.save(
          { customerId, forecastTypeId: type.id, factorId: ids[code]!, baseTime: run, leadHours: lead },
          { ...geometry, values },
          editor,
        );
      }
    }
    for (let k = 0; k < 200; k += 9) {
      const q = { ...query(108 + (k % 20) * 0.1, 35 - Math.floor(k / 20) * 0.1, 'uv-point'), baseTime: run };
      const expected = await meteogramFromGrids(t.db.db, new GridStore(t.db.db, t.storage), customerId, q);
      expect(expected.elements.map((e) => e.code)).toEqual(['u', 'v', 'wsp', 'wdir']);
      expect(await meteogram(t.db.db, new GridStore(t.db.db, t.storage), customerId, q)).toEqual(expected);
    }
    const at45 = await meteogram(t.db.db, store, customerId, { ...query(108.5, 34.8, 'uv-point'), baseTime: run });
    expect(at45.elements.find((e) => e.code === 'wsp')!.values).toEqual([expect.any(Number), null]);
  });
});
