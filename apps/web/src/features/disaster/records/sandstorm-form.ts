import {
  checkSandstormLevel,
  deriveSandstormLevel,
  regionContains,
  SANDSTORM_LIMITS,
  type GradeProblem,
  type SandstormLevel,
} from '@agromet/contracts/web';
import type { Sandstorm, SandstormCreate } from '@agromet/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** What the record form holds (numbers may be empty while typing; the time as a picker value). */
export interface SandstormFormValues {
  location: string;
  regionCode?: string;
  time?: Dayjs | null;
  level?: SandstormLevel | null;
  lon?: number | null;
  lat?: number | null;
  duration?: number | null;
  minVisibility?: number | null;
  maxWindSpeed?: number | null;
  precipitation?: number | null;
  economicLoss?: number | null;
  housesCollapsed?: number | null;
  deaths?: number | null;
  injured?: number | null;
  description: string;
  remark: string;
}

/** The form's starting values: a record's, or a new record's (now, nothing lost). */
export function formValues(record: Sandstorm | null, now: Dayjs = dayjs()): SandstormFormValues {
  if (!record) {
    return {
      location: '',
      time: now.second(0).millisecond(0),
      level: null,
      economicLoss: 0,
      housesCollapsed: 0,
      deaths: 0,
      injured: 0,
      description: '',
      remark: '',
    };
  }
  return {
    location: record.location,
    regionCode: record.regionCode,
    time: dayjs(record.time),
    // A derived level is shown as "automatic", so it follows the visibility when that is edited.
    level: record.levelDerived ? null : record.level,
    lon: record.lon,
    lat: record.lat,
    duration: record.duration,
    minVisibility: record.minVisibility,
    maxWindSpeed: record.maxWindSpeed,
    precipitation: record.precipitation,
    economicLoss: record.economicLoss,
    housesCollapsed: record.housesCollapsed,
    deaths: record.deaths,
    injured: record.injured,
    description: record.description,
    remark: record.remark,
  };
}

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The body of insert/update: the time with the browser's offset, empty optional numbers as null, counts as 0. */
export function sandstormBody(v: SandstormFormValues): SandstormCreate {
  return {
    location: v.location.trim(),
    regionCode: v.regionCode ?? '',
    time: v.time ? v.time.format() : '',
    level: v.level ?? null,
    lon: num(v.lon) ?? Number.NaN,
    lat: num(v.lat) ?? Number.NaN,
    duration: num(v.duration) ?? Number.NaN,
    minVisibility: num(v.minVisibility) ?? Number.NaN,
    maxWindSpeed: num(v.maxWindSpeed) ?? null,
    precipitation: num(v.precipitation) ?? null,
    economicLoss: num(v.economicLoss) ?? 0,
    housesCollapsed: num(v.housesCollapsed) ?? 0,
    deaths: num(v.deaths) ?? 0,
    injured: num(v.injured) ?? 0,
    description: v.description.trim(),
    remark: v.remark.trim(),
  };
}

/** What the form says under the level: the grade it will get, or why the level does not fit (GB/T 20480). */
export type LevelHint = { kind: 'derived'; level: SandstormLevel } | { kind: 'problem'; problem: GradeProblem } | null;

export function levelHint(
  level: SandstormLevel | null | undefined,
  visibility: number | null | undefined,
  wind: number | null | undefined,
): LevelHint {
  if (typeof visibility !== 'number' || !Number.isFinite(visibility)) return null;
  if (level) {
    const problem = checkSandstormLevel(level, visibility);
    return problem ? { kind: 'problem', problem } : null;
  }
  const derived = deriveSandstormLevel(visibility, wind);
  return typeof derived === 'string' ? { kind: 'derived', level: derived } : { kind: 'problem', problem: derived };
}

/** A number field's range for the form's rules. */
export type NumberField = 'lon' | 'lat' | 'duration' | 'minVisibility' | 'maxWindSpeed' | 'precipitation' | 'economicLoss';
export const FIELD_RANGE: Record<NumberField, readonly [number, number]> = {
  lon: SANDSTORM_LIMITS.lon,
  lat: SANDSTORM_LIMITS.lat,
  duration: SANDSTORM_LIMITS.duration,
  minVisibility: SANDSTORM_LIMITS.minVisibility,
  maxWindSpeed: SANDSTORM_LIMITS.maxWindSpeed,
  precipitation: SANDSTORM_LIMITS.precipitation,
  economicLoss: SANDSTORM_LIMITS.economicLoss,
};

/**
 * The form's region after a point is picked on the map: the region the boundary layers give the point, unless the
 * region already chosen lies inside it (a county chosen by hand inside the province the built-in layer gives), which
 * is kept; nothing derived (a point outside every layer) keeps the choice as it is.
 */
export function regionAfterPick(current: string | undefined, derived: string | null): string | undefined {
  if (!derived) return current;
  return current && regionContains(derived, current) ? current : derived;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as "YYYY-MM-DD HH:mm" in the browser's zone (as the records table and details show times). */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
