import { STATION_PAGE_MAX } from '@agromet/contracts/web';
import type { Station, StationCreate, StationImportResult } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { downloadRaw, saveBlob } from '../../../lib/download';
import { compactQuery, listQuery, type Paging } from '../../../lib/list-query';
import { request } from '../../../lib/request';
import { drKeys, invalidateStations } from './keys';

export function useStationPage(keyword: string, paging: Paging) {
  const query = listQuery({ keyword }, paging);
  return useQuery({
    queryKey: drKeys.stationPage(query),
    queryFn: ({ signal }) => request('stationList', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every station matching the search, in the table's order, for the map (the list allows pages of 1000 so a
 * province's stations come in one call).
 */
export function useStationsOnMap(keyword: string) {
  const query = { ...compactQuery({ keyword }), page: 1, size: STATION_PAGE_MAX };
  return useQuery({
    queryKey: drKeys.stationMap(query.keyword ?? ''),
    queryFn: ({ signal }) => request('stationList', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The station as it is now (found by its number), without a toast; null when it is gone. */
export async function fetchStation(row: Pick<Station, 'id' | 'stationNumber'>): Promise<Station | null> {
  const page = await request('stationList', { query: { keyword: row.stationNumber, size: STATION_PAGE_MAX }, silent: true });
  return page.list.find((s) => s.id === row.id) ?? null;
}

export type StationSaveInput = { id?: number; version?: number; values: StationCreate };

export function useSaveStation() {
  return useMutation({
    mutationFn: ({ id, version, values }: StationSaveInput) =>
      id !== undefined && version !== undefined
        ? request('stationUpdate', { body: { id, version, ...values } })
        : request('stationInsert', { body: values }),
    onSuccess: () => invalidateStations(),
  });
}

export function useDeleteStation() {
  return useMutation({
    mutationFn: (id: number) => request('stationDelete', { query: { id } }),
    onSuccess: () => invalidateStations(),
  });
}

/** "stations-2026-11-22.csv": the export's file name, dated in the browser's zone. */
export function stationExportFilename(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `stations-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** CSV of every station of the customer (GET /api/station/export), saved as a file; resolves the file name. */
export async function exportStations(): Promise<string> {
  const blob = await downloadRaw('stationExport', {});
  const filename = stationExportFilename();
  saveBlob(blob, filename);
  return filename;
}

/** Multipart import (field "file"): all or nothing; a refusal rejects with the 4100 whose data lists every bad row. */
export function useImportStations() {
  return useMutation({
    mutationFn: (file: File): Promise<StationImportResult> => {
      const form = new FormData();
      form.append('file', file, file.name);
      return request('stationImport', { body: form, timeoutMs: 60_000 });
    },
    onSuccess: () => invalidateStations(),
  });
}
