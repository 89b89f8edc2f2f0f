import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoBulletin, demoCalendar, demoReminder, demoSpecialTitle } from '../src/modules/grids/demo-texts.js';
import { latestBaseTime } from '../src/modules/grids/demo-fields.js';
import { createTestApp } from './helpers.js';
import { beijingIso, datesIn, misdated } from './text-dates.js';

/**
 * The demo's dated texts tell the truth on whatever day the demo starts: no forecast names a day before the text was
 * issued, no report of the past week a day after. The dates are read back out of the texts as a reader would (zh, en
 * and es forms), first from the text makers over a year of start times, then from everything the demo stores when it
 * starts under a fixed clock.
 */

const HOUR = 3_600_000;

describe('reading dates', () => {
  it('finds zh, en and es dates, fills a missing month or year from the issue day, and tells forecasts from reports', () => {
    const found = (text: string, issued: string) => datesIn(text, issued).map((f) => [f.date, f.forecast, f.past]);
    expect(found('过去一周（11 月 17 日—23 日），全省平均气温 6.8℃。预计 12 月 2 日前后有一次冷空气过程。', '2026-11-28')).toEqual([
      ['2026-11-17', false, true],
      ['2026-11-23', false, true],
      ['2026-12-02', true, false],
    ]);
    expect(found('预计 2 日前后冷空气降温', '2026-11-28')).toEqual([['2026-12-02', true, false]]);
    expect(found('陕西2027年1月1日08时—1月2日08时日最高气温预报', '2026-12-31')).toEqual([
      ['2027-01-01', true, false],
      ['2027-01-02', true, false],
    ]);
    expect(found('A cold spell is expected around 2 Jan. Rain is forecast on December 30, 2026.', '2026-12-31')).toEqual([
      ['2027-01-02', true, false],
      ['2026-12-30', true, false],
    ]);
    expect(found('Se espera una ola de frío el 2 de enero de 2027. Pronóstico del 24 nov 08:00.', '2026-11-28')).toEqual([
      ['2027-01-02', true, false],
      ['2026-11-24', true, false],
    ]);
    expect(found('陕西：2026-11-29 无霜冻风险', '2026-11-28')).toEqual([['2026-11-29', false, false]]);
    // Not dates: hours, leads, amounts, words that merely begin like a month.
    expect(found('未来 24 小时 08时 4～5 级 每亩 40～50 立方米 3 decks 5 mayor', '2026-11-28')).toEqual([]);
  });

  it('finds what was wrong with the demo bulletin issued on 28 November 2026: a cold spell forecast for the 25th', () => {
    const issued = '2026-11-28';
    expect(misdated('<p>预计 11 月 25 日前后有一次冷空气过程，关中、陕北降温 6～8℃。</p>', issued)).toHaveLength(1);
    // The old summary forecast the 25th without saying so.
    expect(misdated('气温偏高、降水偏少；25 日前后冷空气降温。', issued)).toHaveLength(1);
    expect(misdated('过去一周（11 月 17 日—28 日）', issued)).toHaveLength(1);
    expect(misdated('陕西11月27日08时—11月28日08时日最高气温预报', issued, true)).toHaveLength(1);
    expect(misdated('过去一周（11 月 21 日—27 日）。预计 11 月 30 日前后有一次冷空气过程', issued)).toEqual([]);
  });
});

describe('the demo texts over a year of start times', () => {
  it('forecast the cold front of their run on or after the day they are issued, and report the week before it', () => {
    let checked = 0;
    // Every 7 hours through a year, which meets every hour of the day and both runs; and the turn of the year.
    const starts = Array.from({ length: 1260 }, (_, k) => Date.UTC(2026, 0, 1) + k * 7 * HOUR);
    starts.push(Date.UTC(2026, 11, 31, 15, 59), Date.UTC(2026, 11, 31, 16, 0), Date.UTC(2027, 1, 27, 23, 59), Date.UTC(2028, 1, 28, 23, 0));
    for (const start of starts) {
      const now = new Date(start);
      const run = latestBaseTime(now);
      const issued = beijingIso(now);
      const calendar = demoCalendar(now, run);
      const bulletin = demoBulletin(calendar, '');
      const texts = [bulletin.title, bulletin.summary, bulletin.body, demoSpecialTitle(calendar)];
      for (const text of texts) expect(misdated(text, issued), `${now.toISOString()}: ${text}`).toEqual([]);
      // The reminder was sent two days before the demo started, about the same run's cold spell.
      const sent = new Date(start - 48 * HOUR);
      expect(misdated(demoReminder(demoCalendar(sent, run)), beijingIso(sent)), now.toISOString()).toEqual([]);
      const dates = datesIn(bulletin.body, issued);
      expect(dates.filter((d) => d.past).map((d) => d.date)).toEqual([beijingIso(start - 7 * 24 * HOUR), beijingIso(start - 24 * HOUR)]);
      expect(dates.filter((d) => d.forecast)).toHaveLength(1);
      checked += texts.length + 1;
    }
    expect(checked).toBeGreaterThan(6000);
  });
});

/** What the demo stores that a reader reads as dated: documents and sends sentence by sentence, products as forecasts. */
async function demoTexts(t: Awaited<ReturnType<typeof createTestApp>>) {
  const db = t.db.db;
  const texts: Array<{ where: string; text: string; issued: string; whole: boolean }> = [];
  for (const a of await db.selectFrom('article').select(['id', 'title', 'summary', 'body', 'created_at']).execute())
    for (const text of [a.title, a.summary, a.body])
      texts.push({ where: `article ${a.id}`, text, issued: beijingIso(a.created_at), whole: false });
  for (const s of await db.selectFrom('wx_send').select(['id', 'content', 'created_at']).execute())
    texts.push({ where: `wx_send ${s.id}`, text: s.content, issued: beijingIso(s.created_at), whole: false });
  const products = await db
    .selectFrom('map_product_item')
    .innerJoin('map_product', 'map_product.id', 'map_product_item.product_id')
    .select(['map_product.id', 'map_product.name', 'map_product_item.title', 'map_product.created_at'])
    .execute();
  for (const p of products)
    for (const text of [p.name, p.title]) texts.push({ where: `map_product ${p.id}`, text, issued: beijingIso(p.created_at), whole: true });
  for (const r of await db.selectFrom('risk_product').select(['id', 'name', 'summaries', 'created_at']).execute())
    for (const text of [r.name, ...(JSON.parse(r.summaries ?? '[]') as string[])])
      texts.push({ where: `risk_product ${r.id}`, text, issued: beijingIso(r.created_at), whole: true });
  const files = await db
    .selectFrom('download_file')
    .select(['id', 'name', 'created_at'])
    .where('kind', 'in', ['map-product', 'risk-product'])
    .execute();
  for (const f of files) texts.push({ where: `download_file ${f.id}`, text: f.name, issued: beijingIso(f.created_at), whole: true });
  return texts;
}

describe.each([
  // Today's start (a 00 UTC run, 13:20 in Beijing).
  ['2026-11-28T05:20:00Z', '08-08'],
  // 01:30 on New Year's Day in Beijing: the run is 20:00 of the year before, the texts are issued in the new year.
  ['2026-12-31T17:30:00Z', '08-08'],
  // 07:00 on the last day of February in Beijing, with 20–20 days: the week and the cold spell cross a month's end.
  ['2027-02-27T23:00:00Z', '20-20'],
])('the demo started at %s (DAILY_WINDOW=%s)', (start, window) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores no text that forecasts a day before it was issued, or reports a day after', async () => {
    // A fixed clock for everything the demo makes (the clock still runs, from the start given).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(start), shouldAdvanceTime: true });
    const t = await createTestApp({ DEMO: '1', DAILY_WINDOW: window });
    try {
      const texts = await demoTexts(t);
      const problems = texts.flatMap((x) => misdated(x.text, x.issued, x.whole).map((p) => `${x.where}: ${p}`));
      expect(problems).toEqual([]);
      // The check has something to check: the bulletin's week and cold spell, the reminder's, the products' days.
      const dated = texts.flatMap((x) => datesIn(x.text, x.issued, x.whole));
      expect(dated.filter((d) => d.past).length).toBeGreaterThanOrEqual(2);
      expect(dated.filter((d) => d.forecast).length).toBeGreaterThanOrEqual(5);
      expect(new Set(texts.map((x) => x.where.split(' ')[0]))).toEqual(
        new Set(['article', 'wx_send', 'map_product', 'risk_product', 'download_file']),
      );
      // Every text is issued on the day the demo started, but the reminder sent two days before.
      const issued = beijingIso(start);
      for (const x of texts)
        expect(x.issued, x.where).toBe(x.where.startsWith('wx_send') ? beijingIso(Date.parse(start) - 48 * HOUR) : issued);
    } finally {
      await t.close();
    }
  }, 240_000);
});
