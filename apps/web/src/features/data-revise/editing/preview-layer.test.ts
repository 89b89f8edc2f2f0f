import { fromLonLat } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import { rowStrips } from './preview-layer';

describe('rowStrips', () => {
  const box = { i0: 0, i1: 1, j0: 0, j1: 1 };

  it('places each row of a north-first grid between its edges, north row on top (a lon/lat view)', () => {
    const grid = { lon0: 100, lat0: 40, dx: 1, dy: -1 };
    const view = { extent: [99.5, 38.5, 101.5, 40.5], resolution: 0.5, pixelRatio: 1, toMap: (c: [number, number]) => c };
    expect(rowStrips(grid, box, view)).toEqual([
      { x: 0, y: 0, width: 4, height: 2 },
      { x: 0, y: 2, width: 4, height: 2 },
    ]);
    // Twice the pixels on a high-density screen.
    expect(rowStrips(grid, box, { ...view, pixelRatio: 2 })[1]).toEqual({ x: 0, y: 4, width: 8, height: 4 });
  });

  it('draws a south-first grid north row first as well', () => {
    const grid = { lon0: 100, lat0: 39, dx: 1, dy: 1 };
    const view = { extent: [99.5, 38.5, 101.5, 40.5], resolution: 0.5, pixelRatio: 1, toMap: (c: [number, number]) => c };
    expect(rowStrips(grid, box, view).map((s) => s.y)).toEqual([0, 2]);
  });

  it('stretches rows towards the pole in Web Mercator, with no gap or overlap between them', () => {
    const grid = { lon0: 100, lat0: 60, dx: 0.05, dy: -0.05 };
    const tall = { i0: 0, i1: 9, j0: 0, j1: 599 };
    const [west, north] = fromLonLat([99.975, 60.025]);
    const [east, south] = fromLonLat([100.475, 30.025]);
    const view = { extent: [west!, south!, east!, north!], resolution: 1000, pixelRatio: 1, toMap: (c: [number, number]) => fromLonLat(c) };
    const strips = rowStrips(grid, tall, view);
    expect(strips).toHaveLength(600);
    expect(strips[0]!.y).toBeCloseTo(0, 6);
    for (let r = 1; r < strips.length; r++) expect(strips[r]!.y).toBeCloseTo(strips[r - 1]!.y + strips[r - 1]!.height, 6);
    expect(strips[0]!.height).toBeGreaterThan(1.7 * strips[599]!.height);
    expect(strips.at(-1)!.y + strips.at(-1)!.height).toBeCloseTo((north! - south!) / 1000, 6);
  });
});
