import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completeWindowEnds,
  dayEndUtcHour,
  endsWindow,
  extremeOfGrids,
  sumGrids,
  windComponents,
  windDirection,
  windFromComponents,
  windowLeads,
} from './elements.js';

const NaN_ = Number.NaN;

describe('forecast-day windows', () => {
  it('08–08 Beijing ends at 00 UTC, 20–20 at 12 UTC', () => {
    expect(dayEndUtcHour(8)).toBe(0);
    expect(dayEndUtcHour(20)).toBe(12);
    expect(dayEndUtcHour(2)).toBe(18);
    expect(dayEndUtcHour(0, 0)).toBe(0);
  });

  it('a 24 h window ends where the valid time is on the end hour; 12 h windows every 12 h from it', () => {
    const run00 = '2026-07-01T00:00:00Z';
    const run12 = '2026-07-01T12:00:00Z';
    const ends = (run: string, hours: 12 | 24, end: number) =>
      Array.from({ length: 25 }, (_, k) => k * 3).filter((l) => endsWindow(run, l, hours, end));
    expect(ends(run00, 24, 0)).toEqual([0, 24, 48, 72]);
    expect(ends(run12, 24, 0)).toEqual([12, 36, 60]);
    expect(ends(run00, 24, 12)).toEqual([12, 36, 60]);
    expect(ends(run00, 12, 0)).toEqual([0, 12, 24, 36, 48, 60, 72]);
    expect(ends(run00, 12, 6)).toEqual([6, 18, 30, 42, 54, 66]);
  });

  it('a window is made of the leads after its start up to its end', () => {
    expect(windowLeads(24, 24, 3)).toEqual([3, 6, 9, 12, 15, 18, 21, 24]);
    expect(windowLeads(12, 12, 3)).toEqual([3, 6, 9, 12]);
  });

  it('only complete windows: every part stored and none before the run', () => {
    const leads = Array.from({ length: 25 }, (_, k) => k * 3);
    expect(completeWindowEnds('2026-07-01T00:00:00Z', leads, 24, 3, 0)).toEqual([24, 48, 72]);
    expect(completeWindowEnds('2026-07-01T12:00:00Z', leads, 24, 3, 0)).toEqual([36, 60]);
    expect(completeWindowEnds('2026-07-01T00:00:00Z', leads, 12, 3, 0)).toEqual([12, 24, 36, 48, 60, 72]);
    expect(
      completeWindowEnds(
        '2026-07-01T00:00:00Z',
        leads.filter((l) => l !== 30),
        24,
        3,
        0,
      ),
    ).toEqual([24, 72]);
  });
});

describe('totals and extremes', () => {
  it('sums the parts cell by cell; a missing part makes the total missing', () => {
    const total = sumGrids([Float32Array.from([1, 0, 2.5]), Float32Array.from([0.5, 0, NaN_]), Float32Array.from([0.25, 0, 1])]);
    expect([...total]).toEqual([1.75, 0, NaN_]);
  });

  it('sum property: each cell is the Float32 of the sum of its parts, whatever their order', () => {
    const cells = 6;
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.float({ min: 0, max: 300, noNaN: true }), { minLength: cells, maxLength: cells }), {
          minLength: 1,
          maxLength: 8,
        }),
        (rows) => {
          const parts = rows.map((r) => Float32Array.from(r));
          const total = sumGrids(parts);
          const reversed = sumGrids([...parts].reverse());
          for (let k = 0; k < cells; k++) {
            let s = 0;
            for (const p of parts) s += p[k]!;
            expect(total[k]).toBe(Math.fround(s));
            expect(Math.abs(reversed[k]! - total[k]!)).toBeLessThanOrEqual(Math.abs(total[k]!) * 1e-6);
          }
        },
      ),
    );
  });

  it('the extreme of a window is one of its values and bounds them all', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.float({ min: -60, max: 60, noNaN: true }), { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        (rows) => {
          const grids = rows.map((r) => Float32Array.from(r));
          const hi = extremeOfGrids(grids, 'max');
          const lo = extremeOfGrids(grids, 'min');
          for (let k = 0; k < 4; k++) {
            const column = grids.map((g) => g[k]!);
            expect(column).toContain(hi[k]);
            expect(column).toContain(lo[k]);
            for (const v of column) expect(lo[k]! <= v && v <= hi[k]!).toBe(true);
          }
        },
      ),
    );
    expect([...extremeOfGrids([Float32Array.from([1, NaN_]), Float32Array.from([NaN_, 2])], 'max')]).toEqual([NaN_, NaN_]);
  });
});

describe('wind', () => {
  it.each([
    // u, v, from
    [0, -5, 0], // blowing towards the south: a north wind
    [-5, 0, 90], // towards the west: from the east
    [0, 5, 180],
    [5, 0, 270],
    [3, 3, 225], // towards the north-east: a south-westerly
    [0, 0, 0],
  ])('u=%s v=%s blows from %s°', (u, v, from) => {
    expect(windDirection(u, v)).toBeCloseTo(from, 9);
  });

  it('components and speed/direction are inverse (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 75, noNaN: true }), fc.double({ min: 0, max: 359.999, noNaN: true }), (speed, dir) => {
        const { u, v } = windComponents(speed, dir);
        expect(Math.hypot(u, v)).toBeCloseTo(speed, 9);
        const back = windDirection(u, v);
        expect(Math.min(Math.abs(back - dir), 360 - Math.abs(back - dir))).toBeLessThan(1e-7);
      }),
    );
  });

  it('grids of speed and direction from u and v; missing where a component is', () => {
    const { speed, direction } = windFromComponents(Float32Array.from([3, 0, NaN_]), Float32Array.from([4, -2, 1]));
    expect(speed[0]).toBeCloseTo(5, 6);
    expect(direction[1]).toBe(0);
    expect(direction[0]).toBeCloseTo(216.87, 2);
    expect(speed[2]).toBeNaN();
    expect(direction[2]).toBeNaN();
  });
});
