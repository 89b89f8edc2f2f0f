import type { SpotCreate, SpotGrade } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { compactQuery, listQuery, type Paging } from '../../../lib/list-query';
import { request } from '../../../lib/request';
import { queryClient } from '../../../lib/query-client';
import { invalidateSpots, travelKeys } from './keys';

export type SpotFilters = {
  keyword?: string;
  grade?: SpotGrade;
  code?: string;
  published?: 'true' | 'false';
};

export function useSpotPage(filters: SpotFilters, paging: Paging) {
  const query = listQuery(filters, paging);
  return useQuery({
    queryKey: travelKeys.spotPage(query),
    queryFn: ({ signal }) => request('travelSpotPage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every filtered spot for the map (up to 1000). */
export function useSpotsOnMap(filters: SpotFilters) {
  const query = { ...compactQuery(filters), page: 1, size: 1000 };
  return useQuery({
    queryKey: travelKeys.spotMap(query),
    queryFn: ({ signal }) => request('travelSpotPage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveSpot() {
  return useMutation({
    mutationFn: ({ id, version, values }: { id?: number; version?: number; values: SpotCreate }) =>
      id !== undefined && version !== undefined
        ? request('travelSpotUpdate', { body: { id, version, ...values } })
        : request('travelSpotInsert', { body: values }),
    onSuccess: () => invalidateSpots(),
  });
}

export function useDeleteSpot() {
  return useMutation({
    mutationFn: (id: number) => request('travelSpotDelete', { query: { id } }),
    onSuccess: () => invalidateSpots(),
  });
}

/**
 * A tourism record as it is now, found by name on its list (`page` asks for it), without a toast; null when it is
 * gone (for a stale edit). The four record forms look theirs up the same way.
 */
export async function fetchCurrent<R extends { id: number; name: string }>(
  page: (query: { keyword: string; size: number }) => Promise<{ list: R[] }>,
  record: R,
): Promise<R | null> {
  const found = await page({ keyword: record.name, size: 1000 });
  return found.list.find((x) => x.id === record.id) ?? null;
}

export type LandscapeFilters = { keyword?: string; kind?: import('@agromet/contracts').LandscapeKind; code?: string };

export function useLandscapePage(filters: LandscapeFilters, paging: Paging) {
  const query = listQuery(filters, paging);
  return useQuery({
    queryKey: ['travel', 'landscapes', 'page', query],
    queryFn: ({ signal }) => request('travelLandscapePage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLandscapesOnMap(filters: LandscapeFilters) {
  const query = { ...compactQuery(filters), page: 1, size: 1000 };
  return useQuery({
    queryKey: ['travel', 'landscapes', 'map', query],
    queryFn: ({ signal }) => request('travelLandscapePage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The spots to choose from in the landscape form. */
export function useSpotOptions() {
  return useQuery({
    queryKey: ['travel', 'spots', 'options'],
    queryFn: ({ signal }) => request('travelSpotPage', { query: { page: 1, size: 1000 }, signal }),
    select: (page) => page.list.map((s) => ({ value: s.id, label: s.name })),
  });
}

export function useSaveLandscape() {
  return useMutation({
    mutationFn: ({ id, version, values }: { id?: number; version?: number; values: import('@agromet/contracts').LandscapeCreate }) =>
      id !== undefined && version !== undefined
        ? request('travelLandscapeUpdate', { body: { id, version, ...values } })
        : request('travelLandscapeInsert', { body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['travel', 'landscapes'] }),
  });
}

export function useDeleteLandscape() {
  return useMutation({
    mutationFn: (id: number) => request('travelLandscapeDelete', { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['travel', 'landscapes'] }),
  });
}
