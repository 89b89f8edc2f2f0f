// The area edits' shared working parts (area-ops.ts): scratch arrays kept between calls, the area as runs of cells,
// and the edge weights' interface that the weight builders (area-weights.ts, area-distance.ts) answer and the passes
// (area-passes.ts) read.
import { scanRuns, type CellBounds, type Mask } from './mask.js';

// Scratch: typed arrays kept between calls and grown to the largest box seen. Every pass writes what it reads, so no
// clearing is needed. (JavaScript is single-threaded: one edit at a time.) One object, so that the modules share them.
export const scratch = {
  f64a: new Float64Array(0),
  f64b: new Float64Array(0),
  i32d: new Int32Array(0),
  i32e: new Int32Array(0),
  /** A row's segments (see Weights.row). */
  segments: new Int32Array(0),
};

export const grownF64 = (a: Float64Array<ArrayBuffer>, n: number): Float64Array<ArrayBuffer> =>
  a.length >= n ? a : new Float64Array(Math.max(n, 2 * a.length));
export const grownI32 = (a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> =>
  a.length >= n ? a : new Int32Array(Math.max(n, 2 * a.length));

// The area as runs: for each row of the mask's bounds, the maximal spans of consecutive cells in it.

export interface Runs {
  j0: number;
  rows: number;
  /** Runs of bounds row r are rowStart[r] … rowStart[r + 1] − 1. */
  rowStart: Int32Array;
  start: Int32Array;
  end: Int32Array;
  count: number;
}

/** The area's runs: a drawn mask's own, else found in its cells over the bounds (scratch until the next call). */
export function maskRuns(mask: Mask): Runs {
  const bounds = mask.bounds!;
  const { rowStart, start, end } = mask.runs ?? scanRuns(mask.inside, mask.nx, bounds.j0 * mask.nx + bounds.i0, bounds, false);
  const rows = bounds.j1 - bounds.j0 + 1;
  return { j0: bounds.j0, rows, rowStart, start, end, count: rowStart[rows]! };
}

// Edge weights. `row(r)` prepares bounds row r as segments of its cells, in increasing order, each either of
// weight 1 throughout (flat parts, cells beyond a ramp's reach) or weighted, its weights in `weights`; the segments are
// in scratch.segments.

export interface Weights {
  runs: Runs;
  /** Weights of the row prepared are weights[i − offset], for the cells of its weighted segments. */
  offset: number;
  weights: Float64Array;
  /**
   * Prepares bounds row r (rows in increasing order) and answers its number of segments: segments[3s] and
   * segments[3s + 1] are a segment's first and last cell, segments[3s + 2] 1 when it is weighted, 0 when w = 1.
   */
  row(r: number): number;
}

export /** The runs of bounds row r as scratch.segments, all weighted or all of weight 1. */
function runSegments(runs: Runs, r: number, weighted: number): number {
  const { rowStart, start, end } = runs;
  const seg = scratch.segments;
  let n = 0;
  for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) {
    seg[n++] = start[k]!;
    seg[n++] = end[k]!;
    seg[n++] = weighted;
  }
  return n / 3;
}

export /** The box distances are measured in: the bounds plus one cell (clipped), where the nearest outside cells lie. */
function distanceBox(mask: Mask): CellBounds {
  const b = mask.bounds!;
  return { i0: Math.max(0, b.i0 - 1), i1: Math.min(mask.nx - 1, b.i1 + 1), j0: Math.max(0, b.j0 - 1), j1: Math.min(mask.ny - 1, b.j1 + 1) };
}
