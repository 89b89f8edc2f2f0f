import { describe, expect, it } from 'vitest';
import { fitPicture } from './pdf-layout.js';

describe('fitPicture', () => {
  it.each([
    // a small picture keeps its own size
    [100, 50, 400, 480, 100, 50],
    // a wide one is narrowed to the room, keeping its proportions
    [800, 400, 400, 480, 400, 200],
    // a tall one is then lowered to the height allowed, and narrowed with it
    [400, 1600, 400, 480, 120, 480],
    // narrowed and lowered at once
    [1000, 2000, 200, 160, 80, 160],
  ])('%i×%i in %i×%i: %i×%i', (imgW, imgH, maxW, maxH, w, h) => {
    expect(fitPicture(imgW, imgH, maxW, maxH)).toEqual({ w, h });
  });

  it('never exceeds the room and keeps the proportions', () => {
    for (const [imgW, imgH] of [
      [37, 911],
      [1920, 1080],
      [3, 3],
      [640, 481],
    ] as const) {
      const { w, h } = fitPicture(imgW, imgH, 459.28, 160);
      expect(w).toBeLessThanOrEqual(Math.min(459.28, imgW) + 1e-9);
      expect(h).toBeLessThanOrEqual(160 + 1e-9);
      expect(w / h).toBeCloseTo(imgW / imgH, 9);
    }
  });
});
