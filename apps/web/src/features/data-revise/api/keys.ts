import { queryClient } from '../../../lib/query-client';

/** Query keys of the station, allocation and record pages; every one starts with 'dataRevise'. */
export const drKeys = {
  all: ['dataRevise'] as const,
  stations: ['dataRevise', 'stations'] as const,
  stationPage: (query: object) => ['dataRevise', 'stations', 'page', query] as const,
  stationMap: (keyword: string) => ['dataRevise', 'stations', 'map', keyword] as const,
  allocationMatrix: ['dataRevise', 'allocationMatrix'] as const,
  forecastTypes: ['dataRevise', 'forecastTypes'] as const,
  factors: (typeId: number) => ['dataRevise', 'factors', typeId] as const,
  records: ['dataRevise', 'records'] as const,
  recordPage: (query: object) => ['dataRevise', 'records', 'page', query] as const,
  recordDetail: (id: number) => ['dataRevise', 'records', 'detail', id] as const,
};

/** After a station change: the table page and the map's stations both refetch. */
export function invalidateStations(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: drKeys.stations });
}

/** After a recovery: the list (states), the details (blocked by) of every record. */
export function invalidateRecords(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: drKeys.records });
}
