import type { Db } from '../../core/db/index.js';
import { demoFrontArrival, latestBaseTime } from './demo-fields.js';

// The dated words of the demo's texts (DEMO=1, docs/grids.md#demo-data): the weekly bulletin and the WeChat reminder are
// written on the day the demo starts, about the week before it and the cold front of the demo's own forecast, so that
// no text forecasts a day already past. Dates are Beijing calendar days, as the office writes them.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BEIJING = 8 * HOUR;

/** Xi'an's latitude: when the demo front reaches it, the cold spell reaches Guanzhong. */
const GUANZHONG_LAT = 34.3;

/** A Beijing calendar day: year, month (1–12) and day of an instant. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export function beijingDay(at: Date): CalendarDay {
  const d = new Date(at.getTime() + BEIJING);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** "11 月 25 日", as the bulletins write a date. */
const monthDay = (d: CalendarDay) => `${d.month} 月 ${d.day} 日`;

/** "11 月 17 日—23 日", or "11 月 28 日—12 月 4 日" across a month's end. */
function span(from: CalendarDay, to: CalendarDay): string {
  return from.month === to.month ? `${monthDay(from)}—${to.day} 日` : `${monthDay(from)}—${monthDay(to)}`;
}

/** The dates the demo's texts are written about, from the day they are issued and the run of the demo forecast. */
export interface DemoCalendar {
  /** The day the texts are issued (the demo's start). */
  issued: CalendarDay;
  /** The past week: the seven days before the issue day. */
  weekFrom: CalendarDay;
  weekTo: CalendarDay;
  /** The day the run's cold front reaches Guanzhong: the cold spell the texts forecast. */
  coldSpell: CalendarDay;
  /** The year of the latest autumn sowing (the issue year from September, else the year before). */
  sowingYear: number;
}

export function demoCalendar(issue: Date, run: Date): DemoCalendar {
  const issued = beijingDay(issue);
  return {
    issued,
    weekFrom: beijingDay(new Date(issue.getTime() - 7 * DAY)),
    weekTo: beijingDay(new Date(issue.getTime() - DAY)),
    coldSpell: beijingDay(demoFrontArrival(run, GUANZHONG_LAT)),
    sowingYear: issued.month >= 9 ? issued.year : issued.year - 1,
  };
}

/** The texts of the demo's weekly bulletin (the figure, the library's map product, goes in its place in the body). */
export function demoBulletin(c: DemoCalendar, figure: string): { title: string; summary: string; body: string } {
  const body =
    '<h2>一、天气实况</h2>' +
    `<p>过去一周（${span(c.weekFrom, c.weekTo)}），全省平均气温 6.8℃，较常年同期偏高 1.2℃；关中、陕北大部无降水，陕南降水量 3～8 毫米，偏少五成以上。</p>` +
    '<table><tbody><tr><th>区域</th><th>平均气温（℃）</th><th>距平（℃）</th><th>降水量（毫米）</th></tr>' +
    '<tr><td>陕北</td><td>2.9</td><td>+1.0</td><td>0.0</td></tr>' +
    '<tr><td>关中</td><td>8.1</td><td>+1.4</td><td>0.6</td></tr>' +
    '<tr><td>陕南</td><td>9.7</td><td>+1.1</td><td>5.2</td></tr></tbody></table>' +
    '<h2>二、农业气象影响</h2>' +
    '<p>气温偏高利于冬小麦分蘖和油菜越冬前壮苗，但关中东部土壤墒情持续下降，部分旱地 0～20 厘米土壤相对湿度已低于 60%。</p>' +
    '<h2>三、未来一周天气预报</h2>' +
    `<p>预计 ${monthDay(c.coldSpell)}前后有一次冷空气过程，自北向南影响我省，关中、陕北降温 6～8℃，并伴有 4～5 级偏北风；陕南有小雨。</p>` +
    figure +
    '<h2>四、农事建议</h2>' +
    '<ol><li><p>关中旱地麦田适时冬灌，灌水量每亩 40～50 立方米，避开降温时段。</p></li>' +
    '<li><p>设施农业加强保温，防范降温和大风的不利影响。</p></li>' +
    '<li><p>陕南油菜田及时清沟排湿，追施苗肥。</p></li></ol>';
  return {
    title: '冬小麦分蘖期墒情偏差，关中旱地宜适时冬灌',
    // The day alone within the issue month, with its month across a month's end.
    summary: `气温偏高、降水偏少；预计 ${c.coldSpell.month === c.issued.month ? `${c.coldSpell.day} 日` : monthDay(c.coldSpell)}前后冷空气降温。`,
    body,
  };
}

/** The title of the demo's draft special report. */
export const demoSpecialTitle = (c: DemoCalendar) => `${c.sowingYear} 年秋播作物冬前苗情气象条件分析`;

/** The demo's sent WeChat reminder: the same cold spell, from the day it was sent. */
export const demoReminder = (c: DemoCalendar) =>
  `【农事提醒】预计 ${monthDay(c.coldSpell)}前后关中地区有一次降温过程，最低气温降至 -5 ℃ 左右，请及时做好越冬作物和设施农业的防冻措施。`;

/**
 * The base time of the customer's newest forecast run (of its temperature) when it is the demo's of the day (made at
 * most a day before the run the demo would make now), else that run of now: the texts never forecast a stale run's days.
 */
export async function demoRun(db: Db, customerId: number, now: Date): Promise<Date> {
  const current = latestBaseTime(now);
  const row = await db
    .selectFrom('grid')
    .innerJoin('factor', 'factor.id', 'grid.factor_id')
    .select('grid.base_time')
    .where('grid.customer_id', '=', customerId)
    .where('factor.code', '=', 'tmp')
    .orderBy('grid.base_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  const stored = row ? Date.parse(row.base_time) : Number.NaN;
  return stored >= current.getTime() - DAY && stored <= current.getTime() ? new Date(stored) : current;
}
