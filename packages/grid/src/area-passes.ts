// The passes of an area edit (area-ops.ts): weight, new value, clip and patch entry of each cell in one go.
import type { AreaOperation, ValueRange, ValueSource } from './area-types.js';
import { grownF64, grownI32, scratch, type Weights } from './area-runs.js';
import type { Mask } from './mask.js';
import type { Patch } from './patch.js';

let ringSums = new Float64Array(0);
let ringCounts = new Int32Array(0);
let ringSlots = new Int32Array(0);
let ringFull = new Uint8Array(0);

const ASSIGN = 0;
const ADD = 1;
const SUBTRACT = 2;
const MULTIPLY = 3;
const DIVIDE = 4;
export const OPERATION_CODES: Record<AreaOperation, number> = {
  assign: ASSIGN,
  add: ADD,
  subtract: SUBTRACT,
  multiply: MULTIPLY,
  divide: DIVIDE,
};

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

export function operateCells(values: Float32Array, mask: Mask, weights: Weights, range: ValueRange, op: number, value: number): Patch {
  const out = new PatchOut(mask.count);
  const { runs } = weights;
  const { rowStart } = runs;
  for (let r = 0; r < runs.rows; r++) {
    if (rowStart[r] === rowStart[r + 1]) continue;
    const count = weights.row(r);
    const base = (runs.j0 + r) * mask.nx;
    const seg = scratch.segments;
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
/**
 * The ring of row sums of a smoothing: for the 2r + 1 rows in reach, each column's sum of the (2r + 1)-wide row
 * neighbourhood (and its count of values, unless the row is "full"); fillRow(j) puts row j's in its slot.
 */
function rowSumRing(source: ValueSource, mask: Mask, r: number) {
  const { nx } = mask;
  const { i0, i1 } = mask.bounds!;
  const width = i1 - i0 + 1;
  const ring = 2 * r + 1;
  ringSums = grownF64(ringSums, ring * width);
  ringSlots = grownI32(ringSlots, ring + 3);
  ringCounts = grownI32(ringCounts, ring * width);
  if (ringFull.length < ring) ringFull = new Uint8Array(ring);
  const rowSum = ringSums;
  const rowCount = ringCounts;
  const full = ringFull;
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
  return { width, ring, rowSum, rowCount, full, inner0, inner1, fillRow };
}

export function smoothCells(source: ValueSource, mask: Mask, weights: Weights, range: ValueRange, r: number): Patch {
  const { nx, ny } = mask;
  const { i0, j0 } = mask.bounds!;
  const { width, ring, rowSum, rowCount, full, inner0, inner1, fillRow } = rowSumRing(source, mask, r);
  const offset = weights.offset;
  const weightArray = weights.weights;
  const src = source.values;
  const srcWidth = source.width;
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
    const seg = scratch.segments;
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
