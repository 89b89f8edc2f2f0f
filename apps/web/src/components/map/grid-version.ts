import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ProductSelection } from './map-rules';

type GridOf = Pick<ProductSelection, 'type' | 'factor' | 'baseTime' | 'lead'>;

/**
 * Query-cache key of a grid's version as the server last answered it: a saved revision, a recovery, the grid reloaded
 * after a conflict. Base times are compared as instants; an empty one (the newest) stays its own key.
 */
export function gridVersionKey(grid: GridOf) {
  return ['grid-version', grid.type, grid.factor, grid.baseTime ? Date.parse(grid.baseTime) : '', grid.lead] as const;
}

/** Records the version an answer gave for a grid, so the map shows that version (docs/wms.md#getmap). */
export function noteGridVersion(client: QueryClient, grid: GridOf, version: number): void {
  client.setQueryData(gridVersionKey(grid), version);
}

/**
 * The known version of the grid the map shows, or undefined when no answer named one yet. Never fetched: the cache
 * holds what answers said (the server revalidates every image by version anyway).
 */
export function useGridVersion(selection: GridOf | null): number | undefined {
  const { data } = useQuery<number>({
    queryKey: selection ? gridVersionKey(selection) : ['grid-version', 'none'],
    queryFn: skipToken,
    staleTime: Infinity,
  });
  return selection ? data : undefined;
}
