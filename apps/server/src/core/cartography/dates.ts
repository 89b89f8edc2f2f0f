import type { MapLang } from './words.js';

// The one date style of every map the console makes (docs/products.md#dates): Chinese writes 2026年11月28日08时 (the
// office's wall clock, Beijing time unsaid as Chinese bulletins leave it), English and Spanish write the ISO date and a
// 24-hour time with the zone, 2026-11-28 08:00 BJT. A period: 11月28日08时—29日08时 (the month not repeated when it is
// the same), 2026-11-28 08:00–2026-11-29 08:00 BJT. Pure.

interface TimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  offsetMinutes: number;
}

function partsIn(date: Date, timeZone: string): TimeParts {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
  const parts = { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour) % 24, minute: Number(p.minute) };
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return { ...parts, offsetMinutes: Math.round((wall - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The zone's name after an English or Spanish time: BJT for Beijing time (UTC+8 in China's zones), else UTC±h[:mm]. */
export function zoneLabel(timeZone: string, offsetMinutes: number): string {
  if (offsetMinutes === 480 && /^Asia\/(Shanghai|Chongqing|Chungking|Harbin|Urumqi|Kashgar)$|^PRC$/.test(timeZone)) return 'BJT';
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes < 0 ? '−' : '+';
  const a = Math.abs(offsetMinutes);
  return `UTC${sign}${Math.floor(a / 60)}${a % 60 ? `:${pad(a % 60)}` : ''}`;
}

/** An instant as maps write it: 2026年11月28日08时 (11月28日08时 without the year) / 2026-11-28 08:00 BJT. */
export function formatMapTime(date: Date, lang: MapLang, timeZone: string, withYear = true): string {
  const p = partsIn(date, timeZone);
  if (lang === 'zh') return `${withYear ? `${p.year}年` : ''}${p.month}月${p.day}日${pad(p.hour)}时`;
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)} ${zoneLabel(timeZone, p.offsetMinutes)}`;
}

/** A date: 2026年11月28日 / 2026-11-28. */
export function formatMapDate(date: Date, lang: MapLang, timeZone: string): string {
  const p = partsIn(date, timeZone);
  return lang === 'zh' ? `${p.year}年${p.month}月${p.day}日` : `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** A period: 11月28日08时—29日08时 (12月31日20时—1月1日08时) / 2026-11-28 08:00–2026-11-29 08:00 BJT. */
export function formatMapPeriod(start: Date, end: Date, lang: MapLang, timeZone: string): string {
  const a = partsIn(start, timeZone);
  const b = partsIn(end, timeZone);
  if (lang === 'zh') {
    const tail = `${b.month === a.month && b.year === a.year ? '' : `${b.month}月`}${b.day}日${pad(b.hour)}时`;
    return `${a.month}月${a.day}日${pad(a.hour)}时—${tail}`;
  }
  const day = (p: TimeParts) => `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
  return `${day(a)}–${day(b)} ${zoneLabel(timeZone, b.offsetMinutes)}`;
}
