import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { temperatureRamp } from '../grids/catalog.js';
import { LEGEND_TITLE_MAX_WIDTH, LEGEND_TITLE_TOP, legendTitle } from './legend-text.js';
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
    // The boxes' column, top to bottom: the red box (the first entry, drawn second) is there; the last entry's colour
    // is not a colour, so no box is green.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const column = Array.from({ length: info.height }, (_, y) => at(12, y).join(','));
    expect(column).toContain('255,0,0');
    expect(column).not.toContain('0,255,0');
  });

  it.each([
    ['en', 'Temperature', '°C'],
    ['es', 'Evapotranspiración de referencia', 'mm'],
    ['zh', '精细化网格预报日最高气温', '°C'],
  ])('wraps a long title (%s) and widens for a long word instead of cutting it at the edge', async (_lang, title, unit) => {
    const png = await legendPng(temperatureRamp, title, unit);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBeGreaterThanOrEqual(90);
    expect(info.width).toBeLessThanOrEqual(LEGEND_TITLE_MAX_WIDTH + 8);
    const heading = legendTitle(`${title} (${unit})`, info.width - 8);
    // The whole title fits inside the legend with its margin: nothing reaches the right edge.
    expect(heading.width + 8).toBeLessThanOrEqual(info.width);
    expect(inkInColumns(data, info, info.width - 3, info.width)).toBe(0);
    // The colour bar starts below the title.
    expect(heading.bodyTop).toBeGreaterThan(LEGEND_TITLE_TOP + heading.height);
  });

  it('sizes a class legend to its longest class name', async () => {
    const entries = [
      { value: 0, color: '#ffd966' },
      { value: 28, color: '#745eb6' },
    ];
    const names: Record<number, string> = { 0: 'Despejado', 28: 'Nevada fuerte a tormenta de nieve' };
    const png = await legendPng({ type: 'values', entries }, 'Fenómeno meteorológico', '', 40, 240, (v) => names[v]!);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBeGreaterThan(190);
    expect(inkInColumns(data, info, info.width - 3, info.width)).toBe(0);
  });
});

/** Dark, opaque pixels (text) in columns [from, to) of a raw RGBA image. */
function inkInColumns(data: Buffer, info: { width: number; height: number; channels: number }, from: number, to: number): number {
  let ink = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = from; x < to; x++) {
      const o = (y * info.width + x) * info.channels;
      if (data[o + 3]! > 128 && data[o]! < 120 && data[o + 1]! < 120 && data[o + 2]! < 120) ink += 1;
    }
  }
  return ink;
}

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
