import { weatherCodeDef } from '@agromet/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeAgreesWithPrecipitation, weatherCodeOf, type CellWeather } from './weather-code.js';

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
