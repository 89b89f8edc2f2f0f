import { APP_ROUTES, filterRoutes } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { activeMenuKeys, buildMenu } from './menu-model';

const menuFor = (roles: string[]) => buildMenu(filterRoutes(APP_ROUTES, roles));

describe('buildMenu', () => {
  it('shows every group to the admin, single-child groups as their page', () => {
    const menu = menuFor(['admin']);
    expect(menu.map((e) => e.key)).toEqual([
      '/dashboard',
      '/data-revise',
      '/make-manage',
      '/zoning-manage',
      '/service-products',
      '/system-admin',
      '/disaster/manage',
      '/travel-manage',
      '/weixin-admin',
    ]);
    const disaster = menu.find((e) => e.key === '/disaster/manage')!;
    expect(disaster).toEqual({ key: '/disaster/manage', title: 'disasterManage', icon: 'disaster' });
    expect(menu.find((e) => e.key === '/service-products')).toEqual({
      key: '/service-products',
      title: 'serviceProducts',
      icon: 'service',
    });
    expect(menu.find((e) => e.key === '/system-admin')!.children!.map((c) => c.key)).toEqual([
      '/system-admin/customer',
      '/system-admin/sys-user',
      '/system-admin/sys-role',
      '/system-admin/sys-permission',
      '/system-admin/sys-log',
    ]);
  });

  it('shows a travel editor only the dashboard and the travel group', () => {
    const menu = menuFor(['travel.scenicspot.admin']);
    expect(menu.map((e) => e.key)).toEqual(['/dashboard', '/travel-manage']);
    expect(menu[1]!.children).toHaveLength(5);
  });

  it('collapses a group the user sees one page of', () => {
    const menu = menuFor(['sys.log.view']);
    expect(menu.map((e) => [e.key, e.title, e.icon])).toEqual([
      ['/dashboard', 'dashboard', 'dashboard'],
      ['/system-admin/sys-log', 'sysLog', 'setting'],
    ]);
  });
});

describe('activeMenuKeys', () => {
  const menu = menuFor(['admin']);
  it('selects the page and opens its group', () => {
    expect(activeMenuKeys(menu, APP_ROUTES, '/system-admin/sys-user')).toEqual({
      selected: ['/system-admin/sys-user'],
      open: ['/system-admin'],
    });
    expect(activeMenuKeys(menu, APP_ROUTES, '/dashboard/')).toEqual({ selected: ['/dashboard'], open: [] });
    expect(activeMenuKeys(menu, APP_ROUTES, '/service-products')).toEqual({ selected: ['/service-products'], open: [] });
    expect(activeMenuKeys(menu, APP_ROUTES, '/disaster/manage')).toEqual({ selected: ['/disaster/manage'], open: [] });
  });
  it('selects nothing elsewhere', () => {
    expect(activeMenuKeys(menu, APP_ROUTES, '/redirect/dashboard')).toEqual({ selected: [], open: [] });
  });
});
