import { describe, expect, it } from 'vitest';
import { greatCircleKm } from './geodesy.js';
import { cellLat, cellLon, createGrid, gridFromValues, sampleBilinear, type Grid } from './grid.js';
import { applyPatch } from './patch.js';
import { cressmanWeight, editPoints, type PointEdit, type PointTarget } from './point-ops.js';

// 0.05° cells, rows north to south, 61 × 61 around (111.5°E, 33.5°N); every cell 20.
const geometry = { lon0: 110, lat0: 35, dx: 0.05, dy: -0.05, nx: 61, ny: 61 };
const twenties = () => createGrid(geometry, 20);
const at = (g: Grid, i: number, j: number) => g.values[j * g.nx + i]!;
const centre = (i: number, j: number) => ({ lon: cellLon(geometry, i), lat: cellLat(geometry, j) });

function edited(grid: Grid, targets: PointTarget[], edit: PointEdit): Grid {
  const copy = { ...grid, values: grid.values.slice() };
  applyPatch(copy.values, editPoints(grid, targets, edit));
  return copy;
}

describe('great-circle distance', () => {
  it('gives 111.195 km per degree of latitude and shrinks longitude degrees by cos(lat)', () => {
    expect(greatCircleKm(110, 0, 110, 1)).toBeCloseTo(111.19508, 4);
    expect(greatCircleKm(110, 60, 110.001, 60)).toBeCloseTo(0.111195 * 0.5, 5);
  });
});

describe('Cressman weight', () => {
  it('is (R² − d²)/(R² + d²): 1 at the point, 0 at and beyond R', () => {
    expect(cressmanWeight(0, 50)).toBe(1);
    expect(cressmanWeight(25, 50)).toBeCloseTo(0.6, 15);
    expect(cressmanWeight(50, 50)).toBe(0);
    expect(cressmanWeight(80, 50)).toBe(0);
  });
});

describe('point edits', () => {
  it("spread one point's change with Cressman weights over the great-circle radius", () => {
    const grid = twenties();
    const p = centre(30, 30);
    const result = edited(grid, [{ ...p, value: 25 }], { radiusKm: 50 });
    expect(at(result, 30, 30)).toBe(25);
    for (const [i, j] of [
      [31, 30],
      [30, 36],
      [36, 34],
      [40, 30],
      [30, 45],
    ] as const) {
      const d = greatCircleKm(p.lon, p.lat, cellLon(geometry, i), cellLat(geometry, j));
      expect(at(result, i, j)).toBeCloseTo(20 + 5 * cressmanWeight(d, 50), 5);
    }
    // 0.6° of longitude at 33.5°N is about 55.7 km: beyond R
    expect(at(result, 42, 30)).toBe(20);
    expect(at(result, 30, 10)).toBe(20);
  });

  it('measure Δ against the bilinear value at an off-centre point', () => {
    // values rise 1 per cell eastwards
    const grid = gridFromValues(
      geometry,
      Float32Array.from({ length: 61 * 61 }, (_, k) => k % 61),
    );
    const lon = cellLon(geometry, 30) + 0.025;
    const lat = cellLat(geometry, 30);
    expect(sampleBilinear(grid, lon, lat)).toBeCloseTo(30.5, 12);
    const result = edited(grid, [{ lon, lat, value: 40.5 }], { radiusKm: 30 });
    const d = greatCircleKm(lon, lat, cellLon(geometry, 30), lat);
    expect(at(result, 30, 30)).toBeCloseTo(30 + 10 * cressmanWeight(d, 30), 5);
    // cells take the change field at their centres: between them the target is met within the
    // curvature of the weight over half a cell (here 2.3 km of 30 km: 1.2 % of Δ)
    expect(Math.abs(sampleBilinear(result, lon, lat) - 40.5)).toBeLessThan(0.02 * 10);
  });

  it('combine overlapping points so that each point gets exactly its own Δ (default)', () => {
    const grid = twenties();
    const a = centre(25, 30);
    const b = centre(35, 30);
    expect(greatCircleKm(a.lon, a.lat, b.lon, b.lat)).toBeLessThan(50);
    const result = edited(
      grid,
      [
        { ...a, value: 25 },
        { ...b, value: 15 },
      ],
      { radiusKm: 50 },
    );
    expect(at(result, 25, 30)).toBe(25);
    expect(at(result, 35, 30)).toBe(15);
    // halfway the weights are equal and the opposite changes cancel
    expect(at(result, 30, 30)).toBeCloseTo(20, 5);
    // a cell: max w · Σ vΔ / Σ v with v = (R² − d²)/(2d²)
    const c = centre(28, 33);
    const da = greatCircleKm(a.lon, a.lat, c.lon, c.lat);
    const db = greatCircleKm(b.lon, b.lat, c.lon, c.lat);
    const v = (d: number) => (50 ** 2 - d ** 2) / (2 * d ** 2);
    const expected = 20 + (Math.max(cressmanWeight(da, 50), cressmanWeight(db, 50)) * (v(da) * 5 + v(db) * -5)) / (v(da) + v(db));
    expect(at(result, 28, 33)).toBeCloseTo(expected, 5);
  });

  it('do not add up equal changes beyond Δ', () => {
    const grid = twenties();
    const result = edited(
      grid,
      [
        { ...centre(28, 30), value: 25 },
        { ...centre(32, 30), value: 25 },
      ],
      { radiusKm: 50 },
    );
    for (let i = 20; i <= 40; i++) expect(at(result, i, 30)).toBeLessThanOrEqual(25);
    expect(at(result, 30, 30)).toBeGreaterThan(24);
  });

  it('can combine by the capped Cressman mean instead', () => {
    const grid = twenties();
    const a = centre(25, 30);
    const b = centre(35, 30);
    const result = edited(
      grid,
      [
        { ...a, value: 25 },
        { ...b, value: 15 },
      ],
      { radiusKm: 50, combine: 'capped-mean' },
    );
    const wab = cressmanWeight(greatCircleKm(a.lon, a.lat, b.lon, b.lat), 50);
    // at a: Σ wΔ / max(1, Σ w) = (5 − 5·wab) / (1 + wab)
    expect(at(result, 25, 30)).toBeCloseTo(20 + (5 - 5 * wab) / (1 + wab), 5);
    // far from b, where a's weight alone is below 1: w·Δ
    const c = centre(25, 22);
    const wc = cressmanWeight(greatCircleKm(a.lon, a.lat, c.lon, c.lat), 50);
    expect(at(result, 25, 22)).toBeCloseTo(20 + 5 * wc, 5);
  });

  it("use a point's own radius when it has one", () => {
    const grid = twenties();
    const result = edited(grid, [{ ...centre(30, 30), value: 25, radiusKm: 10 }], { radiusKm: 100 });
    expect(at(result, 30, 30)).toBe(25);
    expect(at(result, 33, 30)).toBe(20);
  });

  it('clip to the valid range, keep missing cells missing and skip points without a value', () => {
    const grid = twenties();
    grid.values[30 * 61 + 31] = Number.NaN;
    const result = edited(grid, [{ ...centre(30, 30), value: 90 }], { radiusKm: 50, range: { min: 0, max: 40 } });
    expect(at(result, 30, 30)).toBe(40);
    expect(Number.isNaN(at(result, 31, 30))).toBe(true);
    const holes = createGrid(geometry, Number.NaN);
    expect(editPoints(holes, [{ ...centre(30, 30), value: 1 }], { radiusKm: 50 }).indices.length).toBe(0);
    expect(editPoints(grid, [{ lon: 0, lat: 0, value: 1 }], { radiusKm: 50 }).indices.length).toBe(0);
  });

  it('return sorted indices of changed cells only and leave the grid alone', () => {
    const grid = twenties();
    const patch = editPoints(
      grid,
      [
        { ...centre(40, 40), value: 21 },
        { ...centre(20, 20), value: 22 },
      ],
      { radiusKm: 40 },
    );
    expect([...patch.indices]).toEqual([...patch.indices].sort((a, b) => a - b));
    expect([...patch.newValues].every((v) => v !== 20)).toBe(true);
    expect(grid.values.every((v) => v === 20)).toBe(true);
    expect(editPoints(grid, [{ ...centre(20, 20), value: 20 }], { radiusKm: 40 }).indices.length).toBe(0);
  });

  it('refuse bad radii and targets', () => {
    expect(() => editPoints(twenties(), [{ ...centre(1, 1), value: 1 }], { radiusKm: 0 })).toThrow(/radius/);
    expect(() => editPoints(twenties(), [{ ...centre(1, 1), value: Number.NaN }], { radiusKm: 10 })).toThrow(/finite/);
  });
});
