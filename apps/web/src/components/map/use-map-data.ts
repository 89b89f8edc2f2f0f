import { ADMIN, GRID_READER_CODES, OFFLINE_BASE_LAYERS } from '@agromet/contracts/web';
import type { GisLayers } from '@agromet/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/request';
import { useUserStore } from '../../stores/user';

export const GIS_QUERY_KEY = ['gis', 'all'] as const;

/** Whether the user's codes let them read forecast grids (and so call /gis/all). */
export function canReadGrids(roles: readonly string[]): boolean {
  return roles.includes(ADMIN) || roles.some((r) => (GRID_READER_CODES as readonly string[]).includes(r));
}

/** Layers for the map: /gis/all for grid readers; the console's offline outlines for everyone else. */
export function useMapLayers(): { data: GisLayers | undefined; isLoading: boolean } {
  const roles = useUserStore((s) => s.roles);
  const readsGrids = canReadGrids(roles);
  const query = useQuery({
    queryKey: GIS_QUERY_KEY,
    queryFn: ({ signal }) => request('gisAll', { signal }),
    enabled: readsGrids,
    staleTime: 60_000,
  });
  if (!readsGrids) {
    return {
      data: {
        products: [],
        baseLayers: [...OFFLINE_BASE_LAYERS],
        defaultBase: 'offline',
        boundaries: [],
        wmsUrl: '/api/wms',
      },
      isLoading: false,
    };
  }
  return { data: query.data, isLoading: query.isLoading };
}
