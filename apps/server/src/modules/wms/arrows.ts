import type { Grid } from '@agromet/grid';
import sharp from 'sharp';
import { create } from 'xmlbuilder2';
import { mercatorToLonLat, type MapRequest } from './params.js';

// Wind drawn as arrows or barbs on a lattice of points (docs/wms.md#styles): one symbol every LATTICE_PX pixels, the
// lattice anchored at multiples of its spacing in the request's CRS, so that neighbouring tiles of a map continue it.
// The symbols are written as SVG and rasterised by sharp (librsvg), with a white halo that reads on any base map.

export type WindStyle = 'arrows' | 'barbs';

/** Pixels between symbols. */
export const LATTICE_PX: Record<WindStyle, number> = { arrows: 32, barbs: 40 };
const INK = '#1b1b1b';
const HALO = '#ffffff';

/** The wind at a lattice point, with its place in the image (pixel coordinates, y down). */
export interface WindSymbol {
  x: number;
  y: number;
  speed: number;
  /** Where the wind blows from, degrees clockwise from north. */
  direction: number;
}

/** The lattice points of a request with the wind of the nearest cell (points just outside the image draw into it). */
export function windLattice(
  speed: Grid,
  direction: Grid,
  req: Pick<MapRequest, 'bbox' | 'crs' | 'width' | 'height'>,
  style: WindStyle,
): WindSymbol[] {
  const { bbox, width, height } = req;
  const resX = (bbox.maxX - bbox.minX) / width;
  const resY = (bbox.maxY - bbox.minY) / height;
  const stepX = LATTICE_PX[style] * resX;
  const stepY = LATTICE_PX[style] * resY;
  const margin = LATTICE_PX[style] / 2;
  const out: WindSymbol[] = [];
  const k0 = Math.floor((bbox.minX - margin * resX) / stepX);
  const k1 = Math.ceil((bbox.maxX + margin * resX) / stepX);
  const m0 = Math.floor((bbox.minY - margin * resY) / stepY);
  const m1 = Math.ceil((bbox.maxY + margin * resY) / stepY);
  // At most a few thousand symbols even for a 4096 px image: the spacing is fixed in pixels.
  for (let m = m1; m >= m0; m--) {
    const y = m * stepY;
    for (let k = k0; k <= k1; k++) {
      const x = k * stepX;
      const px = (x - bbox.minX) / resX;
      const py = (bbox.maxY - y) / resY;
      if (px < -margin || px > width + margin || py < -margin || py > height + margin) continue;
      const [lon, lat] = req.crs === 'EPSG:3857' ? mercatorToLonLat(x, y) : [x, y];
      const i = Math.round((lon - speed.lon0) / speed.dx);
      const j = Math.round((lat - speed.lat0) / speed.dy);
      if (i < 0 || i >= speed.nx || j < 0 || j >= speed.ny) continue;
      const s = speed.values[j * speed.nx + i]!;
      const d = direction.values[j * direction.nx + i]!;
      if (Number.isNaN(s) || Number.isNaN(d)) continue;
      out.push({ x: px, y: py, speed: s, direction: d });
    }
  }
  return out;
}

const f1 = (v: number) => (Math.round(v * 10) / 10).toString();

/** An arrow pointing where the wind goes, its length growing with the speed (8 px calm … LATTICE_PX − 6 at 20 m/s). */
function arrowPath(s: WindSymbol, spacing: number): string {
  const length = Math.min(spacing - 6, 8 + ((spacing - 14) * Math.min(s.speed, 20)) / 20);
  const to = ((s.direction + 180) * Math.PI) / 180;
  const [ux, uy] = [Math.sin(to), -Math.cos(to)];
  const [hx, hy] = [s.x + (ux * length) / 2, s.y + (uy * length) / 2];
  const [tx, ty] = [s.x - (ux * length) / 2, s.y - (uy * length) / 2];
  const head = 5;
  const wing = (a: number) => {
    const r = to + Math.PI + a;
    return `M${f1(hx)} ${f1(hy)}L${f1(hx + Math.sin(r) * head)} ${f1(hy - Math.cos(r) * head)}`;
  };
  return `M${f1(tx)} ${f1(ty)}L${f1(hx)} ${f1(hy)}${wing(0.45)}${wing(-0.45)}`;
}

/**
 * A wind barb: the staff points to where the wind comes from, with feathers at its far end on the clockwise side;
 * in m/s as Chinese surface charts draw it: a pennant 20, a full barb 4, a half barb 2 (rounded to 2 m/s). Calm (below
 * 1 m/s) is a circle. Answers the stroked path and the filled pennants.
 */
function barbPaths(s: WindSymbol): { stroke: string; fill: string } {
  if (s.speed < 1)
    return { stroke: `M${f1(s.x + 3)} ${f1(s.y)}A3 3 0 1 0 ${f1(s.x - 3)} ${f1(s.y)}A3 3 0 1 0 ${f1(s.x + 3)} ${f1(s.y)}`, fill: '' };
  const from = (s.direction * Math.PI) / 180;
  const [ux, uy] = [Math.sin(from), -Math.cos(from)];
  // Feathers lean clockwise of the staff, back towards the station.
  const [fx, fy] = [Math.sin(from + (Math.PI * 2) / 3), -Math.cos(from + (Math.PI * 2) / 3)];
  const staff = 22;
  const [ex, ey] = [s.x + ux * staff, s.y + uy * staff];
  let stroke = `M${f1(s.x)} ${f1(s.y)}L${f1(ex)} ${f1(ey)}`;
  let fill = '';
  let rest = Math.round(s.speed / 2) * 2;
  let at = 0;
  const point = (d: number) => [ex - ux * d, ey - uy * d] as const;
  while (rest >= 20) {
    const [ax, ay] = point(at);
    const [bx, by] = point(at + 5);
    fill += `M${f1(ax)} ${f1(ay)}L${f1(ax + fx * 9)} ${f1(ay + fy * 9)}L${f1(bx)} ${f1(by)}Z`;
    at += 6;
    rest -= 20;
  }
  while (rest >= 4) {
    const [ax, ay] = point(at);
    stroke += `M${f1(ax)} ${f1(ay)}L${f1(ax + fx * 9)} ${f1(ay + fy * 9)}`;
    at += 3.5;
    rest -= 4;
  }
  if (rest >= 2) {
    const [ax, ay] = point(at === 0 ? 3.5 : at);
    stroke += `M${f1(ax)} ${f1(ay)}L${f1(ax + fx * 4.5)} ${f1(ay + fy * 4.5)}`;
  }
  return { stroke, fill };
}

function symbolsSvg(symbols: readonly WindSymbol[], style: WindStyle, width: number, height: number): string {
  const svg = create().ele('http://www.w3.org/2000/svg', 'svg', { width: String(width), height: String(height) });
  let stroke = '';
  let fill = '';
  for (const s of symbols) {
    if (style === 'arrows') stroke += arrowPath(s, LATTICE_PX.arrows);
    else {
      const b = barbPaths(s);
      stroke += b.stroke;
      fill += b.fill;
    }
  }
  const common = { fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
  if (stroke) {
    svg.ele('path', { d: stroke, stroke: HALO, 'stroke-width': '3.6', 'stroke-opacity': '0.85', ...common });
    svg.ele('path', { d: stroke, stroke: INK, 'stroke-width': '1.6', ...common });
  }
  if (fill) svg.ele('path', { d: fill, fill: INK, stroke: HALO, 'stroke-width': '1' });
  return svg.end({ headless: true });
}

/** RGBA pixels of the wind symbols over transparency, the size of the request's image. */
export async function renderWindPixels(
  speed: Grid,
  direction: Grid,
  req: Pick<MapRequest, 'bbox' | 'crs' | 'width' | 'height'>,
  style: WindStyle,
): Promise<Uint8ClampedArray> {
  const symbols = windLattice(speed, direction, req, style);
  if (symbols.length === 0) return new Uint8ClampedArray(req.width * req.height * 4);
  const raw = await sharp(Buffer.from(symbolsSvg(symbols, style, req.width, req.height)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (raw.info.width !== req.width || raw.info.height !== req.height || raw.info.channels !== 4)
    throw new Error(`wind symbols rasterised to ${raw.info.width}×${raw.info.height}×${raw.info.channels}`);
  return new Uint8ClampedArray(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength);
}

/** The legend of a wind style: symbols for a few speeds (from the west, so they read left to right) and their values. */
export async function windLegendPng(style: WindStyle, title: string, height = 240): Promise<Buffer> {
  const speeds = style === 'arrows' ? [2, 5, 10, 15, 20] : [0, 2, 4, 8, 12, 20, 24];
  const top = 24;
  const row = Math.min(28, Math.max(18, (height - top - 8) / speeds.length));
  const h = Math.max(height, top + speeds.length * row + 8);
  const width = 110;
  const symbols = speeds.map((speed, k) => ({
    x: style === 'arrows' ? 22 : 30,
    y: top + k * row + row / 2,
    speed,
    direction: style === 'arrows' ? 270 : 90,
  }));
  const svg = create().ele('http://www.w3.org/2000/svg', 'svg', {
    width: String(width),
    height: String(h),
    'font-family': 'sans-serif',
    'font-size': '11',
    fill: '#222',
  });
  svg.ele('rect', { width: '100%', height: '100%', fill: '#ffffff', 'fill-opacity': '0.85' });
  svg.ele('text', { x: '4', y: '15', 'font-weight': 'bold' }).txt(title);
  const inner = symbolsSvg(symbols, style, width, h)
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '');
  const labels = speeds.map((s, k) => `<text x="60" y="${(top + k * row + row / 2 + 4).toFixed(1)}">${s} m/s</text>`).join('');
  const doc = svg.end({ headless: true }).replace(/<\/svg>$/, `${inner}${labels}</svg>`);
  return sharp(Buffer.from(doc)).png().toBuffer();
}
