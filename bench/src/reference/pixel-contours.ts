// The contours style as drawn until issue 30 (bands of the bilinear value compared pixel by pixel, 1 px stair-step
// lines, a bitmap font), kept for bench/src/contours.ts to time the vector isolines against in the same run.
import type { ContourLevels } from '../../../apps/server/src/modules/wms/contours.js';

/**
 * Isolines drawn on the image's own pixels: each pixel carries the band (level index) of its bilinear value; a pixel
 * whose band differs from its right or lower neighbour's is on an isoline (marching squares at pixel resolution: the
 * line crosses the square between the two pixel centres). Labels are written with a small bitmap font where a line
 * passes, at most one per block, so that they never overlap.
 */

/** The band of a value: the number of levels at or below it (a line separates two consecutive bands). */
export function bandOf(levels: ContourLevels, v: number): number {
  if (levels.kind === 'interval') return Math.floor((v - levels.base) / levels.interval);
  let lo = 0;
  let hi = levels.thresholds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (levels.thresholds[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function levelOf(levels: ContourLevels, band: number): number {
  if (levels.kind === 'interval') return Math.round((levels.base + band * levels.interval) * 1e6) / 1e6;
  return levels.thresholds[band - 1]!;
}

/**
 * Pixels on isolines of a field of `width × height` values (NaN where there is none): 1 where the band changes between
 * a pixel and its right or lower neighbour (the pixel on the higher side takes the line), 0 elsewhere; and the band
 * boundary each line pixel stands for.
 */
export function isolinePixels(field: Float32Array, width: number, height: number, levels: ContourLevels): Int32Array {
  // NO_LINE marks pixels off any line; otherwise the band whose lower level the line is. Bands are integers, NO_LINE
  // standing also for a pixel without a value (bands of real values never come near it).
  const out = new Int32Array(width * height).fill(NO_LINE);
  const bands = new Int32Array(width * height);
  for (let k = 0; k < field.length; k++) {
    const v = field[k]!;
    bands[k] = Number.isNaN(v) ? NO_LINE : bandOf(levels, v);
  }
  // The pixel on the higher side of a change draws the line, labelled with the lowest level crossed.
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const k = r * width + c;
      const b = bands[k]!;
      if (b === NO_LINE) continue;
      if (c + 1 < width) {
        const bn = bands[k + 1]!;
        if (bn !== NO_LINE && bn !== b) out[b > bn ? k : k + 1] = (b < bn ? b : bn) + 1;
      }
      if (r + 1 < height) {
        const bn = bands[k + width]!;
        if (bn !== NO_LINE && bn !== b) out[b > bn ? k : k + width] = (b < bn ? b : bn) + 1;
      }
    }
  }
  return out;
}
export const NO_LINE = -2147483648;

// 3 × 5 digits, minus and point, one row per string (1 = ink).
const GLYPHS: Record<string, string[]> = {
  '0': ['111', '101', '101', '101', '111'],
  '1': ['010', '110', '010', '010', '111'],
  '2': ['111', '001', '111', '100', '111'],
  '3': ['111', '001', '111', '001', '111'],
  '4': ['101', '101', '111', '001', '001'],
  '5': ['111', '100', '111', '001', '111'],
  '6': ['111', '100', '111', '101', '111'],
  '7': ['111', '001', '010', '010', '010'],
  '8': ['111', '101', '111', '101', '111'],
  '9': ['111', '101', '111', '001', '111'],
  '-': ['000', '000', '111', '000', '000'],
  '.': ['000', '000', '000', '000', '010'],
};
const SCALE = 2;
const LABEL_BLOCK = 96;

/** Writes `text` centred at (cx, cy) in dark ink on a white halo; characters other than digits, '-' and '.' are skipped. */
export function drawLabel(out: Uint8ClampedArray, width: number, height: number, cx: number, cy: number, text: string): void {
  const chars = [...text].filter((ch) => GLYPHS[ch]);
  const w = chars.length * 4 * SCALE - SCALE;
  const h = 5 * SCALE;
  const x0 = Math.round(cx - w / 2);
  const y0 = Math.round(cy - h / 2);
  const put = (x: number, y: number, v: number, a: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const o = (y * width + x) * 4;
    out[o] = v;
    out[o + 1] = v;
    out[o + 2] = v;
    out[o + 3] = a;
  };
  for (let y = y0 - 1; y <= y0 + h; y++) for (let x = x0 - 1; x <= x0 + w; x++) put(x, y, 255, 230);
  chars.forEach((ch, n) => {
    const g = GLYPHS[ch]!;
    for (let gy = 0; gy < 5; gy++) {
      for (let gx = 0; gx < 3; gx++) {
        if (g[gy]![gx] !== '1') continue;
        for (let sy = 0; sy < SCALE; sy++)
          for (let sx = 0; sx < SCALE; sx++) put(x0 + n * 4 * SCALE + gx * SCALE + sx, y0 + gy * SCALE + sy, 20, 255);
      }
    }
  });
}

/** Draws the isolines of a field (dark grey, 1 px) and their labels into RGBA pixels. */
export function drawContours(out: Uint8ClampedArray, field: Float32Array, width: number, height: number, levels: ContourLevels): void {
  const lines = isolinePixels(field, width, height, levels);
  for (let k = 0; k < lines.length; k++) {
    if (lines[k] === NO_LINE) continue;
    const o = k * 4;
    out[o] = 51;
    out[o + 1] = 51;
    out[o + 2] = 51;
    out[o + 3] = 255;
  }
  // One label per block, at the line pixel nearest the block's centre, away from the image's edges and with data all
  // around (a label at the edge of the grid would float over nothing).
  const margin = 8;
  const insideData = (x: number, y: number) => {
    for (const [dx, dy] of [
      [-14, -7],
      [14, -7],
      [-14, 7],
      [14, 7],
    ] as const) {
      const px = x + dx;
      const py = y + dy;
      if (px < 0 || py < 0 || px >= width || py >= height || Number.isNaN(field[py * width + px]!)) return false;
    }
    return true;
  };
  for (let by = 0; by < height; by += LABEL_BLOCK) {
    for (let bx = 0; bx < width; bx += LABEL_BLOCK) {
      const cx = bx + LABEL_BLOCK / 2;
      const cy = by + LABEL_BLOCK / 2;
      let best = -1;
      let bestD = Infinity;
      for (let y = Math.max(by, margin); y < Math.min(by + LABEL_BLOCK, height - margin); y++) {
        for (let x = Math.max(bx, margin * 2); x < Math.min(bx + LABEL_BLOCK, width - margin * 2); x++) {
          if (lines[y * width + x] === NO_LINE) continue;
          const d = (x - cx) ** 2 + (y - cy) ** 2;
          if (d >= bestD || !insideData(x, y)) continue;
          bestD = d;
          best = y * width + x;
        }
      }
      if (best >= 0) drawLabel(out, width, height, best % width, Math.floor(best / width), formatLevel(levelOf(levels, lines[best]!)));
    }
  }
}

export function formatLevel(v: number): string {
  return String(Math.round(v * 100) / 100);
}
