import type { NormalsImportResult } from '@agromet/contracts';
import { gridFromValues, type Grid } from '@agromet/grid';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { request, requestGrid } from '../../../lib/request';
import { znKeys } from './keys';

/** The base climate factors with altitude and slope: unit, valid range, grid version, fit. */
export function useBaseFactors(options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: znKeys.factors,
    queryFn: ({ signal }) => request('baseFactorAll', { signal }),
    staleTime: 30_000,
    refetchInterval: options.poll ? 2000 : false,
  });
}

/** Histogram of a factor's grid (20 bins between its min and max). */
export function useFactorHistogram(code: string | undefined, hasGrid: boolean) {
  return useQuery({
    queryKey: znKeys.histogram(code ?? ''),
    queryFn: ({ signal }) => request('baseFactorHistogram', { query: { code: code! as never, bins: 24 }, signal }),
    enabled: Boolean(code) && hasGrid,
    staleTime: 60_000,
  });
}

/** A factor's grid values (bytes) for the browser's preview, kept per grid version. */
export function useFactorGrid(code: string | undefined, version: number | null) {
  return useQuery({
    queryKey: znKeys.grid(code ?? '', version),
    queryFn: async ({ signal }): Promise<Grid> => {
      const { meta, values } = await requestGrid('baseFactorGrid', { query: { code: code! as never }, signal });
      const { lon0, lat0, dx, dy, nx, ny } = meta;
      return gridFromValues({ lon0, lat0, dx, dy, nx, ny }, values);
    },
    enabled: Boolean(code) && version !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 120_000,
  });
}

/** Station normals CSV (station,factor,value), all or nothing; the factors are then regridded by a job. */
export function useImportNormals() {
  return useMutation({
    mutationFn: (file: File): Promise<NormalsImportResult> => {
      const form = new FormData();
      form.append('file', file, file.name);
      return request('baseFactorImportNormals', { body: form, timeoutMs: 60_000 });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: znKeys.factors }),
  });
}

/** A job (the regridding after an import), polled until it is done or failed. */
export function useJob(jobId: string | undefined) {
  return useQuery({
    queryKey: ['zoning', 'job', jobId ?? ''],
    queryFn: ({ signal }) => request('jobGet', { params: { id: jobId! }, signal }),
    enabled: Boolean(jobId),
    refetchInterval: (q) => (q.state.data?.status === 'done' || q.state.data?.status === 'failed' ? false : 1000),
  });
}
