import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COOKIE, getCookie } from '../cookies';
import { DEFAULT_LANGUAGE, HTML_LANG, isLanguage, LANGUAGES, resolveLanguage, type Language } from './languages';
import zh from './locales/zh';

export * from './languages';

/**
 * Chinese, the default, ships with the page; English and Spanish are fetched when first chosen (the login page loads
 * no words it does not show). Features add their own namespaces in all three languages with their pages.
 */
const LAZY_TRANSLATIONS: Record<Exclude<Language, 'zh'>, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./locales/en'),
  es: () => import('./locales/es'),
};

/** i18next's backend interface: the common words of a language other than zh, from their own chunk. */
const lazyTranslations: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, done) {
    const load = ns === 'translation' && isLanguage(lng) && lng !== 'zh' ? LAZY_TRANSLATIONS[lng] : undefined;
    if (!load) {
      done(null, {});
      return;
    }
    load().then(
      (m) => done(null, m.default as ResourceKey),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Resolves once the saved language's words are in place: the app renders after it, so it never flashes zh. */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyTranslations)
  .use(initReactI18next)
  .init({
    resources: { zh: { translation: zh } },
    partialBundledLanguages: true,
    lng: resolveLanguage(getCookie(COOKIE.language)),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });

function syncHtmlLang(lng: string): void {
  if (typeof document !== 'undefined' && isLanguage(lng)) document.documentElement.lang = HTML_LANG[lng];
}
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

/** The language the interface currently shows (also sent as Accept-Language). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
export default i18n;
