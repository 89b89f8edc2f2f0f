import { PRODUCT_PLACEHOLDERS, type ProductAggregation, type ProductLanguage, type ProductPlaceholder } from '@agromet/contracts';
import { classOf, colorOf, parseColor, type ColorMap } from '@agromet/grid';
import { formatMapDate, formatMapTime } from '../../core/cartography/dates.js';
import { intervalLabels } from '../../core/cartography/notation.js';

// The pure rules of map products (docs/products.md#rules): placeholders in the template's texts, aggregation over a
// lead range, the colour classes of a factor and their legend labels, class assignment, the scale bar's length and
// the product's dates in its language.

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The placeholders of a text that are not known (each once, in order). */
export function unknownPlaceholders(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1]!;
    if (!(PRODUCT_PLACEHOLDERS as readonly string[]).includes(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/** Replaces every known `{placeholder}` by its value; unknown ones (refused when saved) stay as written. */
export function fillPlaceholders(text: string, values: Partial<Record<ProductPlaceholder, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const v = (values as Record<string, string | undefined>)[name];
    return v === undefined ? whole : v;
  });
}

/** Precipitation factors accumulate (their sum over leads is an amount); others are states. */
export const isAccumulating = (factorCode: string) => /^pre/i.test(factorCode);

/**
 * Daily extremes: the highest or lowest of a forecast day, valid for the 24 hours ending at the lead — the derived
 * `tmax24h` and `tmin24h` (any `extreme` derivation) and `tmax`, `tmin` as stored at the day's end.
 */
export const isDailyExtreme = (factorCode: string, derivationKind?: string) =>
  derivationKind === 'extreme' || factorCode === 'tmax' || factorCode === 'tmin';

/** sum only for accumulating factors; max, min and mean for any. */
export function aggregationAllowed(factorCode: string, aggregation: ProductAggregation): boolean {
  return aggregation === 'sum' ? isAccumulating(factorCode) : true;
}

/**
 * Combines the grids of several leads cell by cell. A cell missing (NaN) in any lead is missing in the result, so an
 * aggregate never reads as more (or less) than it is.
 */
export function aggregateGrids(grids: readonly Float32Array[], aggregation: ProductAggregation): Float32Array {
  if (grids.length === 0) throw new RangeError('no grid to aggregate');
  const n = grids[0]!.length;
  if (grids.some((g) => g.length !== n)) throw new RangeError('grids differ in size');
  const out = new Float32Array(grids[0]!);
  for (let g = 1; g < grids.length; g++) {
    const v = grids[g]!;
    if (aggregation === 'max') for (let k = 0; k < n; k++) out[k] = v[k]! > out[k]! || Number.isNaN(v[k]!) ? v[k]! : out[k]!;
    else if (aggregation === 'min') for (let k = 0; k < n; k++) out[k] = v[k]! < out[k]! || Number.isNaN(v[k]!) ? v[k]! : out[k]!;
    else for (let k = 0; k < n; k++) out[k] = out[k]! + v[k]!;
  }
  if (aggregation === 'mean') for (let k = 0; k < n; k++) out[k] = out[k]! / grids.length;
  // max/min: a NaN anywhere stays (NaN compared is false, so it is copied in above and never replaced).
  if (aggregation === 'max' || aggregation === 'min') {
    for (let g = 0; g < grids.length; g++) {
      const v = grids[g]!;
      for (let k = 0; k < n; k++) if (Number.isNaN(v[k]!)) out[k] = Number.NaN;
    }
  }
  return out;
}

export interface ColourClasses {
  /** Ascending; class k holds thresholds[k−1] ≤ v < thresholds[k]. */
  thresholds: number[];
  /** thresholds.length + 1 colours ('#rrggbb', or '#rrggbb00' for a class left blank). */
  colors: string[];
}

/** Thresholds of 24 h precipitation in China (0.1, 10, 25, 50, 100, 250 mm: light rain … extraordinary rainstorm). */
export const PRECIPITATION_24H = [0.1, 10, 25, 50, 100, 250];
export const PRECIPITATION_12H = [0.1, 5, 15, 30, 70, 140];
export const PRECIPITATION_3H = [0.1, 1, 3, 10, 20, 50];
export const PRECIPITATION_COLORS = ['#ffffff00', '#a6f28f', '#3dba3d', '#61b8ff', '#0000e1', '#fa00fa', '#800040'];

/** The precipitation classes of an accumulation over `hours`. */
export function precipitationClasses(hours: number): ColourClasses {
  const thresholds = hours <= 3 ? PRECIPITATION_3H : hours <= 12 ? PRECIPITATION_12H : PRECIPITATION_24H;
  return { thresholds: [...thresholds], colors: [...PRECIPITATION_COLORS] };
}

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');
const rgbaHex = ([r, g, b, a]: readonly number[]) => `#${hex2(r!)}${hex2(g!)}${hex2(b!)}${a === 255 ? '' : hex2(a!)}`;

/** A step of 1, 2, 2.5 or 5 × 10ⁿ that cuts `span` into about `count` classes. */
export function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

/**
 * The colour classes of a factor's colour map over the values a product shows: interval maps keep their own classes;
 * ramps are cut at a nice step into about 10 classes spanning [min, max], each class coloured at its middle.
 */
export function classesOfColorMap(colormap: ColorMap, range: { min: number; max: number } | null): ColourClasses {
  if (colormap.type === 'intervals') {
    return { thresholds: [...colormap.thresholds], colors: colormap.colors.map((c) => rgbaHex(parseColor(c))) };
  }
  if (colormap.type === 'values') {
    const values = colormap.entries.map((e) => e.value);
    const thresholds = values.slice(1).map((v, k) => (v + values[k]!) / 2);
    return { thresholds, colors: colormap.entries.map((e) => rgbaHex(parseColor(e.color))) };
  }
  const stops = colormap.stops;
  let lo = range && Number.isFinite(range.min) ? range.min : stops[0]!.value;
  let hi = range && Number.isFinite(range.max) ? range.max : stops[stops.length - 1]!.value;
  if (hi <= lo) hi = lo + 1;
  const step = niceStep(hi - lo, 10);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const thresholds: number[] = [];
  for (let v = lo + step; v < hi - step / 1000; v += step) thresholds.push(round(v, 6));
  const mids = [thresholds[0]! - step / 2, ...thresholds.map((t) => t + step / 2)];
  return { thresholds, colors: mids.map((m) => rgbaHex(colorOf(m, colormap))) };
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * Temperature on paper: the printed products' blue–green–yellow–red scale, stronger than a screen ramp (whose pale
 * middle washes out around 0–15 °C, the range most products show).
 */
export const TEMPERATURE_PRODUCT_RAMP: ColorMap = {
  type: 'ramp',
  stops: [
    { value: -30, color: '#24126e' },
    { value: -20, color: '#1f3fbf' },
    { value: -10, color: '#2f86f0' },
    { value: -2, color: '#8fd3ff' },
    { value: 2, color: '#b6ecc4' },
    { value: 8, color: '#e6f59a' },
    { value: 14, color: '#ffd75e' },
    { value: 20, color: '#ffa23c' },
    { value: 28, color: '#f2552b' },
    { value: 36, color: '#c0141e' },
    { value: 44, color: '#6e0a14' },
  ],
};

/**
 * The class of each value: class k holds thresholds[k−1] ≤ v < thresholds[k] (a value on a threshold belongs to the
 * class above it, as the colour tables read "≥ 10 mm"); NaN and cells outside the mask get 255.
 */
export function classifyValues(values: Float32Array, thresholds: readonly number[], mask?: Uint8Array | null): Uint8Array {
  const t = Float64Array.from(thresholds, (b) => Math.fround(b));
  const out = new Uint8Array(values.length);
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if (Number.isNaN(v) || (mask && !mask[k])) {
      out[k] = 255;
      continue;
    }
    out[k] = classOf(v, t, false);
  }
  return out;
}

/** A number as a legend writes it: no trailing zeros, at most `digits` decimals. */
export { formatNumber } from '../../core/cartography/notation.js';

/**
 * Legend labels of the classes in the map's notation (docs/products.md#legend): "< 0.1", "0.1～9.9", "10～24.9", …,
 * "≥ 250" in Chinese, "0.1–9.9" in English and Spanish; `decimals` is the factor's precision.
 */
export function legendLabels(thresholds: readonly number[], lang: ProductLanguage, decimals?: number): string[] {
  return intervalLabels(thresholds, lang, decimals);
}

/** Checks custom classes: ascending thresholds and one colour more; the field of the first problem, or null. */
export function checkClasses(
  thresholds: readonly number[],
  colors: readonly string[],
): { field: string; key: 'thresholdsOrder' | 'colorsLength' } | null {
  for (let k = 1; k < thresholds.length; k++) {
    if (!(thresholds[k]! > thresholds[k - 1]!)) return { field: `thresholds.${k}`, key: 'thresholdsOrder' };
  }
  if (colors.length !== thresholds.length + 1) return { field: 'colors', key: 'colorsLength' };
  return null;
}

export { KM_PER_DEGREE, scaleBar } from '../../core/cartography/scale.js';

/** A time as the product writes it, in the office's zone (docs/products.md#dates): 11月24日08时 / 2026-11-24 08:00 BJT. */
export function formatTime(date: Date, lang: ProductLanguage, timeZone: string, withYear = false): string {
  return formatMapTime(date, lang, timeZone, withYear);
}

/** A date: 2026年11月24日 / 2026-11-24. */
export function formatDate(date: Date, lang: ProductLanguage, timeZone: string): string {
  return formatMapDate(date, lang, timeZone);
}

function partsIn(date: Date, timeZone: string) {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
  const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day) };
}
const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day of an instant in a time zone, `2026-11-24`. */
export function calendarDay(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** A lead or lead range in hours: 24小时 / 24 h; 3—24小时 / 3–24 h. */
export function formatLead(from: number, to: number, lang: ProductLanguage): string {
  const span = from === to ? `${from}` : `${from}–${to}`;
  return lang === 'zh' ? `${span}小时` : `${span} h`;
}

/**
 * The period a lead (range) covers: an accumulating factor's grid at lead L covers (L − step, L], a daily extreme's
 * (L − 24, L] (step 24); a state is at L. Never before the run.
 */
export function validPeriod(
  baseTime: Date,
  leadFrom: number,
  leadTo: number,
  stepHours: number,
  accumulating: boolean,
): { start: Date; end: Date } {
  const h = 3_600_000;
  const startLead = accumulating ? Math.max(0, leadFrom - stepHours) : leadFrom;
  return { start: new Date(baseTime.getTime() + startLead * h), end: new Date(baseTime.getTime() + leadTo * h) };
}
