import { describe, expect, it } from 'vitest';
import { segmentRowSpan } from './stroke.js';

function distance(px: number, py: number, x0: number, y0: number, x1: number, y1: number): number {
  const [dx, dy] = [x1 - x0, y1 - y0];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / len2));
  return Math.hypot(px - x0 - t * dx, py - y0 - t * dy);
}

describe('segmentRowSpan', () => {
  it('holds every pixel of a row within reach of the segment, and little else', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 40 - 5;
    for (let n = 0; n < 400; n++) {
      const [x0, y0, x1, y1] = [random(), random(), n % 10 === 0 ? 10 : random(), n % 10 === 0 ? 10 : random()];
      const reach = n % 2 ? 1.05 : 2.8;
      for (let j = 0; j < 32; j++) {
        const [a, b] = segmentRowSpan(j, 0, 31, x0, y0, x1, y1, reach);
        for (let i = 0; i < 32; i++) {
          if (distance(i + 0.5, j + 0.5, x0, y0, x1, y1) < reach) expect(i >= a && i <= b, `${[x0, y0, x1, y1, i, j]}`).toBe(true);
        }
        // A steep segment's span is a few pixels wide, not its box.
        if (Math.abs(y1 - y0) > 3 * Math.abs(x1 - x0)) expect(b - a).toBeLessThanOrEqual(2 * reach * 1.06 + 4);
      }
    }
  });
});
