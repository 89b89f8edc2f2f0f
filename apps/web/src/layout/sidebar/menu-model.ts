import { joinPath, matchRoute } from '@agromet/contracts/web';
import type { AppRoute } from '@agromet/contracts';

/** One entry of the left menu: a page (key = its absolute path) or a group of pages. */
export interface MenuEntry {
  key: string;
  /** i18n key under `route.` */
  title: string;
  icon?: string;
  children?: MenuEntry[];
}

/**
 * Menu entries from the routes the user may see (already filtered). A group with a single
 * visible child shows that child directly, with the group's icon when it has none.
 */
export function buildMenu(visibleRoutes: readonly AppRoute[]): MenuEntry[] {
  return visibleRoutes.map((route): MenuEntry => {
    const children = route.children ?? [];
    if (children.length === 0) return { key: route.path, title: route.meta.title, icon: route.meta.icon };
    if (children.length === 1) {
      const only = children[0]!;
      return { key: joinPath(route.path, only.path), title: only.meta.title, icon: only.meta.icon ?? route.meta.icon };
    }
    return {
      key: route.path,
      title: route.meta.title,
      icon: route.meta.icon,
      children: children.map((c) => ({ key: joinPath(route.path, c.path), title: c.meta.title, icon: c.meta.icon })),
    };
  });
}

/** The menu keys to highlight and to open for the current path. */
export function activeMenuKeys(
  menu: readonly MenuEntry[],
  routes: readonly AppRoute[],
  pathname: string,
): { selected: string[]; open: string[] } {
  const chain = matchRoute(routes, pathname);
  if (!chain) return { selected: [], open: [] };
  const last = chain[chain.length - 1]!;
  const path = chain.length > 1 ? joinPath(chain[0]!.path, last.path) : last.path;
  for (const entry of menu) {
    if (entry.key === path && !entry.children) return { selected: [path], open: [] };
    if (entry.children?.some((c) => c.key === path)) return { selected: [path], open: [entry.key] };
  }
  return { selected: [], open: [] };
}
