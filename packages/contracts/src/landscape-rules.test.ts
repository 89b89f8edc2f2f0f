import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inSeason, unmetNeeds } from './landscape-rules.js';

describe('landscape rules', () => {
  it('periods include both ends and may wrap the new year', () => {
    expect(inSeason('03-15', '03-10', '04-05')).toBe(true);
    expect(inSeason('03-10', '03-10', '04-05')).toBe(true);
    expect(inSeason('04-06', '03-10', '04-05')).toBe(false);
    expect(inSeason('01-05', '12-01', '02-28')).toBe(true);
    expect(inSeason('11-30', '12-01', '02-28')).toBe(false);
  });

  it('a day is in exactly one of a period and its complement', () => {
    const md = fc
      .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
      .map(([m, d]) => `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(md, md, md, (day, a, b) => {
        if (a === b) return;
        // The complement of [a, b] is the open interval (b, a): check with the neighbouring days excluded.
        const inside = inSeason(day, a, b);
        if (day !== a && day !== b) expect(inSeason(day, b, a)).toBe(!inside);
      }),
    );
  });

  it('names the needs a day fails', () => {
    const snow = { tempMax: 0, precipitation: 'needed' as const };
    expect(unmetNeeds(snow, { tmin: -8, tmax: -1, wind: 3, precipitation: 2 })).toEqual([]);
    expect(unmetNeeds(snow, { tmin: -3, tmax: 2, wind: 3, precipitation: 0 })).toEqual(['tempMax', 'precipitation']);
    const clouds = { tempMin: 0, maxWind: 5, precipitation: 'none' as const };
    expect(unmetNeeds(clouds, { tmin: 1, tmax: 12, wind: 5, precipitation: 0.05 })).toEqual([]);
    expect(unmetNeeds(clouds, { tmin: -1, tmax: 12, wind: 6, precipitation: 0.1 })).toEqual(['tempMin', 'maxWind', 'precipitation']);
  });
});
