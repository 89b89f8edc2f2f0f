// Elements a forecaster reads that are derived from stored grids: wind speed and direction from u/v, precipitation
// totals over 12 h and 24 h from the 3 h amounts, daily extremes over the forecast days. Pure functions over Float32
// values (row-major, NaN = missing): a derived cell is missing when any cell it is made of is missing.

/** Beijing time is UTC+8 all year (no daylight saving). */
export const BEIJING_UTC_OFFSET_HOURS = 8;

/**
 * The UTC hour at which a forecast day ends, for a day that ends at `localHour` in Beijing time: the 08–08 window ends
 * at 00 UTC, the 20–20 window at 12 UTC.
 */
export function dayEndUtcHour(localHour: number, utcOffsetHours = BEIJING_UTC_OFFSET_HOURS): number {
  return (((localHour - utcOffsetHours) % 24) + 24) % 24;
}

const HOUR_MS = 3_600_000;

/**
 * Whether a window of `hours` (12 or 24) ends at lead `lead` of a run: its valid time falls on the window's end hour
 * (for 12 h windows, that hour or 12 h later). Windows are fixed on the clock (08–08, or 08–20 and 20–08), not rolling.
 */
export function endsWindow(baseTime: string | number, lead: number, hours: 12 | 24, endUtcHour: number): boolean {
  const ms = (typeof baseTime === 'number' ? baseTime : Date.parse(baseTime)) + lead * HOUR_MS;
  if (ms % HOUR_MS !== 0) return false;
  const hour = new Date(ms).getUTCHours();
  return (((hour - endUtcHour) % hours) + hours) % hours === 0;
}

/** The leads whose grids make up the window of `hours` ending at `end`, every `step` hours: end − hours + step … end. */
export function windowLeads(end: number, hours: number, step: number): number[] {
  const out: number[] = [];
  for (let l = end - hours + step; l <= end; l += step) out.push(l);
  return out;
}

/**
 * The leads at which a complete window ends: `end` ends the window (see endsWindow) and every lead of the window
 * (windowLeads) is among `available`. These are the leads of a derived total or daily extreme.
 */
export function completeWindowEnds(
  baseTime: string | number,
  available: readonly number[],
  hours: 12 | 24,
  step: number,
  endUtcHour: number,
): number[] {
  const have = new Set(available);
  return [...have]
    .filter((end) => endsWindow(baseTime, end, hours, endUtcHour) && windowLeads(end, hours, step).every((l) => l >= 0 && have.has(l)))
    .sort((a, b) => a - b);
}

/** The cell-by-cell sum of the parts (a total over a window); missing where any part is missing. */
export function sumGrids(parts: readonly Float32Array[]): Float32Array {
  if (parts.length === 0) throw new RangeError('a sum needs at least one part');
  const n = parts[0]!.length;
  if (parts.some((p) => p.length !== n)) throw new RangeError('the parts of a sum must have the same cells');
  const out = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    let s = 0;
    for (const p of parts) s += p[k]!;
    // Summed in double precision and rounded once, so the total does not depend on the parts' order.
    out[k] = s;
  }
  return out;
}

/** The cell-by-cell maximum or minimum of the grids (a daily extreme); missing where any grid is missing. */
export function extremeOfGrids(grids: readonly Float32Array[], kind: 'max' | 'min'): Float32Array {
  if (grids.length === 0) throw new RangeError('an extreme needs at least one grid');
  const n = grids[0]!.length;
  if (grids.some((g) => g.length !== n)) throw new RangeError('the grids of an extreme must have the same cells');
  const out = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    let e = grids[0]![k]!;
    for (let m = 1; m < grids.length && e === e; m++) {
      const v = grids[m]![k]!;
      if (v !== v) e = Number.NaN;
      else if (kind === 'max' ? v > e : v < e) e = v;
    }
    out[k] = e;
  }
  return out;
}

/**
 * The direction the wind blows from, in degrees clockwise from north (meteorological convention: 0 north, 90 east),
 * from its components u (towards the east) and v (towards the north). Calm (u = v = 0) is 0.
 */
export function windDirection(u: number, v: number): number {
  if (u === 0 && v === 0) return 0;
  const d = (Math.atan2(-u, -v) * 180) / Math.PI;
  return (d + 360) % 360;
}

/** The components (u towards the east, v towards the north) of a wind of `speed` blowing from `direction` degrees. */
export function windComponents(speed: number, direction: number): { u: number; v: number } {
  const r = (direction * Math.PI) / 180;
  return { u: -speed * Math.sin(r), v: -speed * Math.cos(r) };
}

/** Speed and direction grids from u and v grids; missing where either component is missing. */
export function windFromComponents(u: Float32Array, v: Float32Array): { speed: Float32Array; direction: Float32Array } {
  if (u.length !== v.length) throw new RangeError('u and v must have the same cells');
  const speed = new Float32Array(u.length);
  const direction = new Float32Array(u.length);
  for (let k = 0; k < u.length; k++) {
    const a = u[k]!;
    const b = v[k]!;
    if (a !== a || b !== b) {
      speed[k] = Number.NaN;
      direction[k] = Number.NaN;
      continue;
    }
    speed[k] = Math.hypot(a, b);
    direction[k] = windDirection(a, b);
  }
  return { speed, direction };
}
