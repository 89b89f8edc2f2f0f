import { describe, expect, it } from 'vitest';
import { timelineBars } from './timeline';

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
