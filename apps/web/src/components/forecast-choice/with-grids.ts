import type { ForecastTypeInfo } from '@agromet/contracts';

// Which forecasts can be chosen: only types and elements that have grids (a run at least).

type ForecastType = Pick<ForecastTypeInfo, 'factors'>;

/** The elements of a type that have grids. */
export const factorsWithGrids = <T extends ForecastType>(type: T | undefined): T['factors'] =>
  (type?.factors ?? []).filter((f) => f.baseTimes.length > 0);

/** The types that have grids of an element at least. */
export const typesWithGrids = <T extends ForecastType>(types: readonly T[]): T[] => types.filter((x) => factorsWithGrids(x).length > 0);
