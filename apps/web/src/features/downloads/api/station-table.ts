import type { StationTableExportBody } from '@agromet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { dlKeys, invalidateLibrary } from './keys';

/** Forecast types with their factors and runs that have grids for the customer. */
export function useForecastCatalog() {
  return useQuery({
    queryKey: dlKeys.catalog,
    queryFn: ({ signal }) => request('gridCatalog', { signal }),
    staleTime: 60_000,
  });
}

export interface StationTableChoice {
  type?: string;
  factor?: string;
  baseTime?: string;
}

export function useStationTable(choice: StationTableChoice) {
  const ready = !!(choice.type && choice.factor && choice.baseTime);
  const query = { type: choice.type!, factor: choice.factor!, baseTime: choice.baseTime! };
  return useQuery({
    queryKey: dlKeys.stationTable(query),
    queryFn: ({ signal }) => request('stationTable', { query, signal }),
    enabled: ready,
  });
}

/** Writes the table as CSV or Excel into the library; answers the new item. */
export function useExportStationTable() {
  return useMutation({
    mutationFn: (body: StationTableExportBody) => request('stationTableExport', { body }),
    onSuccess: () => invalidateLibrary(),
  });
}
