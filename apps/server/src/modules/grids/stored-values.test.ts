import { diffValues } from '@agromet/grid';
import { describe, expect, it } from 'vitest';
import {
  decodeDelta,
  decodeValues,
  deltaBase,
  deltaKeyOn,
  deltaValueAt,
  encodeDelta,
  encodeValues,
  isDeltaKey,
  patchValueAt,
} from './stored-values.js';

describe('stored grid values', () => {
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
