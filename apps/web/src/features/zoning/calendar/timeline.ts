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

/** Where a stage's name goes: inside its bar when it fits, else just after it, else just before it (near December). */
export interface LabelPlacement {
  x: number;
  anchor: 'start' | 'end';
  inside: boolean;
}

const LABEL_GAP = 4;

/** Place a label `labelWidth` wide beside a bar spanning `from` … `to` (fractions of the year) on an axis `width` wide. */
export function labelPlacement(bar: Pick<TimelineBar, 'from' | 'to'>, labelWidth: number, width: number): LabelPlacement {
  const left = bar.from * width;
  const right = bar.to * width;
  if (labelWidth + 2 * LABEL_GAP <= right - left) return { x: left + LABEL_GAP, anchor: 'start', inside: true };
  if (right + LABEL_GAP + labelWidth <= width) return { x: right + LABEL_GAP, anchor: 'start', inside: false };
  return { x: left - LABEL_GAP, anchor: 'end', inside: false };
}

/** A label's width in an SVG without measuring it: CJK characters are one em wide, others about 0.58 em (Arial). */
export function estimateLabelWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const ch of text) ems += /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/.test(ch) ? 1 : 0.58;
  return ems * fontSize;
}
