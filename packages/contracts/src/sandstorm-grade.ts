// Grades of sand and dust weather after GB/T 20480-2017 (docs/disaster.md#grades): the horizontal visibility decides
// the grade of wind-blown sand and dust, and weak wind (≤ 3 m/s) with dust in the air is floating dust. Pure rules,
// used by the server (derive a missing level, refuse a contradicting one) and by the page (the form's hint).

/** The five grades, weakest first (JSON values of a record's `level`). */
export const SANDSTORM_LEVELS = ['floating-dust', 'blowing-sand', 'sandstorm', 'severe-sandstorm', 'extreme-sandstorm'] as const;
export type SandstormLevel = (typeof SANDSTORM_LEVELS)[number];

/** Visibility limits in metres: a grade holds visibilities below its upper limit and at or above its lower one. */
export const VISIBILITY_LIMITS_M = {
  /** Below 10 km there is sand or dust weather at all. */
  dustWeather: 10_000,
  /** 1 km: below it, a sandstorm. */
  sandstorm: 1_000,
  /** 500 m: below it, a severe sandstorm. */
  severe: 500,
  /** 50 m: below it, an extremely severe sandstorm. */
  extreme: 50,
} as const;

/** Floating dust: dust in the air in calm or weak wind, mean wind at most 3.0 m/s. */
export const WEAK_WIND_MS = 3;

/**
 * The grade of wind-blown sand and dust a visibility means: below 50 m extreme, below 500 m severe, below 1 km
 * sandstorm, 1 km up to (not including) 10 km blowing sand; null from 10 km on (no sand or dust weather). Negative or
 * non-finite visibilities have no grade.
 */
export function windBlownGrade(visibilityM: number): SandstormLevel | null {
  if (!Number.isFinite(visibilityM) || visibilityM < 0) return null;
  if (visibilityM < VISIBILITY_LIMITS_M.extreme) return 'extreme-sandstorm';
  if (visibilityM < VISIBILITY_LIMITS_M.severe) return 'severe-sandstorm';
  if (visibilityM < VISIBILITY_LIMITS_M.sandstorm) return 'sandstorm';
  if (visibilityM < VISIBILITY_LIMITS_M.dustWeather) return 'blowing-sand';
  return null;
}

/** Why a level cannot be derived or is refused, with the parameters its message names. */
export type GradeProblem =
  /** Visibility of 10 km or more: not sand or dust weather by the standard. */
  | { key: 'sandstorm.notDustWeather'; visibility: number }
  /** 1–10 km without a wind speed: blowing sand or floating dust cannot be told apart. */
  | { key: 'sandstorm.levelNeedsWind'; visibility: number }
  /** The level given is not what the visibility means. */
  | { key: 'sandstorm.levelContradicts'; level: SandstormLevel; visibility: number; expected: SandstormLevel };

/**
 * The grade of a record without one: floating dust when the wind is weak (≤ 3 m/s), else the wind-blown grade of the
 * visibility. Between 1 and 10 km the wind decides, so without it there is no answer.
 */
export function deriveSandstormLevel(visibilityM: number, windMs: number | null | undefined): SandstormLevel | GradeProblem {
  const grade = windBlownGrade(visibilityM);
  if (grade === null) return { key: 'sandstorm.notDustWeather', visibility: visibilityM };
  if (windMs === null || windMs === undefined) {
    return grade === 'blowing-sand' ? { key: 'sandstorm.levelNeedsWind', visibility: visibilityM } : grade;
  }
  return windMs <= WEAK_WIND_MS ? 'floating-dust' : grade;
}

/**
 * Whether a level agrees with a visibility: floating dust with any visibility below 10 km, every other grade with the
 * visibilities of its class only. A contradiction names the grade the visibility means.
 */
export function checkSandstormLevel(level: SandstormLevel, visibilityM: number): GradeProblem | null {
  const grade = windBlownGrade(visibilityM);
  if (grade === null) return { key: 'sandstorm.notDustWeather', visibility: visibilityM };
  if (level === 'floating-dust' || level === grade) return null;
  return { key: 'sandstorm.levelContradicts', level, visibility: visibilityM, expected: grade };
}

/** The level a record gets: the one given when it agrees with the visibility, else the derived one; or the problem. */
export function resolveSandstormLevel(
  level: SandstormLevel | null | undefined,
  visibilityM: number,
  windMs: number | null | undefined,
): { level: SandstormLevel } | { problem: GradeProblem } {
  if (level) {
    const problem = checkSandstormLevel(level, visibilityM);
    return problem ? { problem } : { level };
  }
  const derived = deriveSandstormLevel(visibilityM, windMs);
  return typeof derived === 'string' ? { level: derived } : { problem: derived };
}
