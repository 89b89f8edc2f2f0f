// Test support: one small drawing task for the renderer's tests and the shared-limit tests.
import type { ColorMap, Grid } from '@agromet/grid';
import type { MapImageTask } from './renderer.js';

const grid: Grid = { nx: 4, ny: 4, lon0: 100, lat0: 30, dx: 1, dy: 1, values: new Float32Array(16).map((_, k) => k) };
const colormap = {
  type: 'ramp',
  stops: [
    { value: 0, color: '#0000ff' },
    { value: 15, color: '#ff0000' },
  ],
} as unknown as ColorMap;

/** A 4 × 4 grid drawn nearest-neighbour into a square PNG `width` pixels wide. */
export const smallGridTask = (width: number): MapImageTask => ({
  kind: 'grid',
  grid,
  colormap,
  request: {
    bbox: { minX: 100, minY: 30, maxX: 103, maxY: 33 },
    crs: 'EPSG:4326',
    width,
    height: width,
    style: 'nearest',
    format: 'image/png',
    transparent: true,
  },
});
