import { compileColorMap, legendEntries, sampleLattice, type ColorMap, type Grid } from '@agromet/grid';
import { xmlDocument } from '../../core/xml.js';
import sharp from 'sharp';
import { contourLevels, drawContours, type ContourLevels } from './contours.js';
import { legendLabel, legendTitle, widestLabel, withTitle } from './legend-text.js';
import { requestLattice, type MapRequest, type WmsStyle } from './params.js';
import { writePng, type PngPacking } from './png.js';

/** RGBA pixels of a grid drawn into a map request's box (nearest cell; outside or missing → transparent). */
export async function renderGridPixels(
  grid: Grid,
  colormap: ColorMap,
  req: Pick<MapRequest, 'bbox' | 'crs' | 'width' | 'height'>,
  style: WmsStyle = 'nearest',
  levels?: ContourLevels,
): Promise<Uint8ClampedArray> {
  const out = new Uint8ClampedArray(req.width * req.height * 4);
  if (style === 'contours') {
    // Asynchronous for the labels: a new value's text is drawn by sharp (contour-text.ts).
    await drawContours(out, grid, req, levels ?? contourLevels('', colormap));
    return out;
  }
  // nearest or smooth: the one sampler of @agromet/grid over the pixel centres, then the colour map.
  const field = style === 'nearest' ? sampleLattice(grid, requestLattice(req), 'nearest') : sampleBilinear(grid, req);
  const paint = compileColorMap(colormap);
  for (let k = 0; k < field.length; k++) {
    const v = field[k]!;
    if (!Number.isNaN(v)) paint(v, out, k * 4);
  }
  return out;
}

/**
 * The grid's value at every pixel centre, interpolated bilinearly between the four cells around it (NaN outside the
 * grid's cells; within half a cell of the edge the edge cells are used; next to a missing cell the nearest cell's value).
 */
export function sampleBilinear(grid: Grid, req: Pick<MapRequest, 'bbox' | 'crs' | 'width' | 'height'>): Float32Array {
  return sampleLattice(grid, requestLattice(req), 'bilinear', 'nearest-corner');
}

/**
 * A GetMap image: PNG (transparent unless asked otherwise) or JPEG (always laid on white: JPEG has no alpha). A
 * transparent PNG of a line style is written in this thread as `packing` says (png.ts), others by sharp.
 */
export function encodeImage(
  pixels: Uint8ClampedArray,
  width: number,
  height: number,
  format: 'image/png' | 'image/jpeg',
  transparent = true,
  packing?: PngPacking,
): Promise<Buffer> {
  if (format === 'image/png' && transparent && packing) return Promise.resolve(writePng(pixels, width, height, packing));
  if (format === 'image/png') return encodePng(pixels, width, height, transparent);
  return sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width, height, channels: 4 } })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function encodePng(pixels: Uint8ClampedArray, width: number, height: number, transparent = true): Promise<Buffer> {
  const image = sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width, height, channels: 4 } });
  return (transparent ? image : image.flatten({ background: '#ffffff' })).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

function hex(c: string) {
  return c.length === 9 ? { color: c.slice(0, 7), opacity: parseInt(c.slice(7), 16) / 255 } : { color: c, opacity: 1 };
}

/** The narrowest a legend is (its colour bar and values); a long title or class name widens it. */
export const LEGEND_MIN_WIDTH = 90;

/** The legend of the contours style: the factor's name and unit (wrapped), and one line per level (at most 12, spread). */
export async function contourLegendPng(
  levels: ContourLevels,
  colormap: ColorMap,
  title: string,
  unit: string,
  height = 240,
): Promise<Buffer> {
  let values: number[];
  if (levels.kind === 'thresholds') values = [...levels.thresholds];
  else {
    const range =
      colormap.type === 'ramp'
        ? colormap.stops.map((s) => s.value)
        : colormap.type === 'values'
          ? colormap.entries.map((e) => e.value)
          : [0, 10];
    const lo = Math.ceil(Math.min(...range) / levels.interval);
    const hi = Math.floor(Math.max(...range) / levels.interval);
    values = [];
    for (let k = lo; k <= hi; k++) values.push(Math.round(k * levels.interval * 1e6) / 1e6);
  }
  const step = Math.max(1, Math.ceil(values.length / 12));
  const shown = values.filter((_, k) => k % step === 0).reverse();
  const body = Math.max(LEGEND_MIN_WIDTH, 30 + widestLabel(shown.map(String)) + 4);
  const heading = legendTitle(unit ? `${title} (${unit})` : title, body - 8);
  const width = Math.max(body, heading.width + 8);
  const top = heading.bodyTop;
  const row = Math.min(20, Math.max(12, (height - top - 8) / Math.max(shown.length, 1)));
  const svg = xmlDocument().ele('http://www.w3.org/2000/svg', 'svg', {
    width: String(width),
    height: String(Math.max(height, top + shown.length * row + 8)),
    fill: '#222',
  });
  svg.ele('rect', { width: '100%', height: '100%', fill: '#ffffff', 'fill-opacity': '0.85' });
  shown.forEach((v, k) => {
    const y = top + k * row + row / 2;
    svg.ele('line', { x1: '4', x2: '24', y1: String(y), y2: String(y), stroke: '#333333', 'stroke-width': '1' });
    legendLabel(svg, String(v), 30, y + 4);
  });
  return withTitle(svg.end({ headless: true }), heading);
}

/**
 * A legend drawn as SVG (colour bar or class boxes, labels) and rasterised to PNG, with its title (the factor's name and
 * unit) wrapped at the top: as wide as `width`, at least LEGEND_MIN_WIDTH, and as its words need, so that none is cut.
 */
export async function legendPng(
  colormap: ColorMap,
  title: string,
  unit: string,
  width = 40,
  height = 240,
  /** Names of the classes of a code element (values colour map): one readable row each, the legend as tall as they need. */
  labelOf?: (value: number) => string,
): Promise<Buffer> {
  const named = labelOf !== undefined && colormap.type === 'values';
  const labels = legendEntries(colormap, labelOf);
  // The body as wide as its labels; the title wraps to it (a long word widens both).
  const body = Math.max(width, LEGEND_MIN_WIDTH, 28 + widestLabel(labels.map((l) => l.label)) + 4);
  const heading = legendTitle(unit ? `${title} (${unit})` : title, body - 8);
  const w = Math.max(body, heading.width + 8);
  const barTop = heading.bodyTop;
  const barHeight = named ? Math.max(colormap.entries.length * 16, height - barTop - 8) : Math.max(height - barTop - 8, 60);
  // Built with an XML writer: titles, labels and colours (all from stored settings) are escaped in text and attributes.
  const svg = xmlDocument().ele('http://www.w3.org/2000/svg', 'svg', {
    width: String(w),
    height: String(barTop + barHeight + 8),
    fill: '#222',
  });
  svg.ele('rect', { width: '100%', height: '100%', fill: '#ffffff', 'fill-opacity': '0.85' });
  if (colormap.type === 'ramp') {
    const stops = colormap.stops;
    const min = stops[0]!.value;
    const max = stops[stops.length - 1]!.value;
    const gradient = svg.ele('defs').ele('linearGradient', { id: 'g', x1: '0', y1: '0', x2: '0', y2: '1' });
    for (const s of [...stops].reverse()) {
      const h = hex(String(s.color));
      gradient.ele('stop', {
        offset: `${(((max - s.value) / (max - min || 1)) * 100).toFixed(2)}%`,
        'stop-color': h.color,
        'stop-opacity': String(h.opacity),
      });
    }
    svg.ele('rect', { x: '4', y: String(barTop), width: '18', height: String(barHeight), fill: 'url(#g)', stroke: '#555' });
    for (const s of stops) {
      const y = barTop + ((max - s.value) / (max - min || 1)) * barHeight;
      legendLabel(svg, String(s.value), 28, y + 4);
    }
  } else {
    const entries = labels;
    const box = named ? 16 : Math.min(20, barHeight / entries.length);
    entries.reverse().forEach((e, k) => {
      const h = hex(e.color);
      const y = barTop + k * box;
      svg.ele('rect', {
        x: '4',
        y: String(y),
        width: '18',
        height: String(box - 2),
        fill: h.color,
        'fill-opacity': String(h.opacity),
        stroke: '#555',
      });
      legendLabel(svg, e.label, 28, y + box / 2 + 3);
    });
  }
  return withTitle(svg.end({ headless: true }), heading);
}
