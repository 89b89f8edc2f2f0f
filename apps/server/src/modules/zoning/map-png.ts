import { ZONING_NO_CLASS } from '@agromet/contracts';
import { gridBBox, parseColor, type GridGeometry } from '@agromet/grid';
import { renderMap } from '../../core/cartography/compose.js';
import type { MapInput, MapOutput } from '../../core/cartography/input.js';
import type { MapPlace } from '../../core/cartography/places.js';
import type { MapLang } from '../../core/cartography/words.js';
import type { AreaGeometry } from './region.js';

// The map of a zoning product as PNG and PDF (docs/zoning.md#download), drawn through the one composition path of
// every map (core/cartography): title and subtitle with the region's name, the class grid (one colour per class,
// cells drawn sharp), the statistics layer's areas and the provinces around with their names, the capital and the
// stations by priority, a legend with each class's area, scale bar, north arrow, issuing unit, time and data source.

export interface ProductMapInput {
  lang: MapLang;
  title: string;
  subtitle: string;
  geometry: GridGeometry;
  classes: Uint8Array;
  classNames: string[];
  colors: readonly string[];
  areasKm2: number[];
  legendTitle: string;
  /** Outlines drawn over the classes (areas of the statistics layer, named), clipped to the map. */
  outlines: Array<{ name?: string; geometry: AreaGeometry }>;
  /** The provinces layer: the region's neighbours are named. */
  provinces?: Array<{ name: string; geometry: AreaGeometry }>;
  places?: MapPlace[];
  issuer?: string;
  issueTime?: string;
  source?: string;
}

/** Size of the map panel: longitudes shrunk by the cosine of the mid latitude, fitted in a 900 × 640 box. */
export function mapSize(g: GridGeometry): { width: number; height: number } {
  const b = gridBBox(g);
  const mid = ((b.north + b.south) / 2) * (Math.PI / 180);
  const aspect = ((b.east - b.west) * Math.cos(mid)) / (b.north - b.south);
  let width = 900;
  let height = Math.round(width / aspect);
  if (height > 640) {
    height = 640;
    width = Math.round(height * aspect);
  }
  return { width: Math.max(width, 120), height: Math.max(height, 120) };
}

/** RGBA of the class grid, one pixel per cell (no class: transparent). */
export function classPixels(classes: Uint8Array, colors: readonly string[]): Uint8ClampedArray {
  const rgba = colors.map((c) => parseColor(c));
  const out = new Uint8ClampedArray(classes.length * 4);
  for (let k = 0; k < classes.length; k++) {
    const c = classes[k]!;
    if (c === ZONING_NO_CLASS || c >= rgba.length) continue;
    const [r, g, b, a] = rgba[c]!;
    out[4 * k] = r;
    out[4 * k + 1] = g;
    out[4 * k + 2] = b;
    out[4 * k + 3] = a;
  }
  return out;
}

const fmtArea = (v: number) => (v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1));

/** The renderer's input of a zoning map. */
export function zoningMapInput(input: ProductMapInput): MapInput {
  const total = input.areasKm2.reduce((s, v) => s + v, 0);
  return {
    lang: input.lang,
    paper: { size: 'A4', orientation: 'landscape' },
    geometry: input.geometry,
    classes: input.classes,
    sharpCells: true,
    legend: {
      title: input.legendTitle,
      classes: input.classNames.map((name, k) => {
        const area = input.areasKm2[k] ?? 0;
        const share = total > 0 ? ` (${((area / total) * 100).toFixed(1)}%)` : '';
        return { color: input.colors[k]!, label: name, detail: `${fmtArea(area)} km²${share}` };
      }),
      footnote: `Σ ${fmtArea(total)} km²`,
    },
    title: input.title,
    subtitle: input.subtitle,
    customerName: input.issuer,
    issuer: input.issuer,
    issueTime: input.issueTime,
    source: input.source,
    boundaries: [
      ...input.outlines.map((o) => ({ name: o.name, geometry: o.geometry, level: 'county' as const })),
      ...(input.provinces ?? []).map((p) => ({ name: p.name, geometry: p.geometry, level: 'province' as const })),
    ],
    places: input.places ?? [],
  };
}

/** The zoning map as PNG and PDF. */
export async function productMap(input: ProductMapInput, options: { pdf?: boolean; author?: string } = {}): Promise<MapOutput> {
  return renderMap(zoningMapInput(input), options);
}

/** The zoning map as PNG. */
export async function productMapPng(input: ProductMapInput): Promise<Buffer> {
  return (await productMap(input, { pdf: false })).png;
}
