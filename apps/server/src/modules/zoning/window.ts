import type { GridGeometry } from '@agromet/grid';

// The window of a grid that a product covers (zoning and risk products): its geometry, a grid cut to it, and whether an
// area's geometry can touch it.

/** The geometry of the cells [i0, i1] × [j0, j1] of `g`. */
export function windowOf(g: GridGeometry, b: { i0: number; i1: number; j0: number; j1: number }): GridGeometry {
  return { lon0: g.lon0 + b.i0 * g.dx, lat0: g.lat0 + b.j0 * g.dy, dx: g.dx, dy: g.dy, nx: b.i1 - b.i0 + 1, ny: b.j1 - b.j0 + 1 };
}

/** `src` (on `g`) cut to the window `w` whose first cell is (i0, j0) of `g`. */
export function cutWindow<T extends Float32Array | Uint8Array>(src: T, g: GridGeometry, w: GridGeometry, i0: number, j0: number): T {
  const out = new (src.constructor as { new (n: number): T })(w.nx * w.ny);
  for (let j = 0; j < w.ny; j++) out.set(src.subarray((j0 + j) * g.nx + i0, (j0 + j) * g.nx + i0 + w.nx), j * w.nx);
  return out;
}

/** Whether a GeoJSON geometry's bounding box meets `box`. */
export function overlapsBox(
  g: { type: string; coordinates: unknown },
  box: { west: number; south: number; east: number; north: number },
): boolean {
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      const [x, y] = c as number[];
      if (x! < west) west = x!;
      if (x! > east) east = x!;
      if (y! < south) south = y!;
      if (y! > north) north = y!;
    } else if (Array.isArray(c)) for (const x of c) visit(x);
  };
  visit(g.coordinates);
  return west <= box.east && east >= box.west && south <= box.north && north >= box.south;
}
