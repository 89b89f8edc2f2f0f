import type { RouteMeta } from '@agromet/contracts';
import type { UIMatch } from 'react-router';

/** `handle` of every route object: the route's meta from APP_ROUTES (title is an i18n key under `route.`). */
export type RouteHandle = Partial<RouteMeta>;

/** Title key of the deepest matched route that has one. */
export function deepestTitle(matches: readonly UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}
