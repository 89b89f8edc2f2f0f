import { APP_ROUTES } from '@agromet/contracts/web';
import { Activity, Suspense, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { CurrentViewContext, type CurrentView } from '../../lib/current-view';
import { useKeptScroll } from '../../lib/use-kept-scroll';
import { isRedirectPath, useTagsView } from '../../stores/tags-view';
import { normalizePath, tagViewOf } from '../tags-view/view-of-location';
import { viewsToRender } from './views-to-render';

/**
 * The content area. Visited views stay mounted inside React's <Activity> while hidden, so their
 * form input, table page and scroll survive tab switches; views dropped from the tags store's
 * keep-alive list (closed, refreshed, noCache, size change) unmount and start afresh.
 */
export function AppMain() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const cached = useTagsView((s) => s.cached);
  const activePath = normalizePath(pathname);
  const redirecting = isRedirectPath(activePath);
  const views = viewsToRender(cached, redirecting ? null : activePath);

  // The last element rendered for each view: hidden views keep rendering it (with the route
  // context of their own location), so React keeps their state.
  const elements = useRef(new Map<string, ReactNode>());
  useLayoutEffect(() => {
    if (!redirecting) elements.current.set(activePath, outlet);
    for (const path of [...elements.current.keys()]) {
      if (!views.includes(path)) elements.current.delete(path);
    }
  });

  return (
    <>
      {redirecting ? outlet : null}
      {views.map((path) => {
        const active = !redirecting && path === activePath;
        const element = active ? outlet : elements.current.get(path);
        if (!element) return null;
        return (
          <Activity key={path} mode={active ? 'visible' : 'hidden'} name={path}>
            <ViewFrame path={path}>{element}</ViewFrame>
          </Activity>
        );
      })}
    </>
  );
}

/** One view: its own scroll container (scroll restored when shown again) and its identity. */
function ViewFrame({ path, children }: { path: string; children: ReactNode }) {
  const { ref, onScroll } = useKeptScroll<HTMLDivElement>();
  const view = useMemo<CurrentView>(() => ({ path, title: tagViewOf(APP_ROUTES, path)?.title ?? '' }), [path]);

  return (
    <div ref={ref} className="app-view" data-view={path} onScroll={onScroll}>
      <CurrentViewContext.Provider value={view}>
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </CurrentViewContext.Provider>
    </div>
  );
}
