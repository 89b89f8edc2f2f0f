// The stages of a crop calendar as bars over the year (docs/crop-calendar.md#stages): pure, tested beside it.
import { CALENDAR_DAYS, dayOfYear } from '@agromet/grid';

/** One bar: the stage's index and its part of the year as fractions 0 … 1 (a stage over the new year gives two). */
export interface TimelineBar {
  stage: number;
  from: number;
  to: number;
}

/**
 * Bars of the stages on a one-year axis (1 January … 31 December): a stage from `start` to `end` (both included) covers
 * [start, end + 1) days; one whose end comes before its start runs over the new year and is drawn as two bars. A stage
 * with a date that is no day of the year is left out.
 */
export function timelineBars(stages: ReadonlyArray<{ start: string; end: string }>): TimelineBar[] {
  const out: TimelineBar[] = [];
  stages.forEach((s, stage) => {
    const a = dayOfYear(s.start);
    const b = dayOfYear(s.end);
    if (a === null || b === null) return;
    if (b >= a) out.push({ stage, from: a / CALENDAR_DAYS, to: (b + 1) / CALENDAR_DAYS });
    else {
      out.push({ stage, from: a / CALENDAR_DAYS, to: 1 });
      out.push({ stage, from: 0, to: (b + 1) / CALENDAR_DAYS });
    }
  });
  return out;
}
