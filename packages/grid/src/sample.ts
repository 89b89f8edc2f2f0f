// Sampling a grid on a lattice of pixels (a map image's columns and rows): the one sampler behind WMS images and the
// map products' class raster, on the kernel of grid.ts (cellAt / valueAt for one point, sampleBilinear for a point edit).
//
// Nearest: the cell whose extent (centre ± half a spacing) holds the pixel's centre, as cellAt: a centre on the edge
// between two cells takes the one with the larger index; outside every cell, nothing (NaN, or index −1).
// Bilinear: the four cell centres around the pixel's centre (axisWeight: clamped to the border centres within the outer
// half cell), a missing corner by the MissingCorners rule; pixels outside every cell (nearest's rule) stay NaN.
import { axisWeight, bilinearBetween, cellIndexAlong, type Grid, type GridGeometry, type MissingCorners } from './grid.js';

export type SampleMethod = 'nearest' | 'bilinear';

/** A lattice of sample points: one longitude per column and one latitude per row (a map whose axes are separable). */
export interface Lattice {
  lons: ArrayLike<number>;
  lats: ArrayLike<number>;
}

/** The cell column of each lattice column and the cell row of each lattice row (−1 outside the grid). */
export function latticeCells(g: GridGeometry, lattice: Lattice): { cols: Int32Array; rows: Int32Array } {
  const cols = Int32Array.from({ length: lattice.lons.length }, (_, c) => cellIndexAlong(g.lon0, g.dx, g.nx, lattice.lons[c]!));
  const rows = Int32Array.from({ length: lattice.lats.length }, (_, r) => cellIndexAlong(g.lat0, g.dy, g.ny, lattice.lats[r]!));
  return { cols, rows };
}

/** The grid's value at every lattice point, row-major (lattice rows × columns); NaN where the rules give nothing. */
export function sampleLattice(grid: Grid, lattice: Lattice, method: SampleMethod, missing: MissingCorners = 'renormalise'): Float32Array {
  const width = lattice.lons.length;
  const height = lattice.lats.length;
  const out = new Float32Array(width * height).fill(Number.NaN);
  const { cols, rows } = latticeCells(grid, lattice);
  const { nx, values } = grid;
  if (method === 'nearest') {
    for (let r = 0; r < height; r++) {
      const offset = rows[r]! * nx;
      if (offset < 0) continue;
      for (let c = 0; c < width; c++) if (cols[c]! >= 0) out[r * width + c] = values[offset + cols[c]!]!;
    }
    return out;
  }
  const xs = Array.from({ length: width }, (_, c) => axisWeight((lattice.lons[c]! - grid.lon0) / grid.dx, nx));
  for (let r = 0; r < height; r++) {
    if (rows[r]! < 0) continue;
    const y = axisWeight((lattice.lats[r]! - grid.lat0) / grid.dy, grid.ny);
    for (let c = 0; c < width; c++) if (cols[c]! >= 0) out[r * width + c] = bilinearBetween(grid, xs[c]!, y, missing);
  }
  return out;
}
