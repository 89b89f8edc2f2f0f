// A regular longitude/latitude grid. Cell (i, j) has its centre at (lon0 + i·dx, lat0 + j·dy);
// values are row-major (index j·nx + i), NaN marks a missing cell.

export interface GridGeometry {
  /** Longitude of the centre of the first cell (i = 0), degrees east. */
  lon0: number;
  /** Latitude of the centre of the first row (j = 0), degrees north. */
  lat0: number;
  /** Longitude spacing, degrees, > 0 (columns west to east). */
  dx: number;
  /** Latitude spacing, degrees, non-zero; negative when rows run north to south. */
  dy: number;
  nx: number;
  ny: number;
}

export interface Grid extends GridGeometry {
  values: Float32Array;
}

export interface Cell {
  i: number;
  j: number;
}

export interface LonLat {
  lon: number;
  lat: number;
}

export interface BBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function assertGeometry(g: GridGeometry): void {
  const finite = [g.lon0, g.lat0, g.dx, g.dy].every(Number.isFinite);
  if (!finite) throw new RangeError('grid origin and spacing must be finite numbers');
  if (!(g.dx > 0)) throw new RangeError(`grid dx must be > 0, got ${g.dx}`);
  if (g.dy === 0) throw new RangeError('grid dy must be non-zero');
  if (!Number.isInteger(g.nx) || !Number.isInteger(g.ny) || g.nx < 1 || g.ny < 1) {
    throw new RangeError(`grid size must be positive integers, got ${g.nx} × ${g.ny}`);
  }
}

export function geometryOf(g: GridGeometry): GridGeometry {
  return { lon0: g.lon0, lat0: g.lat0, dx: g.dx, dy: g.dy, nx: g.nx, ny: g.ny };
}

export function createGrid(geometry: GridGeometry, fill = Number.NaN): Grid {
  assertGeometry(geometry);
  const values = new Float32Array(geometry.nx * geometry.ny);
  if (!Object.is(fill, 0)) values.fill(fill);
  return { ...geometryOf(geometry), values };
}

/** Wraps (does not copy) a Float32Array, or copies any other array-like, as the grid's values. */
export function gridFromValues(geometry: GridGeometry, values: ArrayLike<number>): Grid {
  assertGeometry(geometry);
  if (values.length !== geometry.nx * geometry.ny) {
    throw new RangeError(`expected ${geometry.nx * geometry.ny} values for ${geometry.nx} × ${geometry.ny}, got ${values.length}`);
  }
  return { ...geometryOf(geometry), values: values instanceof Float32Array ? values : Float32Array.from(values) };
}

export function cloneGrid(grid: Grid): Grid {
  return { ...geometryOf(grid), values: grid.values.slice() };
}

export function sameGeometry(a: GridGeometry, b: GridGeometry): boolean {
  return a.lon0 === b.lon0 && a.lat0 === b.lat0 && a.dx === b.dx && a.dy === b.dy && a.nx === b.nx && a.ny === b.ny;
}

export function cellIndex(g: GridGeometry, i: number, j: number): number {
  return j * g.nx + i;
}

export function cellCentre(g: GridGeometry, i: number, j: number): LonLat {
  return { lon: cellLon(g, i), lat: cellLat(g, j) };
}

// These two formulas define the cell centres everywhere (masks, sampling, formats): keep them the only ones.
export function cellLon(g: GridGeometry, i: number): number {
  return g.lon0 + i * g.dx;
}

export function cellLat(g: GridGeometry, j: number): number {
  return g.lat0 + j * g.dy;
}

/**
 * The cell whose extent (centre ± half a spacing) contains the point, or null outside the grid.
 * A point on an edge between two cells belongs to the one with the larger index.
 */
export function cellAt(g: GridGeometry, lon: number, lat: number): Cell | null {
  const i = cellIndexAlong(g.lon0, g.dx, g.nx, lon) + 0; // + 0 turns −0 into 0
  const j = cellIndexAlong(g.lat0, g.dy, g.ny, lat) + 0;
  if (i < 0 || j < 0) return null;
  return { i, j };
}

// The one sampler's kernel (the lattice form for map images is sample.ts): nearest by cellAt's rule, bilinear between
// the four centres around a point with the position clamped to the border centres within the outer half cell.

/** The index of the cell holding `position` along one axis (first centre, spacing, count), or −1 outside. */
export function cellIndexAlong(first: number, step: number, n: number, position: number): number {
  const k = Math.round((position - first) / step);
  return k >= 0 && k < n ? k : -1;
}

/** The value of the cell holding the point (NaN outside the grid or in a missing cell). */
export function valueAt(grid: Grid, lon: number, lat: number): number {
  const i = cellIndexAlong(grid.lon0, grid.dx, grid.nx, lon);
  const j = cellIndexAlong(grid.lat0, grid.dy, grid.ny, lat);
  return i >= 0 && j >= 0 ? grid.values[j * grid.nx + i]! : Number.NaN;
}

/**
 * How a missing corner (NaN) of a bilinear sample is treated:
 * - 'renormalise': left out and the other weights renormalised (NaN when all are missing): point edits, map products;
 * - 'nearest-corner': the value of the corner nearest the point, whatever it is (NaN when that one is missing): the
 *   WMS smooth style, so that a coast keeps the outline of its cells.
 */
export type MissingCorners = 'renormalise' | 'nearest-corner';

/** Where a fractional cell position falls between two centres along one axis: the lower and upper cell and the weight of the upper. */
export interface AxisWeight {
  lower: number;
  upper: number;
  t: number;
}

/** The bilinear neighbours of fractional position `f` (in cells) along an axis of `n` cells, clamped to the border centres. */
export function axisWeight(f: number, n: number): AxisWeight {
  const clamped = Math.min(Math.max(f, 0), n - 1);
  const lower = Math.min(Math.floor(clamped), Math.max(n - 2, 0));
  return { lower, upper: Math.min(lower + 1, n - 1), t: n > 1 ? clamped - lower : 0 };
}

/** The bilinear value between the four cells that `x` (columns) and `y` (rows) name, by the given rule for missing corners. */
export function bilinearBetween(grid: Grid, x: AxisWeight, y: AxisWeight, missing: MissingCorners = 'renormalise'): number {
  const { nx, values } = grid;
  const r0 = y.lower * nx;
  const r1 = y.upper * nx;
  const fx = x.t;
  const fy = y.t;
  if (missing === 'nearest-corner') {
    const a = values[r0 + x.lower]!;
    const b = values[r0 + x.upper]!;
    const d = values[r1 + x.lower]!;
    const e = values[r1 + x.upper]!;
    const v = (a * (1 - fx) + b * fx) * (1 - fy) + (d * (1 - fx) + e * fx) * fy;
    return Number.isNaN(v) ? values[(fy < 0.5 ? r0 : r1) + (fx < 0.5 ? x.lower : x.upper)]! : v;
  }
  let sum = 0;
  let weight = 0;
  const add = (index: number, w: number) => {
    const v = values[index]!;
    if (w > 0 && !Number.isNaN(v)) {
      sum += v * w;
      weight += w;
    }
  };
  add(r0 + x.lower, (1 - fx) * (1 - fy));
  add(r0 + x.upper, fx * (1 - fy));
  add(r1 + x.lower, (1 - fx) * fy);
  add(r1 + x.upper, fx * fy);
  return weight > 0 ? sum / weight : Number.NaN;
}

/**
 * Bilinear interpolation between the four surrounding cell centres. Missing corners are left out
 * and the remaining weights renormalised; NaN when all are missing or the point lies outside the
 * grid's extent (its outer edges included). Within the outer half cell the position is clamped to the border centres.
 */
export function sampleBilinear(grid: Grid, lon: number, lat: number): number {
  const fi = (lon - grid.lon0) / grid.dx;
  const fj = (lat - grid.lat0) / grid.dy;
  if (!(fi >= -0.5 && fi <= grid.nx - 0.5 && fj >= -0.5 && fj <= grid.ny - 0.5)) return Number.NaN;
  return bilinearBetween(grid, axisWeight(fi, grid.nx), axisWeight(fj, grid.ny));
}

/** The outer extent of the grid: cell edges, not centres. */
export function gridBBox(g: GridGeometry): BBox {
  const latA = g.lat0 - g.dy / 2;
  const latB = g.lat0 + (g.ny - 0.5) * g.dy;
  return {
    west: g.lon0 - g.dx / 2,
    east: g.lon0 + (g.nx - 0.5) * g.dx,
    south: Math.min(latA, latB),
    north: Math.max(latA, latB),
  };
}

/** The same field with rows reversed, so that dy changes sign (e.g. to make a grid north-up). */
export function flipRows(grid: Grid): Grid {
  const { nx, ny } = grid;
  const values = new Float32Array(nx * ny);
  for (let j = 0; j < ny; j++) values.set(grid.values.subarray((ny - 1 - j) * nx, (ny - j) * nx), j * nx);
  return { ...geometryOf(grid), lat0: cellLat(grid, ny - 1), dy: -grid.dy, values };
}
