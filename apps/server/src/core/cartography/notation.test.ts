import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMapPeriod, formatMapTime, zoneLabel } from './dates.js';
import { intervalLabels } from './notation.js';

describe('legend notation', () => {
  it('writes GB/T 28592 precipitation grades as Chinese practice does, and their en/es equivalent', () => {
    const t = [0.1, 10, 25, 50, 100, 250];
    expect(intervalLabels(t, 'zh')).toEqual(['< 0.1', '0.1～9.9', '10～24.9', '25～49.9', '50～99.9', '100～249.9', '≥ 250']);
    expect(intervalLabels(t, 'en')).toEqual(['< 0.1', '0.1–9.9', '10–24.9', '25–49.9', '50–99.9', '100–249.9', '≥ 250']);
    // 3 h amounts (0.1, 1, 3 …) at 0.1 mm: 0.1～0.9, 1～2.9.
    expect(intervalLabels([0.1, 1, 3], 'zh').slice(1, 3)).toEqual(['0.1～0.9', '1～2.9']);
  });

  it('never writes an upper bound below its lower bound, nor the next class’s lower bound (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: -500, max: 500 }), { minLength: 2, maxLength: 8 }), (ints) => {
        const t = [...ints].sort((a, b) => a - b).map((v) => v / 10);
        const labels = intervalLabels(t, 'zh', 1);
        for (let k = 1; k < t.length; k++) {
          const [lo, hi = lo] = labels[k]!.split('～').map(Number);
          expect(lo).toBeCloseTo(t[k - 1]!, 9);
          expect(hi!).toBeGreaterThanOrEqual(lo!);
          expect(hi!).toBeLessThan(t[k]!);
        }
      }),
    );
  });
});

describe('map dates', () => {
  const t = new Date('2026-11-28T00:00:00Z');
  it('writes one style: 2026年11月28日08时 in Chinese, 2026-11-28 08:00 BJT in English and Spanish', () => {
    expect(formatMapTime(t, 'zh', 'Asia/Shanghai')).toBe('2026年11月28日08时');
    expect(formatMapTime(t, 'zh', 'Asia/Shanghai', false)).toBe('11月28日08时');
    expect(formatMapTime(t, 'en', 'Asia/Shanghai')).toBe('2026-11-28 08:00 BJT');
    expect(formatMapTime(t, 'es', 'Asia/Shanghai')).toBe('2026-11-28 08:00 BJT');
    expect(formatMapTime(t, 'en', 'UTC')).toBe('2026-11-28 00:00 UTC');
    expect(formatMapTime(t, 'en', 'Asia/Kathmandu')).toBe('2026-11-28 05:45 UTC+5:45');
    expect(zoneLabel('America/Bogota', -300)).toBe('UTC−5');
  });

  it('writes a period with the month once when it does not change', () => {
    const end = new Date('2026-11-29T00:00:00Z');
    expect(formatMapPeriod(t, end, 'zh', 'Asia/Shanghai')).toBe('11月28日08时—29日08时');
    expect(formatMapPeriod(new Date('2026-11-30T00:00:00Z'), new Date('2026-12-01T00:00:00Z'), 'zh', 'Asia/Shanghai')).toBe(
      '11月30日08时—12月1日08时',
    );
    expect(formatMapPeriod(t, end, 'en', 'Asia/Shanghai')).toBe('2026-11-28 08:00–2026-11-29 08:00 BJT');
  });
});
