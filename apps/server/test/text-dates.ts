// Dates written in texts (zh, en, es), for tests that check what a text forecasts against the day it was issued.

const MONTHS_EN = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const SHORT_EN = MONTHS_EN.map((m) => m.slice(0, 3));
const SHORT_ES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** The month (1–12) a word names in English or Spanish, whole or cut to three letters (`sept` too); 0 when none. */
function monthOf(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, '');
  for (const list of [MONTHS_EN, MONTHS_ES, SHORT_EN, SHORT_ES]) {
    const k = list.indexOf(w);
    if (k >= 0) return k + 1;
  }
  return w === 'sept' ? 9 : 0;
}

const MONTH_WORD = `(${[...MONTHS_EN, ...MONTHS_ES, 'sept', ...SHORT_EN, ...SHORT_ES].join('|')})(?![a-záéíóúñ])\\.?`;

/**
 * Every way a date is written, first match wins at a place: ISO; zh with year, with month, or a day alone (its month
 * from the date before it in the sentence, as in "11 月 17 日—23 日", else the month nearest the issue day); en
 * "25 Nov 2026", "November 25, 2026"; es "25 de noviembre de 2026", "25 nov 2026". A year left out is the one nearest
 * the issue day.
 */
const PATTERN = new RegExp(
  [
    '(?<iso>(?<isoY>\\d{4})-(?<isoM>\\d{2})-(?<isoD>\\d{2}))',
    '(?<zh>(?:(?<zhY>\\d{4})\\s*年\\s*)?(?:(?<zhM>\\d{1,2})\\s*月\\s*)?(?<zhD>\\d{1,2})\\s*[日号])',
    `(?<esLong>(?<esD>\\d{1,2})\\s+de\\s+${MONTH_WORD.replace('(', '(?<esM>')}(?:\\s+(?:de\\s+)?(?<esY>\\d{4}))?)`,
    `(?<dm>(?<dmD>\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH_WORD.replace('(', '(?<dmM>')}(?:,?\\s+(?<dmY>\\d{4}))?)`,
    `(?<md>${MONTH_WORD.replace('(', '(?<mdM>')}\\s+(?<mdD>\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(?<mdY>\\d{4}))?)`,
  ].join('|'),
  'giu',
);

/** Words that make a sentence a forecast, in zh, en and es. */
const FORECAST_WORDS =
  /预计|预报|预测|未来|将有|将出现|有望|可能|forecast|expected|expect|will |likely|outlook|pronóstic|se espera|previst|prevé|habrá|probable/iu;
/** Words that make a sentence a report of what was (observed, past). */
const PAST_WORDS = /过去|实况|以来|已经|observed|past|last |so far|pasad|últim|observad|registrad/iu;

export interface FoundDate {
  /** YYYY-MM-DD. */
  date: string;
  /** The words that wrote it. */
  written: string;
  sentence: string;
  /** Whether the sentence forecasts (or the whole text is a forecast). */
  forecast: boolean;
  /** Whether the sentence reports what was. */
  past: boolean;
}

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const dayNumber = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;

/** The sentences of a text: HTML tags end one, as do 。！？；, a line break and a full stop before a space. */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/<[^>]*>/g, '\n')
    .split(/[。！？；\n!?;]|\.\s/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The dates a text writes, each with its sentence and whether that sentence forecasts; `issued` (YYYY-MM-DD) fills a
 * missing year or month with the nearest to it. `wholeForecast` marks every sentence a forecast (a product's title).
 */
export function datesIn(text: string, issued: string, wholeForecast = false): FoundDate[] {
  const [iy, im, id] = issued.split('-').map(Number) as [number, number, number];
  const issueDay = dayNumber(iy, im, id);
  const nearestYear = (m: number, d: number) =>
    [iy - 1, iy, iy + 1].reduce((best, y) =>
      Math.abs(dayNumber(y, m, d) - issueDay) < Math.abs(dayNumber(best, m, d) - issueDay) ? y : best,
    );
  const nearestMonth = (d: number): [number, number] => {
    let best: [number, number] = [iy, im];
    for (const shift of [-1, 0, 1]) {
      const t = new Date(Date.UTC(iy, im - 1 + shift, 1));
      const c: [number, number] = [t.getUTCFullYear(), t.getUTCMonth() + 1];
      if (Math.abs(dayNumber(c[0], c[1], d) - issueDay) < Math.abs(dayNumber(best[0], best[1], d) - issueDay)) best = c;
    }
    return best;
  };
  const out: FoundDate[] = [];
  for (const sentence of sentencesOf(text)) {
    const forecast = wholeForecast || FORECAST_WORDS.test(sentence);
    const past = !forecast && PAST_WORDS.test(sentence);
    let previous: [number, number] | null = null;
    for (const m of sentence.matchAll(PATTERN)) {
      const g = m.groups!;
      let y: number;
      let mo: number;
      let d: number;
      if (g.iso) [y, mo, d] = [Number(g.isoY), Number(g.isoM), Number(g.isoD)];
      else if (g.zh) {
        d = Number(g.zhD);
        if (g.zhM) {
          mo = Number(g.zhM);
          y = g.zhY ? Number(g.zhY) : nearestYear(mo, d);
        } else [y, mo] = previous ?? nearestMonth(d);
      } else {
        const [dd, mm, yy] = g.esLong ? [g.esD, g.esM, g.esY] : g.dm ? [g.dmD, g.dmM, g.dmY] : [g.mdD, g.mdM, g.mdY];
        d = Number(dd);
        mo = monthOf(mm!);
        y = yy ? Number(yy) : nearestYear(mo, d);
      }
      if (mo < 1 || mo > 12 || d < 1 || d > 31) continue;
      previous = [y, mo];
      out.push({ date: iso(y, mo, d), written: m[0], sentence, forecast, past });
    }
  }
  return out;
}

/** The Beijing calendar day of an instant, YYYY-MM-DD (the demo's texts are dated in Beijing time). */
export const beijingIso = (at: Date | string | number) => new Date(new Date(at).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * What is wrong with the dates of a dated text issued on `issued` (YYYY-MM-DD): a forecast of a day before it, a
 * report of a day after it, or a date in a sentence that says neither (a reader cannot tell what it claims). Empty when
 * every date is where it belongs. `wholeForecast`: the text is a forecast as a whole (a product's title).
 */
export function misdated(text: string, issued: string, wholeForecast = false): string[] {
  const problems: string[] = [];
  for (const f of datesIn(text, issued, wholeForecast)) {
    if (f.forecast && f.date < issued) problems.push(`forecasts ${f.date}, before ${issued}: ${f.sentence}`);
    else if (f.past && f.date >= issued) problems.push(`reports ${f.date}, not before ${issued}: ${f.sentence}`);
    else if (!f.forecast && !f.past) problems.push(`dates ${f.date} neither as a forecast nor as a report: ${f.sentence}`);
  }
  return problems;
}
