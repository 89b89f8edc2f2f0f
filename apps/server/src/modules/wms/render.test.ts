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
