import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPatch,
  decodePatch,
  diffValues,
  encodePatch,
  encodedPatchValueAt,
  invertPatch,
  PatchBuilder,
  PatchMismatchError,
  patchDigest,
  revertPatch,
  type Patch,
} from './patch.js';

const bits = (values: Float32Array) => [...new Uint32Array(values.buffer, values.byteOffset, values.length)];

/** A NaN with a payload other than the canonical one: plain Float32 stores may lose it. */
function oddNaNs(n: number): Float32Array {
  const u = new Uint32Array(n).fill(0x7fc00001);
  return new Float32Array(u.buffer);
}

function makePatch(indices: number[], oldValues: number[], newValues: number[]): Patch {
  return { indices: Uint32Array.from(indices), oldValues: Float32Array.from(oldValues), newValues: Float32Array.from(newValues) };
}

describe('patches', () => {
  it('apply and revert exactly', () => {
    const values = Float32Array.from([1, 2, 3, 4, 5]);
    const patch = makePatch([1, 3], [2, 4], [20, Number.NaN]);
    applyPatch(values, patch);
    expect([...values]).toEqual([1, 20, 3, Number.NaN, 5]);
    revertPatch(values, patch);
    expect([...values]).toEqual([1, 2, 3, 4, 5]);
  });

  it('keep the exact bits, NaN payloads and −0 included', () => {
    const values = oddNaNs(4);
    values[2] = -0;
    const before = bits(values);
    const patch: Patch = { indices: Uint32Array.from([0, 2]), oldValues: new Float32Array(2), newValues: Float32Array.from([7, 0]) };
    new Uint32Array(patch.oldValues.buffer).set([0x7fc00001, 0x80000000]);
    applyPatch(values, patch);
    expect(values[0]).toBe(7);
    expect(Object.is(values[2], 0)).toBe(true);
    revertPatch(values, patch);
    expect(bits(values)).toEqual(before);
  });

  it('refuse to apply over different values, writing nothing', () => {
    const values = Float32Array.from([1, 2, 3]);
    const patch = makePatch([0, 2], [1, 99], [10, 30]);
    expect(() => applyPatch(values, patch)).toThrow(PatchMismatchError);
    expect(() => applyPatch(values, patch)).toThrow(expect.objectContaining({ index: 2 }));
    expect([...values]).toEqual([1, 2, 3]);
    applyPatch(values, patch, { verify: false });
    expect([...values]).toEqual([10, 2, 30]);
    expect(() => revertPatch(Float32Array.from([1, 2, 3]), patch)).toThrow(/changed since/);
    expect(() => applyPatch(new Float32Array(2), makePatch([5], [0], [1]))).toThrow(/outside/);
  });

  it('invert and diff', () => {
    const before = Float32Array.from([1, Number.NaN, 3, 0]);
    const after = Float32Array.from([1, 2, 3, -0]);
    const patch = diffValues(before, after);
    expect([...patch.indices]).toEqual([1, 3]);
    const values = after.slice();
    applyPatch(values, invertPatch(patch));
    expect(bits(values)).toEqual(bits(before));
  });

  it('record only real changes in the builder, rounded to Float32', () => {
    const builder = new PatchBuilder(4);
    builder.set(0, 1, 1);
    builder.set(1, 1, 1 + 1e-9); // rounds back to 1 in Float32
    builder.set(2, 1, 1.1);
    builder.set(3, 0, -0);
    const patch = builder.build();
    expect([...patch.indices]).toEqual([2, 3]);
    expect(patch.newValues[0]).toBe(Math.fround(1.1));
  });
});

describe('patch serialisation', () => {
  it('is compact: one byte per neighbouring index, 8 per value pair', () => {
    const n = 1000;
    const patch = makePatch(
      Array.from({ length: n }, (_, k) => 500_000 + k),
      new Array(n).fill(1),
      new Array(n).fill(2),
    );
    const bytes = encodePatch(patch);
    // magic 4, count 2, first index 3, 999 deltas of 1, values
    expect(bytes.length).toBe(4 + 2 + 3 + 999 + 8 * n);
  });

  it('round-trips exactly', () => {
    const patches = fc
      .uniqueArray(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { maxLength: 200 })
      .chain((indices) => {
        const sorted = indices.sort((a, b) => a - b);
        const floats = fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: sorted.length, maxLength: sorted.length });
        return fc.tuple(fc.constant(sorted), floats, floats);
      })
      .map(([indices, oldBits, newBits]): Patch => ({
        indices: Uint32Array.from(indices),
        oldValues: new Float32Array(Uint32Array.from(oldBits).buffer),
        newValues: new Float32Array(Uint32Array.from(newBits).buffer),
      }));
    fc.assert(
      fc.property(patches, fc.uint8Array({ maxLength: 9 }), (patch, prefix) => {
        const copy = decodePatch(encodePatch(patch));
        expect([...copy.indices]).toEqual([...patch.indices]);
        expect(bits(copy.oldValues)).toEqual(bits(patch.oldValues));
        expect(bits(copy.newValues)).toEqual(bits(patch.newValues));
        // After a file's header: the header, then the very same bytes.
        const after = encodePatch(patch, prefix);
        expect([...after.subarray(0, prefix.length)]).toEqual([...prefix]);
        expect(after.subarray(prefix.length)).toEqual(encodePatch(patch));
      }),
      { numRuns: 200 },
    );
  });

  it('decodes from an unaligned view', () => {
    const bytes = encodePatch(makePatch([3, 7], [1.5, 2.5], [3.5, Number.NaN]));
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    const copy = decodePatch(shifted.subarray(1));
    expect([...copy.newValues]).toEqual([3.5, Number.NaN]);
  });

  it('refuses malformed input', () => {
    const bytes = encodePatch(makePatch([3, 7], [1, 2], [3, 4]));
    expect(() => decodePatch(bytes.subarray(0, bytes.length - 1))).toThrow(/length/);
    expect(() => decodePatch(Uint8Array.from([1, 2, 3, 4, 0]))).toThrow(/not an encoded patch/);
    expect(() => encodePatch(makePatch([7, 3], [1, 2], [3, 4]))).toThrow(/increasing/);
  });

  it('reads one cell from the bytes as decoding and applying would (from an unaligned view too)', () => {
    const cases = fc
      .uniqueArray(fc.integer({ min: 0, max: 5000 }), { maxLength: 120 })
      .chain((indices) => {
        const sorted = indices.sort((a, b) => a - b);
        const floats = fc.array(fc.float({ noDefaultInfinity: false }), { minLength: sorted.length, maxLength: sorted.length });
        return fc.tuple(fc.constant(sorted), floats, floats, fc.integer({ min: 0, max: 5000 }), fc.nat(3));
      })
      .map(([indices, olds, news, probe, shift]) => ({ patch: makePatch(indices, olds, news), probe, shift }));
    fc.assert(
      fc.property(cases, ({ patch, probe, shift }) => {
        const encoded = encodePatch(patch);
        const view = new Uint8Array(encoded.length + shift);
        view.set(encoded, shift);
        const bytes = view.subarray(shift);
        // Every index of the patch, and a probe that may or may not be one.
        for (const index of [...patch.indices, probe]) {
          const values = new Float32Array(5001).fill(-7.25);
          applyPatch(values, patch, { verify: false });
          const k = patch.indices.indexOf(index);
          const read = encodedPatchValueAt(bytes, index);
          if (k < 0) expect(read).toBeUndefined();
          else expect(Object.is(read, values[index]) || (Number.isNaN(read) && Number.isNaN(values[index]))).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
    expect(() => encodedPatchValueAt(Uint8Array.from([1, 2, 3, 4, 0]), 0)).toThrow(/not an encoded patch/);
  });
});

describe('patchDigest', () => {
  const arb = fc.uniqueArray(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 60 }).chain((cells) => {
    const indices = [...cells].sort((a, b) => a - b);
    return fc.record({
      indices: fc.constant(indices),
      oldValues: fc.array(fc.float({ noDefaultInfinity: false }), { minLength: indices.length, maxLength: indices.length }),
      newValues: fc.array(fc.float(), { minLength: indices.length, maxLength: indices.length }),
    });
  });

  it('is the same for the same cells and bits, and 14 hex digits', () => {
    fc.assert(
      fc.property(arb, ({ indices, oldValues, newValues }) => {
        const a = patchDigest(makePatch(indices, oldValues, newValues));
        expect(a).toMatch(/^[0-9a-f]{14}$/);
        expect(patchDigest(makePatch(indices, oldValues, newValues))).toBe(a);
        expect(patchDigest(decodePatch(encodePatch(makePatch(indices, oldValues, newValues))))).toBe(a);
      }),
    );
  });

  it('changes with any one cell, old bits or new bits (−0 against 0, a NaN payload included)', () => {
    fc.assert(
      fc.property(arb, fc.nat(), fc.integer({ min: 0, max: 2 }), ({ indices, oldValues, newValues }, at, lane) => {
        const patch = makePatch(indices, oldValues, newValues);
        const k = at % indices.length;
        const changed = makePatch(indices, oldValues, newValues);
        if (lane === 0) changed.indices[k] = changed.indices[k]! + 1_000_000;
        const words = lane === 1 ? new Uint32Array(changed.oldValues.buffer) : new Uint32Array(changed.newValues.buffer);
        if (lane > 0) words[k] = words[k]! ^ (1 << (at % 32));
        expect(patchDigest(changed)).not.toBe(patchDigest(patch));
      }),
    );
    expect(patchDigest(makePatch([1], [0], [0]))).not.toBe(patchDigest(makePatch([1], [0], [-0])));
    expect(patchDigest(makePatch([1], [0], [Number.NaN]))).not.toBe(patchDigest({ ...makePatch([1], [0], [0]), newValues: oddNaNs(1) }));
  });

  it('tells apart an empty patch and patches whose cells move between the lanes', () => {
    expect(patchDigest(makePatch([], [], []))).not.toBe(patchDigest(makePatch([0], [0], [0])));
    expect(patchDigest(makePatch([1, 2], [3, 4], [5, 6]))).not.toBe(patchDigest(makePatch([1, 2], [5, 6], [3, 4])));
  });
});
