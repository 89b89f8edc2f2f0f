// The national 0.05° grid (1401 × 1201, 70–140°E, 0–60°N) and the polygon the grid benchmarks edit.
import { cellLat, cellLon, createGrid, type Grid, type PolygonGeometry } from '@agromet/grid';

/** A temperature-like field: colder to the north and with altitude-like waves. */
export function nationalGrid(): Grid {
  const grid = createGrid({ lon0: 70, lat0: 60, dx: 0.05, dy: -0.05, nx: 1401, ny: 1201 });
  for (let j = 0; j < grid.ny; j++) {
    const lat = cellLat(grid, j);
    for (let i = 0; i < grid.nx; i++)
      grid.values[j * grid.nx + i] = 28 - 0.6 * (lat - 20) + 3 * Math.sin(cellLon(grid, i) / 3) * Math.cos(lat / 4);
  }
  return grid;
}

/** An irregular 240-vertex outline of about a fifth of the grid (19° × 14° half-axes, wobbly). */
export function fifthOfTheGrid(): PolygonGeometry {
  const ring: number[][] = [];
  for (let k = 0; k < 240; k++) {
    const a = (2 * Math.PI * k) / 240;
    const wobble = 1 + 0.06 * Math.sin(7 * a) + 0.03 * Math.cos(13 * a);
    ring.push([105 + 19 * wobble * Math.cos(a), 31 + 14 * wobble * Math.sin(a)]);
  }
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}
