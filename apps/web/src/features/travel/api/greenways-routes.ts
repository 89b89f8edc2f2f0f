import type { GreenwayCreate, GreenwayDifficulty, RouteCreate, RouteStopType } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { compactQuery, listQuery, type Paging } from '../../../lib/list-query';
import { queryClient } from '../../../lib/query-client';
import { request } from '../../../lib/request';

export type GreenwayFilters = { keyword?: string; difficulty?: GreenwayDifficulty; code?: string };

export function useGreenwayPage(filters: GreenwayFilters, paging: Paging) {
  const query = listQuery(filters, paging);
  return useQuery({
    queryKey: ['travel', 'greenways', 'page', query],
    queryFn: ({ signal }) => request('travelGreenwayPage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every filtered greenway for the map (up to 1000). */
export function useGreenwaysOnMap(filters: GreenwayFilters) {
  const query = { ...compactQuery(filters), page: 1, size: 1000 };
  return useQuery({
    queryKey: ['travel', 'greenways', 'map', query],
    queryFn: ({ signal }) => request('travelGreenwayPage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveGreenway() {
  return useMutation({
    mutationFn: ({ id, version, values }: { id?: number; version?: number; values: GreenwayCreate }) =>
      id !== undefined && version !== undefined
        ? request('travelGreenwayUpdate', { body: { id, version, ...values } })
        : request('travelGreenwayInsert', { body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['travel', 'greenways'] }),
  });
}

export function useDeleteGreenway() {
  return useMutation({
    mutationFn: (id: number) => request('travelGreenwayDelete', { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['travel', 'greenways'] }),
  });
}

export type RouteFilters = { keyword?: string };

export function useRoutePage(filters: RouteFilters, paging: Paging) {
  const query = listQuery(filters, paging);
  return useQuery({
    queryKey: ['travel', 'routes', 'page', query],
    queryFn: ({ signal }) => request('travelRoutePage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveRoute() {
  return useMutation({
    mutationFn: ({ id, version, values }: { id?: number; version?: number; values: RouteCreate }) =>
      id !== undefined && version !== undefined
        ? request('travelRouteUpdate', { body: { id, version, ...values } })
        : request('travelRouteInsert', { body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['travel', 'routes'] }),
  });
}

export function useDeleteRoute() {
  return useMutation({
    mutationFn: (id: number) => request('travelRouteDelete', { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['travel', 'routes'] }),
  });
}

/** What a route can stop at: the customer's spots and landscapes, with their positions. */
export function useStopOptions() {
  return useQuery({
    queryKey: ['travel', 'stops', 'options'],
    queryFn: async ({ signal }) => {
      const [spots, landscapes] = await Promise.all([
        request('travelSpotPage', { query: { page: 1, size: 1000 }, signal }),
        request('travelLandscapePage', { query: { page: 1, size: 1000 }, signal }),
      ]);
      return [
        ...spots.list.map((s) => ({ type: 'spot' as RouteStopType, id: s.id, name: s.name, lon: s.lon, lat: s.lat })),
        ...landscapes.list.map((l) => ({ type: 'landscape' as RouteStopType, id: l.id, name: l.name, lon: l.lon, lat: l.lat })),
      ];
    },
  });
}

/** The coming 72 h of forecast at a spot or landscape. */
export function useTravelWeather(targetType: RouteStopType, id: number) {
  return useQuery({
    queryKey: ['travel', 'weather', targetType, id],
    queryFn: ({ signal }) => request('travelWeather', { query: { targetType, id }, signal }),
    staleTime: 5 * 60_000,
  });
}
