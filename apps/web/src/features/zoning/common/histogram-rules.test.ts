import { describe, expect, it } from 'vitest';
import { histogramBars } from './histogram-rules';

describe('histogram bars', () => {
  const histogram = { edges: [10, 12, 14, 16, 18], counts: [5, 7, 3, 1] };

  it('colour a bin by the class of its values, upper edge included (intervals closed above)', () => {
    // ≤ 12 class 3, (12, 15] class 1, > 15 class 0.
    const bars = histogramBars(histogram, { breaks: [12, 15], classes: [3, 1, 0] });
    expect(bars.map((b) => [b.from, b.to, b.count, b.cls])).toEqual([
      [10, 12, 5, 3],
      [12, 14, 7, 1],
      [14, 16, 3, null],
      [16, 18, 1, 0],
    ]);
  });

  it('colour nothing while the rule is invalid, and cope with a missing histogram end', () => {
    expect(histogramBars(histogram, { breaks: [15, 12], classes: [3, 1, 0] }).every((b) => b.cls === null)).toBe(true);
    expect(histogramBars(histogram, null).map((b) => b.count)).toEqual([5, 7, 3, 1]);
    expect(histogramBars({ edges: [0], counts: [1] }, null)).toEqual([]);
  });

  it('a threshold on a negative edge belongs to the bin below it', () => {
    const bars = histogramBars({ edges: [-20, -14.7, -9.2], counts: [1, 1] }, { breaks: [-14.7], classes: [3, 2] });
    expect(bars.map((b) => b.cls)).toEqual([3, 2]);
  });
});
