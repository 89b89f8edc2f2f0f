import { diffValues } from '@agromet/grid';
import { describe, expect, it } from 'vitest';
import {
  decodeDelta,
  decodeValues,
  deltaBase,
  deltaKeyOn,
  deltaValueAt,
  deltaWithinBound,
  encodeDelta,
  encodeValues,
  isDeltaKey,
  patchValueAt,
} from './stored-values.js';

describe('stored grid values', () => {
  it('writes a delta while it is at most half the full file, worked by hand', () => {
    // A 1000-cell grid (4000 bytes in full, bound 2000). n consecutive cells from 0: "AGD1", "AGP" 0x01, the count
    // (2 varint bytes from 128 on), n index steps of 1 byte, 8 bytes of values each: 10 + 9n bytes.
    const from = (n: number) => {
      const before = new Float32Array(1000);
      return diffValues(
        before,
        before.map((v, k) => (k < n ? 1 : v)),
      );
    };
    expect(deltaWithinBound(from(200), 1000)!.byteLength).toBe(1810);
    expect(deltaWithinBound(from(221), 1000)!.byteLength).toBe(1999);
    expect(decodeDelta(deltaWithinBound(from(221), 1000)!)).toEqual(from(221));
    expect(deltaWithinBound(from(222), 1000)).toBeNull(); // 2008 bytes
    // Cells 200 apart take 2 bytes a step: 10 + 1 (the first index, 0) + 2(n − 1) + 8n bytes. 200 of them pass the
    // count's check (200 × 9 = 1800) but not the encoded size (2009).
    const spread = (n: number) => {
      const before = new Float32Array(200_000);
      return diffValues(
        before,
        before.map((v, k) => (k % 200 === 0 && k / 200 < n ? 1 : v)),
      );
    };
    expect(deltaWithinBound(spread(199), 1000)!.byteLength).toBe(1999);
    expect(deltaWithinBound(spread(200), 1000)).toBeNull();
  });

  it('reads back the values it wrote, NaN and signed zero included', () => {
    const values = new Float32Array([1.5, -0, Number.NaN, 3.4e38, -273.15]);
    const back = decodeValues(encodeValues(values));
    expect(Object.is(back[1], -0)).toBe(true);
    expect(Number.isNaN(back[2])).toBe(true);
    expect([...back]).toEqual([...values]);
  });

  it('encodes a view of a larger buffer as the view only', () => {
    const all = new Float32Array([9, 1, 2, 9]);
    expect([...decodeValues(encodeValues(all.subarray(1, 3)))]).toEqual([1, 2]);
  });

  it('names a delta file after its base, and finds the base from the name', () => {
    const key = deltaKeyOn('grids/3/7/0b1c.f32', 'd9e8');
    expect(key).toBe('grids/3/7/0b1c.d9e8.f32d');
    expect(isDeltaKey(key)).toBe(true);
    expect(isDeltaKey('grids/3/7/0b1c.f32')).toBe(false);
    expect(deltaBase(key)).toBe('grids/3/7/0b1c.f32');
  });

  it('reads a cell from a delta, in memory and from its bytes alike', () => {
    const before = new Float32Array([0, 1, 2, 3, 4, 5, 6, 7]);
    const after = before.slice();
    after[2] = 20;
    after[6] = -6;
    const patch = diffValues(before, after);
    const data = encodeDelta(patch);
    expect(decodeDelta(data).indices).toEqual(patch.indices);
    for (let i = 0; i < before.length; i++) {
      const expected = i === 2 ? 20 : i === 6 ? -6 : undefined;
      expect(patchValueAt(patch, i)).toBe(expected);
      expect(deltaValueAt(data, i)).toBe(expected);
    }
  });

  it('refuses a file that is not a delta', () => {
    const full = encodeValues(new Float32Array([1, 2, 3]));
    expect(() => decodeDelta(full)).toThrow('not a grid delta file');
    expect(() => deltaValueAt(full, 0)).toThrow('not a grid delta file');
  });
});
