// Exact Euclidean distances to the nearest cell outside an area, as runs' lower envelopes (area-ops.ts): the weights
// of a wide ramp and of a taper, bit for bit the reference's (./reference/area-ops.ts).
import type { EdgeMode } from './area-types.js';
import { distanceBox, grownF64, grownI32, runSegments, scratch, type Runs, type Weights } from './area-runs.js';
import type { CellBounds, Mask } from './mask.js';

// Stands for "no outside cell on this column" in the reference (distance-transform.ts).
const FAR = 1e10;
let i32b2 = new Int32Array(0);
let largestScratch = new Float64Array(0);
// The largest squared distance of each run (NO_OUTSIDE when a cell has none).
let runLargest = new Int32Array(0);

/**
 * The vertical distances over the box (cells counted from the nearest outside cell above, FAR_COLUMN when the box's
 * top row, the grid's, is in); with `allFar` (a column without any outside cell) also from below, whole.
 */
function verticalDistances(mask: Mask, runs: Runs, box: CellBounds): { distance: Int32Array; allFar: boolean } {
  const width = box.i1 - box.i0 + 1;
  const height = box.j1 - box.j0 + 1;
  i32b2 = grownI32(i32b2, width * height);
  const distance = i32b2;
  const { rowStart, start, end } = runs;
  const runRow = (j: number) => box.j0 + j - runs.j0; // bounds row of box row j (may lie outside 0 … rows − 1)
  // Downward: cells counted from the nearest outside cell above (FAR_COLUMN when the box's top row, the grid's, is in).
  for (let j = 0; j < height; j++) {
    const row = j * width - box.i0;
    distance.fill(0, j * width, (j + 1) * width);
    const r = runRow(j);
    if (r < 0 || r >= runs.rows) continue;
    for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) {
      const e = end[k]!;
      if (j === 0) distance.fill(FAR_COLUMN, row + start[k]!, row + e + 1);
      else for (let i = start[k]!; i <= e; i++) distance[row + i] = distance[row - width + i]! + 1;
    }
  }
  // A column with no outside cell at all (the area spans the grid from its top row to its bottom one, which are the
  // box's) still reaches the bottom row at FAR_COLUMN or more; every row then holds such a cell and gets the reference's
  // whole-row envelope, with FAR standing for the missing outside cells.
  let allFar = false;
  if (box.j0 === 0 && box.j1 === mask.ny - 1) {
    const bottom = (height - 1) * width;
    for (let c = 0; c < width && !allFar; c++) if (distance[bottom + c]! >= FAR_COLUMN) allFar = true;
  }
  if (allFar) {
    // Upward first, whole: the envelopes below overwrite their rows with squared distances.
    for (let j = height - 2; j >= 0; j--) {
      const row = j * width - box.i0;
      const r = runRow(j);
      if (r < 0 || r >= runs.rows) continue;
      for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) {
        for (let i = start[k]!; i <= end[k]!; i++) {
          const up = distance[row + width + i]! + 1;
          if (up < distance[row + i]!) distance[row + i] = up;
        }
      }
    }
  }
  return { distance, allFar };
}

/**
 * Exact Euclidean distances (as the reference's Felzenszwalb & Huttenlocher transform), then the weights: min(1, d / cells)
 * for a wide ramp; d / dmax of the connected part for a taper, the parts found by joining touching runs of consecutive rows
 * (8-connectivity) instead of a cell flood fill.
 *
 * Vertical distances are integers over the box (Int32Array): a downward sweep over the runs, then rows from the bottom
 * up, each finished with the row below it inside the loop that builds the lower envelope of its runs' parabolas (one
 * pass instead of two). Only the envelope is kept, as its pieces (parabola and last cell); the run's largest d² is read
 * at the pieces' ends (a parabola is largest at an end of any interval), and a cell's d² is computed from its piece when
 * its row is edited. Intersections are compared by cross-multiplying integers (no rounding), and √ is taken only for the
 * weights: √ of an exact integer is what the reference takes √ of, so the weights are the same bit for bit.
 */
export function exactWeights(mask: Mask, runs: Runs, edge: EdgeMode): Weights {
  const box = distanceBox(mask);
  const width = box.i1 - box.i0 + 1;
  const height = box.j1 - box.j0 + 1;
  const { distance, allFar } = verticalDistances(mask, runs, box);
  const { rowStart, start, end } = runs;
  const runRow = (j: number) => box.j0 + j - runs.j0; // bounds row of box row j (may lie outside 0 … rows − 1)
  scratch.f64a = grownF64(scratch.f64a, width + 2);
  scratch.f64b = grownF64(scratch.f64b, 4 * (width + 2));
  scratch.i32d = grownI32(scratch.i32d, width + 2);
  runLargest = grownI32(runLargest, runs.count);
  pieceStart = grownI32(pieceStart, runs.count);
  let pieces = 0;
  for (let j = height - 1; j >= 0; j--) {
    const r = runRow(j);
    if (r < 0 || r >= runs.rows || rowStart[r] === rowStart[r + 1]) continue;
    const row = j * width - box.i0;
    // The row below, finished, when there is one within the box (else this row's distances are final already).
    const below = j < height - 1 ? width : 0;
    if (allFar) {
      wholeRowEnvelope(distance, j * width, width);
      for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) {
        let m = 0;
        for (let i = start[k]!; i <= end[k]!; i++) if (distance[row + i]! > m) m = distance[row + i]!;
        runLargest[k] = m;
      }
      continue;
    }
    // Each run on its own with the outside cells next to it (h = 0): those are nearer than any beyond them.
    for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) {
      const from = Math.max(box.i0, start[k]! - 1);
      const to = Math.min(box.i1, end[k]! + 1);
      pieceStart[k] = pieces;
      // At most one piece per cell of the run.
      if (pieceP.length < pieces + end[k]! - start[k]! + 1) growPieces(pieces + end[k]! - start[k]! + 1);
      pieces = runEnvelope(distance, row + from, below, to - from + 1, from, start[k]!, end[k]!, k, pieces);
    }
  }
  const rowOf = (r: number) => (runs.j0 + r - box.j0) * width - box.i0;
  const weights = scratch.f64a;
  /** Writes √d² / divisor, capped at 1 when `cap`, into weights for the cells of run k (of bounds row r). */
  const runWeights = (r: number, k: number, divisor: number, cap: boolean) => {
    const off = box.i0;
    if (allFar) {
      const row = rowOf(r);
      for (let i = start[k]!; i <= end[k]!; i++) {
        const d2 = distance[row + i]!;
        const w = d2 === NO_OUTSIDE ? 1 : Math.sqrt(d2) / divisor;
        weights[i - off] = cap && w > 1 ? 1 : w;
      }
      return;
    }
    // The run's pieces cover its cells, each at least one.
    const e = end[k]!;
    let i = start[k]!;
    for (let piece = pieceStart[k]!; i <= e; piece++) {
      const p = pieceP[piece]!;
      const fp = pieceF[piece]!;
      const last = pieceEnd[piece]!;
      if (cap) {
        for (; i <= last; i++) {
          const w = Math.sqrt((i - p) * (i - p) + fp) / divisor;
          weights[i - off] = w > 1 ? 1 : w;
        }
      } else for (; i <= last; i++) weights[i - off] = Math.sqrt((i - p) * (i - p) + fp) / divisor;
    }
  };
  if (edge.type === 'ramp') {
    const cells = edge.cells;
    return {
      runs,
      offset: box.i0,
      weights,
      row(r) {
        for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) runWeights(r, k, cells, true);
        return runSegments(runs, r, 1);
      },
    };
  }
  // The largest squared distance of each part; √ of the largest is the largest √ (√ is monotonic and correctly rounded).
  const largest = componentMaxima(runs);
  for (let k = 0; k < runs.count; k++) largest[k] = largest[k] === NO_OUTSIDE ? Number.POSITIVE_INFINITY : Math.sqrt(largest[k]!);
  const seg = scratch.segments;
  return {
    runs,
    offset: box.i0,
    weights,
    row(r) {
      let n = 0;
      for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) {
        const maxDistance = largest[k]!;
        seg[n++] = start[k]!;
        seg[n++] = end[k]!;
        // A part without any outside cell: w = 1 throughout.
        if (maxDistance === Number.POSITIVE_INFINITY) seg[n++] = 0;
        else {
          seg[n++] = 1;
          runWeights(r, k, maxDistance, false);
        }
      }
      return n / 3;
    },
  };
}

// The envelope pieces of every run, left to right from pieceStart[k] for run k (they cover its cells, each at least
// one; runs are stored from the bottom row up): the parabola's column, its h², and the last cell where it is the lowest.
let pieceStart = new Int32Array(0);
let pieceP = new Int32Array(0);
let pieceF = new Float64Array(0);
let pieceEnd = new Int32Array(0);

function growPieces(n: number): void {
  const size = Math.max(n, 2 * pieceP.length);
  const p = new Int32Array(size);
  const f = new Float64Array(size);
  const e = new Int32Array(size);
  p.set(pieceP);
  f.set(pieceF);
  e.set(pieceEnd);
  pieceP = p;
  pieceF = f;
  pieceEnd = e;
}

// Vertical distance standing for "no outside cell above in this column" (plus the cells counted down from it): far
// beyond any real distance, and still an int32 after adding a grid's height.
const FAR_COLUMN = 1 << 30;
// Squared distance of a cell with no outside cell at all (the reference's Infinity).
const NO_OUTSIDE = 0x7fffffff;

/**
 * One run's row: its vertical distances distance[at … at + n − 1] (columns from … from + n − 1, the run and the outside
 * cells next to it, h = 0) finished with the row `below` entries further on (0: none), then the lower envelope of the
 * parabolas (q − p)² + h(p)², with the intersections compared by cross-multiplication of exact integers instead of
 * divided (so no rounding at all). Its pieces over the run's cells first … last (columns) are stored from index
 * `pieces` on and run k's largest d² in runLargest; answers the new count of pieces.
 */
function runEnvelope(
  distance: Int32Array,
  at: number,
  below: number,
  n: number,
  from: number,
  first: number,
  last: number,
  k: number,
  pieces: number,
): number {
  // The stack of parabolas, four numbers each: column t (relative to from), F = h² + t², and the differences of both to
  // the parabola below it (the bottom one: −1 and 0, which no parabola hides). The top one is also kept in locals.
  const stack = scratch.f64b;
  let top = 0;
  let h = distance[at]!;
  if (below > 0) {
    const up = distance[at + below]! + 1;
    if (up < h) distance[at] = h = up;
  }
  let tp = 0;
  let tF = h * h;
  let tA = -1;
  let tB = 0;
  stack[0] = 0;
  stack[1] = tF;
  stack[2] = tA;
  stack[3] = tB;
  // Parabola q hides the top one (p, after pp) when it crosses p's no later than p crosses pp:
  // (F[q] − F[p]) / 2(q − p) ≤ (F[p] − F[pp]) / 2(p − pp).
  for (let q = 1; q < n; q++) {
    h = distance[at + q]!;
    if (below > 0) {
      const up = distance[at + q + below]! + 1;
      if (up < h) distance[at + q] = h = up;
    }
    const Fq = h * h + q * q;
    while ((Fq - tF) * tB <= tA * (q - tp)) {
      const o = 4 * --top;
      tp = stack[o]!;
      tF = stack[o + 1]!;
      tA = stack[o + 2]!;
      tB = stack[o + 3]!;
    }
    tA = Fq - tF;
    tB = q - tp;
    tp = q;
    tF = Fq;
    const o = 4 * ++top;
    stack[o] = q;
    stack[o + 1] = Fq;
    stack[o + 2] = tA;
    stack[o + 3] = tB;
  }
  // Its pieces from left to right: parabola p is the lowest up to the cell before its crossing with the next one,
  // ⌈(F[p1] − F[p]) / 2(p1 − p)⌉ (exact: a quotient of integers this small is never rounded onto an integer it is not;
  // at a crossing both give the same value). A parabola is largest at an end of any interval.
  let q = first - from;
  const lastCell = last - from;
  let largest = 0;
  for (let e = 0; e <= top && q <= lastCell; e++) {
    const p = stack[4 * e]!;
    let until = lastCell;
    if (e < top) {
      const before = Math.ceil(stack[4 * e + 6]! / (2 * stack[4 * e + 7]!)) - 1;
      if (before < until) until = before;
    }
    if (until < q) continue;
    const fp = stack[4 * e + 1]! - p * p;
    pieceP[pieces] = from + p;
    pieceF[pieces] = fp;
    pieceEnd[pieces++] = from + until;
    const a = (q - p) * (q - p) + fp;
    const b = (until - p) * (until - p) + fp;
    if (a > largest) largest = a;
    if (b > largest) largest = b;
    q = until + 1;
  }
  runLargest[k] = largest;
  return pieces;
}

/**
 * A row with a column lacking any outside cell, as the reference computes it (distance-transform.ts): the whole box
 * row's envelope in doubles, FAR = 1e10 standing for the missing outside cells; squared distances ≥ FAR² / 2 mean none.
 */
function wholeRowEnvelope(distance: Int32Array, at: number, width: number): void {
  const f = scratch.f64a;
  scratch.f64b = grownF64(scratch.f64b, 2 * width + 1);
  const d = scratch.f64b;
  for (let i = 0; i < width; i++) {
    const g = distance[at + i]!;
    const h = g >= FAR_COLUMN ? FAR + (g - FAR_COLUMN) : g;
    f[i] = h * h;
  }
  transform1d(f, width, d, scratch.i32d);
  for (let i = 0; i < width; i++) distance[at + i] = d[i]! >= (FAR * FAR) / 2 ? NO_OUTSIDE : d[i]!;
}

/** For each run, the largest squared distance (from runLargest) of the connected part (8-connectivity) it belongs to. */
function componentMaxima(runs: Runs): Float64Array {
  const n = runs.count;
  scratch.i32e = grownI32(scratch.i32e, n);
  const parent = scratch.i32e;
  for (let k = 0; k < n; k++) parent[k] = k;
  const find = (k: number) => {
    while (parent[k] !== k) {
      parent[k] = parent[parent[k]!]!;
      k = parent[k]!;
    }
    return k;
  };
  const { rowStart, start, end } = runs;
  for (let r = 1; r < runs.rows; r++) {
    let a = rowStart[r - 1]!;
    const aEnd = rowStart[r]!;
    for (let b = rowStart[r]!; b < rowStart[r + 1]!; b++) {
      // Runs of the row above that end before this one's reach cannot touch this or any later run.
      while (a < aEnd && end[a]! < start[b]! - 1) a++;
      for (let c = a; c < aEnd && start[c]! <= end[b]! + 1; c++) {
        const x = find(c);
        const y = find(b);
        if (x !== y) parent[x < y ? y : x] = x < y ? x : y;
      }
    }
  }
  largestScratch = grownF64(largestScratch, 2 * n);
  const largest = largestScratch;
  for (let k = 0; k < n; k++) largest[n + k] = 0;
  for (let k = 0; k < n; k++) {
    const root = find(k);
    if (runLargest[k]! > largest[n + root]!) largest[n + root] = runLargest[k]!;
  }
  for (let k = 0; k < n; k++) largest[k] = largest[n + find(k)]!;
  return largest;
}

// Lower envelope of the parabolas (q − p)² + f(p), as distance-transform.ts (the reference); z lives in d[n …].
function transform1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array): void {
  let k = 0;
  v[0] = 0;
  d[n] = Number.NEGATIVE_INFINITY;
  d[n + 1] = Number.POSITIVE_INFINITY;
  for (let q = 1; q < n; q++) {
    let p = v[k]!;
    let s = (f[q]! + q * q - (f[p]! + p * p)) / (2 * (q - p));
    while (s <= d[n + k]!) {
      k--;
      p = v[k]!;
      s = (f[q]! + q * q - (f[p]! + p * p)) / (2 * (q - p));
    }
    k++;
    v[k] = q;
    d[n + k] = s;
    d[n + k + 1] = Number.POSITIVE_INFINITY;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (d[n + k + 1]! < q) k++;
    const p = v[k]!;
    d[q] = (q - p) * (q - p) + f[p]!;
  }
}
