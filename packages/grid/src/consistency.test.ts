import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellRuns,
  clipToExtremes,
  clipToRange,
  codeAgainstPrecipitation,
  outsideRange,
  PRECIPITATION_TOLERANCE,
  recodeCells,
  rescaleToTotal,
  sumDiffersFromTotal,
  temperatureOutsideExtremes,
} from './consistency.js';
import { applyPatch } from './patch.js';

const f32 = (values: number[]) => Float32Array.from(values);
const NaN_ = Number.NaN;

describe('tmin ≤ t ≤ tmax', () => {
  it.each([
    // t, tmin, tmax, violates
    [10, 5, 15, false],
    [5, 5, 15, false],
    [15, 5, 15, false],
    [4.9, 5, 15, true],
    [15.1, 5, 15, true],
    [-3, -2, 0, true],
    [NaN_, 5, 15, false], // missing temperature
    [10, NaN_, 15, false], // missing extreme
    [10, 15, 5, false], // extremes out of order: left to the forecaster
  ])('t = %s with [%s, %s] → %s', (t, lo, hi, violates) => {
    const found = temperatureOutsideExtremes(1, f32([t]), f32([lo]), f32([hi]));
    expect(found.indices.length).toBe(violates ? 1 : 0);
  });

  it('lists cells in order with their box', () => {
    // 3 × 2 grid; cells 1 (i=1, j=0) and 5 (i=2, j=1) are outside
    const found = temperatureOutsideExtremes(3, f32([1, 9, 1, 1, 1, -9]), f32([0, 0, 0, 0, 0, 0]), f32([2, 2, 2, 2, 2, 2]));
    expect([...found.indices]).toEqual([1, 5]);
    expect(found.bounds).toEqual({ i0: 1, i1: 2, j0: 0, j1: 1 });
  });

  it('after clipping, no cell is outside and the others are untouched (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.float({ min: -40, max: 40, noNaN: true }),
            fc.float({ min: -40, max: 40, noNaN: true }),
            fc.float({ min: 0, max: 10, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 60,
          },
        ),
        (cells) => {
          const t = f32(cells.map((c) => c[0]));
          const tmin = f32(cells.map((c) => c[1]));
          const tmax = f32(cells.map((c) => c[1] + c[2]));
          const found = temperatureOutsideExtremes(7, t, tmin, tmax);
          const fixed = t.slice();
          applyPatch(fixed, clipToExtremes(t, tmin, tmax, found.indices));
          expect(temperatureOutsideExtremes(7, fixed, tmin, tmax).indices.length).toBe(0);
          for (let k = 0; k < t.length; k++) if (!found.indices.includes(k)) expect(fixed[k]).toBe(t[k]);
        },
      ),
    );
  });
});

describe('physical ranges', () => {
  it.each([
    [-0.1, 0, Infinity, true],
    [0, 0, Infinity, false],
    [100, 0, 100, false],
    [100.5, 0, 100, true],
    [-1, 0, 100, true],
    [NaN_, 0, 100, false],
  ])('%s in [%s, %s] → %s', (v, min, max, violates) => {
    expect(outsideRange(1, f32([v]), min, max).indices.length).toBe(violates ? 1 : 0);
  });

  it('clipping brings every value into the range (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: -200, max: 200, noNaN: true }), { minLength: 1, maxLength: 50 }), (values) => {
        const v = f32(values);
        const found = outsideRange(5, v, 0, 100);
        applyPatch(v, clipToRange(v, 0, 100, found.indices));
        expect(outsideRange(5, v, 0, 100).indices.length).toBe(0);
        expect(found.indices.length).toBe(values.filter((x) => x < 0 || x > 100).length);
      }),
    );
  });
});

describe('3 h amounts against their 12 h or 24 h total', () => {
  it.each([
    // parts, total, violates
    [[1, 2, 3, 4], 10, false],
    [[1, 2, 3, 4], 10.05, false], // within 0.1 mm
    [[1, 2, 3, 4], 10.2, true],
    [[0, 0, 0, 0], 0, false],
    [[0, 0, 0, 0], 2, true],
    [[50, 50, 50, 50], 201, false], // within 1 %
    [[50, 50, 50, 50], 205, true],
    [[1, NaN_, 3, 4], 10, false], // a missing part: not checked
    [[1, 2, 3, 4], NaN_, false],
  ])('%j vs %s → %s', (parts, total, violates) => {
    const found = sumDiffersFromTotal(
      1,
      parts.map((p) => f32([p])),
      f32([total]),
      PRECIPITATION_TOLERANCE,
    );
    expect(found.indices.length).toBe(violates ? 1 : 0);
  });

  it('rescales in proportion, or evenly where the parts are all zero', () => {
    const parts = [f32([1, 0]), f32([3, 0]), f32([0, 0]), f32([4, 0])];
    const total = f32([16, 2]);
    const patches = rescaleToTotal(parts, total, Uint32Array.from([0, 1]));
    parts.forEach((p, n) => applyPatch(p, patches[n]!));
    expect(parts.map((p) => p[0])).toEqual([2, 6, 0, 8]);
    expect(parts.map((p) => p[1])).toEqual([0.5, 0.5, 0.5, 0.5]);
  });

  it('after rescaling, the parts add up to the total (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.array(fc.float({ min: 0, max: 80, noNaN: true }), { minLength: 4, maxLength: 4 }),
            fc.float({ min: 0, max: 300, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        (cells) => {
          const parts = [0, 1, 2, 3].map((n) => f32(cells.map((c) => c[0][n]!)));
          const total = f32(cells.map((c) => c[1]));
          const found = sumDiffersFromTotal(4, parts, total, PRECIPITATION_TOLERANCE);
          rescaleToTotal(parts, total, found.indices).forEach((patch, n) => applyPatch(parts[n]!, patch));
          expect(sumDiffersFromTotal(4, parts, total, PRECIPITATION_TOLERANCE).indices.length).toBe(0);
          for (const p of parts) for (const v of p) expect(v).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('cellRuns', () => {
  it('joins consecutive cells of a row', () => {
    expect(cellRuns(5, Uint32Array.from([1, 2, 3, 4, 5, 7, 8]))).toEqual([
      { j: 0, i0: 1, i1: 4 },
      { j: 1, i0: 0, i1: 0 },
      { j: 1, i0: 2, i1: 3 },
    ]);
  });
});

describe('the weather code against the 3 h precipitation', () => {
  // Codes 0–2 dry, 3 and 4 precipitation, 5 no code.
  const kinds = Int8Array.from([0, 0, 0, 1, 1, -1]);
  const violates = (code: number, amount: number) =>
    codeAgainstPrecipitation(1, f32([code]), f32([amount]), kinds, 0.1).indices.length === 1;

  it('lists a precipitation code below the trace limit and a dry one at or above it', () => {
    expect([0, 0.05, 0.09, 0.1, 0.11, 30].map((a) => violates(3, a))).toEqual([true, true, true, false, false, false]);
    expect([0, 0.05, 0.09, 0.1, 0.11, 30].map((a) => violates(1, a))).toEqual([false, false, false, true, true, true]);
  });

  it('leaves out missing cells and values that are no code', () => {
    for (const code of [5, 6, 99, -1, 2.5, NaN_]) expect([violates(code, 0), violates(code, 5)]).toEqual([false, false]);
    expect([violates(3, NaN_), violates(0, NaN_)]).toEqual([false, false]);
  });

  it('after the code follows the amount no cell is listed, and the others are untouched (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(fc.integer({ min: -1, max: 7 }), fc.constant(NaN_)),
            fc.oneof(fc.constant(0), fc.constant(0.1), fc.float({ min: 0, max: 50, noNaN: true }), fc.constant(NaN_)),
          ),
          { minLength: 1, maxLength: 80 },
        ),
        (cells) => {
          const codes = f32(cells.map((c) => c[0]));
          const amounts = f32(cells.map((c) => c[1]));
          const found = codeAgainstPrecipitation(9, codes, amounts, kinds, 0.1);
          const patch = recodeCells(codes, found.indices, (k) => (amounts[k]! >= 0.1 ? 4 : 2));
          const fixed = codes.slice();
          applyPatch(fixed, patch);
          expect(codeAgainstPrecipitation(9, fixed, amounts, kinds, 0.1).indices.length).toBe(0);
          const listed = new Set(found.indices);
          for (let k = 0; k < codes.length; k++) if (!listed.has(k)) expect(Object.is(fixed[k], codes[k])).toBe(true);
        },
      ),
    );
  });
});
