import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { textWidth } from '../../core/cartography/text-outline.js';
import { LEGEND_TITLE_MAX_WIDTH, legendTitle, widestLabel, withTitle } from './legend-text.js';

describe('legend text', () => {
  it('draws a stored name as its letters, markup included (outlines of the bundled font, no text engine to interpret it)', () => {
    const name = `降水 <b>24 h</b> & "累计"`;
    expect(widestLabel([name])).toBe(Math.ceil(textWidth(name, 11)));
    expect(legendTitle(name, 200).width).toBe(Math.ceil(textWidth(name, 11, true)));
  });

  it('wraps a title between words to the width asked', async () => {
    const one = legendTitle('Temperature', 82);
    const two = legendTitle('Temperature (°C)', 82);
    expect(one.width).toBeLessThanOrEqual(82);
    expect(two.width).toBeLessThanOrEqual(82);
    // "(°C)" went to a second line: taller, the body below it.
    expect(two.height).toBeGreaterThan(one.height + 5);
    expect(two.bodyTop).toBeGreaterThan(one.bodyTop);
  });

  it('keeps a word longer than the width whole, up to the widest a legend grows, then breaks it', async () => {
    const long = legendTitle('Evapotranspiración de referencia (mm)', 82);
    expect(long.width).toBeGreaterThan(82);
    expect(long.width).toBeLessThanOrEqual(LEGEND_TITLE_MAX_WIDTH);
    const huge = legendTitle('x'.repeat(80), 82);
    expect(huge.width).toBeLessThanOrEqual(LEGEND_TITLE_MAX_WIDTH);
  });

  it('measures the widest label', async () => {
    const short = widestLabel(['1 晴']);
    const long = widestLabel(['1 晴', '28 Nevada fuerte a tormenta de nieve', '']);
    expect(long).toBeGreaterThan(short * 3);
    expect(widestLabel([])).toBe(0);
  });

  it('lays the title on the legend', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="60"><rect width="100%" height="100%" fill="#ffffff"/></svg>';
    const png = await withTitle(svg, legendTitle('Temperature (°C)', 82));
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([90, 60]);
    let dark = 0;
    for (let o = 0; o < data.length; o += info.channels) if (data[o]! < 100) dark += 1;
    expect(dark).toBeGreaterThan(50);
  });
});
