import { APP_ROUTES, filterRoutes } from '@agromet/contracts/web';
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { tagsViewStore } from '../stores/tags-view';
import { useUserStore } from '../stores/user';
import { affixViewsOf, tagViewOf } from './tags-view/view-of-location';

/** Records each page the user opens as a tab (pinned tabs first). */
export function useVisitedViews(): void {
  const { pathname, search } = useLocation();
  const roles = useUserStore((s) => s.roles);

  useLayoutEffect(() => {
    tagsViewStore.getState().addAffix(affixViewsOf(filterRoutes(APP_ROUTES, roles)));
  }, [roles]);

  useLayoutEffect(() => {
    const view = tagViewOf(APP_ROUTES, pathname, search);
    if (view) tagsViewStore.getState().visit(view);
  }, [pathname, search]);
}
