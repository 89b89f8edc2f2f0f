import { APP_ROUTES, filterRoutes, flattenRoutes } from '@agromet/contracts/web';
import type { AppRoute } from '@agromet/contracts';

export interface PageLink {
  path: string;
  /** Title key under `route.` */
  title: string;
}

export interface PageSection {
  /** Title key of the group, or null for top-level pages. */
  group: string | null;
  pages: PageLink[];
}

const SELF = '/dashboard';

/** Leaf pages the user may open (other than the dashboard itself), grouped as in the menu. */
export function accessibleSections(roles: readonly string[], routes: readonly AppRoute[] = APP_ROUTES): PageSection[] {
  const sections: PageSection[] = [];
  for (const { path, route, parents } of flattenRoutes(filterRoutes(routes, roles))) {
    if (path === SELF) continue;
    const group = parents[0]?.meta.title ?? null;
    let section = sections.find((s) => s.group === group);
    if (!section) {
      section = { group, pages: [] };
      sections.push(section);
    }
    section.pages.push({ path, title: route.meta.title });
  }
  return sections;
}
