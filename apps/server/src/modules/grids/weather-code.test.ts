import { WEATHER_CODES, weatherCodeDef } from '@agromet/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_KINDS, codeAgreesWithPrecipitation, codeFollowingPrecipitation, weatherCodeOf, type CellWeather } from './weather-code.js';

const dry: CellWeather = { tcc: 0, pre3h: 0, tmp: 15, rh: 50, vis: 20 };

describe('weatherCodeOf', () => {
  it('grades rain and snow by the 3 h amount, on each boundary', () => {
    const rain = (pre3h: number) => weatherCodeOf({ ...dry, tcc: 90, pre3h });
    expect([0.09, 0.1, 2.9, 3, 9.9, 10, 19.9, 20].map(rain)).toEqual([2, 7, 7, 8, 8, 9, 9, 10]);
    const snow = (pre3h: number) => weatherCodeOf({ ...dry, tcc: 90, tmp: -3, pre3h });
    expect([0.1, 0.9, 1, 1.9, 2, 3.9, 4].map(snow)).toEqual([14, 14, 15, 15, 16, 16, 17]);
  });

  it('calls it snow at 0 °C, sleet up to 2 °C and rain above', () => {
    const at = (tmp: number) => weatherCodeOf({ ...dry, tcc: 100, pre3h: 1, tmp });
    expect([0, 0.1, 2, 2.1].map(at)).toEqual([15, 6, 6, 7]);
  });

  it('names the sky by total cloud in tenths when dry, fog and haze by visibility and humidity', () => {
    expect([0, 34, 35, 74, 75, 100].map((tcc) => weatherCodeOf({ ...dry, tcc }))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(weatherCodeOf({ ...dry, vis: 0.5, rh: 95 })).toBe(18);
    expect(weatherCodeOf({ ...dry, vis: 5, rh: 60 })).toBe(53);
    expect(weatherCodeOf({ ...dry, vis: 5, rh: 85, tcc: 20 })).toBe(0);
  });

  it('always answers a known code that agrees with the precipitation', () => {
    fc.assert(
      fc.property(
        fc.record({
          tcc: fc.integer({ min: 0, max: 100 }),
          pre3h: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 300, noNaN: true })),
          tmp: fc.double({ min: -40, max: 45, noNaN: true }),
          rh: fc.integer({ min: 0, max: 100 }),
          vis: fc.double({ min: 0, max: 50, noNaN: true }),
        }),
        (cell) => {
          const code = weatherCodeOf(cell);
          expect(weatherCodeDef(code)).toBeDefined();
          expect(codeAgreesWithPrecipitation(code, cell.pre3h)).toBe(true);
        },
      ),
    );
  });
});

describe('codeAgreesWithPrecipitation', () => {
  it('refuses rain without precipitation, sunshine with it, and an unknown code', () => {
    expect(codeAgreesWithPrecipitation(7, 0)).toBe(false);
    expect(codeAgreesWithPrecipitation(0, 2)).toBe(false);
    expect(codeAgreesWithPrecipitation(99, 0)).toBe(false);
    expect(codeAgreesWithPrecipitation(0, 0)).toBe(true);
  });
});

describe('the consistency fix of a code against its 3 h amount', () => {
  it('grades the precipitation by the amount, snow or sleet by the temperature when known, else rain', () => {
    expect([0.1, 3, 10, 20].map((a) => codeFollowingPrecipitation(a))).toEqual([7, 8, 9, 10]);
    expect([0.1, 3, 10, 20].map((a) => codeFollowingPrecipitation(a, Number.NaN))).toEqual([7, 8, 9, 10]);
    expect(codeFollowingPrecipitation(1.5, -4)).toBe(15);
    expect(codeFollowingPrecipitation(1.5, 1)).toBe(6);
    expect(codeFollowingPrecipitation(1.5, 12)).toBe(7);
  });

  it('names a dry sky by the total cloud when known, else overcast', () => {
    expect([0, 0.09].map((a) => codeFollowingPrecipitation(a))).toEqual([2, 2]);
    expect([10, 50, 95, Number.NaN].map((tcc) => codeFollowingPrecipitation(0, 20, tcc))).toEqual([0, 1, 2, 2]);
  });

  it('tells every code of the table apart, and answers a code of the right kind (property)', () => {
    for (const d of WEATHER_CODES) expect(CODE_KINDS[d.code]).toBe(d.precipitation ? 1 : 0);
    expect(CODE_KINDS.filter((k) => k >= 0).length).toBe(WEATHER_CODES.length);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 300, noNaN: true }),
        fc.option(fc.double({ min: -40, max: 45, noNaN: true }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
        (pre3h, tmp, tcc) => {
          const code = codeFollowingPrecipitation(pre3h, tmp, tcc);
          expect(codeAgreesWithPrecipitation(code, pre3h)).toBe(true);
        },
      ),
    );
  });
});
