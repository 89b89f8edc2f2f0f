// Consistency between the grids of a forecast: rules that list the cells where elements contradict each
// other or leave their physical range, and the fixes a forecaster can apply in one click. Pure functions
// over Float32 values (row-major, NaN = missing): a rule never looks at a cell missing in any of its grids.
import type { CellBounds } from './mask.js';
import { PatchBuilder, type Patch } from './patch.js';

/** The cells a rule finds (strictly increasing indices) and the box holding them, null when none. */
export interface CellSet {
  indices: Uint32Array;
  bounds: CellBounds | null;
}

// The cells a rule finds are gathered here (kept between calls, grown as needed) and copied out once: pushing a few
// hundred thousand indices onto an array reallocates it a few dozen times, each time in fresh memory.
let found = new Uint32Array(1024);

function keep(n: number, k: number): void {
  if (n === found.length) {
    const larger = new Uint32Array(2 * found.length);
    larger.set(found);
    found = larger;
  }
  found[n] = k;
}

function cellSet(nx: number, n: number): CellSet {
  const indices = found.slice(0, n);
  if (n === 0) return { indices, bounds: null };
  let i0 = Infinity;
  let i1 = -1;
  for (let m = 0; m < n; m++) {
    const i = indices[m]! % nx;
    if (i < i0) i0 = i;
    if (i > i1) i1 = i;
  }
  return { indices, bounds: { i0, i1, j0: Math.floor(indices[0]! / nx), j1: Math.floor(indices[n - 1]! / nx) } };
}

function sameLength(...arrays: Float32Array[]): void {
  const n = arrays[0]!.length;
  if (arrays.some((a) => a.length !== n)) throw new RangeError('the grids of a consistency rule must have the same cells');
}

/**
 * tmin ≤ t ≤ tmax: the cells where the temperature lies outside the extremes valid for its time (and the
 * extremes themselves are in order; a cell with tmin > tmax is left to the forecaster and not listed here).
 */
export function temperatureOutsideExtremes(nx: number, t: Float32Array, tmin: Float32Array, tmax: Float32Array): CellSet {
  sameLength(t, tmin, tmax);
  let n = 0;
  for (let k = 0; k < t.length; k++) {
    const v = t[k]!;
    const lo = tmin[k]!;
    const hi = tmax[k]!;
    if (lo <= hi && (v < lo || v > hi)) keep(n++, k);
  }
  return cellSet(nx, n);
}

/** Moves the listed temperatures to the nearest extreme (clip to [tmin, tmax]). */
export function clipToExtremes(t: Float32Array, tmin: Float32Array, tmax: Float32Array, cells: Uint32Array): Patch {
  sameLength(t, tmin, tmax);
  const builder = new PatchBuilder(cells.length);
  for (const k of cells) {
    const v = t[k]!;
    const lo = tmin[k]!;
    const hi = tmax[k]!;
    if (!(lo <= hi)) continue;
    builder.set(k, v, v < lo ? lo : v > hi ? hi : v);
  }
  return builder.build();
}

/** The cells outside a physical range (non-negative precipitation: [0, ∞); relative humidity: [0, 100]). */
export function outsideRange(nx: number, values: Float32Array, min: number, max: number): CellSet {
  let n = 0;
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if (v < min || v > max) keep(n++, k);
  }
  return cellSet(nx, n);
}

/** Clips the listed cells to the range. */
export function clipToRange(values: Float32Array, min: number, max: number, cells: Uint32Array): Patch {
  const builder = new PatchBuilder(cells.length);
  for (const k of cells) {
    const v = values[k]!;
    if (v < min || v > max) builder.set(k, v, v < min ? min : max);
  }
  return builder.build();
}

/**
 * How far a sum of parts may differ from its total: the larger of `absolute` (in the unit) and `relative`
 * of the total, so that rounding in files (0.1 mm) is no violation.
 */
export interface SumTolerance {
  absolute: number;
  relative: number;
}

export const PRECIPITATION_TOLERANCE: SumTolerance = { absolute: 0.1, relative: 0.01 };

/** The cells where the parts (e.g. the four 3 h amounts of a 12 h window) do not add up to the total. */
export function sumDiffersFromTotal(nx: number, parts: readonly Float32Array[], total: Float32Array, tolerance: SumTolerance): CellSet {
  if (parts.length === 0) throw new RangeError('a sum needs at least one part');
  sameLength(total, ...parts);
  let n = 0;
  for (let k = 0; k < total.length; k++) {
    const want = total[k]!;
    if (want !== want) continue;
    let sum = 0;
    let missing = false;
    for (const p of parts) {
      const v = p[k]!;
      if (v !== v) {
        missing = true;
        break;
      }
      sum += v;
    }
    if (missing) continue;
    if (Math.abs(sum - want) > Math.max(tolerance.absolute, tolerance.relative * Math.abs(want))) keep(n++, k);
  }
  return cellSet(nx, n);
}

/**
 * Rescales the parts of the listed cells so that they add up to the total: each part × total / sum,
 * or total / n each where the parts are all zero (negative parts count as zero). One patch per part.
 */
export function rescaleToTotal(parts: readonly Float32Array[], total: Float32Array, cells: Uint32Array): Patch[] {
  sameLength(total, ...parts);
  const builders = parts.map(() => new PatchBuilder(cells.length));
  for (const k of cells) {
    const want = total[k]!;
    if (want !== want || want < 0) continue;
    let sum = 0;
    for (const p of parts) sum += Math.max(0, p[k]!);
    if (sum !== sum) continue;
    parts.forEach((p, n) => {
      const v = p[k]!;
      builders[n]!.set(k, v, sum > 0 ? (Math.max(0, v) * want) / sum : want / parts.length);
    });
  }
  return builders.map((b) => b.build());
}

/**
 * The weather-phenomenon code against the precipitation of the 3 h ending at the same lead: the cells whose code is a
 * precipitation phenomenon where less than `threshold` fell (0.1 mm, the trace limit), or a dry one (sky, fog, dust,
 * haze) where at least that much fell. `kinds[code]` tells the codes apart: 1 precipitation, 0 dry; a value that is no
 * code (−1 in the table, beyond it, not an integer) is not this rule's business and is left out.
 */
export function codeAgainstPrecipitation(
  nx: number,
  codes: Float32Array,
  amounts: Float32Array,
  kinds: Int8Array,
  threshold: number,
): CellSet {
  sameLength(codes, amounts);
  let n = 0;
  for (let k = 0; k < codes.length; k++) {
    const code = codes[k]!;
    const amount = amounts[k]!;
    // A missing amount (NaN) compares false both ways: left out below.
    if (!(amount === amount) || (code | 0) !== code || code < 0 || code >= kinds.length) continue;
    const kind = kinds[code]!;
    if (kind < 0) continue;
    if ((kind === 1) !== amount >= threshold) keep(n++, k);
  }
  return cellSet(nx, n);
}

/** The listed cells' codes set to `codeOf(cell)`, where that differs (the fix that makes the code follow the amount). */
export function recodeCells(codes: Float32Array, cells: Uint32Array, codeOf: (cell: number) => number): Patch {
  const builder = new PatchBuilder(cells.length);
  for (const k of cells) builder.set(k, codes[k]!, codeOf(k));
  return builder.build();
}

/** The listed cells as rectangles (one per run of consecutive cells in a row), in grid indices. */
export function cellRuns(nx: number, cells: Uint32Array): Array<{ j: number; i0: number; i1: number }> {
  const runs: Array<{ j: number; i0: number; i1: number }> = [];
  for (let n = 0; n < cells.length; n++) {
    const k = cells[n]!;
    const j = Math.floor(k / nx);
    const i = k - j * nx;
    const last = runs[runs.length - 1];
    if (last && last.j === j && last.i1 === i - 1) last.i1 = i;
    else runs.push({ j, i0: i, i1: i });
  }
  return runs;
}
