import { parseColor, type GridGeometry } from '@agromet/grid';
import type { MapInput } from './input.js';
import { projectRings, type Projection, type Rect } from './layout.js';
import { INK, type Op } from './ops.js';

// The map image (docs/products.md#layout): the class raster (smooth classes from the field, or sharp cells), the
// boundaries (counties dashed under provinces) and the region's outline, clipped to the map frame.

/** RGB raster of the map frame at `scale` px/mm: each pixel the colour of the class of the cell under its centre. */
function mapRaster(input: MapInput, proj: Projection, frame: Rect, scale: number): { rgb: Buffer; pw: number; ph: number } {
  const g = input.geometry;
  const pw = Math.max(1, Math.round(frame.w * scale));
  const ph = Math.max(1, Math.round(frame.h * scale));
  const colors = input.legend.classes.map((c) => parseColor(c.color));
  const lut = new Uint8Array(256 * 3).fill(255);
  colors.forEach(([r, gr, b, a], k) => {
    if (a === 0) return;
    // Colours with partial alpha are laid over white, as on paper.
    const f = a / 255;
    lut[3 * k] = Math.round(r * f + 255 * (1 - f));
    lut[3 * k + 1] = Math.round(gr * f + 255 * (1 - f));
    lut[3 * k + 2] = Math.round(b * f + 255 * (1 - f));
  });
  const col = new Int32Array(pw);
  for (let px = 0; px < pw; px++) {
    const i = Math.round((proj.lon(frame.x + (px + 0.5) / scale) - g.lon0) / g.dx);
    col[px] = i >= 0 && i < g.nx ? i : -1;
  }
  const rgb = Buffer.alloc(pw * ph * 3, 255);
  const field = input.field;
  const t = field ? Float64Array.from(field.thresholds, (b) => Math.fround(b)) : null;
  // Fractional cell column of each pixel (bilinear weights).
  const fcol = new Float64Array(pw);
  for (let px = 0; px < pw; px++) fcol[px] = (proj.lon(frame.x + (px + 0.5) / scale) - g.lon0) / g.dx;
  for (let py = 0; py < ph; py++) {
    const fj = (proj.lat(frame.y + (py + 0.5) / scale) - g.lat0) / g.dy;
    const j = Math.round(fj);
    if (j < 0 || j >= g.ny) continue;
    const row = j * g.nx;
    let o = py * pw * 3;
    for (let px = 0; px < pw; px++, o += 3) {
      const i = col[px]!;
      if (i < 0) continue;
      let c = input.classes[row + i]!;
      if (c === 255) continue;
      if (field && t && !input.sharpCells) {
        const v = bilinear(field.values, g, fcol[px]!, fj);
        if (!Number.isNaN(v)) {
          let lo = 0;
          let hi = t.length;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (v >= t[mid]!) lo = mid + 1;
            else hi = mid;
          }
          c = lo;
        }
      }
      rgb[o] = lut[3 * c]!;
      rgb[o + 1] = lut[3 * c + 1]!;
      rgb[o + 2] = lut[3 * c + 2]!;
    }
  }
  return { rgb, pw, ph };
}

/** The value at a fractional cell position from the valid ones of its four cells (weights renormalised). */
function bilinear(values: Float32Array, g: GridGeometry, fi: number, fj: number): number {
  const i0 = Math.floor(fi);
  const j0 = Math.floor(fj);
  const a = fi - i0;
  const b = fj - j0;
  let sum = 0;
  let wsum = 0;
  for (let dj = 0; dj <= 1; dj++) {
    const j = j0 + dj;
    if (j < 0 || j >= g.ny) continue;
    for (let di = 0; di <= 1; di++) {
      const i = i0 + di;
      if (i < 0 || i >= g.nx) continue;
      const v = values[j * g.nx + i]!;
      if (Number.isNaN(v)) continue;
      const w = (di ? a : 1 - a) * (dj ? b : 1 - b);
      sum += w * v;
      wsum += w;
    }
  }
  return wsum > 0 ? sum / wsum : Number.NaN;
}

/** The map's operations: raster, boundaries and outline, inside a clip to the frame (left open for the labels). */
export function mapLayerOps(input: MapInput, proj: Projection, frame: Rect, rasterScale: number, u: number): Op[] {
  const ops: Op[] = [];
  const raster = mapRaster(input, proj, frame, rasterScale);
  ops.push({ k: 'clip', ...frame });
  if (input.clipRaster) ops.push({ k: 'clipPath', rings: projectRings(input.clipRaster, proj, 0.05) });
  ops.push({ k: 'raster', ...raster, ...frame });
  if (input.clipRaster) ops.push({ k: 'unclip' });
  const bounds = input.boundaries ?? [];
  for (const level of ['county', 'province'] as const) {
    for (const b of bounds.filter((x) => x.level === level)) {
      const rings = projectRings(b.geometry, proj);
      if (rings.length) {
        ops.push({
          k: 'path',
          rings,
          closed: true,
          stroke: level === 'province' ? '#4a4a4a' : '#8c8c8c',
          width: (level === 'province' ? 0.35 : 0.18) * u,
          dash: level === 'county' ? [1.2 * u, 0.6 * u] : undefined,
        });
      }
    }
  }
  if (input.regionOutline) {
    ops.push({ k: 'path', rings: projectRings(input.regionOutline, proj, 0.1), closed: true, stroke: INK, width: 0.6 * u });
  }
  return ops;
}
