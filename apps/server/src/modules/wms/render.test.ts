import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { legendPng } from './render.js';

describe('legendPng', () => {
  it('draws a legend whose title, labels and colours carry XML specials (they are escaped, not interpreted)', async () => {
    const png = await legendPng(
      {
        type: 'values',
        entries: [
          { value: 1, color: '#ff0000' },
          { value: 2, color: '#00ff00" onload="alert(1)' as string },
        ],
      },
      '降水 <24 h> & "累计"',
      'mm',
    );
    const { width, height, format } = await sharp(png).metadata();
    expect({ width, height, format }).toEqual({ width: 90, height: 240, format: 'png' });
    // The first class box (top) is the last entry; its colour is not a colour, so the box is not green.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(at(12, 33)).not.toEqual([0, 255, 0]);
    // The second box (the red one) is drawn.
    expect(at(12, 53)).toEqual([255, 0, 0]);
  });
});

describe('sampleBilinear (style smooth)', () => {
  it('interpolates between cell centres and equals the cell value at a centre (property)', async () => {
    const { sampleBilinear } = await import('./render.js');
    const { createGrid } = await import('@agromet/grid');
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(fc.array(fc.float({ min: -40, max: 40, noNaN: true }), { minLength: 12, maxLength: 12 }), (vals) => {
        const grid = createGrid({ lon0: 100, lat0: 30, dx: 1, dy: 1, nx: 4, ny: 3 });
        grid.values.set(vals);
        // One pixel per cell, centres on cell centres: the values themselves.
        const req = { bbox: { minX: 99.5, minY: 29.5, maxX: 103.5, maxY: 32.5 }, crs: 'EPSG:4326' as const, width: 4, height: 3 };
        const at = sampleBilinear(grid, req);
        for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) expect(at[r * 4 + c]).toBeCloseTo(grid.values[(2 - r) * 4 + c]!, 4);
        // Halfway between two cells: their mean.
        const mid = sampleBilinear(grid, { ...req, bbox: { minX: 100, minY: 29.9999, maxX: 101, maxY: 30.0001 }, width: 1, height: 1 });
        expect(mid[0]).toBeCloseTo((grid.values[0]! + grid.values[1]!) / 2, 3);
      }),
    );
  });
});
