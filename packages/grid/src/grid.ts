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
  const i = Math.round((lon - g.lon0) / g.dx) + 0; // + 0 turns −0 into 0
  const j = Math.round((lat - g.lat0) / g.dy) + 0;
  if (!(i >= 0 && i < g.nx && j >= 0 && j < g.ny)) return null;
  return { i, j };
}

/**
 * Bilinear interpolation between the four surrounding cell centres. Missing corners are left out
 * and the remaining weights renormalised; NaN when all are missing or the point lies outside the
 * grid's extent. Within the outer half cell the position is clamped to the border centres.
 */
export function sampleBilinear(grid: Grid, lon: number, lat: number): number {
  const { nx, ny, values } = grid;
  let fi = (lon - grid.lon0) / grid.dx;
  let fj = (lat - grid.lat0) / grid.dy;
  if (!(fi >= -0.5 && fi <= nx - 0.5 && fj >= -0.5 && fj <= ny - 0.5)) return Number.NaN;
  fi = Math.min(Math.max(fi, 0), nx - 1);
  fj = Math.min(Math.max(fj, 0), ny - 1);
  const i0 = Math.min(Math.floor(fi), Math.max(nx - 2, 0));
  const j0 = Math.min(Math.floor(fj), Math.max(ny - 2, 0));
  const i1 = Math.min(i0 + 1, nx - 1);
  const j1 = Math.min(j0 + 1, ny - 1);
  const tx = fi - i0;
  const ty = fj - j0;
  let sum = 0;
  let weight = 0;
  const add = (i: number, j: number, w: number) => {
    const v = values[j * nx + i]!;
    if (w > 0 && !Number.isNaN(v)) {
      sum += v * w;
      weight += w;
    }
  };
  add(i0, j0, (1 - tx) * (1 - ty));
  add(i1, j0, tx * (1 - ty));
  add(i0, j1, (1 - tx) * ty);
  add(i1, j1, tx * ty);
  return weight > 0 ? sum / weight : Number.NaN;
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
