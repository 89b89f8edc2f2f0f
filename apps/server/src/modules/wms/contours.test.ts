import { createGrid } from '@agromet/grid';
import { describe, expect, it } from 'vitest';
import { boxOf, CONTOUR_LABEL_RULES, boxDistance, pointBoxDistance } from './contour-labels.js';
import { contourDrawing, contourLevels, drawContours, LINE_SHADE, levelOf, levelsBetween, niceStep } from './contours.js';
import { lonLatToMercator } from './params.js';

const ramp = {
  type: 'ramp' as const,
  stops: [
    { value: -30, color: '#000000' },
    { value: 40, color: '#ffffff' },
  ],
};

describe('contour levels', () => {
  it("takes the element's interval, an intervals map's thresholds, else a nice tenth of the ramp", () => {
    expect(contourLevels('tmp', ramp)).toEqual({ kind: 'interval', interval: 2, base: 0 });
    expect(contourLevels('rh', ramp)).toMatchObject({ interval: 10 });
    const intervals = { type: 'intervals' as const, thresholds: [0.1, 1, 10], colors: ['#000', '#111', '#222', '#333'] };
    expect(contourLevels('pre3h', intervals)).toEqual({ kind: 'thresholds', thresholds: [0.1, 1, 10] });
    expect(contourLevels('other', ramp)).toEqual({ kind: 'interval', interval: 10, base: 0 });
    expect([niceStep(0.7), niceStep(1.3), niceStep(3), niceStep(7), niceStep(0)]).toEqual([1, 2, 5, 10, 1]);
  });
  it('lists the levels a window crosses: lo < level ≤ hi', () => {
    const every2 = { kind: 'interval' as const, interval: 2, base: 0 };
    expect(levelsBetween(every2, -0.1, 4)).toEqual([0, 2, 4]);
    expect(levelsBetween(every2, 0, 3.9)).toEqual([2]);
    expect(levelsBetween(every2, 3, 3)).toEqual([]);
    expect(levelOf(every2, 2)).toBe(4);
    const t = { kind: 'thresholds' as const, thresholds: [0.1, 1, 10] };
    expect(levelsBetween(t, 0, 5)).toEqual([0.1, 1]);
    expect(levelOf(t, 1)).toBe(0.1);
  });
});

// A 0.1° grid over 100–110° E, 30–38° N whose value is lon + lat: its isolines are the straight lines lon + lat = level.
function diagonalGrid() {
  const grid = createGrid({ lon0: 100, lat0: 38, dx: 0.1, dy: -0.1, nx: 101, ny: 81 });
  for (let j = 0; j < grid.ny; j++) for (let i = 0; i < grid.nx; i++) grid.values[j * grid.nx + i] = 100 + i * 0.1 + (38 - j * 0.1);
  return grid;
}
const every1 = { kind: 'interval' as const, interval: 1, base: 0 };

describe('contourDrawing (vector isolines)', () => {
  it('a diagonal linear field gives straight lines on the true isolines, georeferenced to the cell centres (EPSG:4326)', async () => {
    const grid = diagonalGrid();
    // 256 px over 102–106° E, 32–36° N: x = (lon − 102)·64, y = (36 − lat)·64.
    const req = { bbox: { minX: 102, minY: 32, maxX: 106, maxY: 36 }, crs: 'EPSG:4326' as const, width: 256, height: 256 };
    const { lines, labels } = await contourDrawing(grid, req, every1);
    expect(lines.map((l) => l.level).sort((a, b) => a - b)).toEqual([...new Set(lines.map((l) => l.level))].sort((a, b) => a - b));
    expect(lines.length).toBeGreaterThanOrEqual(7);
    for (const line of lines) {
      for (let k = 0; k < line.points.length; k += 2) {
        const lon = 102 + line.points[k]! / 64;
        const lat = 36 - line.points[k + 1]! / 64;
        // Within a thousandth of a pixel of the true line (a stair-step would be half a cell, 3 px, off).
        expect(Math.abs(lon + lat - line.level) / Math.SQRT2).toBeLessThan(1e-3 / 64);
      }
    }
    expect(labels.length).toBeGreaterThan(0);
  });

  it('the same in EPSG:3857: the points lie on the true isolines after projection', async () => {
    const grid = diagonalGrid();
    const [x0, y0] = lonLatToMercator(102, 32);
    const [x1, y1] = lonLatToMercator(106, 36);
    const req = { bbox: { minX: x0, minY: y0, maxX: x1, maxY: y1 }, crs: 'EPSG:3857' as const, width: 256, height: 256 };
    const { lines } = await contourDrawing(grid, req, every1);
    expect(lines.length).toBeGreaterThanOrEqual(7);
    const R = 6378137;
    for (const line of lines) {
      for (let k = 0; k < line.points.length; k += 2) {
        const lon = ((x0 + (line.points[k]! / 256) * (x1 - x0)) / R) * (180 / Math.PI);
        const lat = Math.atan(Math.sinh((y1 - (line.points[k + 1]! / 256) * (y1 - y0)) / R)) * (180 / Math.PI);
        expect(Math.abs(lon + lat - line.level)).toBeLessThan(1e-6);
      }
    }
  });

  it('labels keep the minimum gap and stay clear of line ends', async () => {
    const grid = diagonalGrid();
    const req = { bbox: { minX: 99, minY: 29, maxX: 111, maxY: 39 }, crs: 'EPSG:4326' as const, width: 512, height: 512 };
    const { lines, labels } = await contourDrawing(grid, req, every1);
    expect(labels.length).toBeGreaterThan(3);
    for (const a of labels) {
      for (const b of labels) if (a !== b) expect(boxDistance(boxOf(a), boxOf(b))).toBeGreaterThanOrEqual(CONTOUR_LABEL_RULES.gap);
      for (const l of lines.filter((x) => !x.closed)) {
        const n = l.points.length;
        expect(pointBoxDistance(l.points[0]!, l.points[1]!, boxOf(a))).toBeGreaterThanOrEqual(CONTOUR_LABEL_RULES.endClearance);
        expect(pointBoxDistance(l.points[n - 2]!, l.points[n - 1]!, boxOf(a))).toBeGreaterThanOrEqual(CONTOUR_LABEL_RULES.endClearance);
      }
    }
  });
});

describe('drawContours (pixels)', () => {
  it('draws each line where the field crosses its level, antialiased, with a gap and dark digits on a white halo at its labels', async () => {
    const grid = diagonalGrid();
    const req = { bbox: { minX: 102, minY: 32, maxX: 106, maxY: 36 }, crs: 'EPSG:4326' as const, width: 256, height: 256 };
    const out = new Uint8ClampedArray(256 * 256 * 4);
    const { labels } = await drawContours(out, grid, req, every1);
    const at = (x: number, y: number) => out.subarray((y * 256 + x) * 4, (y * 256 + x) * 4 + 4);
    // Along rows 60, 130 and 200 (lat = 36 − (row + 0.5)/64), the line of level L crosses at x = (L − lat − 102)·64:
    // the pixel there is line ink, the pixels 4 px either side are clear, away from labels.
    const inLabel = (x: number, y: number) =>
      labels.some((l) => Math.abs(x - l.x) <= l.width / 2 + 5 && Math.abs(y - l.y) <= l.height / 2 + 5);
    let checked = 0;
    for (const row of [60, 130, 200]) {
      const lat = 36 - (row + 0.5) / 64;
      for (let level = 134; level <= 142; level++) {
        const x = Math.floor((level - lat - 102) * 64);
        if (x < 5 || x > 250 || inLabel(x, row)) continue;
        const here = Math.max(at(x, row)[3]!, at(x + 1, row)[3]!, at(x - 1, row)[3]!);
        expect(here).toBeGreaterThan(200);
        expect(at(x, row)[0]).toBe(LINE_SHADE);
        expect(at(x - 4, row)[3]).toBe(0);
        expect(at(x + 4, row)[3]).toBe(0);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6);
    // A label: dark ink and white halo inside its box, and no line ink (the line breaks under it).
    const label = labels[0]!;
    let ink = 0;
    let halo = 0;
    for (let y = label.y - 5; y <= label.y + 5; y++) {
      for (let x = label.x - label.width / 2 + 2; x <= label.x + label.width / 2 - 2; x++) {
        const p = at(Math.round(x), y);
        if (p[3]! > 200 && p[0]! < 140) ink += 1;
        if (p[3]! > 200 && p[0]! > 230) halo += 1;
      }
    }
    expect(ink).toBeGreaterThan(8);
    expect(halo).toBeGreaterThan(8);
  });

  it('draws nothing where the grid has no values, and no line into a missing cell', async () => {
    const grid = diagonalGrid();
    // The western half missing.
    for (let j = 0; j < grid.ny; j++) for (let i = 0; i < 50; i++) grid.values[j * grid.nx + i] = Number.NaN;
    const req = { bbox: { minX: 102, minY: 32, maxX: 106, maxY: 36 }, crs: 'EPSG:4326' as const, width: 256, height: 256 };
    const out = new Uint8ClampedArray(256 * 256 * 4);
    await drawContours(out, grid, req, every1);
    // Cell 50 is at 105° E, x = 192: nothing west of the cell centres 104.9–105 (x < 185).
    for (let y = 0; y < 256; y++) for (let x = 0; x < 185; x++) expect(out[(y * 256 + x) * 4 + 3]).toBe(0);
  });
});
