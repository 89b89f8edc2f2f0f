import type { HazardCreate, HazardUpdate } from '@agromet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { http, request } from '../../../lib/request';
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

/** Names of the areas of a boundary layer, by their index in its GeoJSON (what `areaCode` names). */
export function useBoundaryAreaNames(url: string | undefined) {
  return useQuery({
    queryKey: riskKeys.areas(url ?? ''),
    enabled: !!url,
    staleTime: 300_000,
    queryFn: async ({ signal }) => {
      const body = await http<unknown>('GET', url!, { responseType: 'blob', timeoutMs: 60_000, signal });
      const json = (body instanceof Blob ? JSON.parse(await body.text()) : body) as {
        features?: Array<{ properties?: { name?: unknown } | null }>;
      };
      return (json.features ?? []).map((f, index) => ({
        index,
        name: typeof f.properties?.name === 'string' && f.properties.name ? f.properties.name : `#${index + 1}`,
      }));
    },
  });
}
