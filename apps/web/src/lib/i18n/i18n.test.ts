import { APP_ROUTES, type AppRoute } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './languages';
import en from './locales/en';
import es from './locales/es';
import zh from './locales/zh';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
}

function lookup(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);
}

function titles(routes: readonly AppRoute[]): string[] {
  return routes.flatMap((r) => [r.meta.title, ...titles(r.children ?? [])]);
}

const LOCALES = { zh, en, es } as Record<string, Tree>;

describe('locale resources', () => {
  const reference = keysOf(zh as Tree).sort();

  it.each(['en', 'es'])('%s has exactly the keys of zh', (lng) => {
    const keys = keysOf(LOCALES[lng]!).sort();
    expect(keys.filter((k) => !reference.includes(k))).toEqual([]);
    expect(reference.filter((k) => !keys.includes(k))).toEqual([]);
  });

  it.each(['zh', 'en', 'es'])('%s has no empty strings', (lng) => {
    const empty = keysOf(LOCALES[lng]!).filter((k) => String(lookup(LOCALES[lng]!, k)).trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(['zh', 'en', 'es'])('%s uses the same interpolation variables as zh', (lng) => {
    const vars = (s: unknown) => (String(s).match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
    for (const key of reference) expect([key, vars(lookup(LOCALES[lng]!, key))]).toEqual([key, vars(lookup(zh as Tree, key))]);
  });

  it.each(['zh', 'en', 'es'])('%s has a title for every APP_ROUTES title', (lng) => {
    const missing = titles(APP_ROUTES).filter((t) => typeof lookup(LOCALES[lng]!, `route.${t}`) !== 'string');
    expect(missing).toEqual([]);
  });

  it('keeps the spec wording of the re-login dialog in zh', () => {
    expect(zh.relogin).toEqual({
      title: '确定登出',
      content: '你已被登出，可以取消继续留在该页面，或者重新登录',
      ok: '重新登录',
      cancel: '取消',
    });
    expect(en.message.switchLanguageSuccess).toBe('Switch Language Success');
    expect(zh.route.dashboard).toBe('首页');
  });
});

describe('resolveLanguage', () => {
  it('defaults to zh unless a supported language is saved', () => {
    expect(resolveLanguage(undefined)).toBe('zh');
    expect(resolveLanguage('fr')).toBe('zh');
    expect(resolveLanguage('en')).toBe('en');
    expect(resolveLanguage('es')).toBe('es');
  });
});
