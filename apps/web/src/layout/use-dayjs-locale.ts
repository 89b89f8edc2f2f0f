import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/zh-cn';
import { useLayoutEffect } from 'react';
import type { Language } from '../lib/i18n';
import { useAppStore } from '../stores/app';

/** dayjs locale of each language (antd's date pickers name months and weekdays with it). */
const DAYJS_LOCALES: Record<Language, string> = { zh: 'zh-cn', en: 'en', es: 'es' };

/**
 * Dates follow the interface language. Set by the console shell, the only place with date
 * pickers, so the login page does not load dayjs.
 */
export function useDayjsLocale(): void {
  const language = useAppStore((s) => s.language);
  useLayoutEffect(() => {
    dayjs.locale(DAYJS_LOCALES[language]);
  }, [language]);
}
