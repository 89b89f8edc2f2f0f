import { APP_ROUTES } from '@agromet/contracts/web';
import type { AppRoute, AppRouteName } from '@agromet/contracts';
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { LoginPage } from '../features/auth/routes/LoginPage';
import { accessGuardLoader, guardShouldRevalidate } from './guard/access-guard';
import { RedirectView } from './RedirectView';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import type { RouteHandle } from './route-handle';

type LazyPage = () => Promise<{ Component: ComponentType }>;

/** Page module of route names: keyed by the route table's names, so a mistyped name fails the type check. */
export type PageTable = Partial<Record<AppRouteName, LazyPage>>;

/**
 * A route module whose chunk fails to load (deploy replaced it, network dropped) renders as a
 * component that throws the load error, so the route's error element shows it in place. Left
 * to itself React Router keeps such a route pending and renders nothing below the root.
 */
export function loadOrThrow(load: LazyPage): LazyPage {
  return () =>
    load().catch((error: unknown) => ({
      Component: function ModuleLoadFailed(): never {
        throw error;
      },
    }));
}

// The login page comes with the entry and loads no component library (npm run size keeps it light); every other
// page is its own chunk inside the console layout, which brings antd's providers.
const consoleLayout: LazyPage = () => import('./ConsoleLayout').then((m) => m.loadConsoleLayout());
const authRedirectPage: LazyPage = () =>
  import('../features/auth/routes/AuthRedirectPage').then((m) => ({ Component: m.AuthRedirectPage }));
const page401: LazyPage = () => import('../features/errors/Page401').then((m) => ({ Component: m.Page401 }));
const page404: LazyPage = () => import('../features/errors/Page404').then((m) => ({ Component: m.Page404 }));
const shell: LazyPage = () => import('../layout/Shell').then((m) => ({ Component: m.Shell }));
const groupLayout: LazyPage = () => import('../layout/GroupLayout').then((m) => ({ Component: m.GroupLayout }));
const placeholderPage: LazyPage = () => import('../features/placeholder/PlaceholderPage').then((m) => ({ Component: m.PlaceholderPage }));

/** Page module of each APP_ROUTES name; pages not built yet show the title placeholder. */
const PAGES: PageTable = {
  // The dashboard gets the features' cards from here: features never import each other.
  dashboard: () =>
    Promise.all([import('../features/dashboard/DashboardPage'), import('./dashboard-cards')]).then(([m, cards]) => ({
      Component: () => <m.DashboardPage cards={cards.DASHBOARD_CARDS} />,
    })),
  customer: () => import('../features/system-admin/customers/CustomerPage').then((m) => ({ Component: m.CustomerPage })),
  'sys-user': () => import('../features/system-admin/users/UserPage').then((m) => ({ Component: m.UserPage })),
  'sys-role': () => import('../features/system-admin/roles/RolePage').then((m) => ({ Component: m.RolePage })),
  'sys-permission': () => import('../features/system-admin/permissions/PermissionPage').then((m) => ({ Component: m.PermissionPage })),
  'sys-log': () => import('../features/system-admin/logs/LogPage').then((m) => ({ Component: m.LogPage })),
  'point-manage': () => import('../features/data-revise/stations/StationPage').then((m) => ({ Component: m.StationPage })),
  'data-manage': () => import('../features/data-revise/allocation/AllocationPage').then((m) => ({ Component: m.AllocationPage })),
  'operation-log': () => import('../features/data-revise/records/RecordPage').then((m) => ({ Component: m.RecordPage })),
  'point-revise': () => import('../features/data-revise/editing/PointRevisePage').then((m) => ({ Component: m.PointRevisePage })),
  'surface-revise': () => import('../features/data-revise/editing/SurfaceRevisePage').then((m) => ({ Component: m.SurfaceRevisePage })),
  'make-zoning': () => import('../features/zoning/make/MakeZoningPage').then((m) => ({ Component: m.MakeZoningPage })),
  'index-manage': () => import('../features/zoning/criteria/IndexManagePage').then((m) => ({ Component: m.IndexManagePage })),
  'crop-calendar': () => import('../features/zoning/calendar/CropCalendarPage').then((m) => ({ Component: m.CropCalendarPage })),
  'zoning-list': () => import('../features/zoning/list/ZoningListPage').then((m) => ({ Component: m.ZoningListPage })),
  'make-product': () => import('../features/products/MakeProductPage').then((m) => ({ Component: m.MakeProductPage })),
  'make-risk': () => import('../features/risk/MakeRiskPage').then((m) => ({ Component: m.MakeRiskPage })),
  'disaster-manage': () => import('../features/disaster/records/SandstormPage').then((m) => ({ Component: m.SandstormPage })),
  'travel-scenic': () => import('../features/travel/spots/SpotPage').then((m) => ({ Component: m.SpotPage })),
  'travel-comment': () => import('../features/travel/comments/CommentPage').then((m) => ({ Component: m.CommentPage })),
  'travel-landscape': () => import('../features/travel/landscapes/LandscapePage').then((m) => ({ Component: m.LandscapePage })),
  'travel-greenWay': () => import('../features/travel/greenways/GreenwayPage').then((m) => ({ Component: m.GreenwayPage })),
  'travel-routes': () => import('../features/travel/routes/RoutePage').then((m) => ({ Component: m.RoutePage })),
  'weixin-account': () => import('../features/weixin/accounts/AccountPage').then((m) => ({ Component: m.AccountPage })),
  'weixin-menu': () => import('../features/weixin/menus/MenuPage').then((m) => ({ Component: m.MenuPage })),
  'weixin-media': () => import('../features/weixin/media/MediaPage').then((m) => ({ Component: m.MediaPage })),
  'weixin-send': () => import('../features/weixin/sends/SendPage').then((m) => ({ Component: m.SendPage })),
  'make-download': () => import('../features/downloads/DownloadPage').then((m) => ({ Component: m.DownloadPage })),
  'service-products': () => import('../features/articles/ArticlePage').then((m) => ({ Component: m.ArticlePage })),
};

/** A page's error panel (antd): in the console layout's chunks, fetched with the first page. */
const LazyPageError = lazy(() => import('./PageError').then((m) => ({ default: m.PageError })));
function PageErrorBoundary() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <LazyPageError />
    </Suspense>
  );
}

/** The page of a route name; a name without a built page (or outside the table) gets the placeholder. */
export function pageOfName(name: string, pages: PageTable = PAGES): LazyPage {
  const known = Object.hasOwn(pages, name) ? pages[name as AppRouteName] : undefined;
  return known ?? placeholderPage;
}

function pageOf(route: AppRoute): LazyPage {
  return loadOrThrow(pageOfName(route.name));
}

function handleOf(route: AppRoute): RouteHandle {
  return { ...route.meta };
}

/** Route objects for APP_ROUTES: pages, and groups with their children inside the group layout. */
export function appRouteObjects(routes: readonly AppRoute[] = APP_ROUTES): RouteObject[] {
  return routes.map((route): RouteObject => {
    // A page that fails to load or render shows its error panel inside the console.
    const errorElement = <PageErrorBoundary />;
    if (!route.children) return { path: route.path, id: route.name, handle: handleOf(route), lazy: pageOf(route), errorElement };
    const children: RouteObject[] = route.children.map((child) =>
      child.path === ''
        ? { index: true, id: child.name, handle: handleOf(child), lazy: pageOf(child), errorElement }
        : { path: child.path, id: child.name, handle: handleOf(child), lazy: pageOf(child), errorElement },
    );
    if (!route.children.some((c) => c.path === '') && route.redirect) {
      // The guard already sends group paths to the first permitted page; this is the fallback.
      children.push({ index: true, element: <Navigate to={route.redirect} replace /> });
    }
    return { path: route.path, id: route.name, handle: handleOf(route), lazy: loadOrThrow(groupLayout), errorElement, children };
  });
}

export function routeObjects(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      loader: accessGuardLoader,
      shouldRevalidate: guardShouldRevalidate,
      hydrateFallbackElement: <PageSpinner />,
      errorElement: <RouteError />,
      children: [
        { path: '/login', handle: { title: 'login' } satisfies RouteHandle, Component: LoginPage },
        { path: '/', element: <Navigate to="/dashboard" replace /> },
        {
          id: 'console',
          lazy: loadOrThrow(consoleLayout),
          children: [
            { path: '/auth-redirect', lazy: loadOrThrow(authRedirectPage) },
            { path: '/401', handle: { title: 'page401' } satisfies RouteHandle, lazy: loadOrThrow(page401) },
            { path: '/404', handle: { title: 'page404' } satisfies RouteHandle, lazy: loadOrThrow(page404) },
            {
              id: 'frame',
              lazy: loadOrThrow(shell),
              // /redirect/* stays inside the shell, so a refresh re-mounts only the view.
              children: [...appRouteObjects(), { path: '/redirect/*', element: <RedirectView /> }],
            },
          ],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

let router: ReturnType<typeof createBrowserRouter> | undefined;

/** The single browser router, created on first use (after the providers have mounted). */
export function getRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createBrowserRouter(routeObjects());
  return router;
}
