import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COOKIE, getCookie } from '../cookies';
import { DEFAULT_LANGUAGE, HTML_LANG, isLanguage, LANGUAGES, resolveLanguage, type Language } from './languages';
import en from './locales/en';
import es from './locales/es';
import zh from './locales/zh';

export * from './languages';

export const resources = {
  zh: { translation: zh },
  en: { translation: en },
  es: { translation: es },
} as const;

void i18n.use(initReactI18next).init({
  resources,
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
