import type { ForecastTypeInfo, StationTable } from '@agromet/contracts';

// Pure rules of the station table tab (docs/downloads.md#forecast-values-at-stations).

type Catalog = ReadonlyArray<Pick<ForecastTypeInfo, 'code'> & { factors: ReadonlyArray<{ code: string; baseTimes: readonly string[] }> }>;

export interface Choice {
  type?: string;
  factor?: string;
  baseTime?: string;
}

/**
 * A complete choice from a partial one: the type kept if it exists (else the first with grids), the factor kept if
 * the type has grids of it (else its first factor with grids), the run kept if the factor has it (else its newest).
 */
export function pickChoice(catalog: Catalog, wanted: Choice): Choice {
  const withGrids = (t: Catalog[number]) => t.factors.some((f) => f.baseTimes.length > 0);
  const type = catalog.find((t) => t.code === wanted.type && withGrids(t)) ?? catalog.find(withGrids);
  if (!type) return {};
  const usable = type.factors.filter((f) => f.baseTimes.length > 0);
  const factor = usable.find((f) => f.code === wanted.factor) ?? usable[0]!;
  const baseTime = wanted.baseTime && factor.baseTimes.includes(wanted.baseTime) ? wanted.baseTime : factor.baseTimes[0];
  const next = { type: type.code, factor: factor.code, baseTime };
  // The same object when nothing changed, so that a state update with it renders nothing new.
  return next.type === wanted.type && next.factor === wanted.factor && next.baseTime === wanted.baseTime ? (wanted as typeof next) : next;
}

/** One column per lead: its hours, valid time and index into each station's values. */
export function leadColumns(table: Pick<StationTable, 'leads' | 'validTimes'>): Array<{ lead: number; validTime: string; index: number }> {
  return table.leads.map((lead, index) => ({ lead, validTime: table.validTimes[index]!, index }));
}
