import { ZONING_NO_CLASS } from '@agromet/contracts';
import { gridBBox, parseColor, type GridGeometry } from '@agromet/grid';
import sharp from 'sharp';
import { create } from 'xmlbuilder2';
import type { AreaGeometry } from './region.js';

// The map of a zoning product as a PNG (docs/zoning.md#download): title and subtitle, the class grid (one colour per
// class, cells drawn sharp), the outlines of the statistics layer's areas, and a legend with each class's area.

export interface ProductMapInput {
  title: string;
  subtitle: string;
  geometry: GridGeometry;
  classes: Uint8Array;
  classNames: string[];
  colors: readonly string[];
  areasKm2: number[];
  legendTitle: string;
  /** Outlines drawn over the classes (areas of the statistics layer), clipped to the map. */
  outlines: AreaGeometry[];
}

const FONT = "'Noto Sans CJK SC', 'Noto Sans', sans-serif";
const MAP_MAX_W = 900;
const MAP_MAX_H = 640;
const LEGEND_W = 250;
const MARGIN = 24;
const HEADER = 78;

/** Size of the map panel: longitudes shrunk by the cosine of the mid latitude, fitted in the panel's box. */
export function mapSize(g: GridGeometry): { width: number; height: number } {
  const b = gridBBox(g);
  const mid = ((b.north + b.south) / 2) * (Math.PI / 180);
  const aspect = ((b.east - b.west) * Math.cos(mid)) / (b.north - b.south);
  let width = MAP_MAX_W;
  let height = Math.round(width / aspect);
  if (height > MAP_MAX_H) {
    height = MAP_MAX_H;
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

function ringPath(ring: readonly (readonly number[])[], x: (lon: number) => number, y: (lat: number) => number): string {
  return `${ring.map((p, k) => `${k === 0 ? 'M' : 'L'}${x(p[0]!).toFixed(1)},${y(p[1]!).toFixed(1)}`).join('')}Z`;
}

const fmtArea = (v: number) => (v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1));

export async function productMapPng(input: ProductMapInput): Promise<Buffer> {
  const g = input.geometry;
  const { width: mapW, height: mapH } = mapSize(g);
  const box = gridBBox(g);
  const x = (lon: number) => ((lon - box.west) / (box.east - box.west)) * mapW;
  const y = (lat: number) => ((box.north - lat) / (box.north - box.south)) * mapH;

  // Cells drawn sharp: the one-pixel-per-cell image enlarged by nearest neighbour (rows north first).
  let raster = sharp(Buffer.from(classPixels(input.classes, input.colors).buffer), { raw: { width: g.nx, height: g.ny, channels: 4 } });
  if (g.dy > 0) raster = raster.flip();
  const mapImage = await raster.resize(mapW, mapH, { kernel: 'nearest', fit: 'fill' }).png().toBuffer();

  const total = input.areasKm2.reduce((s, v) => s + v, 0);
  const legendH = 44 + input.classNames.length * 34 + 30;
  const width = MARGIN * 3 + mapW + LEGEND_W;
  const height = HEADER + Math.max(mapH + 20, legendH) + MARGIN;
  const svg = create().ele('http://www.w3.org/2000/svg', 'svg', {
    width: String(width),
    height: String(height),
    'font-family': FONT,
    'xmlns:xlink': 'http://www.w3.org/1999/xlink',
  });
  svg.ele('rect', { width: '100%', height: '100%', fill: '#ffffff' });
  svg.ele('text', { x: String(MARGIN), y: '38', 'font-size': '24', 'font-weight': 'bold', fill: '#1f2937' }).txt(input.title);
  svg.ele('text', { x: String(MARGIN), y: '62', 'font-size': '14', fill: '#4b5563' }).txt(input.subtitle);

  const mapGroup = svg.ele('g', { transform: `translate(${MARGIN},${HEADER})` });
  mapGroup.ele('clipPath', { id: 'map' }).ele('rect', { width: String(mapW), height: String(mapH) });
  mapGroup.ele('rect', { width: String(mapW), height: String(mapH), fill: '#f3f4f6' });
  mapGroup.ele('image', {
    width: String(mapW),
    height: String(mapH),
    preserveAspectRatio: 'none',
    'xlink:href': `data:image/png;base64,${mapImage.toString('base64')}`,
  });
  const outlines = mapGroup.ele('g', {
    'clip-path': 'url(#map)',
    fill: 'none',
    stroke: '#374151',
    'stroke-width': '1',
    'stroke-linejoin': 'round',
  });
  for (const geometry of input.outlines) {
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    const d = polygons.flatMap((rings) => rings.map((ring) => ringPath(ring, x, y))).join('');
    outlines.ele('path', { d });
  }
  mapGroup.ele('rect', { width: String(mapW), height: String(mapH), fill: 'none', stroke: '#6b7280', 'stroke-width': '1' });
  // Graticule labels at the corners.
  const deg = (v: number, pos: string, neg: string) => `${Math.abs(Math.round(v * 100) / 100)}°${v >= 0 ? pos : neg}`;
  mapGroup
    .ele('text', { x: '0', y: String(mapH + 16), 'font-size': '11', fill: '#6b7280' })
    .txt(`${deg(box.west, 'E', 'W')} ${deg(box.south, 'N', 'S')}`);
  mapGroup
    .ele('text', { x: String(mapW), y: String(mapH + 16), 'font-size': '11', fill: '#6b7280', 'text-anchor': 'end' })
    .txt(`${deg(box.east, 'E', 'W')} ${deg(box.north, 'N', 'S')}`);

  const legend = svg.ele('g', { transform: `translate(${MARGIN * 2 + mapW},${HEADER})` });
  legend.ele('rect', { width: String(LEGEND_W), height: String(legendH), fill: '#ffffff', stroke: '#d1d5db', rx: '4' });
  legend.ele('text', { x: '12', y: '26', 'font-size': '15', 'font-weight': 'bold', fill: '#1f2937' }).txt(input.legendTitle);
  input.classNames.forEach((name, k) => {
    const top = 44 + k * 34;
    legend.ele('rect', { x: '12', y: String(top), width: '26', height: '22', fill: input.colors[k]!, stroke: '#6b7280' });
    legend.ele('text', { x: '48', y: String(top + 11), 'font-size': '13', fill: '#111827' }).txt(name);
    const area = input.areasKm2[k] ?? 0;
    const share = total > 0 ? ` (${((area / total) * 100).toFixed(1)}%)` : '';
    legend.ele('text', { x: '48', y: String(top + 25), 'font-size': '11', fill: '#4b5563' }).txt(`${fmtArea(area)} km²${share}`);
  });
  legend.ele('text', { x: '12', y: String(legendH - 12), 'font-size': '11', fill: '#4b5563' }).txt(`Σ ${fmtArea(total)} km²`);
  return sharp(Buffer.from(svg.end({ headless: true })))
    .png()
    .toBuffer();
}
