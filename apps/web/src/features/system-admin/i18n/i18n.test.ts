import { PERMISSIONS } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { describeLocaleBundle, keysOf } from '../../../test/locale-tree';
import en from './en';
import es from './es';
import { NS, permissionNameKey } from './index';
import zh from './zh';

await describeLocaleBundle('system-admin', { zh, en, es });

describe('system-admin locale resources', () => {
  it('names every built-in permission code', () => {
    const reference = keysOf(zh);
    for (const { code } of PERMISSIONS) expect(reference).toContain(permissionNameKey(code));
  });

  it('is registered under its namespace in every language', () => {
    for (const lng of ['zh', 'en', 'es']) expect(i18n.hasResourceBundle(lng, NS)).toBe(true);
    expect(i18n.getFixedT('en', NS)('permissionName.sys_user_admin')).toBe('User administration');
    expect(i18n.getFixedT('zh', NS)(permissionNameKey('wx-mp-manage.send.admin'))).toBe('公众号群发编写');
    expect(i18n.getFixedT('es', NS)('common.edit')).toBe('Editar');
  });
});

describe('separation of duties (docs/security.md#separation-of-duties)', () => {
  it('names the writing and approving codes in every language, as the server names them', () => {
    const names = (lng: string) =>
      ['serviceproducts.all.admin', 'serviceproducts.all.approve', 'wx-mp-manage.send.admin', 'wx-mp-manage.send.approve'].map((c) =>
        i18n.getFixedT(lng, NS)(permissionNameKey(c)),
      );
    expect(names('zh')).toEqual(['服务产品编写', '服务产品审核', '公众号群发编写', '公众号群发审核']);
    expect(names('en')).toEqual([
      'Service products: write',
      'Service products: approve',
      'Official account: compose mass messages',
      'Official account: approve mass messages',
    ]);
    expect(names('es')).toEqual([
      'Productos de servicio: redacción',
      'Productos de servicio: aprobación',
      'Cuenta oficial: redactar envíos masivos',
      'Cuenta oficial: aprobar envíos masivos',
    ]);
  });
});
