import { describe, expect, it } from 'vitest';
import { seasonCount, shownYear, yearRange } from './sandstorm-year';

describe('the year the sandstorm card shows', () => {
  it('shows this year when it has records, else the latest year with records, said as such', () => {
    expect(
      shownYear(
        [
          { year: 2024, count: 3 },
          { year: 2026, count: 1 },
        ],
        2026,
      ),
    ).toEqual({ year: 2026, latest: false });
    expect(
      shownYear(
        [
          { year: 2023, count: 20 },
          { year: 2025, count: 15 },
        ],
        2026,
      ),
    ).toEqual({ year: 2025, latest: true });
    expect(shownYear([], 2026)).toBeNull();
    // A record dated after this year (a clock ahead) is not "the latest year" shown as past.
    expect(shownYear([{ year: 2027, count: 1 }], 2026)).toBeNull();
  });

  it('filters one year in Beijing time and counts the March–May dust season', () => {
    expect(yearRange(2025)).toEqual({ from: '2025-01-01T00:00:00+08:00', to: '2025-12-31T23:59:59.999+08:00' });
    expect(
      seasonCount([
        { month: '2025-02', count: 1 },
        { month: '2025-03', count: 4 },
        { month: '2025-05', count: 2 },
        { month: '2025-06', count: 7 },
      ]),
    ).toBe(6);
  });
});
