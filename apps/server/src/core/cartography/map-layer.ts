import { axisWeight, bilinearBetween, classColorTable, classOf, latticeCells } from '@agromet/grid';
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
  // Colours with partial alpha are laid over white, as on paper.
  const lut = classColorTable(input.legend.classes.map((c) => c.color));
  // Pixel centres' longitudes (per column) and latitudes (per row): the one sampler's lattice.
  const lattice = {
    lons: Float64Array.from({ length: pw }, (_, px) => proj.lon(frame.x + (px + 0.5) / scale)),
    lats: Float64Array.from({ length: ph }, (_, py) => proj.lat(frame.y + (py + 0.5) / scale)),
  };
  const { cols, rows } = latticeCells(g, lattice);
  const rgb = Buffer.alloc(pw * ph * 3, 255);
  const field = input.field && !input.sharpCells ? { ...g, values: input.field.values } : null;
  const t = input.field ? Float64Array.from(input.field.thresholds, (b) => Math.fround(b)) : null;
  const xs = field ? Array.from(lattice.lons, (lon) => axisWeight((lon - g.lon0) / g.dx, g.nx)) : [];
  for (let py = 0; py < ph; py++) {
    if (rows[py]! < 0) continue;
    const row = rows[py]! * g.nx;
    const y = field ? axisWeight((lattice.lats[py]! - g.lat0) / g.dy, g.ny) : null;
    let o = py * pw * 3;
    for (let px = 0; px < pw; px++, o += 3) {
      const i = cols[px]!;
      if (i < 0) continue;
      let c = input.classes[row + i]!;
      if (c === 255) continue;
      if (field && t && y) {
        // Smooth class edges: the class of the field's bilinear value (missing corners renormalised).
        const v = bilinearBetween(field, xs[px]!, y);
        if (!Number.isNaN(v)) c = classOf(v, t, false);
      }
      rgb[o] = lut[3 * c]!;
      rgb[o + 1] = lut[3 * c + 1]!;
      rgb[o + 2] = lut[3 * c + 2]!;
    }
  }
  return { rgb, pw, ph };
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
