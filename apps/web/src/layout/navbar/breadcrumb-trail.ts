import { matchRoute } from '@agromet/contracts/web';
import type { AppRoute } from '@agromet/contracts';

export interface Crumb {
  /** i18n key under `route.` */
  title: string;
  /** Where the crumb leads; absent for the current page. */
  to?: string;
}

const HOME_TITLE = 'dashboard';
const HOME_PATH = '/dashboard';

/**
 * Breadcrumb trail of a path: the dashboard, then the matched group and page. Pass the routes
 * the user may see, so a group crumb leads to the first page they may open. A page repeating
 * its group's title is shown once. Paths outside the table (such as /redirect/…) have none.
 */
export function breadcrumbTrail(routes: readonly AppRoute[], pathname: string): Crumb[] {
  const chain = matchRoute(routes, pathname);
  if (!chain) return [];
  const crumbs: Crumb[] = [];
  chain.forEach((route, i) => {
    const crumb: Crumb = i === chain.length - 1 ? { title: route.meta.title } : { title: route.meta.title, to: route.redirect };
    if (crumbs.at(-1)?.title === crumb.title) crumbs.pop();
    crumbs.push(crumb);
  });
  if (crumbs[0]?.title === HOME_TITLE) return crumbs;
  return [{ title: HOME_TITLE, to: HOME_PATH }, ...crumbs];
}

/**
 * The trail a phone's top bar has room for: the page's own crumb alone (the tags below the bar lead home, the sidebar
 * to the group). A trail of one is already that.
 */
export function compactTrail(trail: readonly Crumb[]): Crumb[] {
  const last = trail.at(-1);
  return last ? [{ title: last.title }] : [];
}
