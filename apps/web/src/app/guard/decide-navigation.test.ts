import { describe, expect, it } from 'vitest';
import { decideNavigation, isPublicPath, loginRedirectTarget } from './decide-navigation';

const ADMIN = ['admin'];
const nav = (path: string, opts: { search?: string; hasToken?: boolean; roles?: readonly string[] | null } = {}) =>
  decideNavigation({
    path,
    search: opts.search ?? '',
    hasToken: opts.hasToken ?? true,
    roles: opts.roles === undefined ? ADMIN : opts.roles,
  });

describe('without a token', () => {
  it('allows /login and /auth-redirect (and the error pages)', () => {
    for (const p of ['/login', '/auth-redirect', '/401', '/404', '/login/']) {
      expect(nav(p, { hasToken: false, roles: null })).toEqual({ type: 'allow' });
    }
  });

  it('sends every other route to /login with the full target path URL-encoded', () => {
    expect(nav('/dashboard', { hasToken: false, roles: null })).toEqual({ type: 'redirect', to: '/login?redirect=%2Fdashboard' });
    expect(nav('/system-admin/sys-user', { search: '?page=2&q=a b', hasToken: false, roles: null })).toEqual({
      type: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/system-admin/sys-user?page=2&q=a b')}`,
    });
    // `/` is the dashboard
    expect(nav('/', { hasToken: false, roles: null })).toEqual({ type: 'redirect', to: '/login?redirect=%2Fdashboard' });
    expect(nav('/', { search: '?a=1', hasToken: false, roles: null })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fdashboard%3Fa%3D1',
    });
    expect(nav('/no/such/page', { hasToken: false, roles: null })).toEqual({ type: 'redirect', to: '/login?redirect=%2Fno%2Fsuch%2Fpage' });
    expect(nav('/redirect/dashboard', { hasToken: false, roles: null })).toMatchObject({ type: 'redirect' });
  });

  it('ignores roles it might still hold', () => {
    expect(nav('/dashboard', { hasToken: false, roles: ADMIN })).toMatchObject({ type: 'redirect', to: '/login?redirect=%2Fdashboard' });
  });
});

describe('with a token', () => {
  it('sends /login to /', () => {
    expect(nav('/login', { roles: null })).toEqual({ type: 'redirect', to: '/' });
    expect(nav('/login', { search: '?redirect=%2Fdashboard' })).toEqual({ type: 'redirect', to: '/' });
  });

  it('asks for user info before deciding on a protected route', () => {
    expect(nav('/dashboard', { roles: null })).toEqual({ type: 'load-info' });
    expect(nav('/', { roles: null })).toEqual({ type: 'load-info' });
  });

  it('lets public pages through without user info', () => {
    expect(nav('/401', { roles: null, search: '?noGoBack=true' })).toEqual({ type: 'allow' });
    expect(nav('/404', { roles: null })).toEqual({ type: 'allow' });
    expect(nav('/auth-redirect', { roles: null })).toEqual({ type: 'allow' });
  });

  it('sends / to /dashboard', () => {
    expect(nav('/', { roles: ['sys.log.view'] })).toEqual({ type: 'redirect', to: '/dashboard' });
  });

  it('allows routes without roles to any signed-in user', () => {
    expect(nav('/dashboard', { roles: ['sys.log.view'] })).toEqual({ type: 'allow' });
  });

  it('allows a page when any of its roles is held', () => {
    expect(nav('/system-admin/sys-log', { roles: ['sys.log.view'] })).toEqual({ type: 'allow' });
    expect(nav('/weixin-admin/weixin-account', { roles: ['wx-mp-manage.wxuser.admin'] })).toEqual({ type: 'allow' });
  });

  it('lets admin through everything', () => {
    expect(nav('/weixin-admin/weixin-media', { roles: ADMIN })).toEqual({ type: 'allow' });
    expect(nav('/data-revise/operation-log', { roles: ADMIN })).toEqual({ type: 'allow' });
  });

  it('sends a user lacking the role to /401?noGoBack=true', () => {
    expect(nav('/system-admin/sys-user', { roles: ['sys.log.view'] })).toEqual({ type: 'redirect', to: '/401?noGoBack=true' });
    expect(nav('/make-manage/make-product', { roles: ['sys.log.view'] })).toEqual({ type: 'redirect', to: '/401?noGoBack=true' });
  });

  it('checks every route of the chain (group roles too)', () => {
    // customer needs sys.customer.admin, which is not among the system-admin group codes
    expect(nav('/system-admin/customer', { roles: ['sys.customer.admin'] })).toEqual({ type: 'redirect', to: '/401?noGoBack=true' });
    expect(nav('/system-admin/customer', { roles: ['sys.customer.admin', 'osm.customer.admin'] })).toEqual({ type: 'allow' });
    // make-risk needs make.risk.admin; the group needs make.product.admin
    expect(nav('/make-manage/make-risk', { roles: ['make.risk.admin'] })).toEqual({ type: 'redirect', to: '/401?noGoBack=true' });
  });

  it('sends a group path to its first permitted page', () => {
    expect(nav('/disaster', { roles: ADMIN })).toEqual({ type: 'redirect', to: '/disaster/manage' });
    expect(nav('/data-revise', { roles: ADMIN })).toEqual({ type: 'redirect', to: '/data-revise/point-revise' });
    expect(nav('/data-revise', { roles: ['revise.polygon.admin'] })).toEqual({ type: 'redirect', to: '/data-revise/surface-revise' });
    expect(nav('/data-revise/', { roles: ['revise.polygon.admin'] })).toEqual({ type: 'redirect', to: '/data-revise/surface-revise' });
  });

  it('sends a group whose pages are all forbidden to /401', () => {
    // holds a group code but no page code
    expect(nav('/data-revise', { roles: ['revise.submit.admin'] })).toEqual({ type: 'redirect', to: '/401?noGoBack=true' });
    expect(nav('/system-admin', { roles: ['sys.log.view'] })).toEqual({ type: 'redirect', to: '/system-admin/sys-log' });
  });

  it('allows a group with an index page', () => {
    expect(nav('/service-products', { roles: ['serviceproducts.all.admin'] })).toEqual({ type: 'allow' });
    expect(nav('/service-products', { roles: ['sys.log.view'] })).toEqual({ type: 'redirect', to: '/401?noGoBack=true' });
  });

  it('lets unknown paths and /redirect/* through (the router handles them)', () => {
    expect(nav('/no/such/page', { roles: ['sys.log.view'] })).toEqual({ type: 'allow' });
    expect(nav('/redirect/system-admin/sys-user', { roles: ['sys.log.view'] })).toEqual({ type: 'allow' });
  });
});

describe('helpers', () => {
  it('knows the public paths', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/dashboard')).toBe(false);
    expect(isPublicPath('/redirect/login')).toBe(false);
  });
  it('builds the login target', () => {
    expect(loginRedirectTarget('/a', '')).toBe('/login?redirect=%2Fa');
    expect(loginRedirectTarget('/a', '?x=1')).toBe('/login?redirect=%2Fa%3Fx%3D1');
    expect(loginRedirectTarget('/a', '?')).toBe('/login?redirect=%2Fa');
  });
});
