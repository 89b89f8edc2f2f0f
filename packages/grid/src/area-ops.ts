// Area edits inside a mask (GFE-style): assign, add, subtract, multiply, divide, smooth, each with
// an edge treatment giving every cell a weight w in (0, 1]. Edits never mutate the grid: they
// return the patch to apply. Missing cells stay missing.
//
// Speed: an edit touches only the mask's bounding box (plus the ramp's reach), walks the area as
// runs of cells row by row, computes each cell's weight, new value and patch entry in the same pass,
// and keeps its working arrays between calls (module scratch, grown when a larger box comes). The
// straightforward version these must equal bit for bit is ./reference/area-ops.ts (property tests).
import { OPERATION_CODES, operateCells, smoothCells } from './area-passes.js';
import { scratch } from './area-runs.js';
import type { AreaEdit, EdgeMode, SmoothEdit, ValueRange, ValueSource } from './area-types.js';
import { prepareWeights } from './area-weights.js';
import type { Grid } from './grid.js';
import type { Mask } from './mask.js';
import { emptyPatch, type Patch } from './patch.js';

export type { AreaEdit, AreaOperation, EdgeMode, SmoothEdit, ValueRange, ValueSource } from './area-types.js';

const FLAT: EdgeMode = { type: 'flat' };

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
      const weighted = scratch.segments[3 * s + 2] === 1;
      for (let i = scratch.segments[3 * s]!; i <= scratch.segments[3 * s + 1]!; i++) {
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
