import { APP_ROUTES, type AppRoute } from '@agromet/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { accessGuardLoader, guardShouldRevalidate } from './guard/access-guard';
import { RedirectView } from './RedirectView';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import type { RouteHandle } from './route-handle';

type LazyPage = () => Promise<{ Component: ComponentType }>;

// Every page is its own chunk, so the login page does not pull the signed-in pages.
const loginPage: LazyPage = () => import('../features/auth/routes/LoginPage').then((m) => ({ Component: m.LoginPage }));
const authRedirectPage: LazyPage = () =>
  import('../features/auth/routes/AuthRedirectPage').then((m) => ({ Component: m.AuthRedirectPage }));
const page401: LazyPage = () => import('../features/errors/Page401').then((m) => ({ Component: m.Page401 }));
const page404: LazyPage = () => import('../features/errors/Page404').then((m) => ({ Component: m.Page404 }));
const frame: LazyPage = () => import('../layout/Frame').then((m) => ({ Component: m.Frame }));
const groupLayout: LazyPage = () => import('../layout/GroupLayout').then((m) => ({ Component: m.GroupLayout }));
const placeholderPage: LazyPage = () =>
  import('../features/placeholder/PlaceholderPage').then((m) => ({ Component: m.PlaceholderPage }));

/** Page module of each APP_ROUTES name; pages not built yet show the title placeholder. */
const PAGES: Partial<Record<string, LazyPage>> = {
  dashboard: () => import('../features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
};

function pageOf(route: AppRoute): LazyPage {
  return PAGES[route.name] ?? placeholderPage;
}

function handleOf(route: AppRoute): RouteHandle {
  return { ...route.meta };
}

/** Route objects for APP_ROUTES: pages, and groups with their children inside the group layout. */
export function appRouteObjects(routes: readonly AppRoute[] = APP_ROUTES): RouteObject[] {
  return routes.map((route): RouteObject => {
    if (!route.children) return { path: route.path, id: route.name, handle: handleOf(route), lazy: pageOf(route) };
    const children: RouteObject[] = route.children.map((child) =>
      child.path === ''
        ? { index: true, id: child.name, handle: handleOf(child), lazy: pageOf(child) }
        : { path: child.path, id: child.name, handle: handleOf(child), lazy: pageOf(child) },
    );
    if (!route.children.some((c) => c.path === '') && route.redirect) {
      // The guard already sends group paths to the first permitted page; this is the fallback.
      children.push({ index: true, element: <Navigate to={route.redirect} replace /> });
    }
    return { path: route.path, id: route.name, handle: handleOf(route), lazy: groupLayout, children };
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
        { path: '/login', handle: { title: 'login' } satisfies RouteHandle, lazy: loginPage },
        { path: '/auth-redirect', lazy: authRedirectPage },
        { path: '/401', handle: { title: 'page401' } satisfies RouteHandle, lazy: page401 },
        { path: '/404', handle: { title: 'page404' } satisfies RouteHandle, lazy: page404 },
        { path: '/redirect/*', element: <RedirectView /> },
        { path: '/', element: <Navigate to="/dashboard" replace /> },
        { id: 'frame', lazy: frame, children: appRouteObjects() },
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
