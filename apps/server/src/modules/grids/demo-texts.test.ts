import { describe, expect, it } from 'vitest';
import { beijingIso, misdated } from '../../../test/text-dates.js';
import { demoFrontArrival, latestBaseTime } from './demo-fields.js';
import { demoBulletin, demoCalendar, demoReminder, demoSpecialTitle, seasonOf, type Season } from './demo-texts.js';

// The demo's dated texts in their season's words (docs/articles.md#demo): whatever day the demo starts, the weekly
// bulletin, its summary, the special report's title and the WeChat reminder forecast no day already past, and speak
// of the hazards of the issue day's season (a cold wave in winter, late frost in spring, heat ending in rain in
// summer, first frost in autumn), in zh, en and es.

const HOUR = 3_600_000;
const LANGS = ['zh', 'en', 'es'] as const;

/** What each season's texts must say, and what no other season's may. */
const HAZARD: Record<Season, Record<(typeof LANGS)[number], RegExp>> = {
  winter: { zh: /寒潮/, en: /cold wave/i, es: /ola de frío/i },
  spring: { zh: /晚霜冻/, en: /late frost/i, es: /heladas? tardías?/i },
  summer: { zh: /高温/, en: /\bheat\b/i, es: /calor persistente|fin al calor/i },
  autumn: { zh: /初霜冻/, en: /first frost/i, es: /primera helada/i },
};

function texts(now: Date, lang: (typeof LANGS)[number]) {
  const calendar = demoCalendar(now, latestBaseTime(now));
  const bulletin = demoBulletin(calendar, '', lang);
  const sent = new Date(now.getTime() - 48 * HOUR);
  return {
    season: seasonOf(calendar.issued),
    issued: texts_issued(now),
    all: [bulletin.title, bulletin.summary, bulletin.body, demoSpecialTitle(calendar, lang)],
    bulletin,
    reminder: {
      text: demoReminder(demoCalendar(sent, latestBaseTime(now)), lang),
      issued: texts_issued(sent),
      season: seasonOf(demoCalendar(sent, latestBaseTime(now)).issued),
    },
  };
}
const texts_issued = (at: Date) => beijingIso(at.getTime());

describe('the demo texts in their season', () => {
  it('take the season of the issue day from the Guanzhong season dates', () => {
    const day = (month: number, d: number) => ({ year: 2026, month, day: d });
    expect(
      [day(1, 10), day(3, 15), day(3, 16), day(5, 20), day(5, 21), day(9, 10), day(9, 11), day(11, 15), day(11, 16), day(12, 31)].map(
        seasonOf,
      ),
    ).toEqual(['winter', 'winter', 'spring', 'spring', 'summer', 'summer', 'autumn', 'autumn', 'winter', 'winter']);
  });

  it('on 28 November 2026 (the demo today) forecast a cold wave after the issue day, in zh, en and es', () => {
    const now = new Date(Date.UTC(2026, 10, 28, 2));
    for (const lang of LANGS) {
      const t = texts(now, lang);
      expect(t.season).toBe('winter');
      for (const text of t.all) expect(misdated(text, t.issued), `${lang}: ${text}`).toEqual([]);
      expect(t.bulletin.body).toMatch(HAZARD.winter[lang]);
      expect(t.bulletin.summary).toMatch(HAZARD.winter[lang]);
      expect(t.reminder.text).toMatch(HAZARD.winter[lang]);
    }
    const zh = texts(now, 'zh');
    const front = demoFrontArrival(latestBaseTime(now), 34.3);
    expect(zh.bulletin.body).toContain(
      `预计 ${Number(beijingIso(front.getTime()).slice(5, 7))} 月 ${Number(beijingIso(front.getTime()).slice(8, 10))} 日前后有一次寒潮`,
    );
    expect(texts(now, 'en').bulletin.summary).toMatch(/cold wave is expected around \d{1,2} (November|December)/);
    expect(texts(now, 'es').bulletin.summary).toMatch(/ola de frío hacia el \d{1,2} de (noviembre|diciembre)/);
  });

  it('through a year of start days: no past forecast, and only their own season’s hazard, in every language', () => {
    const seen = new Set<Season>();
    // Every 29 hours through 2027, which meets every season, both runs and both sides of each season's first day.
    for (let start = Date.UTC(2027, 0, 1); start < Date.UTC(2028, 0, 1); start += 29 * HOUR) {
      const now = new Date(start);
      for (const lang of LANGS) {
        const t = texts(now, lang);
        seen.add(t.season);
        for (const text of t.all) expect(misdated(text, t.issued), `${now.toISOString()} ${lang}: ${text}`).toEqual([]);
        expect(misdated(t.reminder.text, t.reminder.issued), `${now.toISOString()} ${lang}`).toEqual([]);
        const words = t.all.join(' ');
        expect(t.bulletin.body, `${now.toISOString()} ${lang}`).toMatch(HAZARD[t.season][lang]);
        for (const other of Object.keys(HAZARD) as Season[]) {
          if (other !== t.season)
            expect(words, `${now.toISOString()} ${lang} (${t.season}) speaks of ${other}`).not.toMatch(HAZARD[other][lang]);
        }
      }
    }
    expect([...seen].sort()).toEqual(['autumn', 'spring', 'summer', 'winter']);
  });

  it('report the past week with the issue month’s temperatures: colder in January than in July', () => {
    const meanOf = (now: Date) => Number(/全省平均气温 (-?\d+\.\d)℃/.exec(texts(now, 'zh').bulletin.body)![1]);
    const january = meanOf(new Date(Date.UTC(2027, 0, 20)));
    const july = meanOf(new Date(Date.UTC(2027, 6, 20)));
    // Yulin, Xi'an and Hanzhong normals plus the anomaly: (−8.1 + 0.4 + 2.6)/3 + 1.17 = −0.5; (23.8 + 27.4 + 25.6)/3 + 1.17 = 26.8
    expect(january).toBeCloseTo(-0.5, 1);
    expect(july).toBeCloseTo(26.8, 1);
  });
});
