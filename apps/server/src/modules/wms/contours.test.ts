import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandOf, contourLevels, drawContours, isolinePixels, levelOf, niceStep, NO_LINE } from './contours.js';

const ramp = {
  type: 'ramp' as const,
  stops: [
    { value: -30, color: '#000000' },
    { value: 40, color: '#ffffff' },
  ],
};

describe('contour levels', () => {
  it("takes the element's interval, an intervals map's thresholds, else a nice tenth of the ramp", () => {
    expect(contourLevels('tmp', ramp)).toEqual({ kind: 'interval', interval: 2, base: 0 });
    expect(contourLevels('rh', ramp)).toMatchObject({ interval: 10 });
    const intervals = { type: 'intervals' as const, thresholds: [0.1, 1, 10], colors: ['#000', '#111', '#222', '#333'] };
    expect(contourLevels('pre3h', intervals)).toEqual({ kind: 'thresholds', thresholds: [0.1, 1, 10] });
    expect(contourLevels('other', ramp)).toEqual({ kind: 'interval', interval: 10, base: 0 });
    expect([niceStep(0.7), niceStep(1.3), niceStep(3), niceStep(7), niceStep(0)]).toEqual([1, 2, 5, 10, 1]);
  });
  it('bands: a level belongs to the band above it; thresholds by binary search', () => {
    const every2 = { kind: 'interval' as const, interval: 2, base: 0 };
    expect([bandOf(every2, -0.1), bandOf(every2, 0), bandOf(every2, 3.9), bandOf(every2, 4)]).toEqual([-1, 0, 1, 2]);
    expect(levelOf(every2, 2)).toBe(4);
    const t = { kind: 'thresholds' as const, thresholds: [0.1, 1, 10] };
    expect([0, 0.1, 0.5, 1, 9.99, 10, 50].map((v) => bandOf(t, v))).toEqual([0, 1, 1, 2, 2, 3, 3]);
    expect(levelOf(t, 1)).toBe(0.1);
  });
});

describe('isolinePixels (marching squares at pixel resolution)', () => {
  it('marks the pixels on the higher side of each level crossing, with the level crossed', () => {
    // A west–east ramp 0…9 over 10 columns: levels every 2 fall between columns 1|2, 3|4, 5|6, 7|8.
    const w = 10;
    const h = 3;
    const field = new Float32Array(w * h).map((_, k) => k % w);
    const lines = isolinePixels(field, w, h, { kind: 'interval', interval: 2, base: 0 });
    for (let r = 0; r < h; r++) {
      const row = [...lines.subarray(r * w, r * w + w)].map((b) =>
        b === NO_LINE ? '.' : String(levelOf({ kind: 'interval', interval: 2, base: 0 }, b)),
      );
      expect(row.join(' ')).toBe('. . 2 . 4 . 6 . 8 .');
    }
  });
  it('draws no line across missing values or inside one band', () => {
    const field = new Float32Array([1, 1, Number.NaN, 5, 1, 1, Number.NaN, 5]);
    const lines = isolinePixels(field, 4, 2, { kind: 'interval', interval: 2, base: 0 });
    expect([...lines].filter((b) => b !== NO_LINE)).toHaveLength(0);
  });
  it('every band change between neighbours is marked on one of the two (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: -50, max: 50, noNaN: true }), { minLength: 36, maxLength: 36 }), (vals) => {
        const f = Float32Array.from(vals);
        const levels = { kind: 'interval' as const, interval: 5, base: 0 };
        const lines = isolinePixels(f, 6, 6, levels);
        for (let r = 0; r < 6; r++) {
          for (let c = 0; c < 6; c++) {
            const k = r * 6 + c;
            for (const n of [c < 5 ? k + 1 : -1, r < 5 ? k + 6 : -1]) {
              if (n < 0 || bandOf(levels, f[k]!) === bandOf(levels, f[n]!)) continue;
              expect(lines[k] !== NO_LINE || lines[n] !== NO_LINE).toBe(true);
            }
          }
        }
      }),
    );
  });
  it('labels lines with dark digits on a white halo', () => {
    const w = 128;
    const h = 128;
    const field = new Float32Array(w * h).map((_, k) => (k % w) / 8);
    const out = new Uint8ClampedArray(w * h * 4);
    drawContours(out, field, w, h, { kind: 'interval', interval: 4, base: 0 });
    let ink = 0;
    let halo = 0;
    for (let k = 0; k < out.length; k += 4) {
      if (out[k] === 20 && out[k + 3] === 255) ink += 1;
      if (out[k] === 255 && out[k + 3] === 230) halo += 1;
    }
    expect(ink).toBeGreaterThan(10);
    expect(halo).toBeGreaterThan(10);
  });
});
