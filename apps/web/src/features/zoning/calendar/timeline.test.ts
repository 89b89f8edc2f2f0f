import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateLabelWidth, labelPlacement, timelineBars } from './timeline';

describe('timelineBars', () => {
  it('draws a stage within the year as one bar, one over the new year as two, a bad date not at all', () => {
    const bars = timelineBars([
      { start: '03-01', end: '03-20' },
      { start: '11-01', end: '02-28' },
      { start: '02-30', end: '03-01' },
    ]);
    // 1 March is day 59, 20 March day 78 (included: up to day 79)
    expect(bars[0]).toEqual({ stage: 0, from: 59 / 365, to: 79 / 365 });
    expect(bars.slice(1)).toEqual([
      { stage: 1, from: 304 / 365, to: 1 },
      { stage: 1, from: 0, to: 59 / 365 },
    ]);
    expect(bars).toHaveLength(3);
  });
});

describe('labelPlacement', () => {
  // An axis 720 wide: a bar from 0.1 to 0.3 is 144 wide, from x = 72 to x = 216.
  it('puts a name that fits inside its bar, 4 from its start', () => {
    expect(labelPlacement({ from: 0.1, to: 0.3 }, 100, 720)).toEqual({ x: 76, anchor: 'start', inside: true });
  });

  it('puts a longer name just after the bar', () => {
    expect(labelPlacement({ from: 0.1, to: 0.3 }, 140, 720)).toEqual({ x: 220, anchor: 'start', inside: false });
  });

  it('puts it before the bar when after it would pass December', () => {
    // 0.9 … 1.0 is x = 648 … 720: 120 more would end at 844.
    expect(labelPlacement({ from: 0.9, to: 1 }, 120, 720)).toEqual({ x: 644, anchor: 'end', inside: false });
  });

  it('never lets a label leave the axis on the right', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 300 }),
        (a, b, w) => {
          const bar = { from: Math.min(a, b), to: Math.max(a, b) };
          const p = labelPlacement(bar, w, 720);
          if (p.anchor === 'start') expect(p.x + w).toBeLessThanOrEqual(720 + 1e-9);
          else expect(p.x).toBeLessThanOrEqual(bar.from * 720);
        },
      ),
    );
  });
});

describe('estimateLabelWidth', () => {
  it('counts a CJK character one em and a Latin one 0.58 em', () => {
    expect(estimateLabelWidth('越冬', 10)).toBe(20);
    expect(estimateLabelWidth('Siembra', 10)).toBeCloseTo(40.6);
  });
});
