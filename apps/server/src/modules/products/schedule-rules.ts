import { fromMicapsTime, toMicapsTime } from '@agromet/grid';

// When a product schedule fires (docs/products.md#automatic-making): pure rules, so that the ticker, the API and the
// tests agree on them.

export interface ScheduleState {
  trigger: 'new-run' | 'daily';
  /** HH:MM of the office's time zone (daily). */
  time: string | null;
  /** The run the schedule last made its product from. */
  lastBaseTime: string | null;
  /** When it last made a product. */
  lastRunTime: string | null;
  /** When the schedule was saved: a daily slot before that is not made up for. */
  since: string;
}

/** Today's slot of a daily schedule: the instant of HH:MM on the office's calendar day of `now`. */
export function dailySlot(now: Date, time: string, timeZone: string): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const day = toMicapsTime(now.toISOString(), timeZone);
  return Date.parse(fromMicapsTime({ ...day, hour }, timeZone)) + minute * 60_000;
}

/**
 * The run a schedule makes its product from now, or null when it is not due:
 * - new-run: the newest run, when it is newer than the one last made, and complete: it has at least as many of the
 *   schedule's leads as the run before it had (a run comes in lead by lead);
 * - daily: the newest run, once today's slot has passed, when nothing was made since the slot and the schedule
 *   existed at the slot.
 */
export function dueRun(
  s: ScheduleState,
  runs: ReadonlyArray<{ baseTime: string; leads: number }>,
  now: Date,
  timeZone: string,
): string | null {
  const newest = [...runs].sort((a, b) => Date.parse(b.baseTime) - Date.parse(a.baseTime));
  const [latest, previous] = newest;
  if (!latest || latest.leads === 0) return null;
  if (s.trigger === 'new-run') {
    if (s.lastBaseTime !== null && Date.parse(latest.baseTime) <= Date.parse(s.lastBaseTime)) return null;
    if (previous && latest.leads < previous.leads) return null;
    return latest.baseTime;
  }
  if (!s.time) return null;
  const slot = dailySlot(now, s.time, timeZone);
  if (now.getTime() < slot || Date.parse(s.since) > slot) return null;
  if (s.lastRunTime !== null && Date.parse(s.lastRunTime) >= slot) return null;
  return latest.baseTime;
}
