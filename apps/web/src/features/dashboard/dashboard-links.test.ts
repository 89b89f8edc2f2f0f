import { describe, expect, it } from 'vitest';
import { accessibleSections } from './dashboard-links';

describe('accessibleSections', () => {
  it('lists every leaf page for admin, grouped, without the dashboard', () => {
    const sections = accessibleSections(['admin']);
    const paths = sections.flatMap((s) => s.pages.map((p) => p.path));
    expect(paths).not.toContain('/dashboard');
    expect(paths).toContain('/system-admin/sys-user');
    expect(paths).toContain('/service-products');
    expect(paths).toContain('/disaster/manage');
    expect(paths).toContain('/zoning-manage/crop-calendar');
    expect(paths).toHaveLength(28);
    expect(sections.map((s) => s.group)).toEqual([
      'dataRevise',
      'makeManage',
      'zoningManage',
      'serviceProducts',
      'systemAdmin',
      'disaster',
      'travelManage',
      'weixinAdmin',
    ]);
  });
  it('lists only permitted pages', () => {
    const sections = accessibleSections(['sys.log.view', 'revise.polygon.admin']);
    expect(sections).toEqual([
      { group: 'dataRevise', pages: [{ path: '/data-revise/surface-revise', title: 'surfaceRevise' }] },
      { group: 'systemAdmin', pages: [{ path: '/system-admin/sys-log', title: 'sysLog' }] },
    ]);
  });
  it('is empty for a user without page codes', () => {
    expect(accessibleSections(['revise.submit.admin'])).toEqual([]);
  });
});
