// Colour maps to RGBA pixels: ramp (interpolated between stops), intervals (one colour per class
// between thresholds) and values (exact matches). Missing values and unmatched values are transparent.
import { checkThresholds, classOf } from './classify.js';

export type Rgba = [number, number, number, number];

/** '#rgb', '#rgba', '#rrggbb', '#rrggbbaa', or [r, g, b] / [r, g, b, a] with components 0–255. */
export type ColorSpec = string | readonly number[];

export interface ColorStop {
  value: number;
  color: ColorSpec;
}

export type ColorMap =
  | {
      type: 'ramp';
      /** Strictly increasing values; colours (alpha included) are interpolated linearly between them. */
      stops: readonly ColorStop[];
      /** Beyond the first and last stop: their colours (true, default) or transparent (false). */
      clamp?: boolean;
    }
  | {
      type: 'intervals';
      /** Strictly increasing; class k holds thresholds[k−1] ≤ v < thresholds[k] (see classify). */
      thresholds: readonly number[];
      /** thresholds.length + 1 colours, from below the first threshold to above the last. */
      colors: readonly ColorSpec[];
      closed?: 'left' | 'right';
    }
  | { type: 'values'; entries: readonly ColorStop[] };

export const TRANSPARENT: Readonly<Rgba> = Object.freeze([0, 0, 0, 0] as Rgba);

export function parseColor(spec: ColorSpec): Rgba {
  if (typeof spec !== 'string') {
    if ((spec.length !== 3 && spec.length !== 4) || !spec.every((c) => Number.isFinite(c) && c >= 0 && c <= 255)) {
      throw new RangeError(`invalid colour [${spec.join(', ')}]`);
    }
    return [spec[0]!, spec[1]!, spec[2]!, spec[3] ?? 255];
  }
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(spec.trim())?.[1];
  if (!hex) throw new RangeError(`invalid colour ${JSON.stringify(spec)}`);
  const digits = hex.length <= 4 ? [...hex].map((c) => c + c) : hex.match(/../g)!;
  const [r, g, b, a] = digits.map((d) => parseInt(d, 16));
  return [r!, g!, b!, a ?? 255];
}

/** The colour of one value. */
export function colorOf(value: number, map: ColorMap): Rgba {
  const out = new Uint8ClampedArray(4);
  compileColorMap(map)(value, out, 0);
  return [out[0]!, out[1]!, out[2]!, out[3]!];
}

/** RGBA pixels, 4 bytes per value, in the values' order. */
export function renderColorMap(values: Float32Array, map: ColorMap, out = new Uint8ClampedArray(values.length * 4)): Uint8ClampedArray {
  if (out.length !== values.length * 4) throw new RangeError('output must hold 4 bytes per value');
  const paint = compileColorMap(map);
  for (let k = 0; k < values.length; k++) paint(values[k]!, out, 4 * k);
  return out;
}

type Painter = (value: number, out: Uint8ClampedArray, offset: number) => void;

export function compileColorMap(map: ColorMap): Painter {
  switch (map.type) {
    case 'ramp':
      return compileRamp(map.stops, map.clamp ?? true);
    case 'intervals':
      return compileIntervals(map.thresholds, map.colors, map.closed ?? 'left');
    case 'values':
      return compileValues(map.entries);
  }
}

function write(out: Uint8ClampedArray, offset: number, c: Readonly<Rgba>): void {
  out[offset] = c[0];
  out[offset + 1] = c[1];
  out[offset + 2] = c[2];
  out[offset + 3] = c[3];
}

function compileRamp(stops: readonly ColorStop[], clamp: boolean): Painter {
  if (stops.length === 0) throw new RangeError('a ramp needs at least one stop');
  checkThresholds(stops.map((s) => s.value));
  const at = Float64Array.from(stops, (s) => s.value);
  const colors = stops.map((s) => parseColor(s.color));
  const last = at.length - 1;
  return (v, out, offset) => {
    if (Number.isNaN(v)) return write(out, offset, TRANSPARENT);
    if (v <= at[0]! || v >= at[last]!) {
      const inRange = v === at[0] || v === at[last];
      return write(out, offset, clamp || inRange ? colors[v <= at[0]! ? 0 : last]! : TRANSPARENT);
    }
    let lo = 0;
    let hi = last;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (at[mid]! <= v) lo = mid;
      else hi = mid;
    }
    const t = (v - at[lo]!) / (at[hi]! - at[lo]!);
    const a = colors[lo]!;
    const b = colors[hi]!;
    for (let c = 0; c < 4; c++) out[offset + c] = a[c]! + (b[c]! - a[c]!) * t;
  };
}

function compileIntervals(thresholds: readonly number[], specs: readonly ColorSpec[], closed: 'left' | 'right'): Painter {
  checkThresholds(thresholds);
  if (specs.length !== thresholds.length + 1) throw new RangeError(`intervals need ${thresholds.length + 1} colours, got ${specs.length}`);
  const t = Float64Array.from(thresholds);
  const colors = specs.map(parseColor);
  return (v, out, offset) => {
    write(out, offset, Number.isNaN(v) ? TRANSPARENT : colors[classOf(v, t, closed === 'right')]!);
  };
}

function compileValues(entries: readonly ColorStop[]): Painter {
  // Grid values are Float32: match against the Float32 rounding of each entry.
  const byValue = new Map<number, Rgba>();
  for (const e of entries) byValue.set(Math.fround(e.value), parseColor(e.color));
  return (v, out, offset) => write(out, offset, (Number.isNaN(v) ? undefined : byValue.get(v)) ?? TRANSPARENT);
}
