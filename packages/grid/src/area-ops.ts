// Area edits inside a mask (GFE-style): assign, add, subtract, multiply, divide, smooth, each with
// an edge treatment giving every cell a weight w in (0, 1]. Edits never mutate the grid: they
// return the patch to apply. Missing cells stay missing.
//
// Speed: an edit touches only the mask's bounding box (plus the ramp's reach), walks the area as
// runs of cells row by row, computes each cell's weight, new value and patch entry in the same pass,
// and keeps its working arrays between calls (module scratch, grown when a larger box comes). The
// straightforward version these must equal bit for bit is ./reference/area-ops.ts (property tests).
import type { Grid } from './grid.js';
import { scanRuns, type CellBounds, type Mask } from './mask.js';
import { emptyPatch, type Patch } from './patch.js';

export type AreaOperation = 'assign' | 'add' | 'subtract' | 'multiply' | 'divide';

/**
 * flat: w = 1 everywhere. ramp: w = min(1, d / cells), d = Euclidean distance in cells from the
 * cell to the nearest cell outside the area (1 for the first cells inside the border), so the
 * effect is full from `cells` cells inside. taper: w = d / dmax, dmax being the largest d of the
 * connected part of the area (8-connectivity) the cell belongs to: 1 at its innermost cell.
 * With no cell outside the area in the grid, d is infinite and w = 1.
 */
export type EdgeMode = { type: 'flat' } | { type: 'ramp'; cells: number } | { type: 'taper' };

export interface ValueRange {
  min: number;
  max: number;
}

export interface AreaEdit {
  operation: AreaOperation;
  /** The value to assign, the delta to add or subtract, or the factor to multiply or divide by. */
  value: number;
  edge?: EdgeMode;
  /** The factor's valid range: results are clipped to it. */
  range?: ValueRange;
}

export interface SmoothEdit {
  /** Neighbourhood size N (odd): the mean of N × N original values, missing ones left out. Default 3. */
  size?: number;
  edge?: EdgeMode;
  range?: ValueRange;
}

const FLAT: EdgeMode = { type: 'flat' };

/** Where a pass reads the values: `values` laid over the cells (i0…, j0…) of a `width`-wide box of the grid. */
export interface ValueSource {
  values: Float32Array;
  i0: number;
  j0: number;
  width: number;
}

export function editArea(grid: Grid, mask: Mask, edit: AreaEdit): Patch {
  checkMask(grid, mask);
  const { operation, value } = edit;
  if (!Number.isFinite(value)) throw new RangeError('the edit value must be finite');
  if (operation === 'divide' && !(value > 0)) throw new RangeError('divide needs a factor > 0');
  const range = checkRange(edit.range);
  if (!mask.bounds) return emptyPatch();
  const weights = prepareWeights(mask, edit.edge ?? FLAT);
  return operateCells(grid.values, mask, weights, range, OPERATION_CODES[operation], value);
}

export function smoothArea(grid: Grid, mask: Mask, edit: SmoothEdit = {}): Patch {
  checkMask(grid, mask);
  return smoothFrom({ values: grid.values, i0: 0, j0: 0, width: grid.nx }, mask, edit);
}

/**
 * smoothArea over values laid over a box of the grid (the box must hold the mask's bounds plus
 * (size − 1) / 2 cells on each side, clipped to the grid): how reviseArea smooths the values after
 * its operation without copying the whole grid.
 */
export function smoothFrom(source: ValueSource, mask: Mask, edit: SmoothEdit = {}): Patch {
  const size = edit.size ?? 3;
  if (!Number.isInteger(size) || size < 1 || size % 2 === 0) throw new RangeError(`smoothing size must be an odd integer ≥ 1, got ${size}`);
  const range = checkRange(edit.range);
  if (!mask.bounds) return emptyPatch();
  const weights = prepareWeights(mask, edit.edge ?? FLAT);
  return smoothCells(source, mask, weights, range, (size - 1) / 2);
}

/** The edge weight of every cell of the grid (0 outside the area). */
export function edgeWeights(mask: Mask, edge: EdgeMode): Float32Array {
  const out = new Float32Array(mask.nx * mask.ny);
  if (!mask.bounds) return out;
  const weights = prepareWeights(mask, edge);
  const runs = weights.runs;
  for (let r = 0; r < runs.rows; r++) {
    const j = runs.j0 + r;
    const count = weights.row(r);
    for (let s = 0; s < count; s++) {
      const weighted = segments[3 * s + 2] === 1;
      for (let i = segments[3 * s]!; i <= segments[3 * s + 1]!; i++) {
        out[j * mask.nx + i] = weighted ? weights.weights[i - weights.offset]! : 1;
      }
    }
  }
  return out;
}

function checkMask(grid: Grid, mask: Mask): void {
  if (mask.nx !== grid.nx || mask.ny !== grid.ny) {
    throw new RangeError(`mask is ${mask.nx} × ${mask.ny}, grid is ${grid.nx} × ${grid.ny}`);
  }
}

function checkRange(range: ValueRange | undefined): { min: number; max: number } {
  if (range && !(range.min <= range.max)) throw new RangeError(`invalid value range [${range.min}, ${range.max}]`);
  return { min: range?.min ?? Number.NEGATIVE_INFINITY, max: range?.max ?? Number.POSITIVE_INFINITY };
}

// ---------------------------------------------------------------------------------------------
// Scratch: typed arrays kept between calls and grown to the largest box seen. Every pass writes
// what it reads, so no clearing is needed. (JavaScript is single-threaded: one edit at a time.)

let f64a = new Float64Array(0);
let f64b = new Float64Array(0);
let i32d = new Int32Array(0);
let i32e = new Int32Array(0);
let ringSums = new Float64Array(0);
let ringCounts = new Int32Array(0);
let ringSlots = new Int32Array(0);
let ringFull = new Uint8Array(0);
let i32b2 = new Int32Array(0);
let largestScratch = new Float64Array(0);
// The largest squared distance of each run (NO_OUTSIDE when a cell has none).
let runLargest = new Int32Array(0);

const grownF64 = (a: Float64Array<ArrayBuffer>, n: number): Float64Array<ArrayBuffer> =>
  a.length >= n ? a : new Float64Array(Math.max(n, 2 * a.length));
const grownI32 = (a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> =>
  a.length >= n ? a : new Int32Array(Math.max(n, 2 * a.length));

// ---------------------------------------------------------------------------------------------
// The area as runs: for each row of the mask's bounds, the maximal spans of consecutive cells in it.

interface Runs {
  j0: number;
  rows: number;
  /** Runs of bounds row r are rowStart[r] … rowStart[r + 1] − 1. */
  rowStart: Int32Array;
  start: Int32Array;
  end: Int32Array;
  count: number;
}

/** The area's runs: a drawn mask's own, else found in its cells over the bounds (scratch until the next call). */
function maskRuns(mask: Mask): Runs {
  const bounds = mask.bounds!;
  const { rowStart, start, end } = mask.runs ?? scanRuns(mask.inside, mask.nx, bounds.j0 * mask.nx + bounds.i0, bounds, false);
  const rows = bounds.j1 - bounds.j0 + 1;
  return { j0: bounds.j0, rows, rowStart, start, end, count: rowStart[rows]! };
}

// ---------------------------------------------------------------------------------------------
// Edge weights. `row(r)` prepares bounds row r as segments of its cells, in increasing order, each either of
// weight 1 throughout (flat parts, cells beyond a ramp's reach) or weighted, its weights in `weights`.

interface Weights {
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

// Up to this reach a direct search (2·reach + 1 candidates per cell near the border) beats the envelope.
const DIRECT_SEARCH_LIMIT = 8;
// Stands for "no outside cell on this column" in the reference (distance-transform.ts).
const FAR = 1e10;

let segments = new Int32Array(0);

function prepareWeights(mask: Mask, edge: EdgeMode): Weights {
  const runs = maskRuns(mask);
  const { i0, i1 } = mask.bounds!;
  // A row has at most one segment per cell.
  segments = grownI32(segments, 3 * (i1 - i0 + 2));
  if (edge.type === 'flat') return { runs, offset: 0, weights: f64a, row: (r) => runSegments(runs, r, 0) };
  if (edge.type === 'ramp' && !(edge.cells > 0)) throw new RangeError('a ramp needs a width > 0 cells');
  if (edge.type === 'ramp' && edge.cells <= DIRECT_SEARCH_LIMIT) return rampWeights(mask, runs, edge.cells);
  return exactWeights(mask, runs, edge);
}

/** The runs of bounds row r as segments, all weighted or all of weight 1. */
function runSegments(runs: Runs, r: number, weighted: number): number {
  const { rowStart, start, end } = runs;
  const seg = segments;
  let n = 0;
  for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) {
    seg[n++] = start[k]!;
    seg[n++] = end[k]!;
    seg[n++] = weighted;
  }
  return n / 3;
}

/** The box distances are measured in: the bounds plus one cell (clipped), where the nearest outside cells lie. */
function distanceBox(mask: Mask): CellBounds {
  const b = mask.bounds!;
  return { i0: Math.max(0, b.i0 - 1), i1: Math.min(mask.nx - 1, b.i1 + 1), j0: Math.max(0, b.j0 - 1), j1: Math.min(mask.ny - 1, b.j1 + 1) };
}

let hRing = new Uint8Array(0);

/**
 * Ramp of at most DIRECT_SEARCH_LIMIT cells: only cells nearer than `reach` = ⌈cells⌉ to an outside cell
 * have w < 1, and their distance only depends on the rows within reach. Per row, the cells at least reach
 * (in both directions) from every outside cell of the rows within reach are found as intervals: segments of
 * w = 1 (min(1, reach / cells) = 1). The others get d² = min over those rows of dy² + h², h being the distance
 * along that row to its nearest outside cell capped at reach (kept for the rows in reach in a ring, built from
 * the runs), d² capped at reach² — the reference's capped search, without a distance map over the whole box.
 */
function rampWeights(mask: Mask, runs: Runs, cells: number): Weights {
  const reach = Math.ceil(cells);
  const reach2 = reach * reach;
  const { nx, ny } = mask;
  const { i0, i1, j0 } = mask.bounds!;
  const width = i1 - i0 + 1;
  f64a = grownF64(f64a, width);
  const weights = f64a;
  // Interval lists (start, end pairs): the far cells so far, and the next row's far intervals.
  i32d = grownI32(i32d, 2 * width + 4);
  i32e = grownI32(i32e, 2 * width + 4);
  let far = i32d;
  let next = i32e;
  f64b = grownF64(f64b, width);
  const best = f64b;
  const ring = 2 * reach - 1;
  if (hRing.length < ring * width) hRing = new Uint8Array(Math.max(ring * width, 2 * hRing.length));
  const h = hRing;
  const { rowStart, start, end } = runs;
  const rows = runs.rows;
  let filled = -1; // the last grid row whose distances are in the ring
  /** h of grid row jj over the bounds' columns: 0 outside the area, else min(reach, cells to the nearest outside cell along the row). */
  const fillH = (jj: number) => {
    const slot = (jj % ring) * width - i0;
    h.fill(0, slot + i0, slot + i0 + width);
    const rr = jj - j0;
    if (rr < 0 || rr >= rows) return;
    for (let k = rowStart[rr]!; k < rowStart[rr + 1]!; k++) {
      const s = start[k]!;
      const e = end[k]!;
      h.fill(reach, slot + s, slot + e + 1);
      // The grid's border is not an area border: no fading towards it.
      if (s > 0) for (let t = 0; t < reach - 1 && s + t <= e; t++) h[slot + s + t] = t + 1;
      if (e < nx - 1) for (let t = 0; t < reach - 1 && e - t >= s; t++) if (t + 1 < h[slot + e - t]!) h[slot + e - t] = t + 1;
    }
  };
  const seg = segments;
  return {
    runs,
    offset: i0,
    weights,
    row(r) {
      const j = j0 + r;
      const top = Math.max(0, j - reach + 1);
      const bottom = Math.min(ny - 1, j + reach - 1);
      for (let jj = filled < top || filled > bottom ? top : filled + 1; jj <= bottom; jj++) fillH(jj);
      filled = bottom;
      // Far cells: the row's own runs, narrowed by every row within reach (rows off the grid do not narrow).
      let farCount = 0;
      for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) {
        far[2 * farCount] = start[k]!;
        far[2 * farCount++ + 1] = end[k]!;
      }
      for (let jj = top; jj <= bottom && farCount > 0; jj++) {
        const rr = jj - j0;
        let n = 0;
        if (rr >= 0 && rr < rows) {
          let a = 0;
          for (let k = rowStart[rr]!; k < rowStart[rr + 1]! && a < farCount; k++) {
            const s = start[k]! === 0 ? 0 : start[k]! + reach - 1;
            const e = end[k]! === nx - 1 ? nx - 1 : end[k]! - reach + 1;
            if (s > e) continue;
            while (a < farCount && far[2 * a + 1]! < s) a++;
            for (let b = a; b < farCount && far[2 * b]! <= e; b++) {
              const from = far[2 * b]! > s ? far[2 * b]! : s;
              const to = far[2 * b + 1]! < e ? far[2 * b + 1]! : e;
              if (from <= to) {
                next[2 * n] = from;
                next[2 * n++ + 1] = to;
              }
            }
          }
        }
        const t = far;
        far = next;
        next = t;
        farCount = n;
      }
      // The row's runs cut into far segments (w = 1) and measured ones.
      let n = 0;
      let f = 0;
      for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) {
        const e = end[k]!;
        let i = start[k]!;
        while (i <= e) {
          while (f < farCount && far[2 * f + 1]! < i) f++;
          const farFrom = f < farCount ? far[2 * f]! : nx;
          if (farFrom <= i) {
            const to = Math.min(e, far[2 * f + 1]!);
            seg[n++] = i;
            seg[n++] = to;
            seg[n++] = 0;
            i = to + 1;
            continue;
          }
          const to = Math.min(e, farFrom - 1);
          // best[c − i0] = min(reach², d²) for the cells i … to.
          best.fill(reach2, i - i0, to - i0 + 1);
          for (let jj = top; jj <= bottom; jj++) {
            const dy2 = (jj - j) * (jj - j);
            const slot = (jj % ring) * width - i0;
            for (let c = i; c <= to; c++) {
              const hc = h[slot + c]!;
              const d2 = dy2 + hc * hc;
              if (d2 < best[c - i0]!) best[c - i0] = d2;
            }
          }
          for (let c = i; c <= to; c++) weights[c - i0] = Math.min(1, Math.sqrt(best[c - i0]!) / cells);
          seg[n++] = i;
          seg[n++] = to;
          seg[n++] = 1;
          i = to + 1;
        }
      }
      return n / 3;
    },
  };
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
function exactWeights(mask: Mask, runs: Runs, edge: EdgeMode): Weights {
  const box = distanceBox(mask);
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
  f64a = grownF64(f64a, width + 2);
  f64b = grownF64(f64b, 4 * (width + 2));
  i32d = grownI32(i32d, width + 2);
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
  const weights = f64a;
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
  const seg = segments;
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
  const stack = f64b;
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
  const f = f64a;
  f64b = grownF64(f64b, 2 * width + 1);
  const d = f64b;
  for (let i = 0; i < width; i++) {
    const g = distance[at + i]!;
    const h = g >= FAR_COLUMN ? FAR + (g - FAR_COLUMN) : g;
    f[i] = h * h;
  }
  transform1d(f, width, d, i32d);
  for (let i = 0; i < width; i++) distance[at + i] = d[i]! >= (FAR * FAR) / 2 ? NO_OUTSIDE : d[i]!;
}

/** For each run, the largest squared distance (from runLargest) of the connected part (8-connectivity) it belongs to. */
function componentMaxima(runs: Runs): Float64Array {
  const n = runs.count;
  i32e = grownI32(i32e, n);
  const parent = i32e;
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

// ---------------------------------------------------------------------------------------------
// The passes: weight, new value, clip and patch entry of each cell in one go.

const ASSIGN = 0;
const ADD = 1;
const SUBTRACT = 2;
const MULTIPLY = 3;
const DIVIDE = 4;
const OPERATION_CODES: Record<AreaOperation, number> = { assign: ASSIGN, add: ADD, subtract: SUBTRACT, multiply: MULTIPLY, divide: DIVIDE };

/**
 * A patch of at most `capacity` entries, filled in increasing cell order straight into the arrays the caller
 * gets (fresh memory written once; a scratch copy sliced at the end would write it twice).
 */
class PatchOut {
  readonly indices: Uint32Array;
  readonly oldValues: Float32Array;
  readonly newValues: Float32Array;
  n = 0;
  constructor(capacity: number) {
    this.indices = new Uint32Array(capacity);
    this.oldValues = new Float32Array(capacity);
    this.newValues = new Float32Array(capacity);
  }
  patch(): Patch {
    const n = this.n;
    if (n === this.indices.length) return { indices: this.indices, oldValues: this.oldValues, newValues: this.newValues };
    // Mostly unchanged cells: copies, so that the unused capacity is not kept alive with the patch.
    if (n < this.indices.length >> 1) {
      return { indices: this.indices.slice(0, n), oldValues: this.oldValues.slice(0, n), newValues: this.newValues.slice(0, n) };
    }
    return { indices: this.indices.subarray(0, n), oldValues: this.oldValues.subarray(0, n), newValues: this.newValues.subarray(0, n) };
  }
}

/**
 * add and subtract (a − b rounds as a + (−b)) over the cells lo … hi of the grid, every one assumed to change: the new
 * values and indices are written in one tight loop and the old ones copied natively. Answers false, having recorded
 * nothing, when a cell is missing or its value would not change (the caller then takes the cell by cell loop).
 */
function addCells(
  values: Float32Array,
  lo: number,
  hi: number,
  row: Float64Array | null,
  shift: number,
  delta: number,
  min: number,
  max: number,
  out: PatchOut,
): boolean {
  const { indices, newValues } = out;
  const n = out.n - lo;
  let unusual = false;
  if (row === null) {
    for (let k = lo; k <= hi; k++) {
      const old = values[k]!;
      const next = old + delta;
      const rounded = Math.fround(next < min ? min : next > max ? max : next);
      if (rounded === old || old !== old) unusual = true;
      indices[n + k] = k;
      newValues[n + k] = rounded;
    }
  } else {
    for (let k = lo; k <= hi; k++) {
      const old = values[k]!;
      const next = old + delta * row[k - shift]!;
      const rounded = Math.fround(next < min ? min : next > max ? max : next);
      if (rounded === old || old !== old) unusual = true;
      indices[n + k] = k;
      newValues[n + k] = rounded;
    }
  }
  if (unusual) return false;
  out.oldValues.set(values.subarray(lo, hi + 1), out.n);
  out.n += hi - lo + 1;
  return true;
}

// new = f(old, w), as the reference: at w = 1 the plain formula (old + (value − old) need not round back to value).
function operationCells(
  values: Float32Array,
  base: number,
  from: number,
  to: number,
  row: Float64Array | null,
  offset: number,
  op: number,
  value: number,
  min: number,
  max: number,
  out: PatchOut,
): void {
  if (op === ADD || op === SUBTRACT) {
    if (addCells(values, base + from, base + to, row, base + offset, op === ADD ? value : -value, min, max, out)) return;
  }
  const { indices, oldValues, newValues } = out;
  let n = out.n;
  for (let i = from; i <= to; i++) {
    const old = values[base + i]!;
    if (old !== old) continue;
    const w = row === null ? 1 : row[i - offset]!;
    let next: number;
    if (op === ADD) next = old + value * w;
    else if (op === ASSIGN) next = w === 1 ? value : old + (value - old) * w;
    else if (op === SUBTRACT) next = old - value * w;
    else if (op === MULTIPLY) next = old * (w === 1 ? value : (value - 1) * w + 1);
    else next = old / (w === 1 ? value : (value - 1) * w + 1);
    const rounded = Math.fround(next < min ? min : next > max ? max : next);
    // Object.is(rounded, old) without the call: −0 and +0 differ, old is never NaN.
    if (rounded === old && (rounded !== 0 || 1 / rounded === 1 / old)) continue;
    indices[n] = base + i;
    oldValues[n] = old;
    newValues[n++] = rounded;
  }
  out.n = n;
}

function operateCells(values: Float32Array, mask: Mask, weights: Weights, range: ValueRange, op: number, value: number): Patch {
  const out = new PatchOut(mask.count);
  const { runs } = weights;
  const { rowStart } = runs;
  for (let r = 0; r < runs.rows; r++) {
    if (rowStart[r] === rowStart[r + 1]) continue;
    const count = weights.row(r);
    const base = (runs.j0 + r) * mask.nx;
    const seg = segments;
    for (let s = 0; s < count; s++) {
      const row = seg[3 * s + 2] === 1 ? weights.weights : null;
      operationCells(values, base, seg[3 * s]!, seg[3 * s + 1]!, row, weights.offset, op, value, range.min, range.max, out);
    }
  }
  return out.patch();
}

/**
 * Smoothing: each cell of the area moves towards the mean of its (2r+1)² neighbourhood (missing and
 * off-grid cells left out) by its weight. Sums in the reference's order: along each row left to right,
 * then those row sums top to bottom; the row sums of the 2r + 1 rows in reach are kept in a ring.
 */
function smoothCells(source: ValueSource, mask: Mask, weights: Weights, range: ValueRange, r: number): Patch {
  const { nx, ny } = mask;
  const { i0, i1, j0 } = mask.bounds!;
  const width = i1 - i0 + 1;
  const ring = 2 * r + 1;
  ringSums = grownF64(ringSums, ring * width);
  ringSlots = grownI32(ringSlots, ring + 3);
  ringCounts = grownI32(ringCounts, ring * width);
  if (ringFull.length < ring) ringFull = new Uint8Array(ring);
  const rowSum = ringSums;
  const rowCount = ringCounts;
  const full = ringFull;
  const offset = weights.offset;
  const weightArray = weights.weights;
  const src = source.values;
  const srcWidth = source.width;
  // Columns whose whole neighbourhood lies on the grid.
  const inner0 = Math.max(0, r - i0);
  const inner1 = Math.min(width - 1, nx - 1 - r - i0);
  /** Sums and counts of row j, value by value, missing ones left out. */
  const fillRowCarefully = (j: number) => {
    const slot = (j % ring) * width;
    const base = (j - source.j0) * srcWidth - source.i0;
    for (let c = 0; c < width; c++) {
      const i = i0 + c;
      const from = i - r < 0 ? 0 : i - r;
      const to = i + r > nx - 1 ? nx - 1 : i + r;
      let sum = 0;
      let count = 0;
      for (let ii = from; ii <= to; ii++) {
        const v = src[base + ii]!;
        if (v === v) {
          sum += v;
          count++;
        }
      }
      rowSum[slot + c] = sum;
      rowCount[slot + c] = count;
    }
    full[j % ring] = 0;
  };
  /**
   * The 3-wide sums of row j added straight, as long as no value is missing (a NaN sum tells): the row is then
   * "full", its counts those of the columns on the grid, not stored. A missing value: the row again, carefully.
   */
  const fillRow = (j: number) => {
    if (r !== 1) return fillRowCarefully(j);
    const slot = (j % ring) * width;
    const base = (j - source.j0) * srcWidth - source.i0;
    let missing = false;
    for (let c = inner0; c <= inner1; c++) {
      const i = i0 + c;
      // The reference's order: 0 + a + b + d (0 + a turns a −0 into +0).
      const sum = 0 + src[base + i - 1]! + src[base + i]! + src[base + i + 1]!;
      if (sum !== sum) missing = true;
      rowSum[slot + c] = sum;
    }
    for (let c = 0; c < width && !missing; c++) {
      if (c >= inner0 && c <= inner1) {
        c = inner1;
        continue;
      }
      const i = i0 + c;
      let sum = 0;
      for (let ii = i - 1 < 0 ? 0 : i - 1; ii <= (i + 1 > nx - 1 ? nx - 1 : i + 1); ii++) sum += src[base + ii]!;
      if (sum !== sum) missing = true;
      rowSum[slot + c] = sum;
    }
    if (missing) fillRowCarefully(j);
    else full[j % ring] = 1;
  };
  const out = new PatchOut(mask.count);
  const { runs } = weights;
  const { rowStart } = runs;
  const { min, max } = range;
  let filled = Math.max(0, j0 - r) - 1; // the last row whose sums are in the ring
  for (let rr = 0; rr < runs.rows; rr++) {
    const j = runs.j0 + rr;
    const last = Math.min(ny - 1, j + r);
    while (filled < last) fillRow(++filled);
    if (rowStart[rr] === rowStart[rr + 1]) continue;
    const first = Math.max(0, j - r);
    // The ring slots of the rows first … last, top to bottom (the reference's order of addition).
    const rowsInReach = last - first + 1;
    let allFull = true;
    for (let m = 0; m < rowsInReach; m++) {
      ringSlots[m] = ((first + m) % ring) * width;
      if (!full[(first + m) % ring]) allFull = false;
    }
    const s0 = ringSlots[0]!;
    const s1 = ringSlots[1]!;
    const s2 = ringSlots[2]!;
    const count = weights.row(rr);
    const base = j * nx;
    const srcBase = (j - source.j0) * srcWidth - source.i0;
    const seg = segments;
    for (let sg = 0; sg < count; sg++) {
      const row = seg[3 * sg + 2] === 1 ? weightArray : null;
      const from = seg[3 * sg]!;
      const to = seg[3 * sg + 1]!;
      const { indices, oldValues, newValues } = out;
      // Three full rows and columns inside the grid: every count is 9. (A smoothed field often keeps a cell's value:
      // no copy of the old values ahead, as add does.)
      if (r === 1 && rowsInReach === 3 && allFull && from - i0 >= inner0 && to - i0 <= inner1) {
        let n = out.n;
        for (let i = from; i <= to; i++) {
          const old = src[srcBase + i]!;
          if (old !== old) continue;
          const c = i - i0;
          const mean = (rowSum[s0 + c]! + rowSum[s1 + c]! + rowSum[s2 + c]!) / 9;
          const w = row === null ? 1 : row[i - offset]!;
          const next = w === 1 ? mean : old + (mean - old) * w;
          const rounded = Math.fround(next < min ? min : next > max ? max : next);
          if (rounded === old && (rounded !== 0 || 1 / rounded === 1 / old)) continue;
          indices[n] = base + i;
          oldValues[n] = old;
          newValues[n++] = rounded;
        }
        out.n = n;
        continue;
      }
      let n = out.n;
      for (let i = from; i <= to; i++) {
        const old = src[srcBase + i]!;
        if (old !== old) continue;
        const c = i - i0;
        let sum = 0;
        let cells = 0;
        for (let m = 0; m < rowsInReach; m++) {
          sum += rowSum[ringSlots[m]! + c]!;
          cells += full[(first + m) % ring]
            ? (i + r > nx - 1 ? nx - 1 : i + r) - (i - r < 0 ? 0 : i - r) + 1
            : rowCount[ringSlots[m]! + c]!;
        }
        const mean = cells > 0 ? sum / cells : Number.NaN;
        const w = row === null ? 1 : row[i - offset]!;
        const next = w === 1 ? mean : old + (mean - old) * w;
        const rounded = Math.fround(next < min ? min : next > max ? max : next);
        if (rounded === old && (rounded !== 0 || 1 / rounded === 1 / old)) continue;
        indices[n] = base + i;
        oldValues[n] = old;
        newValues[n++] = rounded;
      }
      out.n = n;
    }
  }
  return out.patch();
}
