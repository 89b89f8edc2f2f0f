// Exact Euclidean distance transform in cell units: a vertical pass by row sweeps, then along each
// row either the linear-time lower envelope of parabolas (Felzenszwalb & Huttenlocher) or, when
// only distances below a small limit matter (an edge ramp), a direct search within the limit.
import type { CellBounds, Mask } from './mask.js';

export interface MaskDistances {
  /** The box the distances cover: the mask's bounds plus one cell, clipped to the grid. */
  box: CellBounds;
  width: number;
  /** Distance from each box cell to the nearest cell outside the mask (0 outside; Infinity if the mask fills the grid). */
  distance: Float64Array;
}

// Stands for "no outside cell on this column"; its square stays finite so that the parabola
// intersections remain defined, and anything beyond FAR² / 2 means "none at all".
const FAR = 1e10;

// Up to this limit the direct search (2·limit + 1 candidates per cell) beats the envelope.
const DIRECT_SEARCH_LIMIT = 8;

/**
 * Cells beyond the grid are not "outside the area": an area touching the grid's border fades only
 * towards its real border. A one-cell margin suffices, since for any inside cell the margin cell
 * on the same row or column is at least as near as any cell further out.
 *
 * With a finite `limit`, distances below it are exact and the others are only known to be ≥ limit.
 */
export function distanceToOutside(mask: Mask, limit = Number.POSITIVE_INFINITY): MaskDistances | null {
  if (!mask.bounds) return null;
  const { nx, ny, inside } = mask;
  const box: CellBounds = {
    i0: Math.max(0, mask.bounds.i0 - 1),
    i1: Math.min(nx - 1, mask.bounds.i1 + 1),
    j0: Math.max(0, mask.bounds.j0 - 1),
    j1: Math.min(ny - 1, mask.bounds.j1 + 1),
  };
  const width = box.i1 - box.i0 + 1;
  const height = box.j1 - box.j0 + 1;

  // Pass 1, vertical: distance to the nearest outside cell in the same column, by a downward and
  // an upward sweep over whole rows (memory order, unlike a column-by-column transform).
  const vertical = new Float64Array(width * height);
  for (let j = 0; j < height; j++) {
    const src = (box.j0 + j) * nx + box.i0;
    const row = j * width;
    for (let i = 0; i < width; i++) {
      vertical[row + i] = inside[src + i] ? (j > 0 ? vertical[row - width + i]! + 1 : FAR) : 0;
    }
  }
  for (let j = height - 2; j >= 0; j--) {
    const row = j * width;
    for (let i = 0; i < width; i++) {
      const below = vertical[row + width + i]! + 1;
      if (below < vertical[row + i]!) vertical[row + i] = below;
    }
  }

  if (limit <= DIRECT_SEARCH_LIMIT) {
    searchRowsWithin(vertical, width, height, Math.ceil(limit));
    return { box, width, distance: vertical };
  }

  // Pass 2, horizontal: the exact 1-D transform of the squared vertical distances along each row.
  const f = new Float64Array(width);
  const d = new Float64Array(width);
  const v = new Int32Array(width);
  const z = new Float64Array(width + 1);
  const distance = vertical;
  for (let j = 0; j < height; j++) {
    const row = j * width;
    for (let i = 0; i < width; i++) {
      const h = vertical[row + i]!;
      f[i] = h * h;
    }
    transform1d(f, width, d, v, z);
    for (let i = 0; i < width; i++) {
      const s = d[i]!;
      distance[row + i] = s >= (FAR * FAR) / 2 ? Number.POSITIVE_INFINITY : Math.sqrt(s);
    }
  }
  return { box, width, distance };
}

// d(i) = min over |k| ≤ reach of √(k² + v(i + k)²). Vertical distances are capped at reach first:
// a true distance below reach comes from an uncapped term within reach, and capped terms never
// fall below reach, so every result below reach is exact. Cells with no uncapped term within
// reach (the inside of a large area) are simply reach.
function searchRowsWithin(vertical: Float64Array, width: number, height: number, reach: number): void {
  const capped = reach * reach;
  const v2 = new Float64Array(width);
  const nearestLeft = new Int32Array(width);
  for (let j = 0; j < height; j++) {
    const row = j * width;
    let near = -Infinity;
    for (let i = 0; i < width; i++) {
      const v = Math.min(vertical[row + i]!, reach);
      v2[i] = v * v;
      if (v < reach) near = i;
      nearestLeft[i] = i - near > reach ? -1 : near;
    }
    near = Infinity;
    for (let i = width - 1; i >= 0; i--) {
      if (v2[i]! < capped) near = i;
      if (near - i > reach && nearestLeft[i] === -1) {
        vertical[row + i] = reach;
        continue;
      }
      let best = v2[i]!;
      const from = Math.max(0, i - reach);
      const to = Math.min(width - 1, i + reach);
      for (let q = from; q <= to && best > 0; q++) {
        const candidate = (q - i) * (q - i) + v2[q]!;
        if (candidate < best) best = candidate;
      }
      vertical[row + i] = Math.sqrt(best);
    }
  }
}

// Lower envelope of the parabolas (q − p)² + f(p); z[0] = −∞ keeps k ≥ 0 since s is finite.
function transform1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = Number.NEGATIVE_INFINITY;
  z[1] = Number.POSITIVE_INFINITY;
  for (let q = 1; q < n; q++) {
    let p = v[k]!;
    let s = (f[q]! + q * q - (f[p]! + p * p)) / (2 * (q - p));
    while (s <= z[k]!) {
      k--;
      p = v[k]!;
      s = (f[q]! + q * q - (f[p]! + p * p)) / (2 * (q - p));
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Number.POSITIVE_INFINITY;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1]! < q) k++;
    const p = v[k]!;
    d[q] = (q - p) * (q - p) + f[p]!;
  }
}
