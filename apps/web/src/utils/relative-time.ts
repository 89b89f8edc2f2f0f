/** Relative-time helpers (minutes, hours, days: docs/console.md#feedback-and-formats). */

export type RelativeUnit = 'minute' | 'hour' | 'day';

export interface RelativeTime {
  /** Whole units elapsed (floored), never negative. */
  value: number;
  unit: RelativeUnit;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Time since `then`: minutes under an hour, hours under a day, else days. */
export function elapsedSince(then: number | Date, now: number | Date = Date.now()): RelativeTime {
  const diff = Math.max(0, +now - +then);
  if (diff < HOUR_MS) return { value: Math.floor(diff / MINUTE_MS), unit: 'minute' };
  if (diff < DAY_MS) return { value: Math.floor(diff / HOUR_MS), unit: 'hour' };
  return { value: Math.floor(diff / DAY_MS), unit: 'day' };
}

/** "5 minutes ago" / "5分钟前" / "hace 5 minutos", in the given language (BCP 47 tag). */
export function formatTimeAgo(then: number | Date, now: number | Date = Date.now(), locale = 'en'): string {
  const { value, unit } = elapsedSince(then, now);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(-value, unit);
}

/** Whole minutes, hours or days between two instants (for countdowns and durations). */
export function minutesBetween(a: number | Date, b: number | Date): number {
  return Math.floor(Math.abs(+b - +a) / MINUTE_MS);
}
export function hoursBetween(a: number | Date, b: number | Date): number {
  return Math.floor(Math.abs(+b - +a) / HOUR_MS);
}
export function daysBetween(a: number | Date, b: number | Date): number {
  return Math.floor(Math.abs(+b - +a) / DAY_MS);
}
