import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { crc32, writePng } from './png.js';

describe('writePng', () => {
  it('writes RGBA pixels that decode to the same bytes, in either packing', async () => {
    const [width, height] = [37, 23];
    const pixels = new Uint8ClampedArray(width * height * 4);
    for (let k = 0; k < pixels.length; k++) pixels[k] = k % 7 === 0 ? 0 : (k * 31) % 256;
    for (const packing of ['runs', 'fast'] as const) {
      const png = writePng(pixels, width, height, packing);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels]).toEqual([width, height, 4]);
      expect(Buffer.compare(data, Buffer.from(pixels.buffer))).toBe(0);
    }
  });

  it('checks its chunks with CRC-32', () => {
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
    const bytes = Buffer.from('The quick brown fox jumps over the lazy dog');
    expect(crc32(bytes)).toBe(0x414fa339);
  });
});
