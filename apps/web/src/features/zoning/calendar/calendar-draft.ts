import type { CropCalendarEntry } from '@agromet/contracts';
import { checkCalendar } from '@agromet/grid';
import { ApiError, issuesByField } from '../../../lib/request';
import type { CalendarSaveInput } from './api';

// Rules of the crop-calendar editor (docs/crop-calendar.md): the crop shown first, a calendar as a draft (Hopkins'
// law as the start of a new one), stage edits, the engine's problems by field, the request and the server's refusal.
// Pure, tested beside it.

export type StageField = 'code' | 'name' | 'start' | 'end';

export interface CalendarDraft {
  id?: number;
  version?: number;
  cropId: number;
  stages: Array<Record<StageField, string>>;
  refAltitudeM: number;
  refLatDeg: number;
  daysPer100m: number;
  daysPerDegree: number;
  source: string;
}

/** The most stages a calendar has (the engine's limit). */
export const MAX_STAGES = 16;

/** The shift with altitude and latitude: field, its label's key, and the range its input takes. */
export const SHIFT_FIELDS = [
  ['refAltitudeM', 'refAltitude', -500, 9000],
  ['refLatDeg', 'refLat', -90, 90],
  ['daysPer100m', 'daysPer100m', -10, 10],
  ['daysPerDegree', 'daysPerDegree', -10, 10],
] as const;
export type ShiftField = (typeof SHIFT_FIELDS)[number][0];

/** The crop shown first: the first with a calendar, else the first. */
export const firstCropId = (entries: readonly CropCalendarEntry[]): number | undefined =>
  (entries.find((e) => e.calendar) ?? entries[0])?.cropId;

/** A crop's calendar as a draft; without one, Hopkins' law (docs/crop-calendar.md#shift) as the start of a new one. */
export function draftOf(e: CropCalendarEntry): CalendarDraft {
  if (!e.calendar) {
    return {
      cropId: e.cropId,
      stages: [{ code: 'stage1', name: '', start: '04-01', end: '04-30' }],
      refAltitudeM: 500,
      refLatDeg: 34,
      daysPer100m: 3.3,
      daysPerDegree: 4,
      source: '',
    };
  }
  return {
    id: e.calendar.id,
    version: e.calendar.version,
    cropId: e.cropId,
    stages: e.calendar.stages.map((s) => ({ ...s })),
    refAltitudeM: e.calendar.refAltitudeM,
    refLatDeg: e.calendar.refLatDeg,
    daysPer100m: e.calendar.daysPer100m,
    daysPerDegree: e.calendar.daysPerDegree,
    source: e.calendar.source,
  };
}

/** The draft with one field of stage `i` changed. */
export const withStageField = (d: CalendarDraft, i: number, key: StageField, value: string): CalendarDraft => ({
  ...d,
  stages: d.stages.map((s, k) => (k === i ? { ...s, [key]: value } : s)),
});

/** The draft without stage `i`. */
export const withoutStage = (d: CalendarDraft, i: number): CalendarDraft => ({ ...d, stages: d.stages.filter((_, k) => k !== i) });

/** The draft with a new stage at the end, coded by its place, its name and dates to be written. */
export const withNewStage = (d: CalendarDraft): CalendarDraft => ({
  ...d,
  stages: [...d.stages, { code: `stage${d.stages.length + 1}`, name: '', start: '', end: '' }],
});

/** A number typed into a shift field: an empty field counts as 0. */
export const shiftValue = (v: number | string | null): number => (typeof v === 'number' ? v : 0);

/** The engine's problems of a draft by path (`stages.0.start`), the first of each, worded by `word`. */
export function draftProblems(
  draft: CalendarDraft | null,
  word: (key: string, params: Record<string, unknown>) => string,
): Map<string, string> {
  const out = new Map<string, string>();
  if (!draft) return out;
  for (const p of checkCalendar(draft)) {
    const path = p.path.join('.');
    if (!out.has(path)) out.set(path, word(`problem.${p.key}`, p.params ?? {}));
  }
  return out;
}

/** The save request of a draft: a stored calendar's id and version, and its values. */
export function saveInput(draft: CalendarDraft): CalendarSaveInput {
  const { id, version, ...values } = draft;
  return { id, version, values };
}

/** Problems the server named by field; any other refusal under '' (shown above the table). */
export function serverIssues(error: unknown): Map<string, string> {
  const out = issuesByField(error);
  if (out.size === 0 && error instanceof ApiError) out.set('', error.message);
  return out;
}
