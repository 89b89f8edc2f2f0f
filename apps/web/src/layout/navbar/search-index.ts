import { flattenRoutes } from '@agromet/contracts/web';
import type { AppRoute } from '@agromet/contracts';
import Fuse, { type IFuseOptions } from 'fuse.js';

/** One searchable page: its title (ancestors joined with " > ") and path. */
export interface SearchEntry {
  path: string;
  title: string;
}

/** Header search (docs/console.md#the-shell): title 0.7, path 0.3, threshold 0.4; patterns cut at 32 characters. */
export const SEARCH_OPTIONS: IFuseOptions<SearchEntry> = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};
export const MAX_PATTERN_LENGTH = 32;

/** Pages of the visible routes with translated titles; a title equal to its group's is not repeated. */
export function searchEntries(visibleRoutes: readonly AppRoute[], translate: (titleKey: string) => string): SearchEntry[] {
  return flattenRoutes(visibleRoutes).map(({ path, route, parents }) => {
    const titles = [...parents, route].map((r) => translate(r.meta.title));
    const unique = titles.filter((t, i) => i === 0 || t !== titles[i - 1]);
    return { path, title: unique.join(' > ') };
  });
}

export function createSearchIndex(entries: readonly SearchEntry[]): Fuse<SearchEntry> {
  return new Fuse([...entries], SEARCH_OPTIONS);
}

/** Best matches first; an empty query finds nothing. */
export function searchPages(index: Fuse<SearchEntry>, query: string): SearchEntry[] {
  const pattern = query.trim().slice(0, MAX_PATTERN_LENGTH);
  if (!pattern) return [];
  return index.search(pattern).map((r) => r.item);
}
