import { cellAt, type Grid } from '@agromet/grid';
import { xmlDocument } from '../../core/xml.js';
import { legendLabel, legendTitle, withTitle } from './legend-text.js';
import { mercatorToLonLat, type MapRequest } from './params.js';
import { segmentRowSpan } from './stroke.js';

// Wind drawn as arrows or barbs on a lattice of points (docs/wms.md#styles): one symbol every LATTICE_PX pixels, the
// lattice anchored at multiples of its spacing in the request's CRS, so that neighbouring tiles of a map continue it.
// The symbols are drawn straight into the tile's pixels, with a white halo that reads on any base map; the legend
// writes the same shapes as SVG.

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
      // The cell under the symbol (speed and direction share their cells).
      const cell = cellAt(speed, lon, lat);
      if (!cell) continue;
      const s = speed.values[cell.j * speed.nx + cell.i]!;
      const d = direction.values[cell.j * direction.nx + cell.i]!;
      if (Number.isNaN(s) || Number.isNaN(d)) continue;
      out.push({ x: px, y: py, speed: s, direction: d });
    }
  }
  return out;
}

const f1 = (v: number) => (Math.round(v * 10) / 10).toString();

/**
 * The shapes of a set of symbols, in pixels: stroked segments (x0, y0, x1, y1), stroked circles (cx, cy, r) and
 * filled pennants (three corners). One geometry, drawn two ways: straight into a tile's pixels (renderWindPixels)
 * and as SVG for the legend.
 */
export interface WindShapes {
  lines: number[];
  rings: number[];
  pennants: number[];
}

/** An arrow pointing where the wind goes, its length growing with the speed (8 px calm … LATTICE_PX − 6 at 20 m/s). */
function addArrow(s: WindSymbol, spacing: number, out: WindShapes) {
  const length = Math.min(spacing - 6, 8 + ((spacing - 14) * Math.min(s.speed, 20)) / 20);
  const to = ((s.direction + 180) * Math.PI) / 180;
  const [ux, uy] = [Math.sin(to), -Math.cos(to)];
  const [hx, hy] = [s.x + (ux * length) / 2, s.y + (uy * length) / 2];
  const [tx, ty] = [s.x - (ux * length) / 2, s.y - (uy * length) / 2];
  const head = 5;
  out.lines.push(tx, ty, hx, hy);
  for (const a of [0.45, -0.45]) {
    const r = to + Math.PI + a;
    out.lines.push(hx, hy, hx + Math.sin(r) * head, hy - Math.cos(r) * head);
  }
}

/**
 * A wind barb: the staff points to where the wind comes from, with feathers at its far end on the clockwise side;
 * in m/s as Chinese surface charts draw it: a pennant 20, a full barb 4, a half barb 2 (rounded to 2 m/s). Calm (below
 * 1 m/s) is a circle.
 */
function addBarb(s: WindSymbol, out: WindShapes) {
  if (s.speed < 1) {
    out.rings.push(s.x, s.y, 3);
    return;
  }
  const from = (s.direction * Math.PI) / 180;
  const [ux, uy] = [Math.sin(from), -Math.cos(from)];
  // Feathers lean clockwise of the staff, back towards the station.
  const [fx, fy] = [Math.sin(from + (Math.PI * 2) / 3), -Math.cos(from + (Math.PI * 2) / 3)];
  const staff = 22;
  const [ex, ey] = [s.x + ux * staff, s.y + uy * staff];
  out.lines.push(s.x, s.y, ex, ey);
  let rest = Math.round(s.speed / 2) * 2;
  let at = 0;
  const point = (d: number) => [ex - ux * d, ey - uy * d] as const;
  while (rest >= 20) {
    const [ax, ay] = point(at);
    const [bx, by] = point(at + 5);
    out.pennants.push(ax, ay, ax + fx * 9, ay + fy * 9, bx, by);
    at += 6;
    rest -= 20;
  }
  while (rest >= 4) {
    const [ax, ay] = point(at);
    out.lines.push(ax, ay, ax + fx * 9, ay + fy * 9);
    at += 3.5;
    rest -= 4;
  }
  if (rest >= 2) {
    const [ax, ay] = point(at === 0 ? 3.5 : at);
    out.lines.push(ax, ay, ax + fx * 4.5, ay + fy * 4.5);
  }
}

export function windShapes(symbols: readonly WindSymbol[], style: WindStyle): WindShapes {
  const out: WindShapes = { lines: [], rings: [], pennants: [] };
  for (const s of symbols) {
    if (style === 'arrows') addArrow(s, LATTICE_PX.arrows, out);
    else addBarb(s, out);
  }
  return out;
}

// Stroke widths of the symbols and their halo, and the halo's opacity under the strokes.
const INK_WIDTH = 1.6;
const HALO_WIDTH = 3.6;
const HALO_OPACITY = 0.85;
const PENNANT_HALO_WIDTH = 1;

/** The shapes as an SVG document (the legend; and the reference the pixel drawing is tested against). */
export function windShapesSvg(shapes: WindShapes, width: number, height: number): string {
  const svg = xmlDocument().ele('http://www.w3.org/2000/svg', 'svg', { width: String(width), height: String(height) });
  const { lines, rings, pennants } = shapes;
  let stroke = '';
  for (let k = 0; k < lines.length; k += 4) stroke += `M${f1(lines[k]!)} ${f1(lines[k + 1]!)}L${f1(lines[k + 2]!)} ${f1(lines[k + 3]!)}`;
  for (let k = 0; k < rings.length; k += 3) {
    const [x, y, r] = [rings[k]!, rings[k + 1]!, rings[k + 2]!];
    stroke += `M${f1(x + r)} ${f1(y)}A${r} ${r} 0 1 0 ${f1(x - r)} ${f1(y)}A${r} ${r} 0 1 0 ${f1(x + r)} ${f1(y)}`;
  }
  let fill = '';
  for (let k = 0; k < pennants.length; k += 6)
    fill += `M${f1(pennants[k]!)} ${f1(pennants[k + 1]!)}L${f1(pennants[k + 2]!)} ${f1(pennants[k + 3]!)}L${f1(pennants[k + 4]!)} ${f1(pennants[k + 5]!)}Z`;
  const common = { fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
  if (stroke) {
    svg.ele('path', { d: stroke, stroke: HALO, 'stroke-width': String(HALO_WIDTH), 'stroke-opacity': String(HALO_OPACITY), ...common });
    svg.ele('path', { d: stroke, stroke: INK, 'stroke-width': String(INK_WIDTH), ...common });
  }
  if (fill) svg.ele('path', { d: fill, fill: INK, stroke: HALO, 'stroke-width': String(PENNANT_HALO_WIDTH) });
  return svg.end({ headless: true });
}

/** Distance from (px, py) to the segment (x0, y0)–(x1, y1). */
function segmentDistance(px: number, py: number, x0: number, y0: number, x1: number, y1: number): number {
  const [dx, dy] = [x1 - x0, y1 - y0];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / len2));
  const ex = px - x0 - t * dx;
  const ey = py - y0 - t * dy;
  return Math.sqrt(ex * ex + ey * ey);
}

/** Coverage of a pixel whose centre lies `d` from the middle of a stroke `width` wide (a one-pixel linear ramp). */
const strokeCoverage = (d: number, width: number) => Math.max(0, Math.min(1, width / 2 + 0.5 - d));

/** Coverage layers of an image: halo strokes, ink (strokes and pennants), pennant outlines; each a union (largest). */
interface Layers {
  width: number;
  height: number;
  halo: Float32Array;
  ink: Float32Array;
  outline: Float32Array;
}

/** Pixel rows and columns whose centres may lie within `reach` of a box, clipped to the image. */
function pixelBox(layers: Layers, minX: number, minY: number, maxX: number, maxY: number, reach: number) {
  return {
    i0: Math.max(0, Math.floor(minX - reach)),
    i1: Math.min(layers.width - 1, Math.ceil(maxX + reach)),
    j0: Math.max(0, Math.floor(minY - reach)),
    j1: Math.min(layers.height - 1, Math.ceil(maxY + reach)),
  };
}

const REACH = HALO_WIDTH / 2 + 1;

const REACH2 = REACH * REACH;

function strokeSegment(layers: Layers, x0: number, y0: number, x1: number, y1: number) {
  const { halo, ink, width } = layers;
  const { i0, i1, j0, j1 } = pixelBox(layers, Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1), REACH);
  const [dx, dy] = [x1 - x0, y1 - y0];
  const len2 = dx * dx + dy * dy;
  for (let j = j0; j <= j1; j++) {
    const [a, b] = segmentRowSpan(j, i0, i1, x0, y0, x1, y1, REACH);
    const py = j + 0.5;
    for (let i = a; i <= b; i++) {
      // segmentDistance, its square first: most pixels of the box lie beyond the halo.
      const px = i + 0.5;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / len2));
      const ex = px - x0 - t * dx;
      const ey = py - y0 - t * dy;
      const d2 = ex * ex + ey * ey;
      if (d2 >= REACH2) continue;
      const d = Math.sqrt(d2);
      const k = j * width + i;
      const h = strokeCoverage(d, HALO_WIDTH);
      if (h > halo[k]!) halo[k] = h;
      const c = strokeCoverage(d, INK_WIDTH);
      if (c > ink[k]!) ink[k] = c;
    }
  }
}

function strokeRing(layers: Layers, x: number, y: number, r: number) {
  const { halo, ink, width } = layers;
  const { i0, i1, j0, j1 } = pixelBox(layers, x - r, y - r, x + r, y + r, REACH);
  for (let j = j0; j <= j1; j++) {
    for (let i = i0; i <= i1; i++) {
      const d = Math.abs(Math.hypot(i + 0.5 - x, j + 0.5 - y) - r);
      const k = j * width + i;
      const h = strokeCoverage(d, HALO_WIDTH);
      if (h > halo[k]!) halo[k] = h;
      const c = strokeCoverage(d, INK_WIDTH);
      if (c > ink[k]!) ink[k] = c;
    }
  }
}

/** A filled triangle: ink inside (its edge ramped over a pixel), and its outline stroked in white on top. */
function fillPennant(layers: Layers, p: readonly number[], at: number) {
  const { ink, outline, width } = layers;
  const [ax, ay, bx, by, cx, cy] = [p[at]!, p[at + 1]!, p[at + 2]!, p[at + 3]!, p[at + 4]!, p[at + 5]!];
  // Inward unit normals of the three edges, whichever way the corners turn.
  const turn = Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) || 1;
  const normal = (x0: number, y0: number, x1: number, y1: number) => {
    const len = Math.hypot(x1 - x0, y1 - y0) || 1;
    return [(-(y1 - y0) * turn) / len, ((x1 - x0) * turn) / len] as const;
  };
  const [n1x, n1y] = normal(ax, ay, bx, by);
  const [n2x, n2y] = normal(bx, by, cx, cy);
  const [n3x, n3y] = normal(cx, cy, ax, ay);
  const box = pixelBox(layers, Math.min(ax, bx, cx), Math.min(ay, by, cy), Math.max(ax, bx, cx), Math.max(ay, by, cy), 2);
  for (let j = box.j0; j <= box.j1; j++) {
    for (let i = box.i0; i <= box.i1; i++) {
      const [px, py] = [i + 0.5, j + 0.5];
      const inside = Math.min((px - ax) * n1x + (py - ay) * n1y, (px - bx) * n2x + (py - by) * n2y, (px - cx) * n3x + (py - cy) * n3y);
      const edge = Math.min(
        segmentDistance(px, py, ax, ay, bx, by),
        segmentDistance(px, py, bx, by, cx, cy),
        segmentDistance(px, py, cx, cy, ax, ay),
      );
      const k = j * width + i;
      const c = Math.max(0, Math.min(1, inside + 0.5));
      if (c > ink[k]!) ink[k] = c;
      const o = strokeCoverage(edge, PENNANT_HALO_WIDTH);
      if (o > outline[k]!) outline[k] = o;
    }
  }
}

// Coverage layers reused from call to call (the drawing is synchronous): fresh zeroed arrays for every tile cost
// as much as the drawing itself.
let scratch = new Float32Array(0);

/**
 * The symbols drawn straight into RGBA pixels (not premultiplied): per pixel, the coverage of the halo strokes, of the
 * ink (strokes and pennants) and of the pennants' outline, each the largest coverage of its shapes (a union, as one
 * SVG path paints), composited in SVG's order: halo, ink, pennant outline. Matches librsvg's rendering of
 * windShapesSvg but for the edges of strokes (arrows.test.ts), in a fraction of its time.
 */
function drawShapes(shapes: WindShapes, width: number, height: number): Uint8ClampedArray {
  const size = width * height;
  if (scratch.length < size * 3) scratch = new Float32Array(size * 3);
  else scratch.fill(0, 0, size * 3);
  const layers: Layers = {
    width,
    height,
    halo: scratch.subarray(0, size),
    ink: scratch.subarray(size, size * 2),
    outline: scratch.subarray(size * 2, size * 3),
  };
  const { lines, rings, pennants } = shapes;
  for (let s = 0; s < lines.length; s += 4) strokeSegment(layers, lines[s]!, lines[s + 1]!, lines[s + 2]!, lines[s + 3]!);
  for (let s = 0; s < rings.length; s += 3) strokeRing(layers, rings[s]!, rings[s + 1]!, rings[s + 2]!);
  for (let s = 0; s < pennants.length; s += 6) fillPennant(layers, pennants, s);
  const out = new Uint8ClampedArray(size * 4);
  const inkShade = parseInt(INK.slice(1, 3), 16);
  const { halo, ink, outline } = layers;
  for (let k = 0; k < size; k++) {
    const h = halo[k]! * HALO_OPACITY;
    const i = ink[k]!;
    const o = outline[k]!;
    if (h === 0 && i === 0 && o === 0) continue;
    // "Over" compositing of the white halo, the ink and the white outline, in straight (not premultiplied) colour.
    let shadeAlpha = 255 * h;
    let a = h;
    shadeAlpha = inkShade * i + shadeAlpha * (1 - i);
    a = i + a * (1 - i);
    shadeAlpha = 255 * o + shadeAlpha * (1 - o);
    a = o + a * (1 - o);
    const shade = shadeAlpha / a;
    out[k * 4] = out[k * 4 + 1] = out[k * 4 + 2] = shade;
    out[k * 4 + 3] = a * 255;
  }
  return out;
}

/** RGBA pixels of the wind symbols over transparency, the size of the request's image. */
export function renderWindPixels(
  speed: Grid,
  direction: Grid,
  req: Pick<MapRequest, 'bbox' | 'crs' | 'width' | 'height'>,
  style: WindStyle,
): Uint8ClampedArray {
  return drawShapes(windShapes(windLattice(speed, direction, req, style), style), req.width, req.height);
}

/**
 * The legend of a wind style: its title wrapped at the top, symbols for a few speeds (from the west, so they read left
 * to right) and their values.
 */
export async function windLegendPng(style: WindStyle, title: string, height = 240): Promise<Buffer> {
  const speeds = style === 'arrows' ? [2, 5, 10, 15, 20] : [0, 2, 4, 8, 12, 20, 24];
  const heading = legendTitle(title, 110 - 8);
  const top = heading.bodyTop;
  const row = Math.min(28, Math.max(18, (height - top - 8) / speeds.length));
  const h = Math.max(height, top + speeds.length * row + 8);
  const width = Math.max(110, heading.width + 8);
  const symbols = speeds.map((speed, k) => ({
    x: style === 'arrows' ? 22 : 30,
    y: top + k * row + row / 2,
    speed,
    direction: style === 'arrows' ? 270 : 90,
  }));
  const svg = xmlDocument().ele('http://www.w3.org/2000/svg', 'svg', {
    width: String(width),
    height: String(h),
    fill: '#222',
  });
  svg.ele('rect', { width: '100%', height: '100%', fill: '#ffffff', 'fill-opacity': '0.85' });
  const inner = windShapesSvg(windShapes(symbols, style), width, h)
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '');
  speeds.forEach((s, k) => legendLabel(svg, `${s} m/s`, 60, top + k * row + row / 2 + 4));
  const doc = svg.end({ headless: true }).replace(/<\/svg>$/, `${inner}</svg>`);
  return withTitle(doc, heading);
}
