import type { PointReviseBody, PolygonReviseBody, SubmitBody } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { downloadRaw, saveBlob } from '../../../lib/download';
import { request } from '../../../lib/request';
import type { ProductSelection } from '../../../components/map/map-rules';
import { gridOfData } from './revise-rules';

export const editKeys = {
  allocated: ['revise-edit', 'allocated'] as const,
  grid: (s: ProductSelection | null) => ['revise-edit', 'grid', s?.type, s?.factor, s?.baseTime, s?.lead] as const,
  stations: ['revise-edit', 'stations'] as const,
  files: (page: number) => ['revise-edit', 'files', page] as const,
};

/** Forecast types allocated to the signed-in forecaster (all for admin). */
export function useAllocatedTypes() {
  return useQuery({ queryKey: editKeys.allocated, queryFn: ({ signal }) => request('forecastTypesOfUser', { signal }), staleTime: 30_000 });
}

/** The grid being revised, with its versions per lead, decoded for the browser's preview. */
export function useReviseGrid(selection: ProductSelection | null) {
  const query = useQuery({
    queryKey: editKeys.grid(selection),
    queryFn: ({ signal }) =>
      request('reviseData', {
        query: { type: selection!.type, factor: selection!.factor, lead: selection!.lead, ...(selection!.baseTime ? { baseTime: selection!.baseTime } : {}) },
        signal,
      }),
    enabled: Boolean(selection),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const data = query.data;
  const grid = useMemo(() => (data ? gridOfData(data) : null), [data]);
  // A kept previous grid (while the next loads) is not the selected one: no editing against it.
  const current = Boolean(data && selection && data.type === selection.type && data.factor === selection.factor && data.lead === selection.lead);
  return { ...query, grid: current ? grid : null, data: current ? data : undefined };
}

/** Stations of the customer, to add revision points at. */
export function useStationOptions() {
  return useQuery({
    queryKey: editKeys.stations,
    queryFn: ({ signal }) => request('stationList', { query: { page: 1, size: 500 }, signal }),
    staleTime: 60_000,
  });
}

function useAfterRevision() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['revise-edit', 'grid'] });
}

export function usePointRevise() {
  const after = useAfterRevision();
  // 4009 is handled by the page (reload and re-apply): no toast for it.
  return useMutation({ mutationFn: (body: PointReviseBody) => request('revisePoint', { body, silent: true }), onSuccess: after });
}

export function usePolygonRevise() {
  const after = useAfterRevision();
  return useMutation({ mutationFn: (body: PolygonReviseBody) => request('revisePolygon', { body, silent: true }), onSuccess: after });
}

export function useSubmitForecast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitBody) => request('reviseSubmit', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['revise-edit', 'files'] }),
  });
}

/** Issued forecasts and their files; polled while an export is still running. */
export function useFileStates(page: number, enabled: boolean) {
  return useQuery({
    queryKey: editKeys.files(page),
    queryFn: ({ signal }) => request('fileStateList', { query: { page, size: 10 }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((f) => f.status === 'pending') ? 1500 : false),
  });
}

export async function downloadIssueFile(id: number, name: string): Promise<void> {
  saveBlob(await downloadRaw('fileStateDownload', { id }), name);
}
