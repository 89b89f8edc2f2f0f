// The straightforward area edits (before their optimisation), kept as the reference the optimised operators of
// ../area-ops.ts are tested against, bit for bit: clear code over the whole mask box, several passes, fresh arrays.
import { distanceToOutside } from '../distance-transform.js';
import type { Grid } from '../grid.js';
import type { CellBounds, Mask } from '../mask.js';
import { emptyPatch, PatchBuilder, type Patch } from '../patch.js';

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

export function editArea(grid: Grid, mask: Mask, edit: AreaEdit): Patch {
  checkMask(grid, mask);
  const { operation, value } = edit;
  if (!Number.isFinite(value)) throw new RangeError('the edit value must be finite');
  if (operation === 'divide' && !(value > 0)) throw new RangeError('divide needs a factor > 0');
  return editCells(grid, mask, edit.edge ?? FLAT, edit.range, operationFormula(operation, value));
}

export function smoothArea(grid: Grid, mask: Mask, edit: SmoothEdit = {}): Patch {
  checkMask(grid, mask);
  const size = edit.size ?? 3;
  if (!Number.isInteger(size) || size < 1 || size % 2 === 0) throw new RangeError(`smoothing size must be an odd integer ≥ 1, got ${size}`);
  if (!mask.bounds) return emptyPatch();
  const means = neighbourhoodMeans(grid, mask.bounds, (size - 1) / 2);
  return editCells(grid, mask, edit.edge ?? FLAT, edit.range, (old, w, boxIndex) => {
    const mean = means[boxIndex]!;
    return w === 1 ? mean : old + (mean - old) * w;
  });
}

/** The edge weight of every cell of the grid (0 outside the area). */
export function edgeWeights(mask: Mask, edge: EdgeMode): Float32Array {
  const out = new Float32Array(mask.nx * mask.ny);
  if (!mask.bounds) return out;
  const weights = areaWeights(mask, edge);
  const { i0, i1, j0, j1 } = mask.bounds;
  for (let j = j0; j <= j1; j++) {
    for (let i = i0; i <= i1; i++) {
      const index = j * mask.nx + i;
      if (mask.inside[index]) out[index] = weights ? weights[(j - j0) * (i1 - i0 + 1) + (i - i0)]! : 1;
    }
  }
  return out;
}

/**
 * The patch of new = change(old, w, boxIndex), clipped, over the non-missing cells of the area;
 * boxIndex addresses arrays laid over the mask's bounds.
 */
function editCells(
  grid: Grid,
  mask: Mask,
  edge: EdgeMode,
  range: ValueRange | undefined,
  change: (old: number, w: number, boxIndex: number) => number,
): Patch {
  if (range && !(range.min <= range.max)) throw new RangeError(`invalid value range [${range.min}, ${range.max}]`);
  if (!mask.bounds) return emptyPatch();
  const builder = new PatchBuilder(mask.count);
  const weights = areaWeights(mask, edge);
  const min = range?.min ?? Number.NEGATIVE_INFINITY;
  const max = range?.max ?? Number.POSITIVE_INFINITY;
  const { i0, i1, j0, j1 } = mask.bounds;
  const width = i1 - i0 + 1;
  const { inside } = mask;
  const { values } = grid;
  for (let j = j0; j <= j1; j++) {
    const base = j * mask.nx;
    const boxRow = (j - j0) * width - i0;
    for (let i = i0; i <= i1; i++) {
      if (!inside[base + i]) continue;
      const old = values[base + i]!;
      if (Number.isNaN(old)) continue;
      const next = change(old, weights ? weights[boxRow + i]! : 1, boxRow + i);
      builder.set(base + i, old, next < min ? min : next > max ? max : next);
    }
  }
  return builder.build();
}

// new = f(old, w). At w = 1 the plain formula: old + (value − old) need not round back to value.
function operationFormula(operation: AreaOperation, value: number): (old: number, w: number) => number {
  switch (operation) {
    case 'assign':
      return (old, w) => (w === 1 ? value : old + (value - old) * w);
    case 'add':
      return (old, w) => old + value * w;
    case 'subtract':
      return (old, w) => old - value * w;
    case 'multiply':
      return (old, w) => old * (w === 1 ? value : (value - 1) * w + 1);
    case 'divide':
      return (old, w) => old / (w === 1 ? value : (value - 1) * w + 1);
  }
}

function checkMask(grid: Grid, mask: Mask): void {
  if (mask.nx !== grid.nx || mask.ny !== grid.ny) {
    throw new RangeError(`mask is ${mask.nx} × ${mask.ny}, grid is ${grid.nx} × ${grid.ny}`);
  }
}

/** Weights over the mask's bounds (row-major, bounds width); null means 1 everywhere. */
type BoxWeights = Float64Array | null;

function areaWeights(mask: Mask, edge: EdgeMode): BoxWeights {
  if (edge.type === 'flat' || !mask.bounds) return null;
  if (edge.type === 'ramp' && !(edge.cells > 0)) throw new RangeError('a ramp needs a width > 0 cells');
  // A ramp only needs to know which distances fall below its width.
  const distances = distanceToOutside(mask, edge.type === 'ramp' ? edge.cells : Number.POSITIVE_INFINITY)!;
  const bounds = mask.bounds;
  const width = bounds.i1 - bounds.i0 + 1;
  const height = bounds.j1 - bounds.j0 + 1;
  const weights = new Float64Array(width * height);
  const distanceAt = (i: number, j: number) => distances.distance[(j - distances.box.j0) * distances.width + (i - distances.box.i0)]!;
  for (let j = bounds.j0; j <= bounds.j1; j++) {
    for (let i = bounds.i0; i <= bounds.i1; i++) {
      if (!mask.inside[j * mask.nx + i]) continue;
      const d = distanceAt(i, j);
      weights[(j - bounds.j0) * width + (i - bounds.i0)] = edge.type === 'ramp' ? Math.min(1, d / edge.cells) : d;
    }
  }
  if (edge.type === 'taper') normaliseByComponent(mask, bounds, weights);
  return weights;
}

// Divides each connected part's distances by that part's largest distance.
function normaliseByComponent(mask: Mask, bounds: CellBounds, weights: Float64Array): void {
  const width = bounds.i1 - bounds.i0 + 1;
  const height = bounds.j1 - bounds.j0 + 1;
  const label = new Int32Array(width * height).fill(-1);
  const inBox = new Uint8Array(width * height);
  for (let j = 0; j < height; j++)
    inBox.set(mask.inside.subarray((bounds.j0 + j) * mask.nx + bounds.i0, (bounds.j0 + j) * mask.nx + bounds.i1 + 1), j * width);
  const stack = new Int32Array(width * height);
  const largest: number[] = [];
  for (let start = 0; start < label.length; start++) {
    if (label[start]! >= 0 || !inBox[start]) continue;
    const component = largest.length;
    let maxDistance = 0;
    let top = 0;
    stack[top++] = start;
    label[start] = component;
    while (top > 0) {
      const k = stack[--top]!;
      if (weights[k]! > maxDistance) maxDistance = weights[k]!;
      const i = k % width;
      const j = (k - i) / width;
      for (let jj = Math.max(0, j - 1); jj <= Math.min(height - 1, j + 1); jj++) {
        for (let ii = Math.max(0, i - 1); ii <= Math.min(width - 1, i + 1); ii++) {
          const n = jj * width + ii;
          if (inBox[n] && label[n]! < 0) {
            label[n] = component;
            stack[top++] = n;
          }
        }
      }
    }
    largest.push(maxDistance);
  }
  for (let k = 0; k < label.length; k++) {
    const component = label[k]!;
    if (component < 0) continue;
    const maxDistance = largest[component]!;
    weights[k] = Number.isFinite(maxDistance) ? weights[k]! / maxDistance : 1;
  }
}

// Mean of the (2r+1)² neighbourhood of every cell in the box, from the original values; missing
// and off-grid cells are left out. Separable: row sums first, then column sums of those.
function neighbourhoodMeans(grid: Grid, box: CellBounds, r: number): Float64Array {
  const { nx, ny, values } = grid;
  const width = box.i1 - box.i0 + 1;
  const height = box.j1 - box.j0 + 1;
  const rowJ0 = Math.max(0, box.j0 - r);
  const rowJ1 = Math.min(ny - 1, box.j1 + r);
  const rows = rowJ1 - rowJ0 + 1;
  const rowSum = new Float64Array(rows * width);
  const rowCount = new Int32Array(rows * width);
  for (let jr = 0; jr < rows; jr++) {
    const base = (rowJ0 + jr) * nx;
    for (let c = 0; c < width; c++) {
      const i = box.i0 + c;
      let sum = 0;
      let count = 0;
      for (let ii = Math.max(0, i - r); ii <= Math.min(nx - 1, i + r); ii++) {
        const v = values[base + ii]!;
        if (!Number.isNaN(v)) {
          sum += v;
          count++;
        }
      }
      rowSum[jr * width + c] = sum;
      rowCount[jr * width + c] = count;
    }
  }
  const means = new Float64Array(width * height);
  for (let jb = 0; jb < height; jb++) {
    const j = box.j0 + jb;
    const from = Math.max(0, j - r) - rowJ0;
    const to = Math.min(ny - 1, j + r) - rowJ0;
    for (let c = 0; c < width; c++) {
      let sum = 0;
      let count = 0;
      for (let jr = from; jr <= to; jr++) {
        sum += rowSum[jr * width + c]!;
        count += rowCount[jr * width + c]!;
      }
      means[jb * width + c] = count > 0 ? sum / count : Number.NaN;
    }
  }
  return means;
}

/** reviseArea as it was: the operation, then the smoothing over a copy of the whole grid, composed. */
export function reviseAreaReference(
  grid: Grid,
  mask: Mask,
  revision: { operation: AreaOperation; value: number; edge?: EdgeMode; smooth?: number; range?: ValueRange },
  compose: (first: Patch, second: Patch) => Patch,
  apply: (values: Float32Array, patch: Patch) => void,
): Patch {
  const first = editArea(grid, mask, { operation: revision.operation, value: revision.value, edge: revision.edge, range: revision.range });
  if (!revision.smooth) return first;
  const edited = { ...grid, values: grid.values.slice() };
  apply(edited.values, first);
  const second = smoothArea(edited, mask, { size: revision.smooth, edge: revision.edge, range: revision.range });
  return compose(first, second);
}
