import { queryClient } from '../../../lib/query-client';

/** Query keys of the disaster page; every one starts with 'disaster'. */
export const disasterKeys = {
  all: ['disaster'] as const,
  records: ['disaster', 'records'] as const,
  page: (query: object) => ['disaster', 'records', 'page', query] as const,
  map: (query: object) => ['disaster', 'records', 'map', query] as const,
  statistics: (query: object) => ['disaster', 'records', 'statistics', query] as const,
};

/** After a change: the table, the map and the statistics refetch. */
export function invalidateRecords(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: disasterKeys.records });
}
