import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editArea, smoothArea } from './area-ops.js';
import { createGrid } from './grid.js';
import { rasterizeArea } from './mask.js';
import { applyPatch, diffValues, type Patch } from './patch.js';
import { editPoints } from './point-ops.js';
import { composePatches, reviseArea, revisePoints } from './revise.js';

const bits = (values: Float32Array) => [...new Uint32Array(values.buffer, values.byteOffset, values.length)];

function field() {
  const g = createGrid({ lon0: 100, lat0: 40, dx: 0.1, dy: -0.1, nx: 40, ny: 30 });
  for (let k = 0; k < g.values.length; k++) g.values[k] = 10 + Math.sin(k / 7) * 5;
  return g;
}
const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [101, 37],
      [102.5, 37],
      [102.5, 38.5],
      [101, 38.5],
      [101, 37],
    ],
  ],
};

describe('reviseArea', () => {
  it('without smoothing is exactly editArea', () => {
    const g = field();
    const mask = rasterizeArea(g, square);
    const a = reviseArea(g, square, { operation: 'add', value: 2, edge: { type: 'ramp', cells: 2 }, range: { min: 0, max: 14 } });
    const b = editArea(g, mask, { operation: 'add', value: 2, edge: { type: 'ramp', cells: 2 }, range: { min: 0, max: 14 } });
    expect(bits(a.newValues)).toEqual(bits(b.newValues));
    expect([...a.indices]).toEqual([...b.indices]);
  });

  it('with smoothing equals the operation then the smoothing, applied one after the other', () => {
    const g = field();
    const mask = rasterizeArea(g, square);
    const patch = reviseArea(g, mask, { operation: 'multiply', value: 1.5, smooth: 5 });
    const step = g.values.slice();
    applyPatch(step, editArea(g, mask, { operation: 'multiply', value: 1.5 }));
    applyPatch(step, smoothArea({ ...g, values: step.slice() }, mask, { size: 5 }));
    const once = g.values.slice();
    applyPatch(once, patch);
    expect(bits(once)).toEqual(bits(step));
    expect([...patch.indices]).toEqual([...diffValues(g.values, step).indices]);
    // The grid itself is untouched.
    expect(bits(g.values)).toEqual(bits(field().values));
  });
});

describe('revisePoints', () => {
  it("is editPoints with each point's own radius, clipped", () => {
    const g = field();
    const points = [
      { lon: 101.5, lat: 38, value: 30, radiusKm: 40 },
      { lon: 102.8, lat: 37.5, value: 0, radiusKm: 25 },
    ];
    const a = revisePoints(g, points, { min: 0, max: 20 });
    const b = editPoints(g, points, { radiusKm: 40, range: { min: 0, max: 20 } });
    expect(bits(a.newValues)).toEqual(bits(b.newValues));
    expect(Math.max(...a.newValues)).toBeLessThanOrEqual(20);
  });
});

describe('composePatches', () => {
  it('equals the diff of applying both, on random patches', () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ noNaN: true }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(39), fc.float({ noNaN: true })), { maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(39), fc.float({ noNaN: true })), { maxLength: 30 }),
        (start, edits1, edits2) => {
          const before = Float32Array.from(start);
          const patchOf = (values: Float32Array, edits: Array<[number, number]>): Patch => {
            const after = values.slice();
            for (const [i, v] of edits) if (i < after.length) after[i] = v;
            return diffValues(values, after);
          };
          const p1 = patchOf(before, edits1);
          const mid = before.slice();
          applyPatch(mid, p1);
          const p2 = patchOf(mid, edits2);
          const end = mid.slice();
          applyPatch(end, p2);
          const combined = composePatches(p1, p2);
          // The merge's scratch is used again by the next composition: what it answered before stays as it was.
          composePatches(p2, p1);
          const expected = diffValues(before, end);
          expect([...combined.indices]).toEqual([...expected.indices]);
          expect(bits(combined.oldValues)).toEqual(bits(expected.oldValues));
          expect(bits(combined.newValues)).toEqual(bits(expected.newValues));
        },
      ),
    );
  });
});
