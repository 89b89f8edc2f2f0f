import { WEATHER_CODES, weatherCodeDef } from '@agromet/contracts';

/**
 * The weather-phenomenon code of a cell from the other elements of the same lead (docs/grids.md#weather-code): the
 * demo derives its `wp` grids this way, so that they agree with its cloud, precipitation and temperature.
 *
 * - Precipitation (3 h amount ≥ 0.1 mm): snow at or below 0 °C, sleet up to 2 °C, rain above; graded by the 3 h
 *   amount (rain 0.1–2.9 light, 3–9.9 moderate, 10–19.9 heavy, ≥ 20 rainstorm; snow water 0.1–0.9, 1–1.9, 2–3.9, ≥ 4).
 * - Without: fog below 1 km visibility at 90 % humidity or more, haze below 10 km under 80 %; otherwise the total
 *   cloud in tenths: 0–3 sunny, 4–7 cloudy, 8–10 overcast.
 */
export interface CellWeather {
  /** Total cloud, %. */
  tcc: number;
  /** Precipitation of the 3 h ending at the lead, mm. */
  pre3h: number;
  /** Temperature, °C. */
  tmp: number;
  /** Relative humidity, %. */
  rh: number;
  /** Visibility, km. */
  vis: number;
}

/** The smallest 3 h amount that counts as precipitation, mm (the national trace limit). */
export const PRECIPITATION_MM = 0.1;

const RAIN_STEPS: ReadonlyArray<[number, number]> = [
  [20, 10],
  [10, 9],
  [3, 8],
  [PRECIPITATION_MM, 7],
];
const SNOW_STEPS: ReadonlyArray<[number, number]> = [
  [4, 17],
  [2, 16],
  [1, 15],
  [PRECIPITATION_MM, 14],
];

export function weatherCodeOf(c: CellWeather): number {
  if (c.pre3h >= PRECIPITATION_MM) {
    if (c.tmp > 0 && c.tmp <= 2) return 6;
    const steps = c.tmp <= 0 ? SNOW_STEPS : RAIN_STEPS;
    return steps.find(([from]) => c.pre3h >= from)![1];
  }
  if (c.vis < 1 && c.rh >= 90) return 18;
  if (c.vis < 10 && c.rh < 80) return 53;
  const tenths = Math.round(c.tcc / 10);
  return tenths <= 3 ? 0 : tenths <= 7 ? 1 : 2;
}

/** Whether a code and a 3 h amount agree: a precipitation code exactly where it precipitates. */
export function codeAgreesWithPrecipitation(code: number, pre3h: number): boolean {
  const def = weatherCodeDef(code);
  return def !== undefined && def.precipitation === pre3h >= PRECIPITATION_MM;
}

/** Each code's kind for the consistency rule (codeAgainstPrecipitation): 1 precipitation, 0 dry, −1 not a code. */
export const CODE_KINDS: Int8Array = (() => {
  const kinds = new Int8Array(Math.max(...WEATHER_CODES.map((d) => d.code)) + 1).fill(-1);
  for (const d of WEATHER_CODES) kinds[d.code] = d.precipitation ? 1 : 0;
  return kinds;
})();

/**
 * The code a cell gets when it must follow its 3 h amount (the consistency fix of a code that contradicts it): with
 * precipitation, graded by the amount as weatherCodeOf does, snow or sleet by the temperature when it is known, else
 * rain; without, the sky by the total cloud when it is known, else overcast (the cloud a precipitation code implied).
 */
export function codeFollowingPrecipitation(pre3h: number, tmp?: number, tcc?: number): number {
  if (pre3h >= PRECIPITATION_MM) {
    const t = tmp !== undefined && tmp === tmp ? tmp : Number.POSITIVE_INFINITY;
    return weatherCodeOf({ pre3h, tmp: t, tcc: 100, rh: 100, vis: 50 });
  }
  if (tcc === undefined || tcc !== tcc) return 2;
  return weatherCodeOf({ pre3h: 0, tmp: 0, tcc, rh: 50, vis: 50 });
}
