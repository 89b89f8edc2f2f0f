import { SANDSTORM_MAP_MAX } from '@agromet/contracts/web';
import type { Sandstorm, SandstormCreate, SandstormFilters, SandstormImportResult } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { downloadRaw, saveBlob } from '../../../lib/download';
import { compactQuery, listQuery, type Paging } from '../../../lib/list-query';
import { request } from '../../../lib/request';
import { disasterKeys, invalidateRecords } from './keys';

/** The page's filters: region code (a province or prefecture takes every county below), time range, level, keyword. */
export type RecordFilters = Pick<SandstormFilters, 'code' | 'from' | 'to' | 'level' | 'keyword'>;

export function useSandstormPage(filters: RecordFilters, paging: Paging) {
  const query = listQuery(filters, paging);
  return useQuery({
    queryKey: disasterKeys.page(query),
    queryFn: ({ signal }) => request('sandstormFind', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every filtered record (up to SANDSTORM_MAP_MAX) for the map, in one call. */
export function useSandstormsOnMap(filters: RecordFilters) {
  const query = { ...compactQuery(filters), page: 1, size: SANDSTORM_MAP_MAX };
  return useQuery({
    queryKey: disasterKeys.map(query),
    queryFn: ({ signal }) => request('sandstormFind', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSandstormStatistics(filters: RecordFilters, enabled: boolean) {
  const query = compactQuery(filters);
  return useQuery({
    queryKey: disasterKeys.statistics(query),
    queryFn: ({ signal }) => request('sandstormStatistics', { query, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The record as it is now, without a toast; null when it is gone (for a stale edit). */
export async function fetchSandstorm(record: Pick<Sandstorm, 'id' | 'time' | 'regionCode'>): Promise<Sandstorm | null> {
  const page = await request('sandstormFind', {
    query: { code: record.regionCode, from: record.time, to: record.time, size: SANDSTORM_MAP_MAX },
    silent: true,
  });
  return page.list.find((s) => s.id === record.id) ?? null;
}

export type SandstormSaveInput = { id?: number; version?: number; values: SandstormCreate };

export function useSaveSandstorm() {
  return useMutation({
    mutationFn: ({ id, version, values }: SandstormSaveInput) =>
      id !== undefined && version !== undefined
        ? request('sandstormUpdate', { body: { id, version, ...values } })
        : request('sandstormInsert', { body: values }),
    onSuccess: () => invalidateRecords(),
  });
}

export function useDeleteSandstorm() {
  return useMutation({
    mutationFn: (id: number) => request('sandstormDelete', { query: { id } }),
    onSuccess: () => invalidateRecords(),
  });
}

/** "sandstorm-2026-11-22.xlsx": dated in the browser's zone. */
export function exportFilename(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `sandstorm-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.xlsx`;
}

/** The filtered records as an Excel workbook (GET /api/sandstorm/export), saved as a file; resolves the file name. */
export async function exportSandstorms(filters: RecordFilters): Promise<string> {
  const blob = await downloadRaw('sandstormExport', { ...compactQuery(filters), format: 'xlsx' });
  const filename = exportFilename();
  saveBlob(blob, filename);
  return filename;
}

/** Multipart import (field "file", .xlsx or .csv): all or nothing; a refusal rejects with the 4100 listing every bad row. */
export function useImportSandstorms() {
  return useMutation({
    mutationFn: (file: File): Promise<SandstormImportResult> => {
      const form = new FormData();
      form.append('file', file, file.name);
      return request('sandstormImport', { body: form, timeoutMs: 120_000 });
    },
    onSuccess: () => invalidateRecords(),
  });
}
