// The forecaster's revisions as the console applies them: one function per kind, so that the server
// and the browser's preview run exactly the same steps and get bit-identical patches.
import { editArea, smoothFrom, type AreaOperation, type EdgeMode, type ValueRange } from './area-ops.js';
import type { Grid } from './grid.js';
import { rasterizeArea, type AreaShape, type Mask } from './mask.js';
import { emptyPatch, type Patch } from './patch.js';
import { editPoints, type PointTarget } from './point-ops.js';

export interface AreaRevision {
  operation: AreaOperation;
  value: number;
  edge?: EdgeMode;
  /** After the operation, smooth the area with the mean of an N × N neighbourhood (N odd). */
  smooth?: number;
  range?: ValueRange;
}

/**
 * A polygon revision: the operation over the area (with its edge treatment), then optionally a
 * smoothing of the edited values over the same area. Returns the combined patch against `grid`,
 * which is left unchanged.
 */
export function reviseArea(grid: Grid, area: Mask | AreaShape, revision: AreaRevision): Patch {
  const mask = isMask(area) ? area : rasterizeArea(grid, area);
  const first = editArea(grid, mask, { operation: revision.operation, value: revision.value, edge: revision.edge, range: revision.range });
  if (!revision.smooth) return first;
  const size = revision.smooth;
  if (!Number.isInteger(size) || size < 1 || size % 2 === 0) throw new RangeError(`smoothing size must be an odd integer ≥ 1, got ${size}`);
  if (!mask.bounds) return first;
  // The smoothing reads the values after the operation only within its reach of the area: copy that
  // box, not the grid, and apply the operation's patch to it.
  const r = (revision.smooth - 1) / 2;
  const box = {
    i0: Math.max(0, mask.bounds.i0 - r),
    i1: Math.min(grid.nx - 1, mask.bounds.i1 + r),
    j0: Math.max(0, mask.bounds.j0 - r),
    j1: Math.min(grid.ny - 1, mask.bounds.j1 + r),
  };
  const width = box.i1 - box.i0 + 1;
  const height = box.j1 - box.j0 + 1;
  if (boxValues.length < width * height) boxValues = new Float32Array(Math.max(width * height, 2 * boxValues.length));
  const edited = bitsOf(boxValues);
  const source = bitsOf(grid.values);
  for (let j = 0; j < height; j++) {
    const from = (box.j0 + j) * grid.nx + box.i0;
    edited.set(source.subarray(from, from + width), j * width);
  }
  placeInBox(edited, box.i0, box.j0, width, grid.nx, first.indices, bitsOf(first.newValues));
  const second = smoothFrom({ values: boxValues, i0: box.i0, j0: box.j0, width }, mask, {
    size: revision.smooth,
    edge: revision.edge,
    range: revision.range,
  });
  return composePatches(first, second);
}

/**
 * Writes a patch's new values (as bits) into a box of the grid, `width` cells wide from (i0, j0). A function of its own,
 * called with the same kinds of arrays each time, so that the engine keeps it compiled (a loop in the larger function,
 * run once a revision, ran partly uncompiled and boxed every index it divided).
 */
function placeInBox(box: Uint32Array, i0: number, j0: number, width: number, nx: number, indices: Uint32Array, bits: Uint32Array): void {
  for (let k = 0; k < indices.length; k++) {
    const index = indices[k]!;
    const j = Math.floor(index / nx);
    box[(j - j0) * width + (index - j * nx - i0)] = bits[k]!;
  }
}

// Scratch for the box of values a smoothing reads (kept between calls, grown as needed).
let boxValues = new Float32Array(0);

/** A point revision: Cressman spreading of each point's change within its radius, clipped to the range. */
export function revisePoints(grid: Grid, points: readonly PointTarget[], range?: ValueRange): Patch {
  if (points.length === 0) return emptyPatch();
  const radius = points[0]!.radiusKm ?? 1;
  return editPoints(grid, points, { radiusKm: radius, ...(range ? { range } : {}) });
}

function isMask(area: Mask | AreaShape): area is Mask {
  return typeof area === 'object' && area !== null && !Array.isArray(area) && 'inside' in area && 'bounds' in area;
}

/**
 * The patch of applying `first` then `second` (made against the grid after `first`): old values
 * from the first patch that touched a cell, new values from the last; cells that end where they
 * began (bit for bit) are left out.
 */
export function composePatches(first: Patch, second: Patch): Patch {
  const a = first.indices;
  const b = second.indices;
  const capacity = a.length + b.length;
  // Merged into scratch, then copied out at their size: two patches of a fifth of the national grid would otherwise
  // take 8 MB of fresh memory for the merge alone, which the collector then has to find.
  if (composed.indices.length < capacity) {
    const size = Math.max(capacity, 2 * composed.indices.length);
    composed = { indices: new Uint32Array(size), oldBits: new Uint32Array(size), newBits: new Uint32Array(size) };
  }
  const { indices, oldBits, newBits } = composed;
  const aOld = bits(first.oldValues);
  const aNew = bits(first.newValues);
  const bOld = bits(second.oldValues);
  const bNew = bits(second.newValues);
  let p = 0;
  let q = 0;
  let n = 0;
  const push = (index: number, before: number, after: number) => {
    if (before === after) return;
    indices[n] = index;
    oldBits[n] = before;
    newBits[n++] = after;
  };
  while (p < a.length || q < b.length) {
    if (q >= b.length || (p < a.length && a[p]! < b[q]!)) {
      push(a[p]!, aOld[p]!, aNew[p]!);
      p++;
    } else if (p >= a.length || b[q]! < a[p]!) {
      push(b[q]!, bOld[q]!, bNew[q]!);
      q++;
    } else {
      push(a[p]!, aOld[p]!, bNew[q]!);
      p++;
      q++;
    }
  }
  return {
    indices: indices.slice(0, n),
    oldValues: new Float32Array(oldBits.buffer.slice(0, 4 * n)),
    newValues: new Float32Array(newBits.buffer.slice(0, 4 * n)),
  };
}

// Scratch for composePatches (kept between calls, grown as needed).
let composed = { indices: new Uint32Array(0), oldBits: new Uint32Array(0), newBits: new Uint32Array(0) };

function bitsOf(values: Float32Array): Uint32Array {
  return new Uint32Array(values.buffer, values.byteOffset, values.length);
}

function bits(values: Float32Array): Uint32Array {
  return new Uint32Array(values.buffer, values.byteOffset, values.length);
}
