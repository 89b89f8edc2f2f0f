// Crop calendars (docs/crop-calendar.md): a crop's development stages as month-day ranges for the customer's region,
// shifted by altitude and latitude (Hopkins' bioclimatic law), and the stage a date falls in. Pure: the server's risk
// job, the calendar checks and the editor's timeline run the same code.
import { cellCentre, type GridGeometry } from './grid.js';

/** One development stage: a code (`dormancy`, `budBreak`…), first and last day as `MM-DD` (both included). */
export interface CalendarStage {
  code: string;
  start: string;
  end: string;
}

/**
 * A crop's calendar: stages in the order of development (the cycle starts at the first stage's start and may run over
 * the new year), the reference altitude (m) and latitude (° N) the dates hold at, and the shift of every date in days
 * per 100 m above the reference and per degree north of it (later when positive).
 */
export interface CropCalendar {
  stages: readonly CalendarStage[];
  refAltitudeM: number;
  refLatDeg: number;
  daysPer100m: number;
  daysPerDegree: number;
}

export interface CalendarProblem {
  path: (string | number)[];
  key: string;
  params?: Record<string, string | number>;
}

/** The calendar year without 29 February: stages are dates of the usual year. */
export const CALENDAR_DAYS = 365;
export const MAX_CALENDAR_STAGES = 16;
/** The largest shift a calendar may give (days), whatever the altitude: beyond it the calendar is for another region. */
export const MAX_CALENDAR_SHIFT = 90;

const MONTH_START = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const mod = (a: number, n: number) => ((a % n) + n) % n;

/** Day of the usual year (0 = 1 January … 364 = 31 December) of `MM-DD`; null when it is no such day. 29 February is 28 February. */
export function dayOfYear(mmdd: string): number | null {
  const m = /^(\d{2})-(\d{2})$/.exec(mmdd);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12 || day < 1) return null;
  if (month === 2 && day === 29) return MONTH_START[1]! + 27;
  if (day > MONTH_DAYS[month - 1]!) return null;
  return MONTH_START[month - 1]! + day - 1;
}

/** `MM-DD` of a day of the usual year (taken modulo 365). */
export function monthDayOf(doy: number): string {
  const d = mod(Math.round(doy), CALENDAR_DAYS);
  let month = 11;
  while (MONTH_START[month]! > d) month--;
  return `${String(month + 1).padStart(2, '0')}-${String(d - MONTH_START[month]! + 1).padStart(2, '0')}`;
}

/** The day of the usual year of an ISO date (`2026-03-28` or a full timestamp, read as its calendar date). */
export function dayOfIsoDate(isoDate: string): number {
  const d = dayOfYear(isoDate.slice(5, 10));
  if (d === null) throw new RangeError(`not a date: ${isoDate}`);
  return d;
}

/**
 * Problems of a calendar, each with its path (`stages.2.start`), a message key (`calendar.` + …) and parameters: a date
 * that is no day of the year, a code used twice, a stage that does not start after the previous one's end in the
 * cycle that begins with the first stage (overlapping or misordered), stages that together run over a whole year, and
 * shift parameters out of range.
 */
export function checkCalendar(cal: CropCalendar): CalendarProblem[] {
  const out: CalendarProblem[] = [];
  if (!Number.isFinite(cal.refAltitudeM) || cal.refAltitudeM < -500 || cal.refAltitudeM > 9000)
    out.push({ path: ['refAltitudeM'], key: 'calendar.outOfRange', params: { min: -500, max: 9000 } });
  if (!Number.isFinite(cal.refLatDeg) || cal.refLatDeg < -90 || cal.refLatDeg > 90)
    out.push({ path: ['refLatDeg'], key: 'calendar.outOfRange', params: { min: -90, max: 90 } });
  if (!Number.isFinite(cal.daysPer100m) || Math.abs(cal.daysPer100m) > 10)
    out.push({ path: ['daysPer100m'], key: 'calendar.outOfRange', params: { min: -10, max: 10 } });
  if (!Number.isFinite(cal.daysPerDegree) || Math.abs(cal.daysPerDegree) > 10)
    out.push({ path: ['daysPerDegree'], key: 'calendar.outOfRange', params: { min: -10, max: 10 } });
  if (cal.stages.length === 0) return [...out, { path: ['stages'], key: 'calendar.noStages' }];
  if (cal.stages.length > MAX_CALENDAR_STAGES)
    return [...out, { path: ['stages'], key: 'calendar.tooManyStages', params: { max: MAX_CALENDAR_STAGES } }];
  const seen = new Map<string, number>();
  let dated = true;
  cal.stages.forEach((s, i) => {
    if (seen.has(s.code)) out.push({ path: ['stages', i, 'code'], key: 'calendar.codeTaken', params: { code: s.code } });
    seen.set(s.code, i);
    if (dayOfYear(s.start) === null) {
      out.push({ path: ['stages', i, 'start'], key: 'calendar.badDate', params: { date: s.start } });
      dated = false;
    }
    if (dayOfYear(s.end) === null) {
      out.push({ path: ['stages', i, 'end'], key: 'calendar.badDate', params: { date: s.end } });
      dated = false;
    }
  });
  if (!dated) return out;
  const spans = stageSpans(cal.stages);
  spans.forEach((sp, i) => {
    if (i > 0 && sp.from <= spans[i - 1]!.to)
      out.push({ path: ['stages', i, 'start'], key: 'calendar.notAfterPrevious', params: { previous: cal.stages[i - 1]!.code } });
  });
  const last = spans[spans.length - 1]!;
  if (last.to >= CALENDAR_DAYS) out.push({ path: ['stages', spans.length - 1, 'end'], key: 'calendar.overYear' });
  return out;
}

/**
 * Each stage as days from the first stage's start (`from` … `to`, both included) in the cycle beginning there: a stage
 * whose end comes before its start in the year runs over the new year.
 */
export function stageSpans(stages: readonly CalendarStage[]): Array<{ from: number; to: number }> {
  const first = dayOfYear(stages[0]!.start)!;
  return stages.map((s) => {
    const a = dayOfYear(s.start)!;
    const b = dayOfYear(s.end)!;
    const from = mod(a - first, CALENDAR_DAYS);
    return { from, to: from + mod(b - a, CALENDAR_DAYS) };
  });
}

/**
 * The shift of every date (whole days, later when positive) at an altitude (m) and latitude (° N):
 * daysPer100m · (altitude − ref) / 100 + daysPerDegree · (latitude − ref), rounded, bounded by ±MAX_CALENDAR_SHIFT.
 * A missing altitude (NaN) counts as the reference.
 */
export function calendarShiftDays(cal: CropCalendar, altitudeM: number, latDeg: number): number {
  const alt = Number.isFinite(altitudeM) ? altitudeM : cal.refAltitudeM;
  const lat = Number.isFinite(latDeg) ? latDeg : cal.refLatDeg;
  const raw = (cal.daysPer100m * (alt - cal.refAltitudeM)) / 100 + cal.daysPerDegree * (lat - cal.refLatDeg);
  const days = Math.round(raw);
  // Math.round(-0.4) is −0: written as 0
  return Math.max(-MAX_CALENDAR_SHIFT, Math.min(MAX_CALENDAR_SHIFT, days)) || 0;
}

/**
 * The first day of the usual year from which a date moves the other way (23 September, the autumn equinox): Hopkins'
 * law puts spring and summer events (green-up, flowering, ripening by accumulated warmth) later at a colder place and
 * autumn events (sowing of winter crops, leaf fall, the onset of dormancy) earlier (docs/crop-calendar.md#shift).
 */
export const AUTUMN_FROM = 265;

/** How many days a date of the usual year moves at a place `shift` days colder: later before AUTUMN_FROM, earlier from it. */
export function dateShiftDays(doy: number, shift: number): number {
  return mod(doy, CALENDAR_DAYS) >= AUTUMN_FROM ? -shift || 0 : shift;
}

/**
 * A stage moved at a place `shift` days colder: its first day and its length. Its start moves as its date does, and
 * its end with the day after it, which is the next stage's start when the two touch, so touching stages stay
 * touching. A stage whose end moves earlier than its start by more than its length is left with none (length 0).
 */
export function shiftedStage(stage: CalendarStage, shift: number): { from: number; days: number } {
  const a = dayOfYear(stage.start)!;
  const after = dayOfYear(stage.end)! + 1;
  const days = mod(after - 1 - a, CALENDAR_DAYS) + 1 + dateShiftDays(after, shift) - dateShiftDays(a, shift);
  return { from: mod(a + dateShiftDays(a, shift), CALENDAR_DAYS), days: Math.max(0, Math.min(CALENDAR_DAYS, days)) };
}

/**
 * Index of the stage a day of the usual year falls in at a place `shift` days colder (dates moved by dateShiftDays), or
 * −1 outside every stage; where moved stages overlap (a gap between two stages that spans 23 September closes), the
 * earlier stage of the calendar.
 */
export function stageIndexAt(stages: readonly CalendarStage[], doy: number, shift: number): number {
  for (let i = 0; i < stages.length; i++) {
    const { from, days } = shiftedStage(stages[i]!, shift);
    if (mod(doy - from, CALENDAR_DAYS) < days) return i;
  }
  return -1;
}

/** The stage of the crop on a date (ISO) at an altitude and latitude, or null when the date is in no stage. */
export function stageOn(cal: CropCalendar, isoDate: string, altitudeM: number, latDeg: number): CalendarStage | null {
  const i = stageIndexAt(cal.stages, dayOfIsoDate(isoDate), calendarShiftDays(cal, altitudeM, latDeg));
  return i < 0 ? null : cal.stages[i]!;
}

/**
 * The stage index of every cell of a grid on a date (day of the usual year): each cell's shift from its centre's
 * latitude and its altitude (`altitude`, same cells; NaN or none: the reference altitude); −1 outside every stage.
 */
export function stageIndexGrid(cal: CropCalendar, doy: number, geometry: GridGeometry, altitude?: Float32Array): Int8Array {
  const { nx, ny } = geometry;
  if (altitude && altitude.length !== nx * ny) throw new RangeError('altitude and grid differ in size');
  const out = new Int8Array(nx * ny);
  // One stage per whole-day shift (at most 2 · MAX_CALENDAR_SHIFT + 1 of them), looked up per cell.
  const byShift = new Int8Array(2 * MAX_CALENDAR_SHIFT + 1).fill(-2);
  const at = (shift: number) => {
    const s = shift + MAX_CALENDAR_SHIFT;
    if (byShift[s] === -2) byShift[s] = stageIndexAt(cal.stages, doy, shift);
    return byShift[s]!;
  };
  for (let j = 0; j < ny; j++) {
    const lat = cellCentre(geometry, 0, j).lat;
    for (let i = 0; i < nx; i++) {
      const k = j * nx + i;
      out[k] = at(calendarShiftDays(cal, altitude ? altitude[k]! : Number.NaN, lat));
    }
  }
  return out;
}
