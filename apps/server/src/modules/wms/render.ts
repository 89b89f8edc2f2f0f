import { compileColorMap, type ColorMap, type Grid } from '@agromet/grid';
import { create } from 'xmlbuilder2';
import sharp from 'sharp';
import { pixelToLonLat, type MapRequest } from './params.js';

/** RGBA pixels of a grid drawn into a map request's box (nearest cell; outside or missing → transparent). */
export function renderGridPixels(
  grid: Grid,
  colormap: ColorMap,
  req: Pick<MapRequest, 'bbox' | 'crs' | 'width' | 'height'>,
): Uint8ClampedArray {
  const { width, height } = req;
  const out = new Uint8ClampedArray(width * height * 4);
  const paint = compileColorMap(colormap);
  // Columns share longitudes and rows share latitudes in both CRSs: compute each once.
  const cols = new Int32Array(width);
  for (let c = 0; c < width; c++) {
    const [lon] = pixelToLonLat(req, c, 0);
    const i = Math.round((lon - grid.lon0) / grid.dx);
    cols[c] = i >= 0 && i < grid.nx ? i : -1;
  }
  for (let r = 0; r < height; r++) {
    const [, lat] = pixelToLonLat(req, 0, r);
    const j = Math.round((lat - grid.lat0) / grid.dy);
    if (j < 0 || j >= grid.ny) continue;
    const rowOffset = j * grid.nx;
    for (let c = 0; c < width; c++) {
      const i = cols[c]!;
      if (i < 0) continue;
      const v = grid.values[rowOffset + i]!;
      if (!Number.isNaN(v)) paint(v, out, (r * width + c) * 4);
    }
  }
  return out;
}

export function encodePng(pixels: Uint8ClampedArray, width: number, height: number, transparent = true): Promise<Buffer> {
  const image = sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width, height, channels: 4 } });
  return (transparent ? image : image.flatten({ background: '#ffffff' })).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

function hex(c: string) {
  return c.length === 9 ? { color: c.slice(0, 7), opacity: parseInt(c.slice(7), 16) / 255 } : { color: c, opacity: 1 };
}

/** A legend drawn as SVG (title, colour bar or class boxes, labels) and rasterised to PNG. */
export async function legendPng(colormap: ColorMap, title: string, unit: string, width = 40, height = 240): Promise<Buffer> {
  const w = Math.max(width, 90);
  const barTop = 24;
  const barHeight = Math.max(height - barTop - 8, 60);
  // Built with an XML writer: titles, labels and colours (all from stored settings) are escaped in text and attributes.
  const svg = create().ele('http://www.w3.org/2000/svg', 'svg', {
    width: String(w),
    height: String(barTop + barHeight + 8),
    'font-family': 'sans-serif',
    'font-size': '11',
    fill: '#222',
  });
  svg.ele('rect', { width: '100%', height: '100%', fill: '#ffffff', 'fill-opacity': '0.85' });
  svg.ele('text', { x: '4', y: '15', 'font-weight': 'bold' }).txt(`${title} (${unit})`);
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
      svg.ele('text', { x: '28', y: (y + 4).toFixed(1) }).txt(String(s.value));
    }
  } else {
    const entries =
      colormap.type === 'intervals'
        ? colormap.colors.map((color, k) => ({
            color: String(color),
            label:
              k === 0
                ? `< ${colormap.thresholds[0]}`
                : k === colormap.colors.length - 1
                  ? `≥ ${colormap.thresholds[k - 1]}`
                  : `${colormap.thresholds[k - 1]}–${colormap.thresholds[k]}`,
          }))
        : colormap.entries.map((e) => ({ color: String(e.color), label: String(e.value) }));
    const box = Math.min(20, barHeight / entries.length);
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
      svg.ele('text', { x: '28', y: String(y + box / 2 + 3) }).txt(e.label);
    });
  }
  return sharp(Buffer.from(svg.end({ headless: true })))
    .png()
    .toBuffer();
}
