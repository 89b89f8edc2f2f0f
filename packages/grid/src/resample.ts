// Putting a grid onto another grid's cells: the geometry comparison an import needs (same
// cells, cells in the opposite row order, coverage) and nearest / bilinear resampling at the
// target's cell centres, computed as GDAL's warper does (gdalwarp -r near / -r bilinear), so that
// a file resampled here and one resampled with GDAL agree.
import { assertGeometry, cellLat, cellLon, flipRows, geometryOf, gridBBox, type BBox, type Grid, type GridGeometry } from './grid.js';

export const RESAMPLE_METHODS = ['nearest', 'bilinear'] as const;
export type ResampleMethod = (typeof RESAMPLE_METHODS)[number];

/**
 * Centres closer than this share of a cell are the same centre: files written by other software carry decimal
 * georeferences through binary floating point (0.05 × 140 is not exactly 7).
 */
export const SAME_CELL_TOLERANCE = 1e-4;

/**
 * How `file`'s cells relate to `target`'s: 'same' (every centre within the tolerance, same row order), 'flipped' (the
 * same cells with rows in the opposite order: flipRows makes them 'same', no value changes) or null.
 */
export function compareGeometry(file: GridGeometry, target: GridGeometry, tolerance = SAME_CELL_TOLERANCE): 'same' | 'flipped' | null {
  if (file.nx !== target.nx || file.ny !== target.ny) return null;
  const near = (a: number, b: number, step: number) => Math.abs(a - b) <= tolerance * Math.abs(step);
  // First and last centres of each axis: equal ends and counts mean equal spacing too.
  const lonSame = near(file.lon0, target.lon0, target.dx) && near(cellLon(file, file.nx - 1), cellLon(target, target.nx - 1), target.dx);
  if (!lonSame) return null;
  const lastRow = target.ny - 1;
  if (near(file.lat0, target.lat0, target.dy) && near(cellLat(file, lastRow), cellLat(target, lastRow), target.dy)) {
    // One row: the sign of dy says nothing about the order.
    return Math.sign(file.dy) === Math.sign(target.dy) || target.ny === 1 ? 'same' : 'flipped';
  }
  if (near(file.lat0, cellLat(target, lastRow), target.dy) && near(cellLat(file, lastRow), target.lat0, target.dy)) return 'flipped';
  return null;
}

/** `grid` on `target`'s exact georeference when compareGeometry says its cells are the target's, else null. */
export function alignToGeometry(grid: Grid, target: GridGeometry, tolerance = SAME_CELL_TOLERANCE): Grid | null {
  const relation = compareGeometry(grid, target, tolerance);
  if (relation === null) return null;
  const values = relation === 'flipped' ? flipRows(grid).values : grid.values;
  return { lon0: target.lon0, lat0: target.lat0, dx: target.dx, dy: target.dy, nx: target.nx, ny: target.ny, values };
}

/** The box of the target's cell centres: what a source must cover for every target cell to get a value. */
export function centresBBox(g: GridGeometry): BBox {
  const lonB = cellLon(g, g.nx - 1);
  const latB = cellLat(g, g.ny - 1);
  return { west: Math.min(g.lon0, lonB), east: Math.max(g.lon0, lonB), south: Math.min(g.lat0, latB), north: Math.max(g.lat0, latB) };
}

/**
 * Whether every cell centre of `target` lies within `source`'s extent (its cells' edges), allowing centres that fall
 * on an edge up to the tolerance (a share of the source's cell).
 */
export function coversCentres(source: GridGeometry, target: GridGeometry, tolerance = SAME_CELL_TOLERANCE): boolean {
  const outer = gridBBox(source);
  const inner = centresBBox(target);
  const tx = tolerance * source.dx;
  const ty = tolerance * Math.abs(source.dy);
  return (
    inner.west >= outer.west - tx && inner.east <= outer.east + tx && inner.south >= outer.south - ty && inner.north <= outer.north + ty
  );
}

/** Edge-based pixel coordinate of a position along one source axis: 0 at the first cell's outer edge, n at the last's. */
function pixelCoordinate(position: number, first: number, step: number): number {
  return (position - (first - step / 2)) / step;
}

/** A pixel coordinate just past the far edge (within the tolerance) is taken as on it. */
function clampEdge(p: number, n: number, tolerance: number): number {
  if (p < 0 && p >= -tolerance) return 0;
  if (p >= n && p <= n + tolerance) return n - 1e-9;
  return p;
}

/**
 * `source` resampled onto `target`'s cells: each target cell takes the value at its centre.
 *
 * - nearest: the source cell containing the centre (a centre on the edge between two cells takes the one with the
 *   larger index, as GDAL does).
 * - bilinear: the four source cell centres around it weighted by distance (within the outer half cell the border
 *   centres alone); missing neighbours are left out and the other weights renormalised, and a target cell whose
 *   centre lies in a missing source cell stays missing, so coasts and data holes keep their shape (gdalwarp's rules).
 *   Point interpolation: when the target is much coarser than the source it samples rather than averages.
 *
 * Centres outside the source's extent are missing (NaN). Computed in double precision, stored as Float32.
 */
export function resampleGrid(source: Grid, target: GridGeometry, method: ResampleMethod): Grid {
  assertGeometry(source);
  assertGeometry(target);
  if (source.values.length !== source.nx * source.ny) throw new RangeError('source values do not match its size');
  const { nx, ny } = target;
  const out = new Float32Array(nx * ny).fill(Number.NaN);
  const tolerance = SAME_CELL_TOLERANCE;
  // Positions along each axis are separable: compute them once per column and per row.
  const px = new Float64Array(nx);
  const py = new Float64Array(ny);
  for (let i = 0; i < nx; i++) px[i] = clampEdge(pixelCoordinate(cellLon(target, i), source.lon0, source.dx), source.nx, tolerance);
  for (let j = 0; j < ny; j++) py[j] = clampEdge(pixelCoordinate(cellLat(target, j), source.lat0, source.dy), source.ny, tolerance);
  const inside = (p: number, n: number) => p >= 0 && p < n;
  const src = source.values;
  const snx = source.nx;

  if (method === 'nearest') {
    const col = Int32Array.from(px, (p) => (inside(p, snx) ? Math.min(Math.trunc(p + 1e-10), snx - 1) : -1));
    for (let j = 0; j < ny; j++) {
      if (!inside(py[j]!, source.ny)) continue;
      const row = Math.min(Math.trunc(py[j]! + 1e-10), source.ny - 1) * snx;
      for (let i = 0; i < nx; i++) if (col[i]! >= 0) out[j * nx + i] = src[row + col[i]!]!;
    }
    return { ...geometryOf(target), values: out };
  }

  // Bilinear, per axis: the lower neighbour, its weight, and the cell containing the centre.
  const axis = (p: number, n: number) => {
    // Centre-based coordinate; one within binary noise of a source centre is on it (resampling onto the source's own
    // cells gives its values back bit for bit).
    let f = p - 0.5;
    if (Math.abs(f - Math.round(f)) < 1e-9) f = Math.round(f);
    let lower = Math.floor(f);
    let weight = 1 - (f - lower);
    if (lower === -1) {
      lower = 0;
      weight = 1;
    }
    return { lower, weight, containing: Math.min(Math.trunc(p + 1e-10), n - 1) };
  };
  const cols = Array.from(px, (p) => (inside(p, snx) ? axis(p, snx) : null));
  for (let j = 0; j < ny; j++) {
    if (!inside(py[j]!, source.ny)) continue;
    const r = axis(py[j]!, source.ny);
    for (let i = 0; i < nx; i++) {
      const c = cols[i];
      if (!c) continue;
      const own = src[r.containing * snx + c.containing]!;
      if (Number.isNaN(own)) continue;
      if (r.weight === 1 && c.weight === 1) {
        out[j * nx + i] = own;
        continue;
      }
      let sum = 0;
      let divisor = 0;
      for (let b = 0; b < 2; b++) {
        const jj = r.lower + b;
        if (jj >= source.ny) continue;
        const wy = b === 0 ? r.weight : 1 - r.weight;
        for (let a = 0; a < 2; a++) {
          const ii = c.lower + a;
          if (ii >= snx) continue;
          const v = src[jj * snx + ii]!;
          if (Number.isNaN(v)) continue;
          const w = (a === 0 ? c.weight : 1 - c.weight) * wy;
          sum += v * w;
          divisor += w;
        }
      }
      // GDAL's threshold: a centre that only touches valid cells with negligible weight stays missing.
      if (divisor >= 1e-5) out[j * nx + i] = sum / divisor;
    }
  }
  return { ...geometryOf(target), values: out };
}
