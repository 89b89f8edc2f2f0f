import { describe, expect, it } from 'vitest';
import { APP_ROUTES, filterRoutes, flattenRoutes, hasRouteAccess, matchRoute } from './routes.js';
import { PERMISSION_CODES } from './permissions.js';

describe('hasRouteAccess', () => {
  it('passes admin, routes without roles, and any matching role', () => {
    expect(hasRouteAccess(['admin'], { roles: ['x'] })).toBe(true);
    expect(hasRouteAccess([], { roles: [] })).toBe(true);
    expect(hasRouteAccess([], undefined)).toBe(true);
    expect(hasRouteAccess(['a', 'b'], { roles: ['c', 'b'] })).toBe(true);
    expect(hasRouteAccess(['a'], { roles: ['c'] })).toBe(false);
  });
});

describe('filterRoutes', () => {
  it('opens the service-products page to writers and reviewers, and the send page to composers and approvers', () => {
    for (const code of ['serviceproducts.all.admin', 'serviceproducts.all.approve'])
      expect(flattenRoutes(filterRoutes(APP_ROUTES, [code])).map((p) => p.path)).toEqual(['/dashboard', '/service-products']);
    for (const code of ['wx-mp-manage.send.admin', 'wx-mp-manage.send.approve'])
      expect(flattenRoutes(filterRoutes(APP_ROUTES, [code])).map((p) => p.path)).toEqual(['/dashboard', '/weixin-admin/weixin-send']);
  });

  it('shows a travel editor only the dashboard and the travel group with its five pages', () => {
    const routes = filterRoutes(APP_ROUTES, ['travel.scenicspot.admin']);
    expect(routes.map((r) => r.path)).toEqual(['/dashboard', '/travel-manage']);
    expect(routes[1]!.children!.map((c) => c.name)).toEqual([
      'travel-scenic',
      'travel-landscape',
      'travel-greenWay',
      'travel-routes',
      'travel-comment',
    ]);
  });

  it('filters children the same way and points the group redirect at a visible child', () => {
    const routes = filterRoutes(APP_ROUTES, ['revise.recovery.admin']);
    const revise = routes.find((r) => r.path === '/data-revise')!;
    expect(revise.children!.map((c) => c.name)).toEqual(['operation-log']);
    expect(revise.redirect).toBe('/data-revise/operation-log');
  });

  it('drops a group whose children are all hidden (sys.log.view sees only sys-log)', () => {
    const routes = filterRoutes(APP_ROUTES, ['sys.log.view']);
    expect(routes.find((r) => r.path === '/system-admin')!.children!.map((c) => c.name)).toEqual(['sys-log']);
    expect(filterRoutes(APP_ROUTES, ['revise.allocation.admin']).map((r) => r.path)).toEqual(['/dashboard']);
  });

  it('gives admin every page', () => {
    expect(flattenRoutes(filterRoutes(APP_ROUTES, ['admin']))).toHaveLength(flattenRoutes(APP_ROUTES).length);
  });

  it('uses only codes of the permission table', () => {
    const used = new Set(flattenRoutes(APP_ROUTES).flatMap(({ route, parents }) => [route, ...parents].flatMap((r) => r.meta.roles ?? [])));
    for (const code of used) expect(PERMISSION_CODES).toContain(code);
  });
});

describe('matchRoute', () => {
  it('finds the chain for pages, groups and single-page groups', () => {
    expect(matchRoute(APP_ROUTES, '/system-admin/sys-user')!.map((r) => r.name)).toEqual(['system-admin', 'sys-user']);
    expect(matchRoute(APP_ROUTES, '/disaster/manage/')!.map((r) => r.name)).toEqual(['disaster', 'disaster-manage']);
    expect(matchRoute(APP_ROUTES, '/service-products')!.map((r) => r.name)).toEqual(['service-products-group', 'service-products']);
    expect(matchRoute(APP_ROUTES, '/disaster')!.map((r) => r.name)).toEqual(['disaster']);
    expect(matchRoute(APP_ROUTES, '/nowhere')).toBeNull();
    expect(matchRoute(APP_ROUTES, '/system-admin/nope')).toBeNull();
  });
});
