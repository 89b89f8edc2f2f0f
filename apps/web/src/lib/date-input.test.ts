import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateInputFormats } from './date-input';

dayjs.extend(customParseFormat);

/** As antd's picker parses a typed text: each format in turn, strictly. */
function parse(text: string, formats: string[]): string | null {
  for (const f of formats) {
    const d = dayjs(text, f, true);
    if (d.isValid()) return d.format('YYYY-MM-DD HH:mm:ss');
  }
  return null;
}

describe('dates typed in each language', () => {
  it('shows YYYY-MM-DD first, with the time to the precision asked', () => {
    expect(dateInputFormats('es')[0]).toBe('YYYY-MM-DD');
    expect(dateInputFormats('en', 'minute')[0]).toBe('YYYY-MM-DD HH:mm');
    expect(dateInputFormats('zh', 'second')[0]).toBe('YYYY-MM-DD HH:mm:ss');
  });

  it('reads each language’s way of writing 28 November 2026 and 5 March 2026', () => {
    const cases: Array<[string, string, string]> = [
      ['zh', '2026/11/28', '2026-11-28'],
      ['zh', '2026年11月28日', '2026-11-28'],
      ['zh', '2026.3.5', '2026-03-05'],
      ['en', '11/28/2026', '2026-11-28'],
      ['en', '3/5/2026', '2026-03-05'],
      ['es', '28/11/2026', '2026-11-28'],
      ['es', '05/03/2026', '2026-03-05'],
      ['es', '5-3-2026', '2026-03-05'],
      ['es', '28.11.2026', '2026-11-28'],
    ];
    for (const [lang, text, day] of cases) expect(parse(text, dateInputFormats(lang)), `${lang} ${text}`).toBe(`${day} 00:00:00`);
    expect(parse('28/11/2026 9:30', dateInputFormats('es', 'minute'))).toBe('2026-11-28 09:30:00');
    expect(parse('11/28/2026 21:05', dateInputFormats('en', 'minute'))).toBe('2026-11-28 21:05:00');
    expect(parse('2026年11月28日 08:00:15', dateInputFormats('zh', 'second'))).toBe('2026-11-28 08:00:15');
  });

  it('never reads a day as the month of another language: 28/11 is no date in English, 11/28 none in Spanish', () => {
    expect(parse('28/11/2026', dateInputFormats('en'))).toBeNull();
    expect(parse('11/28/2026', dateInputFormats('es'))).toBeNull();
    expect(parse('yesterday', dateInputFormats('zh'))).toBeNull();
  });

  it('reads back what it shows, in every language (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('zh', 'en', 'es'),
        fc.constantFrom('day', 'minute', 'second') as fc.Arbitrary<'day' | 'minute' | 'second'>,
        fc.date({ min: new Date('1990-01-01'), max: new Date('2060-12-31'), noInvalidDate: true }),
        (lang, precision, date) => {
          const formats = dateInputFormats(lang, precision);
          const shown = dayjs(date).format(formats[0]);
          expect(parse(shown, formats)).toBe(dayjs(shown, formats[0], true).format('YYYY-MM-DD HH:mm:ss'));
        },
      ),
    );
  });
});
