import type { HazardCreate, HazardUpdate } from '@agromet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { useBoundaryAreas } from '../../../lib/boundary-area-names';
import { request } from '../../../lib/request';
import { riskKeys } from './keys';

/** The customer's hazards (the defaults are made on first use). */
export function useHazards() {
  return useQuery({ queryKey: riskKeys.hazards, queryFn: ({ signal }) => request('riskHazardAll', { signal }) });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: riskKeys.hazards });

export function useSaveHazard() {
  return useMutation({
    // Refusals (4100 naming the field, 4009) are shown beside the fields by the editor.
    mutationFn: (body: HazardCreate | HazardUpdate) =>
      'id' in body ? request('riskHazardUpdate', { body, silent: true }) : request('riskHazardAdd', { body, silent: true }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteHazard() {
  return useMutation({ mutationFn: (id: number) => request('riskHazardDelete', { body: { id } }), onSuccess: () => refresh() });
}

/** The forecast catalogue: types, their elements (derived ones too) and the runs with grids. */
export function useCatalog() {
  return useQuery({ queryKey: riskKeys.catalog, queryFn: ({ signal }) => request('gridCatalog', { signal }), staleTime: 30_000 });
}

/** Finished zoning products a run may weigh its exposure by. */
/** Crops a run may assess through their calendar when it has no exposure. */
export function useRiskCrops() {
  return useQuery({ queryKey: riskKeys.crops, queryFn: ({ signal }) => request('riskCrops', { signal }) });
}

export function useExposures() {
  return useQuery({ queryKey: riskKeys.exposures, queryFn: ({ signal }) => request('riskExposures', { signal }) });
}

/** Names of the areas of a boundary layer (lib/boundary-area-names.ts), under this page's keys. */
export const useBoundaryAreaNames = (url: string | undefined) => useBoundaryAreas(riskKeys.areas(url ?? ''), url);
