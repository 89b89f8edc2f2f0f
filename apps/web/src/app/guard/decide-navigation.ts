/**
 * The navigation rules of docs/console.md#routes-and-access as one pure function; the router's guard loader
 * feeds it the cookies and the user store and acts on its answer.
 */
import { APP_ROUTES, filterRoutes, hasRouteAccess, matchRoute } from '@agromet/contracts/web';
import type { AppRoute } from '@agromet/contracts';

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const DASHBOARD_PATH = '/dashboard';
export const UNAUTHORIZED_PATH = '/401?noGoBack=true';

/** Reachable without a token. */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/auth-redirect', '/401', '/404'];

export interface NavigationInput {
  /** location.pathname of the target */
  path: string;
  /** location.search of the target, with its leading `?` (or '') */
  search: string;
  hasToken: boolean;
  /** The user's codes, or null when user info has not been loaded yet. */
  roles: readonly string[] | null;
  /** Route table (defaults to APP_ROUTES). */
  routes?: readonly AppRoute[];
}

export type NavigationDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string }
  /** Signed in but user info is not loaded: fetch it, then decide again with the roles. */
  | { type: 'load-info' };

function normalize(path: string): string {
  const p = path.replace(/\/+$/, '');
  return p === '' ? '/' : p;
}

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(normalize(path));
}

/** `/login?redirect=<path with query, URL-encoded>` */
export function loginRedirectTarget(path: string, search: string): string {
  const q = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(path + q)}`;
}

export function decideNavigation(input: NavigationInput): NavigationDecision {
  const { path, search, hasToken, roles, routes = APP_ROUTES } = input;
  const p = normalize(path);

  if (!hasToken) {
    if (isPublicPath(p)) return { type: 'allow' };
    // `/` stands for the dashboard, so that is where the user returns after signing in.
    return { type: 'redirect', to: loginRedirectTarget(p === HOME_PATH ? DASHBOARD_PATH : path, search) };
  }

  if (p === LOGIN_PATH) return { type: 'redirect', to: HOME_PATH };
  if (isPublicPath(p)) return { type: 'allow' };
  if (roles === null) return { type: 'load-info' };
  if (p === HOME_PATH) return { type: 'redirect', to: DASHBOARD_PATH };

  const chain = matchRoute(routes, p);
  // Unknown paths (the router shows /404) and /redirect/* (re-checked at its target) pass here.
  if (!chain) return { type: 'allow' };
  if (!chain.every((route) => hasRouteAccess(roles, route.meta))) return { type: 'redirect', to: UNAUTHORIZED_PATH };

  const last = chain[chain.length - 1]!;
  if (chain.length === 1 && last.children && last.children.length > 0) {
    // A group path: go to its first page this user may open.
    const visible = filterRoutes([last], roles)[0];
    if (!visible?.redirect) return { type: 'redirect', to: UNAUTHORIZED_PATH };
    return { type: 'redirect', to: visible.redirect };
  }
  return { type: 'allow' };
}
