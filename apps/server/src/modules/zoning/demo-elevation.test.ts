import { cellLat, cellLon } from '@agromet/grid';
import { describe, expect, it } from 'vitest';
import { SHAANXI_STATIONS } from '../stations/demo.js';
import { DEMO_ELEVATION_GEOMETRY, demoElevation, reliefAt } from './demo-elevation.js';

// The demo elevation is a smooth relief (docs/zoning.md#the-demo-elevation): nothing is bent under the stations, so
// the relief is as rough next to a station as anywhere else.

const g = DEMO_ELEVATION_GEOMETRY;
const elevation = demoElevation();
const at = (i: number, j: number) => elevation.values[j * g.nx + i]!;

/** |∇²h| by second differences (m per cell²), NaN where a neighbour is missing. */
function laplacian(i: number, j: number): number {
  if (i < 1 || j < 1 || i >= g.nx - 1 || j >= g.ny - 1) return Number.NaN;
  return Math.abs(at(i + 1, j) + at(i - 1, j) + at(i, j + 1) + at(i, j - 1) - 4 * at(i, j));
}

describe('the demo elevation', () => {
  it('is the relief itself on every cell of the province', () => {
    let cells = 0;
    for (let j = 0; j < g.ny; j++) {
      for (let i = 0; i < g.nx; i++) {
        const h = at(i, j);
        if (Number.isNaN(h)) continue;
        cells++;
        expect(h).toBe(Math.round(Math.max(150, reliefAt(cellLon(g, i), cellLat(g, j)))));
      }
    }
    // Shaanxi's 205 600 km² at about 6 km² a cell
    expect(cells).toBeGreaterThan(30_000);
  });

  it('is no rougher near a station than elsewhere: no pit or cone under any', () => {
    // the largest |∇²h| within 0.1° (4 cells, where the old elevation spread each station's correction) of a point
    const windowMax = (ci: number, cj: number) => {
      let worst = 0;
      for (let j = cj - 4; j <= cj + 4; j++) for (let i = ci - 4; i <= ci + 4; i++) worst = Math.max(worst, laplacian(i, j) || 0);
      return worst;
    };
    const windows: number[] = [];
    for (let j = 4; j < g.ny - 4; j += 3) for (let i = 4; i < g.nx - 4; i += 3) if (!Number.isNaN(at(i, j))) windows.push(windowMax(i, j));
    windows.sort((a, b) => a - b);
    // The old elevation's pits and cones gave 157–209 m per cell² at Wugong, Huashan, Shangzhou and Baoji, above the
    // province's 95th percentile (about 150 m per cell² on this relief, raised by the Qinling's north face); the
    // relief gives 17–63 there.
    const p95 = windows[Math.floor(0.95 * windows.length)]!;
    expect(p95).toBeLessThan(157);
    for (const s of SHAANXI_STATIONS) {
      const worst = windowMax(Math.round((s.lon - g.lon0) / g.dx), Math.round((s.lat - g.lat0) / g.dy));
      expect(worst, s.name).toBeLessThanOrEqual(p95);
    }
  });
});
