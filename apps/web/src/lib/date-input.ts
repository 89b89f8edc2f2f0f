import { useTranslation } from 'react-i18next';
import { resolveLanguage, type Language } from './i18n/languages';

// Dates typed into a picker (docs/i18n.md#typed-dates): a picker shows its date as YYYY-MM-DD (with HH:mm or HH:mm:ss),
// the same in every language, and accepts it typed as the language writes dates too: 2026/11/28 and 2026年11月28日 in
// Chinese, 11/28/2026 in English, 28/11/2026 (or 28-11-2026, 28.11.2026) in Spanish, with or without leading zeros.
// antd parses a typed text with each format in turn, strictly (dayjs' customParseFormat), and shows the first.

export type DateInputPrecision = 'day' | 'minute' | 'second';

/** Day, month and year in the orders a language writes them (numbers only, so no month name depends on a locale). */
const DATE_ORDERS: Record<Language, readonly string[]> = {
  zh: ['YYYY-M-D', 'YYYY/M/D', 'YYYY.M.D', 'YYYY年M月D日'],
  en: ['YYYY-M-D', 'M/D/YYYY', 'M-D-YYYY', 'YYYY/M/D'],
  es: ['YYYY-M-D', 'D/M/YYYY', 'D-M-YYYY', 'D.M.YYYY'],
};

const TIMES: Record<Exclude<DateInputPrecision, 'day'>, readonly string[]> = {
  minute: ['HH:mm', 'H:mm'],
  second: ['HH:mm:ss', 'H:mm:ss'],
};

/** Each pattern with one- and two-digit day and month (strict parsing takes 5 for D and 05 for DD only). */
function withPadding(pattern: string): string[] {
  const out = new Set<string>();
  for (const d of ['DD', 'D'])
    for (const m of ['MM', 'M']) out.add(pattern.replace(/(?<![A-Z])D(?![A-Z])/, d).replace(/(?<![A-Z])M(?![A-Z])/, m));
  return [...out];
}

/** The formats of a picker in `language`: the shown one first (ISO-like), then every way of typing it the picker accepts. */
export function dateInputFormats(language: string, precision: DateInputPrecision = 'day'): string[] {
  const lang = resolveLanguage(language);
  const dates = DATE_ORDERS[lang].flatMap(withPadding);
  const shown = precision === 'day' ? 'YYYY-MM-DD' : `YYYY-MM-DD ${TIMES[precision][0]}`;
  const all = precision === 'day' ? dates : dates.flatMap((d) => TIMES[precision].map((t) => `${d} ${t}`));
  return [shown, ...all.filter((f) => f !== shown)];
}

/** `format` for a DatePicker or RangePicker in the interface language. */
export function useDateInputFormats(precision: DateInputPrecision = 'day'): string[] {
  const { i18n } = useTranslation();
  return dateInputFormats(i18n.language, precision);
}
