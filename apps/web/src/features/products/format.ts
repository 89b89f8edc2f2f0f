import dayjs from 'dayjs';

/**
 * A run or file time in the browser's zone, as every page of the console writes times: 2026-11-24 08:00, the same in
 * every language (a locale's own order, 24/11/2026, read differently beside the bar's and the lists' times).
 */
export function formatRunTime(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : iso;
}
