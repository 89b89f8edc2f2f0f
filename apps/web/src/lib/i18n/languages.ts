/** The interface languages (docs/i18n.md#web); zh is the interface default when no choice is saved. */
export const LANGUAGES = ['zh', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The saved `language` cookie wins when it names a supported language; otherwise zh. */
export function resolveLanguage(saved: string | undefined): Language {
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/** BCP 47 tag for `<html lang>`. */
export const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', en: 'en', es: 'es' };
