import { queryClient } from '../../../lib/query-client';

/** Query keys of the make-download page; every one starts with 'downloads'. */
export const dlKeys = {
  all: ['downloads'] as const,
  page: (query: object) => ['downloads', 'page', query] as const,
  catalog: ['downloads', 'catalog'] as const,
  stationTable: (query: object) => ['downloads', 'stationTable', query] as const,
  preview: (id: string) => ['downloads', 'preview', id] as const,
};

/** After a change (a delete, an export): the library's pages are fetched again when next shown. */
export function invalidateLibrary(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['downloads', 'page'] });
}
