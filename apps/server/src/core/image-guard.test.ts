import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { guardImageSize, IMAGE_LIMITS, imageSize, tooManyPixels } from './image-guard.js';

function bmpHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(54);
  b.write('BM', 0, 'latin1');
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  return b;
}

describe('image guard', () => {
  it('refuses beyond the pixel count or a side, never within both', () => {
    expect(tooManyPixels(50_000, 50_000)).toBe(true);
    expect(tooManyPixels(20_000, 10)).toBe(true);
    expect(tooManyPixels(8000, 5001)).toBe(true);
    expect(tooManyPixels(8000, 5000)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), (w, h) => {
        const within = w <= IMAGE_LIMITS.maxSide && h <= IMAGE_LIMITS.maxSide && w * h <= IMAGE_LIMITS.maxPixels;
        expect(tooManyPixels(w, h)).toBe(!within);
        expect(tooManyPixels(h, w)).toBe(tooManyPixels(w, h));
      }),
    );
  });

  it('reads the size from the header, BMP too, and null from what is no picture', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await imageSize(png)).toEqual({ width: 30, height: 20, format: 'png' });
    expect(await imageSize(bmpHeader(50_000, -50_000))).toEqual({ width: 50_000, height: 50_000, format: 'bmp' });
    expect(await imageSize(Buffer.from('<svg/>x'))).toBeNull();
  });

  it('answers 4100 naming the field', async () => {
    const e = await guardImageSize(bmpHeader(50_000, 50_000), 'file').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ key: 'image.tooManyPixels', field: 'file', params: { width: 50_000, height: 50_000, megapixels: 40 } });
  });
});
