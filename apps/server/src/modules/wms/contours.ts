import { isolines, smoothIsolines, type ColorMap, type Grid } from '@agromet/grid';
import { CONTOUR_LABEL_RULES, placeContourLabels, type LabelLine, type PlacedLabel } from './contour-labels.js';
import { labelSprites, type LabelSprite } from './contour-text.js';
import { lonLatToMercator, mercatorToLonLat, type MapRequest } from './params.js';
import { segmentRowSpan } from './stroke.js';

// The contours style (docs/wms.md#contour-lines): isolines traced as vector lines on the grid (marching squares between
// cell centres, linear interpolation on the squares' sides, @agromet/grid isolines), smoothed by corner cutting where
// no two lines come to cross, projected to the image and drawn antialiased; their values written upright in gaps cut
// in the lines, in the product font, placed by placeContourLabels (a minimum gap between labels, clear of line ends and
// of other lines).

/** Isoline spacing by factor (temperatures every 2 °C, humidities every 10 %, …). */
const INTERVALS: Record<string, number> = { tmp: 2, tmax: 2, tmin: 2, tsoil: 2, rh: 10, sm: 10, wsp: 2, vis: 5, et0: 1 };

/** The levels a factor's isolines are drawn at: interval colour maps at their thresholds, otherwise every interval. */
export type ContourLevels = { kind: 'interval'; interval: number; base: number } | { kind: 'thresholds'; thresholds: readonly number[] };

export function contourLevels(factorCode: string, colormap: ColorMap): ContourLevels {
  const fixed = INTERVALS[factorCode];
  if (fixed) return { kind: 'interval', interval: fixed, base: 0 };
  if (colormap.type === 'intervals' && colormap.thresholds.length > 0) return { kind: 'thresholds', thresholds: colormap.thresholds };
  const values =
    colormap.type === 'ramp'
      ? colormap.stops.map((s) => s.value)
      : colormap.type === 'values'
        ? colormap.entries.map((e) => e.value)
        : [0, 10];
  const span = Math.max(...values) - Math.min(...values);
  return { kind: 'interval', interval: niceStep(span / 10), base: 0 };
}

/** 1, 2 or 5 times a power of ten, at least `raw` (and 1 for an empty span). */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw - 1e-12) return m * p;
  return 10 * p;
}

/** The level between band b−1 and band b. */
export function levelOf(levels: ContourLevels, band: number): number {
  if (levels.kind === 'interval') return Math.round((levels.base + band * levels.interval) * 1e6) / 1e6;
  return levels.thresholds[band - 1]!;
}

/** The levels of a window whose values lie within [lo, hi]: those with lo < level ≤ hi (ascending). */
export function levelsBetween(levels: ContourLevels, lo: number, hi: number): number[] {
  if (!(hi > lo)) return [];
  if (levels.kind === 'thresholds') return levels.thresholds.filter((t) => t > lo && t <= hi);
  const out: number[] = [];
  const first = Math.floor((lo - levels.base) / levels.interval) + 1;
  const last = Math.floor((hi - levels.base) / levels.interval);
  // A window spans a few dozen levels at most; the bound keeps a mistaken interval from drawing millions.
  for (let k = first; k <= last && out.length < MAX_LEVELS; k++) out.push(levelOf(levels, k));
  return out;
}
const MAX_LEVELS = 500;

/** A cell at least this many pixels across is traced cell by cell; smaller ones every few cells (lines stay smooth). */
const MIN_STEP_PX = 3;
/** The length the smoothed lines' segments come to, px. */
const SEGMENT_PX = 2.5;
/** Cells beyond the image traced too, so that the smoothed lines continue across tile edges. */
const MARGIN_STEPS = 3;
/** Line width, px, and its shade (straight RGB; the coverage goes into alpha). */
const LINE_WIDTH = 1.1;
export const LINE_SHADE = 51;

/** Image x of a longitude and y of a latitude (pixel edges at whole numbers, y down). */
function projector(req: Pick<MapRequest, 'bbox' | 'crs' | 'width' | 'height'>) {
  const { bbox, width, height } = req;
  const sx = width / (bbox.maxX - bbox.minX);
  const sy = height / (bbox.maxY - bbox.minY);
  const merc = req.crs === 'EPSG:3857';
  return {
    x: (lon: number) => ((merc ? lonLatToMercator(lon, 0)[0] : lon) - bbox.minX) * sx,
    y: (lat: number) => (bbox.maxY - (merc ? lonLatToMercator(0, lat)[1] : lat)) * sy,
  };
}

/** The lon/lat box of an image. */
function lonLatBox(req: Pick<MapRequest, 'bbox' | 'crs'>) {
  const { bbox } = req;
  if (req.crs !== 'EPSG:3857') return { west: bbox.minX, south: bbox.minY, east: bbox.maxX, north: bbox.maxY };
  const [west, south] = mercatorToLonLat(bbox.minX, bbox.minY);
  const [east, north] = mercatorToLonLat(bbox.maxX, bbox.maxY);
  return { west, south, east, north };
}

export interface ContourDrawing {
  /** The lines in image pixels, with their levels. */
  lines: Array<{ level: number; points: number[]; closed: boolean }>;
  labels: Array<PlacedLabel & { text: string; sprite: LabelSprite }>;
}

/** The isolines of a grid within an image, in the image's pixels, and where their labels go (drawn, contour-text.ts). */
export async function contourDrawing(
  grid: Grid,
  req: Pick<MapRequest, 'bbox' | 'crs' | 'width' | 'height'>,
  levels: ContourLevels,
): Promise<ContourDrawing> {
  const { nx, ny, lon0, lat0, dx, dy } = grid;
  const box = lonLatBox(req);
  // The window of cells under the image, in grid indices (dy may be negative: rows from north to south).
  const iA = (box.west - lon0) / dx;
  const iB = (box.east - lon0) / dx;
  const jA = (box.south - lat0) / dy;
  const jB = (box.north - lat0) / dy;
  const pxPerCell = Math.min((req.width / Math.max(Math.abs(iB - iA), 1e-9)) * 1, req.height / Math.max(Math.abs(jB - jA), 1e-9));
  const step = Math.max(1, Math.floor(MIN_STEP_PX / pxPerCell));
  const margin = MARGIN_STEPS * step;
  // Start the window on the lattice of every `step`-th cell from 0, so that neighbouring tiles trace the same cells.
  const snap = (v: number) => Math.floor(v / step) * step;
  const i0 = Math.max(0, snap(Math.floor(Math.min(iA, iB)) - margin));
  const j0 = Math.max(0, snap(Math.floor(Math.min(jA, jB)) - margin));
  const i1 = Math.min(nx - 1, Math.ceil(Math.max(iA, iB)) + margin);
  const j1 = Math.min(ny - 1, Math.ceil(Math.max(jA, jB)) + margin);
  if (i1 <= i0 || j1 <= j0) return { lines: [], labels: [] };
  let lo = Infinity;
  let hi = -Infinity;
  for (let j = j0; j <= j1; j += step) {
    for (let i = i0; i <= i1; i += step) {
      const v = grid.values[j * nx + i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  const wanted = levelsBetween(levels, lo, hi);
  if (wanted.length === 0) return { lines: [], labels: [] };
  const traced = isolines(grid.values, nx, ny, wanted, { i0, j0, i1, j1, step });
  // Corners are cut until the segments are about SEGMENT_PX long: none for squares a few pixels wide (their corners do
  // not show), up to four rounds for large ones.
  const cellPx = pxPerCell * step;
  const rounds = Math.max(0, Math.min(4, Math.round(Math.log2(cellPx / SEGMENT_PX))));
  const smooth = rounds > 0 ? smoothIsolines(traced, rounds, step) : traced;
  const project = projector(req);
  const lines = smooth.map((l) => {
    const points = new Array<number>(l.points.length);
    for (let k = 0; k < l.points.length; k += 2) {
      points[k] = project.x(lon0 + l.points[k]! * dx);
      points[k + 1] = project.y(lat0 + l.points[k + 1]! * dy);
    }
    return { level: l.level, points, closed: l.closed };
  });
  const texts = lines.map((l) => formatLevel(l.level));
  const sprites = await labelSprites(texts);
  const labelLines: LabelLine[] = lines.map((l, k) => {
    const sprite = sprites.get(texts[k]!)!;
    return { ...l, width: sprite.width, height: sprite.height };
  });
  const labels = placeContourLabels(labelLines, { ...CONTOUR_LABEL_RULES, imageWidth: req.width, imageHeight: req.height }).map((p) => ({
    ...p,
    text: texts[p.line]!,
    sprite: sprites.get(texts[p.line]!)!,
  }));
  return { lines, labels };
}

// Line coverage reused from call to call (the drawing after the labels' sprites are ready is synchronous).
let scratch = new Float32Array(0);

/** Draws the isolines of a grid (dark grey, antialiased) and their labels into RGBA pixels (straight alpha). */
export async function drawContours(
  out: Uint8ClampedArray,
  grid: Grid,
  req: Pick<MapRequest, 'bbox' | 'crs' | 'width' | 'height'>,
  levels: ContourLevels,
): Promise<ContourDrawing> {
  const { width, height } = req;
  const drawing = await contourDrawing(grid, req, levels);
  const size = width * height;
  if (scratch.length < size) scratch = new Float32Array(size);
  const cover = scratch.subarray(0, size);
  cover.fill(0);
  for (const line of drawing.lines) {
    const p = line.points;
    const n = p.length / 2;
    for (let k = 0; k < (line.closed ? n : n - 1); k++) {
      const b = ((k + 1) % n) * 2;
      strokeSegment(cover, width, height, p[2 * k]!, p[2 * k + 1]!, p[b]!, p[b + 1]!);
    }
  }
  // The lines break where their labels are written.
  for (const { sprite, x, y: yc } of drawing.labels) {
    const x0 = x - Math.floor(sprite.width / 2);
    const y0 = yc - Math.floor(sprite.height / 2);
    for (let y = Math.max(0, y0); y < Math.min(height, y0 + sprite.height); y++)
      cover.fill(0, y * width + Math.max(0, x0), y * width + Math.min(width, x0 + sprite.width));
  }
  for (let k = 0; k < size; k++) {
    const c = cover[k]!;
    if (c === 0) continue;
    const o = k * 4;
    out[o] = LINE_SHADE;
    out[o + 1] = LINE_SHADE;
    out[o + 2] = LINE_SHADE;
    out[o + 3] = Math.round(c * 255);
  }
  for (const { sprite, x, y } of drawing.labels)
    blit(out, width, height, sprite, x - Math.floor(sprite.width / 2), y - Math.floor(sprite.height / 2));
  return drawing;
}

const REACH = LINE_WIDTH / 2 + 0.5;
/** Pixels whose squared distance is below this may be covered (a hair above REACH², so that none is missed). */
const REACH2 = (REACH + 1e-6) * (REACH + 1e-6);

/**
 * A segment's coverage of the pixels around it (each pixel's centre distance to it, ramped over one pixel; union by
 * largest), row by row over the columns near it (segmentRowSpan).
 */
function strokeSegment(cover: Float32Array, width: number, height: number, x0: number, y0: number, x1: number, y1: number) {
  const c0 = Math.max(0, Math.floor(Math.min(x0, x1) - REACH));
  const c1 = Math.min(width - 1, Math.ceil(Math.max(x0, x1) + REACH));
  const r0 = Math.max(0, Math.floor(Math.min(y0, y1) - REACH));
  const r1 = Math.min(height - 1, Math.ceil(Math.max(y0, y1) + REACH));
  const ddx = x1 - x0;
  const ddy = y1 - y0;
  const len2 = ddx * ddx + ddy * ddy;
  for (let r = r0; r <= r1; r++) {
    const [a, b] = segmentRowSpan(r, c0, c1, x0, y0, x1, y1, REACH);
    const py = r + 0.5;
    for (let c = a; c <= b; c++) {
      // The distance from the pixel's centre to the segment, its square first (most pixels lie beyond reach).
      const px = c + 0.5;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * ddx + (py - y0) * ddy) / len2));
      const ex = px - x0 - t * ddx;
      const ey = py - y0 - t * ddy;
      const d2 = ex * ex + ey * ey;
      if (d2 >= REACH2) continue;
      const v = REACH - Math.sqrt(d2);
      if (v <= 0) continue;
      const k = r * width + c;
      const cv = v > 1 ? 1 : v;
      if (cv > cover[k]!) cover[k] = cv;
    }
  }
}

/** A sprite laid over RGBA pixels (straight alpha, "over" compositing). */
function blit(
  out: Uint8ClampedArray,
  width: number,
  height: number,
  sprite: { width: number; height: number; rgba: Uint8ClampedArray },
  x0: number,
  y0: number,
) {
  for (let sy = 0; sy < sprite.height; sy++) {
    const y = y0 + sy;
    if (y < 0 || y >= height) continue;
    for (let sx = 0; sx < sprite.width; sx++) {
      const x = x0 + sx;
      if (x < 0 || x >= width) continue;
      const s = (sy * sprite.width + sx) * 4;
      const a = sprite.rgba[s + 3]! / 255;
      if (a === 0) continue;
      const o = (y * width + x) * 4;
      const b = out[o + 3]! / 255;
      const alpha = a + b * (1 - a);
      for (let ch = 0; ch < 3; ch++) out[o + ch] = (sprite.rgba[s + ch]! * a + out[o + ch]! * b * (1 - a)) / alpha;
      out[o + 3] = alpha * 255;
    }
  }
}

export function formatLevel(v: number): string {
  return String(Math.round(v * 100) / 100);
}
