import { APP_ROUTES, filterRoutes } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, compactTrail } from './breadcrumb-trail';

const admin = filterRoutes(APP_ROUTES, ['admin']);

describe('breadcrumbTrail', () => {
  it('is the dashboard alone on the dashboard', () => {
    expect(breadcrumbTrail(admin, '/dashboard')).toEqual([{ title: 'dashboard' }]);
  });

  it('leads home, to the group, then names the page', () => {
    expect(breadcrumbTrail(admin, '/system-admin/sys-user')).toEqual([
      { title: 'dashboard', to: '/dashboard' },
      { title: 'systemAdmin', to: '/system-admin/customer' },
      { title: 'sysUser' },
    ]);
  });

  it('sends a group crumb to the first page the user may open', () => {
    const logViewer = filterRoutes(APP_ROUTES, ['sys.log.view']);
    expect(breadcrumbTrail(logViewer, '/system-admin/sys-log')[1]).toEqual({ title: 'systemAdmin', to: '/system-admin/sys-log' });
  });

  it('shows a page titled like its group once', () => {
    expect(breadcrumbTrail(admin, '/service-products')).toEqual([{ title: 'dashboard', to: '/dashboard' }, { title: 'serviceProducts' }]);
  });

  it('has no trail for /redirect and unknown paths', () => {
    expect(breadcrumbTrail(admin, '/redirect/system-admin/sys-user')).toEqual([]);
    expect(breadcrumbTrail(admin, '/nowhere')).toEqual([]);
  });
});

describe('compactTrail', () => {
  it('keeps only the page, not a link, on a phone', () => {
    expect(compactTrail(breadcrumbTrail(admin, '/system-admin/sys-user'))).toEqual([{ title: 'sysUser' }]);
    expect(compactTrail(breadcrumbTrail(admin, '/dashboard'))).toEqual([{ title: 'dashboard' }]);
  });

  it('is empty for no trail', () => {
    expect(compactTrail([])).toEqual([]);
  });
});
