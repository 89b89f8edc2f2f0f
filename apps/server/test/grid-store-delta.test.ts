import fs from 'node:fs';
import path from 'node:path';
import { applyPatch, diffValues } from '@agromet/grid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GridStore, isDeltaKey, readStoredValues } from '../src/modules/grids/store.js';
import { createTestApp, type TestApp } from './helpers.js';
import { addCustomer, BASE_TIME, factorIds, field, SMALL } from './revise-helpers.js';

/** Revisions are saved as what changed: delta files on a base, a full file again past a twelfth of the cells. */
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

function files(): string[] {
  const root = path.join(t.dataDir, 'files', 'grids', String(customer));
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name)
    .sort();
}

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
      expect(files()).toHaveLength(2); // the base and the current delta
    }
    // A large edit (beyond a twelfth of the cells) is written in full; the base and the delta go.
    const big = expected.map((v) => v + 0.5);
    row = (await store.savePatches([{ key, row, patch: diffValues(expected, big) }], editor))[0]!;
    expect(isDeltaKey(row.storage_key)).toBe(false);
    expect(bits((await new GridStore(t.db.db, t.storage).load(row)).values)).toEqual(bits(big));
    expect(files()).toEqual([path.basename(row.storage_key)]);
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
    expect(files()).toEqual([path.basename(row.storage_key)]);
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
    expect(files()).toHaveLength(2);
    const imported = await store.save(
      key,
      field(SMALL, () => 1),
      editor,
      { expectedVersion: delta!.version },
    );
    expect(files()).toEqual([path.basename(imported.storage_key)]);
  });
});
