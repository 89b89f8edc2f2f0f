import { APP_ROUTES, PERMISSIONS, type AppRoute } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { checkedCodes, codeState, groupPermissions, OTHER_GROUP_KEY, platformCodesWithheld, withheldByCode } from './permission-tree';

const ALL = [...PERMISSIONS.map((p) => ({ code: p.code, name: p.name })), { code: 'report.export', name: '报表导出' }];

describe('permission tree', () => {
  const groups = groupPermissions(APP_ROUTES, ALL);
  const codesOf = (key: string) => groups.find((g) => g.key === key)?.items.map((p) => p.code);

  it('groups codes like the menu, in menu order, each code once', () => {
    expect(groups.map((g) => g.key)).toEqual([
      'group:data-revise',
      'group:make-manage',
      'group:zoning-manage',
      'group:service-products-group',
      'group:system-admin',
      'group:disaster',
      'group:travel-manage',
      'group:weixin-admin',
      OTHER_GROUP_KEY,
    ]);
    expect(codesOf('group:data-revise')).toEqual([
      'revise.point.admin',
      'revise.polygon.admin',
      'revise.allocation.admin',
      'revise.recovery.admin',
      'revise.submit.admin',
    ]);
    expect(codesOf('group:system-admin')).toEqual([
      'sys.customer.admin',
      'sys.user.admin',
      'sys.role.admin',
      'sys.permission.admin',
      'sys.log.view',
      'osm.customer.admin',
    ]);
    expect(groups.find((g) => g.key === 'group:system-admin')?.titleKey).toBe('systemAdmin');
    // The writing and approving codes of a page sit side by side (docs/security.md#separation-of-duties).
    expect(codesOf('group:service-products-group')).toEqual(['serviceproducts.all.admin', 'serviceproducts.all.approve']);
    expect(codesOf('group:weixin-admin')).toEqual([
      'wx-mp-manage.wxuser.admin',
      'wx-mp-manage.account.admin',
      'wx-mp-manage.menu.admin',
      'wx-mp-manage.send.admin',
      'wx-mp-manage.send.approve',
      'wx-mp-manage.material.admin',
    ]);
    const all = groups.flatMap((g) => g.items.map((p) => p.code));
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(ALL.map((p) => p.code).sort());
  });

  it('puts codes no route names under "other": issuing sits with the revision pages, customer management with system administration', () => {
    const other = groups.at(-1)!;
    expect(other.titleKey).toBeNull();
    expect(other.items.map((p) => p.code)).toEqual(['admin', 'report.export']);
  });

  it("withholds the platform's own codes from a customer's entitlements", () => {
    expect([...platformCodesWithheld(ALL)]).toEqual([
      ['admin', 'platformOnly'],
      ['osm.customer.admin', 'platformOnly'],
    ]);
  });

  it('leaves out codes the server does not know and groups without codes', () => {
    const routes: AppRoute[] = [
      { path: '/a', name: 'a', meta: { title: 'a' }, children: [{ path: 'x', name: 'x', meta: { title: 'x', roles: ['gone.code'] } }] },
      { path: '/b', name: 'b', meta: { title: 'b', roles: ['b.code'] } },
    ];
    expect(groupPermissions(routes, [{ code: 'b.code', name: 'B' }])).toEqual([
      { key: 'group:b', titleKey: 'b', items: [{ code: 'b.code', name: 'B' }] },
    ]);
    expect(groupPermissions(routes, [])).toEqual([]);
  });

  it('keeps only codes among checked keys', () => {
    expect(checkedCodes(['group:system-admin', 'sys.user.admin', 'sys.log.view', 'sys.user.admin', OTHER_GROUP_KEY])).toEqual([
      'sys.user.admin',
      'sys.log.view',
    ]);
  });

  it('greys a code the server withholds, with its reason, unless the role already has it (docs/security.md#entitlements)', () => {
    const withheld = withheldByCode([
      { code: 'admin', reason: 'platformOnly' },
      { code: 'report.export', reason: 'notEntitled' },
    ]);
    expect(codeState('travel.scenicspot.admin', withheld, [])).toEqual({ disabled: false, reason: null });
    expect(codeState('report.export', withheld, [])).toEqual({ disabled: true, reason: 'notEntitled' });
    expect(codeState('admin', withheld, [])).toEqual({ disabled: true, reason: 'platformOnly' });
    // Kept, so it can be taken away; its reason still says it could not be granted again.
    expect(codeState('report.export', withheld, ['report.export'])).toEqual({ disabled: false, reason: 'notEntitled' });
  });
});
