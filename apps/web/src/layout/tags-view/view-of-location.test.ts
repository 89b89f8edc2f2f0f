import { APP_ROUTES, filterRoutes } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { affixViewsOf, normalizePath, tagViewOf } from './view-of-location';

describe('tagViewOf', () => {
  it('describes a page with its query', () => {
    expect(tagViewOf(APP_ROUTES, '/system-admin/sys-log/', '?page=2')).toEqual({
      path: '/system-admin/sys-log',
      fullPath: '/system-admin/sys-log?page=2',
      title: 'sysLog',
      affix: false,
      noCache: false,
    });
  });
  it('pins the dashboard and never caches it', () => {
    expect(tagViewOf(APP_ROUTES, '/dashboard')).toMatchObject({ affix: true, noCache: true, title: 'dashboard' });
  });
  it('uses the index page of a single-page group', () => {
    expect(tagViewOf(APP_ROUTES, '/service-products')).toMatchObject({ path: '/service-products', title: 'serviceProducts' });
  });
  it('has no tab for groups, /redirect and unknown paths', () => {
    expect(tagViewOf(APP_ROUTES, '/system-admin')).toBeNull();
    expect(tagViewOf(APP_ROUTES, '/redirect/dashboard')).toBeNull();
    expect(tagViewOf(APP_ROUTES, '/401')).toBeNull();
  });
});

describe('affixViewsOf', () => {
  it('lists the pinned dashboard', () => {
    expect(affixViewsOf(filterRoutes(APP_ROUTES, ['travel.scenicspot.admin']))).toEqual([
      { path: '/dashboard', fullPath: '/dashboard', title: 'dashboard', affix: true, noCache: true },
    ]);
  });
  it('normalizes paths', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/a//')).toBe('/a');
  });
});
