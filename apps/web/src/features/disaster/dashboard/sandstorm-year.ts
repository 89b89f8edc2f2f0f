import type { SandstormStatistics } from '@agromet/contracts';

// What the dashboard's sandstorm card shows (docs/disaster.md#dashboard): this year's records when there are any, else
// the latest year that has records, said as such; years and months are Beijing time, as the statistics count them.

/** The year the card shows: this year when it has records, else the latest year with records; null when none has. */
export function shownYear(byYear: SandstormStatistics['byYear'], thisYear: number): { year: number; latest: boolean } | null {
  const withRecords = byYear.filter((y) => y.count > 0 && y.year <= thisYear).map((y) => y.year);
  if (withRecords.length === 0) return null;
  const year = Math.max(...withRecords);
  return { year, latest: year !== thisYear };
}

/** The filter of one year, Beijing time. */
export function yearRange(year: number): { from: string; to: string } {
  return { from: `${year}-01-01T00:00:00+08:00`, to: `${year}-12-31T23:59:59.999+08:00` };
}

/** Months of the spring dust season in northern China. */
export const DUST_SEASON_MONTHS = ['03', '04', '05'] as const;

/** Records of the dust season (March–May) among a year's months ("YYYY-MM"). */
export function seasonCount(byMonth: SandstormStatistics['byMonth']): number {
  return byMonth.filter((m) => (DUST_SEASON_MONTHS as readonly string[]).includes(m.month.slice(5, 7))).reduce((n, m) => n + m.count, 0);
}
