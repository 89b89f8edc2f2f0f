import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chaikin, crossingLines, isolines, segmentsIntersect, smoothIsolines } from './isolines.js';

/** Distance from (x, y) to the line a·x + b·y = c. */
const offLine = (x: number, y: number, a: number, b: number, c: number) => Math.abs(a * x + b * y - c) / Math.hypot(a, b);

describe('isolines (marching squares, linear interpolation on the sides)', () => {
  it('worked example: a 3 × 2 grid, level 5, crossings computed by hand', () => {
    // Row j = 0: 0 4 8; row j = 1: 2 6 10. Level 5 crosses side (0,0)-(1,0)? No: 0 and 4 are below. It crosses
    // (1,0)-(2,0) at i = 1 + (5 - 4) / (8 - 4) = 1.25, (0,1)-(1,1) at i = (5 - 2) / (6 - 2) = 0.75, and (1,0)-(1,1)
    // at j = (5 - 4) / (6 - 4) = 0.5. The line runs from (1.25, 0) through (1, 0.5) to (0.75, 1).
    const lines = isolines([0, 4, 8, 2, 6, 10], 3, 2, [5]);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line!.closed).toBe(false);
    const pts = line!.points;
    const asPairs = [] as Array<[number, number]>;
    for (let k = 0; k < pts.length; k += 2) asPairs.push([pts[k]!, pts[k + 1]!]);
    // Walking with the higher values on the left: from the top side down to the bottom one.
    expect(asPairs.map(([x, y]) => [Number(x.toFixed(6)), Number(y.toFixed(6))])).toEqual([
      [0.75, 1],
      [1, 0.5],
      [1.25, 0],
    ]);
  });

  it('a diagonal linear field gives straight lines on the true isolines (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        (a, b, c0) => {
          fc.pre(Math.hypot(a, b) > 0.05);
          const nx = 9;
          const ny = 7;
          const values = new Float64Array(nx * ny);
          for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) values[j * nx + i] = a * i + b * j + c0;
          const levels = [-6, -3, -1, 0, 0.5, 2, 4, 7, 11];
          for (const line of smoothIsolines(isolines(values, nx, ny, levels))) {
            for (let k = 0; k < line.points.length; k += 2) {
              expect(offLine(line.points[k]!, line.points[k + 1]!, a, b, line.level - c0)).toBeLessThan(1e-5);
            }
          }
        },
      ),
    );
  });

  it('closes a ring around a peak and leaves no line into a missing cell', () => {
    const peak = [0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0];
    // 4 × 3 grid, peak at (2, 1): a closed diamond at level 5 through the midpoints of the four sides around it.
    const [ring] = isolines(peak, 4, 3, [5]);
    expect(ring!.closed).toBe(true);
    expect(ring!.points).toHaveLength(8);
    const missing = [...peak];
    missing[7] = Number.NaN;
    const lines = isolines(missing, 4, 3, [5]);
    for (const l of lines) {
      expect(l.closed).toBe(false);
      for (let k = 0; k < l.points.length; k += 2) expect(l.points[k]!).toBeLessThanOrEqual(2);
    }
  });

  it('joins the segments: every traced point of a level lies on one line only, lines are at least two points', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -20, max: 20, noNaN: true }), { minLength: 48, maxLength: 48 }), (vals) => {
        const lines = isolines(vals, 8, 6, [-10, -5, 0, 5, 10]);
        for (const l of lines) expect(l.points.length).toBeGreaterThanOrEqual(4);
        // An open line ends on the grid's border (no missing values here): nowhere else can a line stop.
        for (const l of lines.filter((x) => !x.closed)) {
          for (const k of [0, l.points.length - 2]) {
            const [x, y] = [l.points[k]!, l.points[k + 1]!];
            expect(Math.abs(x) < 1e-9 || Math.abs(x - 7) < 1e-9 || Math.abs(y) < 1e-9 || Math.abs(y - 5) < 1e-9).toBe(true);
          }
        }
      }),
    );
  });

  it('traces a window every step cells, in the whole grid’s indices', () => {
    const nx = 20;
    const ny = 10;
    const values = new Float64Array(nx * ny).map((_, k) => k % nx);
    const lines = isolines(values, nx, ny, [10.5], { i0: 4, j0: 2, i1: 16, j1: 8, step: 2 });
    expect(lines).toHaveLength(1);
    const p = lines[0]!.points;
    for (let k = 0; k < p.length; k += 2) {
      expect(p[k]!).toBeCloseTo(10.5, 9);
      expect(p[k + 1]!).toBeGreaterThanOrEqual(2);
      expect(p[k + 1]!).toBeLessThanOrEqual(8);
    }
  });
});

describe('smoothing', () => {
  it("Chaikin's corner cutting keeps the ends of an open line and straight runs straight", () => {
    expect(chaikin([0, 0, 1, 0, 2, 0], false, 1)).toEqual([0, 0, 0.75, 0, 1.25, 0, 2, 0]);
    // A square's corners are cut: 4 points become 8, none at a corner.
    const cut = chaikin([0, 0, 1, 0, 1, 1, 0, 1], true, 1);
    expect(cut).toEqual([0.25, 0, 0.75, 0, 1, 0.25, 1, 0.75, 0.75, 1, 0.25, 1, 0, 0.75, 0, 0.25]);
  });

  it('segment intersection counts crossing and touching, not parallel neighbours', () => {
    expect(segmentsIntersect(0, 0, 2, 2, 0, 2, 2, 0)).toBe(true);
    expect(segmentsIntersect(0, 0, 1, 0, 1, 0, 2, 1)).toBe(true);
    expect(segmentsIntersect(0, 0, 1, 0, 0, 0.1, 1, 0.1)).toBe(false);
    expect(segmentsIntersect(0, 0, 1, 0, 1.1, 0, 2, 0)).toBe(false);
  });

  it('never makes lines cross: smoothed isolines of a random field cross no more than the traced ones (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -20, max: 20, noNaN: true }), { minLength: 100, maxLength: 100 }),
        fc.constantFrom(2, 5),
        (vals, interval) => {
          const levels: number[] = [];
          for (let v = -20; v <= 20; v += interval) levels.push(v);
          const traced = isolines(vals, 10, 10, levels);
          const closed = traced.map((l) => l.closed);
          const before = crossingLines(
            traced.map((l) => l.points),
            closed,
          );
          // Traced isolines of one field do not cross.
          expect(before.size).toBe(0);
          const after = crossingLines(
            smoothIsolines(traced).map((l) => l.points),
            closed,
          );
          expect(after.size).toBe(0);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('smooths what it can: a field of gentle waves is smoothed everywhere', () => {
    const nx = 30;
    const ny = 20;
    const values = new Float64Array(nx * ny);
    for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) values[j * nx + i] = Math.sin(i / 4) * 5 + Math.cos(j / 3) * 5;
    const traced = isolines(values, nx, ny, [-6, -3, 0, 3, 6]);
    const smooth = smoothIsolines(traced);
    const smoothedCount = smooth.filter((l, k) => l.points.length > traced[k]!.points.length).length;
    expect(smoothedCount).toBe(traced.filter((l) => l.points.length >= 6).length);
  });
});
