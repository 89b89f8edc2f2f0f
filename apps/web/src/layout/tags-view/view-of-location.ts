import { flattenRoutes, matchRoute } from '@agromet/contracts/web';
import type { AppRoute } from '@agromet/contracts';
import type { TagView } from '../../stores/tags-view';

/** `/a/b/` → `/a/b` */
export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** The tab of a location: its page route's title and meta, or null outside the route table. */
export function tagViewOf(routes: readonly AppRoute[], pathname: string, search = ''): TagView | null {
  const path = normalizePath(pathname);
  const chain = matchRoute(routes, path);
  const page = chain?.[chain.length - 1];
  if (!page || (page.children && page.children.length > 0)) return null;
  const query = search && search !== '?' ? search : '';
  return { path, fullPath: path + query, title: page.meta.title, affix: Boolean(page.meta.affix), noCache: Boolean(page.meta.noCache) };
}

/** Pinned tabs of the routes the user may see. */
export function affixViewsOf(visibleRoutes: readonly AppRoute[]): TagView[] {
  return flattenRoutes(visibleRoutes)
    .filter(({ route }) => route.meta.affix)
    .map(({ path, route }) => ({ path, fullPath: path, title: route.meta.title, affix: true, noCache: Boolean(route.meta.noCache) }));
}
