import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { fontBytes, productFonts } from './fonts.js';
import { textPath, textWidth, unitsPerEm } from './text-outline.js';

// The map text's measure and outlines against fontkit itself and a width worked out by hand.

const regular = create(fontBytes(productFonts().regular)) as Font;

/** The numbers of a path, as [x, y] pairs. */
const points = (d: string) => {
  const n = (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  return Array.from({ length: n.length / 2 }, (_, k) => [n[2 * k]!, n[2 * k + 1]!] as const);
};

describe('text outlines of the bundled font', () => {
  it('"12" at 11 px is 12.21 px wide: two digits of 555 units each in a 1000-unit em (11 × 1110 / 1000)', () => {
    expect(unitsPerEm()).toBe(1000);
    expect(regular.glyphForCodePoint(0x31).advanceWidth).toBe(555);
    expect(regular.glyphForCodePoint(0x32).advanceWidth).toBe(555);
    expect(textWidth('12', 11)).toBeCloseTo(12.21, 10);
  });

  it.each(['AV To Wa', 'Pronóstico de temperatura máxima (señal)', '全国11月24日最高气温预报', '≥ 40 °C'])(
    'measures %s as the sum of fontkit’s laid-out advances (kerning included)',
    (s) => {
      const run = regular.layout(s);
      const units = run.positions.reduce((a, p) => a + p.xAdvance, 0);
      expect(textWidth(s, 3.5)).toBeCloseTo((units * 3.5) / 1000, 10);
    },
  );

  it('kerns: "AV" is narrower than A and V apart', () => {
    expect(textWidth('AV', 10)).toBeLessThan(textWidth('A', 10) + textWidth('V', 10));
  });

  it('draws the glyphs on the baseline, aligned at x as asked', () => {
    const w = textWidth('12', 11);
    for (const [align, from] of [
      ['left', 50],
      ['center', 50 - w / 2],
      ['right', 50 - w],
    ] as const) {
      const pts = points(textPath('12', 50, 20, 11, { align }));
      const xs = pts.map((p) => p[0]);
      const ys = pts.map((p) => p[1]);
      // Ink within the advance (side bearings inside), digits standing on the baseline 8 px tall.
      expect(Math.min(...xs)).toBeGreaterThan(from);
      expect(Math.max(...xs)).toBeLessThan(from + w);
      expect(Math.max(...ys)).toBeCloseTo(20, 0);
      expect(20 - Math.min(...ys)).toBeGreaterThan(7.5);
      expect(20 - Math.min(...ys)).toBeLessThan(8.5);
    }
  });

  it('has no outline for blank text and a wider one for bold', () => {
    expect(textPath('  ', 0, 0, 10)).toBe('');
    expect(textWidth('Leyenda', 10, true)).toBeGreaterThan(textWidth('Leyenda', 10));
  });
});
