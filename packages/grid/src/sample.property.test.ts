// The one sampler (grid.ts kernel, sample.ts lattice) on random grids, with holes, in both row orders, at random and
// at exactly-on-the-edge positions: nearest is cellAt's cell, bilinear stays between its corners, equals a cell at its
// centre, agrees with the point form, and each missing-corner rule does what it says.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axisWeight, bilinearBetween, cellAt, cellLat, cellLon, gridBBox, sampleBilinear, valueAt, type Grid } from './grid.js';
import { latticeCells, sampleLattice } from './sample.js';

const gridArb = fc
  .record({
    nx: fc.integer({ min: 1, max: 7 }),
    ny: fc.integer({ min: 1, max: 6 }),
    dx: fc.constantFrom(0.05, 0.25, 1),
    northUp: fc.boolean(),
    holes: fc.boolean(),
  })
  .chain(({ nx, ny, dx, northUp, holes }) =>
    fc
      .array(holes ? fc.option(fc.float({ min: -50, max: 50, noNaN: true }), { freq: 4 }) : fc.float({ min: -50, max: 50, noNaN: true }), {
        minLength: nx * ny,
        maxLength: nx * ny,
      })
      .map((vals): Grid => ({
        lon0: 100,
        lat0: northUp ? 40 : 30,
        dx,
        dy: northUp ? -dx : dx,
        nx,
        ny,
        values: Float32Array.from(vals, (v) => (v === null ? Number.NaN : v)),
      })),
  );

/** Positions along an axis in cells: anywhere around the grid, or exactly on an edge or a centre. */
const along = (n: number) =>
  fc.oneof(
    fc.double({ min: -1.5, max: n + 0.5, noNaN: true }),
    fc.integer({ min: -1, max: n }).map((k) => k - 0.5),
    fc.integer({ min: 0, max: n - 1 }),
  );

const latticeArb = (g: Grid) =>
  fc.record({
    lons: fc.array(
      along(g.nx).map((f) => g.lon0 + f * g.dx),
      { minLength: 1, maxLength: 6 },
    ),
    lats: fc.array(
      along(g.ny).map((f) => g.lat0 + f * g.dy),
      { minLength: 1, maxLength: 6 },
    ),
  });

/** Equal as numbers (0 and −0 alike), or both missing. */
const same = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

const withLattice = gridArb.chain((g) => fc.tuple(fc.constant(g), latticeArb(g)));

describe('the one sampler', () => {
  it('nearest: each lattice point takes the value of cellAt’s cell, and NaN outside', () => {
    fc.assert(
      fc.property(withLattice, ([g, lattice]) => {
        const out = sampleLattice(g, lattice, 'nearest');
        const { cols, rows } = latticeCells(g, lattice);
        lattice.lats.forEach((lat, r) =>
          lattice.lons.forEach((lon, c) => {
            const cell = cellAt(g, lon, lat);
            expect(cols[c]! >= 0 && rows[r]! >= 0).toBe(cell !== null);
            if (cell) expect([cols[c], rows[r]]).toEqual([cell.i, cell.j]);
            expect(out[r * lattice.lons.length + c]).toBe(Math.fround(valueAt(g, lon, lat)));
          }),
        );
      }),
    );
  });

  it('bilinear is drawn exactly where nearest finds a cell, and never outside the grid’s extent', () => {
    fc.assert(
      fc.property(withLattice, ([g, lattice]) => {
        const box = gridBBox(g);
        for (const missing of ['renormalise', 'nearest-corner'] as const) {
          const out = sampleLattice(g, lattice, 'bilinear', missing);
          lattice.lats.forEach((lat, r) =>
            lattice.lons.forEach((lon, c) => {
              const v = out[r * lattice.lons.length + c]!;
              if (cellAt(g, lon, lat) === null) expect(v).toBeNaN();
              if (!Number.isNaN(v)) expect(lon >= box.west && lon <= box.east && lat >= box.south && lat <= box.north).toBe(true);
            }),
          );
        }
      }),
    );
  });

  it('bilinear (renormalised) equals the point form inside the grid and stays between the valid corners', () => {
    fc.assert(
      fc.property(withLattice, ([g, lattice]) => {
        const out = sampleLattice(g, lattice, 'bilinear');
        lattice.lats.forEach((lat, r) =>
          lattice.lons.forEach((lon, c) => {
            if (cellAt(g, lon, lat) === null) return;
            const v = out[r * lattice.lons.length + c]!;
            expect(same(v, Math.fround(sampleBilinear(g, lon, lat)))).toBe(true);
            const x = axisWeight((lon - g.lon0) / g.dx, g.nx);
            const y = axisWeight((lat - g.lat0) / g.dy, g.ny);
            const corners = [y.lower, y.upper]
              .flatMap((j) => [x.lower, x.upper].map((i) => g.values[j * g.nx + i]!))
              .filter((u) => !Number.isNaN(u));
            if (corners.length === 0) expect(v).toBeNaN();
            else if (!Number.isNaN(v)) {
              expect(v).toBeGreaterThanOrEqual(Math.min(...corners) - 1e-4);
              expect(v).toBeLessThanOrEqual(Math.max(...corners) + 1e-4);
            }
          }),
        );
      }),
    );
  });

  it('at a cell centre both rules give the cell itself; nearest-corner leaves a missing cell missing', () => {
    fc.assert(
      fc.property(gridArb, (g) => {
        const lattice = {
          lons: Array.from({ length: g.nx }, (_, i) => cellLon(g, i)),
          lats: Array.from({ length: g.ny }, (_, j) => cellLat(g, j)),
        };
        const near = sampleLattice(g, lattice, 'bilinear', 'nearest-corner');
        const renorm = sampleLattice(g, lattice, 'bilinear', 'renormalise');
        for (let k = 0; k < g.values.length; k++) {
          const cell = g.values[k]!;
          if (Number.isNaN(cell)) {
            expect(near[k]).toBeNaN();
            continue;
          }
          // A centre computed in binary floating point may sit a hair off the cell's centre.
          expect(near[k]).toBeCloseTo(cell, 4);
          expect(renorm[k]).toBeCloseTo(cell, 4);
        }
      }),
    );
  });

  it('nearest-corner: the same as renormalised with four valid corners, else the nearest corner’s value', () => {
    fc.assert(
      fc.property(gridArb, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (g, a, b) => {
        const x = axisWeight(a * (g.nx - 1), g.nx);
        const y = axisWeight(b * (g.ny - 1), g.ny);
        const corner = (i: number, j: number) => g.values[j * g.nx + i]!;
        const four = [corner(x.lower, y.lower), corner(x.upper, y.lower), corner(x.lower, y.upper), corner(x.upper, y.upper)];
        const v = bilinearBetween(g, x, y, 'nearest-corner');
        if (four.every((u) => !Number.isNaN(u))) expect(v).toBeCloseTo(bilinearBetween(g, x, y, 'renormalise'), 3);
        else expect(same(v, corner(x.t < 0.5 ? x.lower : x.upper, y.t < 0.5 ? y.lower : y.upper))).toBe(true);
      }),
    );
  });
});
