import type { Lang } from '../../core/messages.js';

// The dates a document carries: its long date in a language, and the year its issue numbers count in (Beijing time).

/** Today in the caller's language ("2026年11月24日", "24 November 2026", "24 de noviembre de 2026"). */
export function longDate(d: Date, lang: Lang): string {
  const locale = lang === 'zh' ? 'zh-CN' : lang === 'en' ? 'en-GB' : 'es-ES';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Shanghai' }).format(d);
}

export function currentYear(d = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Shanghai' }).format(d));
}
