import path from 'node:path';
import { applyPatch, diffValues } from '@agromet/grid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveGrid } from '../src/modules/grids/service.js';
import { GridStore, isDeltaKey, readStoredValues, type GridRow } from '../src/modules/grids/store.js';
import { createTestApp, type TestApp } from './helpers.js';
import { addCustomer, BASE_TIME, factorIds, field, gridFileNames, SMALL } from './revise-helpers.js';

/** Revisions are saved as what changed: delta files on a base, a full file again once a delta passes half its size. */
let t: TestApp;
let customer = 0;
const bits = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

beforeAll(async () => {
  t = await createTestApp();
  customer = await addCustomer(t, '宝鸡市气象局');
});
afterAll(async () => {
  await t.close();
});

/** The customer's grid files once the store has removed what its saves replaced (after their answers). */
const files = async (store: GridStore) => {
  await store.settled();
  return gridFileNames(t, customer);
};

describe('GridStore.savePatches', () => {
  it('chains deltas on one base, reads back every version exactly, and leaves no file behind', async () => {
    const { factorId, typeId } = await factorIds(t, 'fine-grid', 'tmp');
    const key = { customerId: customer, forecastTypeId: typeId, factorId, baseTime: BASE_TIME, leadHours: 9 };
    const store = new GridStore(t.db.db, t.storage);
    const editor = { userId: null, name: 'test' };
    let row = await store.save(key, field(), editor);
    const base = row.storage_key;
    const expected = field().values;
    // Small edits: deltas on the first file, each holding the patch from it.
    for (let step = 1; step <= 4; step++) {
      const next = expected.slice();
      for (let k = step * 7; k < step * 7 + 20; k++) next[k] = next[k]! + step;
      const patch = diffValues(expected, next);
      row = (await store.savePatches([{ key, row, patch }], editor))[0]!;
      applyPatch(expected, patch);
      expect(isDeltaKey(row.storage_key)).toBe(true);
      expect(row.storage_key.startsWith(base.slice(0, -4))).toBe(true);
      expect(bits((await store.load(row)).values)).toEqual(bits(expected));
      // A fresh store (no cache) reads the same from the files.
      expect(bits((await new GridStore(t.db.db, t.storage).load(row)).values)).toEqual(bits(expected));
      expect(bits((await readStoredValues(t.storage, row.storage_key))!)).toEqual(bits(expected));
      expect(await files(store)).toHaveLength(2); // the base and the current delta
    }
    // A fifth of the cells in one block (a forecaster's large area) is still a delta: 9 bytes a cell, under half the
    // full file's 4 a cell.
    const fifth = expected.map((v, k) => (k < expected.length / 5 ? v - 0.25 : v));
    row = (await store.savePatches([{ key, row, patch: diffValues(expected, fifth) }], editor))[0]!;
    expected.set(fifth);
    expect(isDeltaKey(row.storage_key)).toBe(true);
    expect(bits((await new GridStore(t.db.db, t.storage).load(row)).values)).toEqual(bits(expected));
    expect(await files(store)).toHaveLength(2);
    // A large edit (a delta past half the full file's size) is written in full; the base and the delta go.
    const big = expected.map((v) => v + 0.5);
    row = (await store.savePatches([{ key, row, patch: diffValues(expected, big) }], editor))[0]!;
    expect(isDeltaKey(row.storage_key)).toBe(false);
    expect(bits((await new GridStore(t.db.db, t.storage).load(row)).values)).toEqual(bits(big));
    expect(await files(store)).toEqual([path.basename(row.storage_key)]);
    // A stale version is refused and writes nothing.
    const stale = { ...row, version: row.version - 1 };
    await expect(
      store.savePatches(
        [
          {
            key,
            row: stale,
            patch: diffValues(
              big,
              big.map((v) => v + 1),
            ),
          },
        ],
        editor,
      ),
    ).rejects.toMatchObject({
      code: 4009,
    });
    expect(await files(store)).toEqual([path.basename(row.storage_key)]);
    // An import replacing a delta version removes the delta and its base.
    const [delta] = await store.savePatches(
      [
        {
          key,
          row,
          patch: diffValues(
            big,
            big.map((v, k) => (k === 3 ? v + 1 : v)),
          ),
        },
      ],
      editor,
    );
    expect(await files(store)).toHaveLength(2);
    const imported = await store.save(
      key,
      field(SMALL, () => 1),
      editor,
      { expectedVersion: delta!.version },
    );
    expect(await files(store)).toEqual([path.basename(imported.storage_key)]);
  });
});

describe('GridStores of two processes revising the same grid', () => {
  it("each takes the other's revisions from the version it holds, never reading the base again, and reads them exactly", async () => {
    const { factorId, typeId } = await factorIds(t, 'fine-grid', 'tmp');
    const key = { customerId: customer, forecastTypeId: typeId, factorId, baseTime: BASE_TIME, leadHours: 21 };
    const editor = { userId: null, name: 'test' };
    // Two API processes: each its own store (and cache) on the same database and files; reads of full files counted.
    const baseReads: string[] = [];
    const counted = Object.assign(Object.create(t.storage) as typeof t.storage, {
      get: (k: string) => {
        if (!isDeltaKey(k)) baseReads.push(k);
        return t.storage.get(k);
      },
    });
    const stores = [new GridStore(t.db.db, counted), new GridStore(t.db.db, counted)] as const;
    let row = await stores[0].save(key, field(), editor);
    const expected = field().values;
    expect(bits((await stores[1].view(row)).values)).toEqual(bits(expected));
    expect(baseReads).toHaveLength(1);
    // They take turns: one revises (its cached version becomes the new one in place), the other reads the new version.
    for (let step = 1; step <= 6; step++) {
      const [writer, reader] = step % 2 ? stores : [stores[1], stores[0]];
      const next = expected.slice();
      for (let k = step * 5; k < step * 5 + 8; k++) next[k] = next[k]! - step;
      row = (await writer.savePatches([{ key, row, patch: diffValues(expected, next) }], editor))[0]!;
      expected.set(next);
      expect(isDeltaKey(row.storage_key)).toBe(true);
      expect(bits((await reader.view(row)).values), `version ${row.version}`).toEqual(bits(expected));
      expect(bits((await writer.view(row)).values), `version ${row.version}`).toEqual(bits(expected));
    }
    expect(baseReads).toHaveLength(1);
  });
});

describe('resolveGrid', () => {
  it('reads the row again when a revision replaced the version it read before its file was read', async () => {
    const { factorId, typeId } = await factorIds(t, 'fine-grid', 'tmp');
    const key = { customerId: customer, forecastTypeId: typeId, factorId, baseTime: BASE_TIME, leadHours: 15 };
    const store = new GridStore(t.db.db, t.storage);
    const editor = { userId: null, name: 'test' };
    const first = await store.save(key, field(), editor);
    // Every cell changed: the new version is a full file, and the one it replaces is removed.
    const revised = field().values.map((v) => v + 1);
    let overtaken = false;
    const racing = Object.assign(Object.create(store) as GridStore, {
      // The first read of a file lands just after a revision switched the row (as a map tile beside a forecaster).
      view: async (row: GridRow) => {
        if (!overtaken) {
          overtaken = true;
          await store.savePatches([{ key, row: first, patch: diffValues(field().values, revised) }], editor);
          await store.settled();
        }
        return store.view(row);
      },
    });
    const resolved = await resolveGrid(t.db.db, racing, customer, {
      typeCode: 'fine-grid',
      factorCode: 'tmp',
      baseTime: BASE_TIME,
      lead: 15,
    });
    expect(overtaken).toBe(true);
    expect(resolved?.row.version).toBe(first.version + 1);
    expect(bits(resolved!.grid.values)).toEqual(bits(revised));
  });
});
