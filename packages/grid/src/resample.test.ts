import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellLat, cellLon, flipRows, gridFromValues, type Grid, type GridGeometry } from './grid.js';
import { alignToGeometry, compareGeometry, coversCentres, resampleGrid } from './resample.js';

const N = Number.NaN;
// 3 columns × 2 rows of 1° cells, rows north to south (centres 100…102°E, 31 and 30°N):
//   1 2 3
//   4 N 6
const source = gridFromValues({ lon0: 100, lat0: 31, dx: 1, dy: -1, nx: 3, ny: 2 }, [1, 2, 3, 4, N, 6]);

const values = (g: Grid) => [...g.values];

describe('geometry comparison', () => {
  const product: GridGeometry = { lon0: 105.5, lat0: 39.6, dx: 0.05, dy: -0.05, nx: 121, ny: 161 };

  it('takes decimal noise as the same cells, and the opposite row order as flipped', () => {
    expect(compareGeometry({ ...product, lon0: 105.50000000001, dx: 0.0500000000001 }, product)).toBe('same');
    const southUp = { ...product, lat0: 31.6, dy: 0.05 };
    expect(compareGeometry(southUp, product)).toBe('flipped');
    expect(compareGeometry({ ...product, nx: 120 }, product)).toBeNull();
    expect(compareGeometry({ ...product, lon0: 105.51 }, product)).toBeNull();
    expect(compareGeometry({ ...product, dx: 0.0501 }, product)).toBeNull();
    expect(compareGeometry({ ...product, dy: -0.0501 }, product)).toBeNull();
  });

  it('aligns flipped rows without touching a value, onto the exact georeference', () => {
    const flipped = flipRows(source);
    const aligned = alignToGeometry({ ...flipped, lat0: flipped.lat0 + 1e-9 }, source)!;
    expect(aligned).toMatchObject({ lon0: 100, lat0: 31, dx: 1, dy: -1 });
    expect(values(aligned)).toEqual(values(source));
    expect(alignToGeometry(source, { ...source, nx: 4 })).toBeNull();
  });

  it("covers when every target centre lies within the source's cell edges", () => {
    // Source edges: 99.5–102.5°E, 29.5–31.5°N.
    expect(coversCentres(source, { lon0: 99.5, lat0: 31.5, dx: 0.5, dy: -0.5, nx: 7, ny: 5 })).toBe(true);
    expect(coversCentres(source, { lon0: 99.4, lat0: 31.5, dx: 0.5, dy: -0.5, nx: 7, ny: 5 })).toBe(false);
    expect(coversCentres(source, { lon0: 99.5, lat0: 31.5, dx: 0.5, dy: -0.5, nx: 7, ny: 6 })).toBe(false);
    expect(coversCentres(source, { lon0: 99.5, lat0: 29.5, dx: 0.5, dy: 0.5, nx: 7, ny: 5 })).toBe(true);
    // The case: a file over 100–106°E, 40–45°N and the Shaanxi product.
    const file = { lon0: 100.05, lat0: 44.95, dx: 0.1, dy: -0.1, nx: 60, ny: 50 };
    expect(coversCentres(file, { lon0: 105.5, lat0: 39.6, dx: 0.05, dy: -0.05, nx: 121, ny: 161 })).toBe(false);
  });
});

describe('nearest resampling', () => {
  it('gives each target centre the source cell containing it; edges go to the larger index', () => {
    const target = { lon0: 99.75, lat0: 31.25, dx: 0.5, dy: -0.5, nx: 6, ny: 4 };
    expect(values(resampleGrid(source, target, 'nearest'))).toEqual([
      1,
      1,
      2,
      2,
      3,
      3,
      1,
      1,
      2,
      2,
      3,
      3,
      4,
      4,
      N,
      N,
      6,
      6,
      4,
      4,
      N,
      N,
      6,
      6,
    ]);
    // 100.5°E is the edge between the first two columns, 30.5°N between the rows.
    expect(values(resampleGrid(source, { lon0: 100.5, lat0: 30.5, dx: 1, dy: -1, nx: 1, ny: 1 }, 'nearest'))).toEqual([N]);
    expect(values(resampleGrid(source, { lon0: 101.5, lat0: 30.5, dx: 1, dy: -1, nx: 1, ny: 1 }, 'nearest'))).toEqual([6]);
  });

  it('leaves centres outside the source missing, and reads south-up sources the same way', () => {
    const wide = { lon0: 99, lat0: 31, dx: 1, dy: -1, nx: 5, ny: 1 };
    expect(values(resampleGrid(source, wide, 'nearest'))).toEqual([N, 1, 2, 3, N]);
    expect(values(resampleGrid(flipRows(source), wide, 'nearest'))).toEqual([N, 1, 2, 3, N]);
  });
});

describe('bilinear resampling', () => {
  it('interpolates between centres and clamps within the outer half cell', () => {
    const full = gridFromValues({ lon0: 100, lat0: 31, dx: 1, dy: -1, nx: 3, ny: 2 }, [1, 2, 3, 4, 5, 6]);
    const target = { lon0: 99.75, lat0: 31.25, dx: 0.5, dy: -0.5, nx: 6, ny: 4 };
    const got = values(resampleGrid(full, target, 'bilinear'));
    expect(got.slice(0, 6)).toEqual([1, 1.25, 1.75, 2.25, 2.75, 3]);
    // 100.25°E, 30.75°N: 1·9/16 + 2·3/16 + 4·3/16 + 5·1/16
    expect(got[7]).toBeCloseTo((9 + 6 + 12 + 5) / 16, 6);
    expect(got.slice(18)).toEqual([4, 4.25, 4.75, 5.25, 5.75, 6]);
  });

  it('renormalises over valid neighbours and keeps a centre in a missing cell missing', () => {
    const target = { lon0: 100.25, lat0: 30.75, dx: 0.5, dy: -0.5, nx: 4, ny: 2 };
    const got = values(resampleGrid(source, target, 'bilinear'));
    // 100.25°E 30.75°N: neighbours 1 (9/16), 2 (3/16), 4 (3/16), missing (1/16).
    expect(got[0]).toBeCloseTo((9 + 6 + 12) / 15, 6);
    // 101.25°E 30.25°N lies in the missing cell.
    expect(got[6]).toBeNaN();
    expect(got[5]).toBeNaN();
  });

  it("is exact for a plane inside the source's centres", () => {
    const plane = (lon: number, lat: number) => 3 + 0.5 * lon - 2 * lat;
    const g = gridFromValues(
      { lon0: 100, lat0: 40, dx: 0.25, dy: -0.25, nx: 9, ny: 7 },
      Array.from({ length: 63 }, (_, k) => plane(100 + (k % 9) * 0.25, 40 - Math.floor(k / 9) * 0.25)),
    );
    const target = { lon0: 100.1, lat0: 38.6, dx: 0.3, dy: 0.2, nx: 6, ny: 7 };
    const got = resampleGrid(g, target, 'bilinear');
    for (let j = 0; j < target.ny; j++) {
      for (let i = 0; i < target.nx; i++)
        expect(got.values[j * target.nx + i]).toBeCloseTo(plane(cellLon(target, i), cellLat(target, j)), 4);
    }
  });
});

/** A random grid with some missing cells, and a target whose centres it covers. */
const cases = fc
  .record({
    nx: fc.integer({ min: 1, max: 9 }),
    ny: fc.integer({ min: 1, max: 9 }),
    dx: fc.constantFrom(0.05, 0.1, 0.25, 1),
    dy: fc.constantFrom(-0.05, -0.1, 0.1, -1),
    lon0: fc.integer({ min: -1800, max: 1700 }).map((v) => v / 10),
    lat0: fc.integer({ min: -800, max: 800 }).map((v) => v / 10),
    cells: fc.array(fc.option(fc.float({ min: -50, max: 50, noNaN: true, noDefaultInfinity: true }), { nil: null, freq: 5 }), {
      minLength: 81,
      maxLength: 81,
    }),
    tx: fc.integer({ min: 1, max: 12 }),
    ty: fc.integer({ min: 1, max: 12 }),
    ratio: fc.constantFrom(0.3, 0.5, 1, 1.7, 2),
    u: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
    v: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
  })
  .map((c) => {
    const src = gridFromValues(
      { lon0: c.lon0, lat0: c.lat0, dx: c.dx, dy: c.dy, nx: c.nx, ny: c.ny },
      c.cells.slice(0, c.nx * c.ny).map((v) => v ?? Number.NaN),
    );
    const dx = c.dx * c.ratio;
    const dy = Math.abs(c.dy) * c.ratio;
    // Target centres within the source's edges: its first centre somewhere in the room left by its span.
    const west = c.lon0 - c.dx / 2;
    const south = Math.min(c.lat0, c.lat0 + (c.ny - 1) * c.dy) - Math.abs(c.dy) / 2;
    const tnx = Math.max(1, Math.min(c.tx, Math.floor((c.nx * c.dx) / dx)));
    const tny = Math.max(1, Math.min(c.ty, Math.floor((c.ny * Math.abs(c.dy)) / dy)));
    const roomX = c.nx * c.dx - (tnx - 1) * dx;
    const roomY = c.ny * Math.abs(c.dy) - (tny - 1) * dy;
    const target = { lon0: west + c.u * roomX, lat0: south + (tny - 1) * dy + c.v * roomY, dx, dy: -dy, nx: tnx, ny: tny };
    return { src, target };
  });

describe('resampling properties', () => {
  it("is the identity on the source's own cells", () => {
    fc.assert(
      fc.property(cases, ({ src }) => {
        for (const method of ['nearest', 'bilinear'] as const) {
          expect(values(resampleGrid(src, src, method))).toEqual(values(src));
        }
      }),
    );
  });

  it("nearest takes only source values; bilinear stays within the valid values' range; both fill a covered target", () => {
    fc.assert(
      fc.property(cases, ({ src, target }) => {
        expect(coversCentres(src, target)).toBe(true);
        const valid = values(src).filter((v) => !Number.isNaN(v));
        const near = resampleGrid(src, target, 'nearest');
        const bilinear = resampleGrid(src, target, 'bilinear');
        const lo = Math.min(...valid);
        const hi = Math.max(...valid);
        for (let k = 0; k < near.values.length; k++) {
          const n = near.values[k]!;
          // The two methods agree on which cells are missing: those whose centre is in a missing source cell.
          expect(Number.isNaN(bilinear.values[k]!)).toBe(Number.isNaN(n));
          if (Number.isNaN(n)) continue;
          expect(valid).toContain(n);
          expect(bilinear.values[k]!).toBeGreaterThanOrEqual(Math.fround(lo) - 1e-4);
          expect(bilinear.values[k]!).toBeLessThanOrEqual(Math.fround(hi) + 1e-4);
        }
        if (valid.length === src.values.length) expect(values(near).some(Number.isNaN)).toBe(false);
      }),
    );
  });

  it('gives the same result for a source stored south-up', () => {
    fc.assert(
      fc.property(cases, ({ src, target }) => {
        for (const method of ['nearest', 'bilinear'] as const) {
          const a = values(resampleGrid(src, target, method));
          const b = values(resampleGrid(flipRows(src), target, method));
          expect(b.length).toBe(a.length);
          for (let k = 0; k < a.length; k++) {
            if (Number.isNaN(a[k]!)) expect(b[k]).toBeNaN();
            else expect(b[k]).toBeCloseTo(a[k]!, 4);
          }
        }
      }),
    );
  });
});
