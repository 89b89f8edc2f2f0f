import { PERMISSIONS } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import en from './en';
import es from './es';
import { NS, permissionNameKey } from './index';
import zh from './zh';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
}

function lookup(tree: Tree, key: string): string {
  return String(key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree));
}

const LOCALES: Record<string, Tree> = { zh, en, es };

describe('system-admin locale resources', () => {
  const reference = keysOf(zh).sort();

  it.each(['en', 'es'])('%s has exactly the keys of zh', (lng) => {
    expect(keysOf(LOCALES[lng]!).sort()).toEqual(reference);
  });

  it.each(['zh', 'en', 'es'])('%s has no empty strings', (lng) => {
    expect(reference.filter((k) => lookup(LOCALES[lng]!, k).trim() === '')).toEqual([]);
  });

  it.each(['en', 'es'])('%s uses the same interpolation variables as zh', (lng) => {
    const vars = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
    for (const key of reference) expect([key, vars(lookup(LOCALES[lng]!, key))]).toEqual([key, vars(lookup(zh, key))]);
  });

  it('names every built-in permission code', () => {
    for (const { code } of PERMISSIONS) expect(reference).toContain(permissionNameKey(code));
  });

  it('is registered under its namespace in every language', () => {
    for (const lng of ['zh', 'en', 'es']) expect(i18n.hasResourceBundle(lng, NS)).toBe(true);
    expect(i18n.getFixedT('en', NS)('permissionName.sys_user_admin')).toBe('User administration');
    expect(i18n.getFixedT('zh', NS)(permissionNameKey('wx-mp-manage.send.admin'))).toBe('公众号群发');
  });
});
