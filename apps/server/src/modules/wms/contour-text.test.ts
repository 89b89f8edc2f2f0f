import { describe, expect, it } from 'vitest';
import { labelSprite, labelSprites } from './contour-text.js';

// An isoline's value as drawn: 11 px digits of the bundled font in #111 on a 3 px white halo at 0.92, in a box that
// keeps the halo whole.

describe('contour label sprites', () => {
  it('draws "20" in a 19 × 15 box: the digits 8 px tall on whole pixels, dark ink ringed by the halo', async () => {
    const s = await labelSprite('20');
    // 2 × 555 units of a 1000-unit em at 11 px → 12.21 px, 13 whole; 2 px padding each side and the halo's 2 more.
    expect([s.width, s.height]).toEqual([19, 15]);
    const px = (x: number, y: number) => [...s.rgba.subarray((y * s.width + x) * 4, (y * s.width + x) * 4 + 4)];
    const inkRows = new Set<number>();
    let halo = 0;
    let darkest = 255;
    for (let y = 0; y < s.height; y++) {
      for (let x = 0; x < s.width; x++) {
        const [r, g, b, a] = px(x, y);
        if (a! > 200 && r! < 60) inkRows.add(y);
        // Grey only: the ink #111 over the white halo, by coverage (strokes of 11 px digits are about a pixel wide).
        expect(r === g && g === b).toBe(true);
        if (a! > 240) darkest = Math.min(darkest, r!);
        if (r === 255 && g === 255 && b === 255 && a === Math.round(0.92 * 255)) halo += 1;
      }
    }
    expect(Math.min(...inkRows)).toBe(4);
    expect(Math.max(...inkRows)).toBe(11);
    expect(darkest).toBeLessThan(70);
    expect(halo).toBeGreaterThan(20);
    // The box's corners are clear.
    expect(px(0, 0)[3]).toBe(0);
    expect(px(s.width - 1, s.height - 1)[3]).toBe(0);
  });

  it('draws each text once per thread and hands the drawings out by text', async () => {
    const [a, b] = [await labelSprite('-12'), await labelSprite('-12')];
    expect(a).toBe(b);
    const sprites = await labelSprites(['-12', '1.5', '-12']);
    expect([...sprites.keys()]).toEqual(['-12', '1.5']);
    expect(sprites.get('-12')).toBe(a);
    expect(sprites.get('1.5')!.width).toBeLessThan(a.width);
  });
});
