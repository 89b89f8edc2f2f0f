import { APP_ROUTES, type AppRoute } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { describeLocaleBundle, keysOf, type Tree } from '../../test/locale-tree';
import { i18n } from '.';
import { resolveLanguage } from './languages';
import en from './locales/en';
import es from './locales/es';
import zh from './locales/zh';

function titles(routes: readonly AppRoute[]): string[] {
  return routes.flatMap((r) => [r.meta.title, ...titles(r.children ?? [])]);
}

const LOCALES = { zh, en, es } as Record<string, Tree>;

await describeLocaleBundle('common', { zh, en, es });

describe('locale resources', () => {
  it.each(['zh', 'en', 'es'])('%s has a title for every APP_ROUTES title', (lng) => {
    const keys = keysOf(LOCALES[lng]!);
    const missing = titles(APP_ROUTES).filter((t) => !keys.includes(`route.${t}`));
    expect(missing).toEqual([]);
  });

  it('keeps the required wording of the re-login dialog in zh', () => {
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

describe('loading a language', () => {
  it('ships zh only; en and es are fetched when chosen, and then translate', async () => {
    expect(i18n.hasResourceBundle('zh', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('es', 'translation')).toBe(false);
    await i18n.changeLanguage('es');
    expect(i18n.hasResourceBundle('es', 'translation')).toBe(true);
    expect(i18n.t('login.submit')).toBe('Iniciar sesión');
    await i18n.changeLanguage('zh');
    expect(i18n.t('login.submit')).toBe(zh.login.submit);
  });
});
