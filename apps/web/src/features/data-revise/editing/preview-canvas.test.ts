// @vitest-environment jsdom
import { createGrid, revisePoints, type ColorMap } from '@agromet/grid';
import { describe, expect, it } from 'vitest';
import { previewCanvas } from './preview-layer';

describe('previewCanvas', () => {
  const grid = createGrid({ lon0: 100, lat0: 40, dx: 0.05, dy: -0.05, nx: 20, ny: 20 });
  const patch = revisePoints(grid, [{ lon: 100.5, lat: 39.5, value: 5, radiusKm: 10 }]);
  const box = { i0: 0, i1: 19, j0: 0, j1: 19 };
  const colormap: ColorMap = {
    type: 'gradient',
    stops: [
      { value: 0, color: '#0000ff' },
      { value: 10, color: '#ff0000' },
    ],
  } as unknown as ColorMap;

  it("draws a patch once: a saved revision's fresh cells (the preview's own patch, on the patched grid) reuse its canvas", () => {
    const first = previewCanvas(grid, patch, box, colormap);
    const patched = createGrid({ lon0: 100, lat0: 40, dx: 0.05, dy: -0.05, nx: 20, ny: 20 });
    expect(previewCanvas(patched, patch, box, colormap)).toBe(first);
  });

  it('draws again for another colour map, box, geometry or patch', () => {
    const first = previewCanvas(grid, patch, box, colormap);
    expect(previewCanvas(grid, patch, box, { ...colormap })).not.toBe(first);
    expect(previewCanvas(grid, patch, { ...box, i1: 18 }, colormap)).not.toBe(previewCanvas(grid, patch, box, colormap));
    const flipped = createGrid({ lon0: 100, lat0: 39, dx: 0.05, dy: 0.05, nx: 20, ny: 20 });
    expect(previewCanvas(flipped, patch, box, colormap)).not.toBe(previewCanvas(grid, patch, box, colormap));
    const other = revisePoints(grid, [{ lon: 100.5, lat: 39.5, value: 5, radiusKm: 10 }]);
    expect(previewCanvas(grid, other, box, colormap)).not.toBe(previewCanvas(grid, patch, box, colormap));
  });
});
