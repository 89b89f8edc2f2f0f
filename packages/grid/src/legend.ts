// The one colour-and-legend path of every map (WMS layers and legends, map products, risk and zoning maps): a colour
// map says the colour of a value; the same map says what its legend lists; classes (risk levels, zoning classes) are a
// colour map of their indices; a class raster on paper lays each class colour over white.
import { parseColor, type ColorMap, type ColorSpec } from './colormap.js';

/** One row of a legend: its colour and the words beside it. */
export interface LegendEntry {
  color: string;
  label: string;
}

/**
 * The rows a legend shows for a colour map, bottom to top: a ramp's stops (by value), an interval map's classes
 * ("< t₀", "t₀–t₁", …, "≥ tₙ") and a value map's entries (the value, and its name when `labelOf` names it).
 */
export function legendEntries(colormap: ColorMap, labelOf?: (value: number) => string): LegendEntry[] {
  if (colormap.type === 'ramp') return colormap.stops.map((s) => ({ color: String(s.color), label: String(s.value) }));
  if (colormap.type === 'intervals') {
    const t = colormap.thresholds;
    const last = colormap.colors.length - 1;
    return colormap.colors.map((color, k) => ({
      color: String(color),
      label: k === 0 ? `< ${t[0]}` : k === last ? `≥ ${t[k - 1]}` : `${t[k - 1]}–${t[k]}`,
    }));
  }
  return colormap.entries.map((e) => ({ color: String(e.color), label: labelOf ? `${e.value} ${labelOf(e.value)}` : String(e.value) }));
}

/** The colour map of a class grid whose cells hold class indices `first`, `first + 1`, … in the order of `colors`. */
export function classColorMap(colors: readonly ColorSpec[], first = 0): ColorMap {
  return { type: 'values', entries: colors.map((color, k) => ({ value: first + k, color })) };
}

/**
 * RGB of each class index (3 bytes per index, 256 indices) as printed on `paper`: a colour with partial alpha laid over
 * it, a transparent one and every index without a colour (255, no class) the paper itself.
 */
export function classColorTable(colors: readonly ColorSpec[], paper: readonly [number, number, number] = [255, 255, 255]): Uint8Array {
  const table = new Uint8Array(256 * 3);
  for (let k = 0; k < 256; k++) table.set(paper, 3 * k);
  colors.forEach((spec, k) => {
    const [r, g, b, a] = parseColor(spec);
    if (a === 0) return;
    const f = a / 255;
    table[3 * k] = Math.round(r * f + paper[0] * (1 - f));
    table[3 * k + 1] = Math.round(g * f + paper[1] * (1 - f));
    table[3 * k + 2] = Math.round(b * f + paper[2] * (1 - f));
  });
  return table;
}
