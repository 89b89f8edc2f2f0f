import { ZONING_CLASS_COUNT } from '@agromet/contracts/web';
import type { GridGeometry } from '@agromet/grid';

/** "#1a7f37" → [26, 127, 55]; anything else → grey. */
export function hexRgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return [128, 128, 128];
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * RGBA pixels of a class grid, one pixel per cell, rows from north to south whatever the grid's row order: each
 * class in its colour, cells without a class (255) transparent.
 */
export function classPixels(
  classes: Uint8Array,
  geometry: Pick<GridGeometry, 'nx' | 'ny' | 'dy'>,
  colors: readonly string[],
): Uint8ClampedArray<ArrayBuffer> {
  const { nx, ny } = geometry;
  if (classes.length !== nx * ny) throw new RangeError('classes and grid differ in size');
  const palette = new Uint8ClampedArray(256 * 4);
  for (let c = 0; c < ZONING_CLASS_COUNT; c++) {
    const [r, g, b] = hexRgb(colors[c] ?? '#808080');
    palette.set([r, g, b, 255], c * 4);
  }
  const out = new Uint8ClampedArray(nx * ny * 4);
  const northFirst = geometry.dy < 0;
  for (let j = 0; j < ny; j++) {
    const row = northFirst ? j : ny - 1 - j;
    for (let i = 0; i < nx; i++) {
      const c = classes[j * nx + i]! * 4;
      const o = (row * nx + i) * 4;
      out[o] = palette[c]!;
      out[o + 1] = palette[c + 1]!;
      out[o + 2] = palette[c + 2]!;
      out[o + 3] = palette[c + 3]!;
    }
  }
  return out;
}

/** Lon/lat extent (cell edges) of a whole grid: west, south, east, north. */
export function gridExtent(g: Pick<GridGeometry, 'lon0' | 'lat0' | 'dx' | 'dy' | 'nx' | 'ny'>): [number, number, number, number] {
  const lonA = g.lon0 - g.dx / 2;
  const lonB = g.lon0 + (g.nx - 0.5) * g.dx;
  const latA = g.lat0 - g.dy / 2;
  const latB = g.lat0 + (g.ny - 0.5) * g.dy;
  return [Math.min(lonA, lonB), Math.min(latA, latB), Math.max(lonA, lonB), Math.max(latA, latB)];
}

/** Cells of each class (4 entries) and without a class. */
export function classCounts(classes: Uint8Array): { byClass: number[]; none: number } {
  const byClass = new Array<number>(ZONING_CLASS_COUNT).fill(0);
  let none = 0;
  for (let k = 0; k < classes.length; k++) {
    const c = classes[k]!;
    if (c < ZONING_CLASS_COUNT) byClass[c]! += 1;
    else none += 1;
  }
  return { byClass, none };
}
