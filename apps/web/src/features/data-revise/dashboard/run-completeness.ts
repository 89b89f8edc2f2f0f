import type { ForecastTypeInfo } from '@agromet/contracts';

export interface RunCompleteness {
  /** The newest run with grids (ISO UTC). */
  baseTime: string;
  /** Leads of the type's schedule (0, step, … max) with a grid of some element at that run. */
  leadsPresent: number;
  leadsExpected: number;
  /** Stored (not derived) elements with grids at that run, of those the type has grids of at all. */
  factorsPresent: number;
  factorsStored: number;
}

/** How complete a forecast type's newest run is; null when the type has no grids for the customer. */
export function runCompleteness(
  type: Pick<ForecastTypeInfo, 'stepHours' | 'maxLeadHours' | 'baseTimes' | 'leads' | 'factors'>,
): RunCompleteness | null {
  const baseTime = type.baseTimes[0];
  if (!baseTime || type.stepHours <= 0) return null;
  const leadsExpected = Math.floor(type.maxLeadHours / type.stepHours) + 1;
  const scheduled = new Set(type.leads.filter((l) => l >= 0 && l <= type.maxLeadHours && l % type.stepHours === 0));
  const stored = type.factors.filter((f) => !f.derived && f.baseTimes.length > 0);
  return {
    baseTime,
    leadsPresent: scheduled.size,
    leadsExpected,
    factorsPresent: stored.filter((f) => f.baseTimes[0] === baseTime).length,
    factorsStored: stored.length,
  };
}
