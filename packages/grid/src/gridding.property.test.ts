// Gridding by evidence on random station networks: a bounded quantity gridded on the logit scale stays strictly
// inside its range on every cell, whatever the stations (0 % and 100 % included); the way the leave-one-out check
// chooses has an error no larger than the other's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridFromValues, type GridGeometry } from './grid.js';
import { crossValidateBoth, fromLogit, gridStations, keepResiduals, LOGIT_EPSILON, toLogit, type Station } from './gridding.js';

const geometry: GridGeometry = { lon0: 106, lat0: 36, dx: 0.1, dy: -0.1, nx: 31, ny: 31 };
const elevationArb = fc
  .tuple(fc.double({ min: 0, max: 3000, noNaN: true }), fc.double({ min: -300, max: 300, noNaN: true }), fc.integer({ min: 1, max: 1000 }))
  .map(([base, slope, seed]) =>
    gridFromValues(
      geometry,
      Float32Array.from({ length: 31 * 31 }, (_, k) => Math.max(0, base + slope * ((k % 31) / 10) + 200 * Math.sin(k * seed))),
    ),
  );
const share = fc.oneof(fc.constantFrom(0, 100), fc.double({ min: 0, max: 100, noNaN: true }));
const stationArb = (value: fc.Arbitrary<number>) =>
  fc.record({
    lon: fc.double({ min: 106, max: 109, noNaN: true }),
    lat: fc.double({ min: 33, max: 36, noNaN: true }),
    altitude: fc.double({ min: 0, max: 3000, noNaN: true }),
    value,
  });
const bounds = { min: 0, max: 100 };

/** Random networks can be degenerate (a regression they do not determine): those are skipped, as the job refuses them. */
function determined<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch (e) {
    if (e instanceof RangeError && /do not determine/.test(e.message)) return undefined;
    throw e;
  }
}

describe('bounded factors on the logit scale', () => {
  it('transform back strictly inside the range, in single precision too', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true }),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e4, noNaN: true }),
        (z, min, width) => {
          const b = { min, max: min + width };
          const v = fromLogit(z, b);
          expect(v).toBeGreaterThan(b.min);
          expect(v).toBeLessThan(b.max);
          if (min === 0) {
            expect(Math.fround(v)).toBeGreaterThan(b.min);
            expect(Math.fround(v)).toBeLessThan(Math.fround(b.max));
          }
        },
      ),
    );
  });

  it('take a station value to the empirical logit and back to its value pulled ½/(N+1) towards the middle', () => {
    fc.assert(
      fc.property(share, (p) => {
        const z = toLogit(p, bounds);
        expect(Number.isFinite(z)).toBe(true);
        expect(fromLogit(z, bounds)).toBeCloseTo(100 * LOGIT_EPSILON + (1 - 2 * LOGIT_EPSILON) * p, 9);
      }),
    );
  });

  it('grid every cell strictly inside (0, 100), with or without residuals', () => {
    fc.assert(
      fc.property(
        fc.array(stationArb(share), { minLength: 5, maxLength: 12 }),
        elevationArb,
        fc.boolean(),
        (stations, elevation, residuals) => {
          const out = determined(() => gridStations(stations, elevation, { bounds, residuals }));
          if (!out) return;
          for (const v of out.grid.values) {
            expect(v).toBeGreaterThan(0);
            expect(v).toBeLessThan(100);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('residuals only where they help', () => {
  it('choose the way whose leave-one-out RMSE is no larger than the other’s', () => {
    const value = fc.double({ min: -50, max: 50, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(stationArb(fc.oneof(value, share)), { minLength: 5, maxLength: 14 }),
        elevationArb,
        fc.boolean(),
        (stations, elevation, bounded) => {
          const usable = bounded ? stations.map((s: Station) => ({ ...s, value: Math.min(100, Math.abs(s.value)) })) : stations;
          const cv = determined(() => crossValidateBoth(usable, elevation, bounded ? { bounds } : {}));
          if (!cv) return;
          const chosen = cv.residuals ? cv.withResiduals : cv.regression;
          const other = cv.residuals ? cv.regression : cv.withResiduals;
          if (Number.isNaN(chosen.rmse)) return;
          expect(chosen.rmse).toBeLessThanOrEqual(other.rmse);
          expect(cv.residuals).toBe(keepResiduals(cv.regression.rmse, cv.withResiduals.rmse));
        },
      ),
      { numRuns: 80 },
    );
  });
});
