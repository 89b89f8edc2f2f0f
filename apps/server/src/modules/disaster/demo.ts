import type { SandstormLevel } from '@agromet/contracts';
import { DEMO_ACTOR } from '../../core/builtin-names.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';

// Demo records (DEMO=1) over the demo customer's province, Shaanxi: sand and dust comes to the Mu Us sandy land and the
// Loess Plateau of the north (Yulin, Yan'an) in spring, mostly March to May, and reaches the Guanzhong plain (Xi'an,
// Xianyang, Weinan) as floating dust. The dates follow dust episodes that crossed northern China (15–16 March 2021,
// the strongest in a decade; 10–12 April 2023; …); the figures are plausible, not observed values.

const PLACES: Record<string, { name: string; lon: number; lat: number }> = {
  '610802': { name: '榆林市榆阳区', lon: 109.73, lat: 38.28 },
  '610881': { name: '神木市', lon: 110.5, lat: 38.84 },
  '610822': { name: '府谷县', lon: 111.07, lat: 39.03 },
  '610825': { name: '定边县', lon: 107.6, lat: 37.59 },
  '610824': { name: '靖边县', lon: 108.79, lat: 37.6 },
  '610803': { name: '榆林市横山区', lon: 109.29, lat: 37.96 },
  '610827': { name: '米脂县', lon: 110.18, lat: 37.76 },
  '610826': { name: '绥德县', lon: 110.26, lat: 37.5 },
  '610626': { name: '吴起县', lon: 108.18, lat: 36.93 },
  '610625': { name: '志丹县', lon: 108.77, lat: 36.82 },
  '610602': { name: '延安市宝塔区', lon: 109.49, lat: 36.6 },
  '610603': { name: '延安市安塞区', lon: 109.33, lat: 36.86 },
  '610112': { name: '西安市未央区', lon: 108.95, lat: 34.33 },
  '610404': { name: '咸阳市渭城区', lon: 108.74, lat: 34.36 },
  '610526': { name: '蒲城县', lon: 109.59, lat: 34.96 },
  '610523': { name: '大荔县', lon: 109.94, lat: 34.8 },
};

type Event = [time: string, code: string, level: SandstormLevel, hours: number];

/** Beijing times of onset. */
const EVENTS: Event[] = [
  ['2019-04-17 15:00', '610825', 'blowing-sand', 6],
  ['2019-04-18 11:00', '610802', 'sandstorm', 5],
  ['2020-05-11 16:00', '610825', 'sandstorm', 4],
  ['2020-05-11 18:00', '610824', 'blowing-sand', 5],
  ['2020-03-19 13:00', '610881', 'blowing-sand', 7],
  ['2021-03-15 06:00', '610802', 'severe-sandstorm', 9],
  ['2021-03-15 05:00', '610822', 'severe-sandstorm', 8],
  ['2021-03-15 07:00', '610881', 'sandstorm', 10],
  ['2021-03-15 09:00', '610825', 'sandstorm', 8],
  ['2021-03-15 10:00', '610827', 'blowing-sand', 9],
  ['2021-03-15 14:00', '610602', 'blowing-sand', 8],
  ['2021-03-16 08:00', '610112', 'floating-dust', 20],
  ['2021-03-16 09:00', '610404', 'floating-dust', 18],
  ['2021-03-28 12:00', '610802', 'sandstorm', 6],
  ['2021-03-28 14:00', '610824', 'blowing-sand', 5],
  ['2022-04-07 14:00', '610803', 'blowing-sand', 4],
  ['2022-03-29 16:00', '610626', 'blowing-sand', 5],
  ['2023-03-22 11:00', '610825', 'sandstorm', 6],
  ['2023-03-22 13:00', '610824', 'blowing-sand', 6],
  ['2023-04-10 20:00', '610802', 'sandstorm', 7],
  ['2023-04-10 21:00', '610881', 'sandstorm', 6],
  ['2023-04-11 02:00', '610822', 'extreme-sandstorm', 2],
  ['2023-04-11 08:00', '610626', 'blowing-sand', 9],
  ['2023-04-11 09:00', '610625', 'blowing-sand', 8],
  ['2023-04-11 10:00', '610603', 'blowing-sand', 7],
  ['2023-04-11 15:00', '610526', 'floating-dust', 22],
  ['2023-04-12 08:00', '610112', 'floating-dust', 26],
  ['2023-04-12 09:00', '610523', 'floating-dust', 20],
  ['2023-04-19 17:00', '610826', 'blowing-sand', 4],
  ['2024-03-19 14:00', '610802', 'blowing-sand', 6],
  ['2024-04-13 16:00', '610825', 'sandstorm', 5],
  ['2024-05-25 15:00', '610803', 'blowing-sand', 3],
  ['2025-04-11 13:00', '610881', 'sandstorm', 6],
  ['2025-04-11 15:00', '610802', 'severe-sandstorm', 5],
  ['2025-04-12 10:00', '610112', 'floating-dust', 16],
];

/** Figures within each grade's class, varied by the event's index (deterministic). */
function figures(level: SandstormLevel, k: number) {
  const f = ((k * 37) % 100) / 100;
  switch (level) {
    case 'extreme-sandstorm':
      return { minVisibility: 20 + Math.round(f * 25), maxWindSpeed: 24 + Math.round(f * 6 * 10) / 10, loss: 800 + Math.round(f * 900) };
    case 'severe-sandstorm':
      return { minVisibility: 120 + Math.round(f * 320), maxWindSpeed: 18 + Math.round(f * 60) / 10, loss: 300 + Math.round(f * 600) };
    case 'sandstorm':
      return { minVisibility: 550 + Math.round(f * 400), maxWindSpeed: 14 + Math.round(f * 50) / 10, loss: 60 + Math.round(f * 240) };
    case 'blowing-sand':
      return { minVisibility: 1500 + Math.round(f * 60) * 100, maxWindSpeed: 8 + Math.round(f * 60) / 10, loss: Math.round(f * 40) };
    default:
      return { minVisibility: 3000 + Math.round(f * 50) * 100, maxWindSpeed: 1.5 + Math.round(f * 15) / 10, loss: 0 };
  }
}

const DESCRIPTIONS: Record<SandstormLevel, string> = {
  'extreme-sandstorm': '狂风卷起大量沙尘，天空昏暗如夜，交通中断，设施农业大棚损毁严重',
  'severe-sandstorm': '大风携沙尘过境，能见度骤降，部分大棚棚膜撕裂，高速公路临时封闭',
  sandstorm: '沙尘暴过境，空气很混浊，春播地块表土被风蚀，部分地膜被掀起',
  'blowing-sand': '扬沙天气，地面尘沙被吹起，空气相当混浊，对春播和出行有一定影响',
  'floating-dust': '上游沙尘输送影响，浮尘天气，空气质量达重度污染，无明显风',
};

/** Made once, when the demo customer has no record yet (records deleted later stay deleted). */
export async function seedDemoSandstorms(db: Db, customerId: number): Promise<number> {
  const any = await db.selectFrom('sandstorm_record').select('id').where('customer_id', '=', customerId).executeTakeFirst();
  if (any) return 0;
  const now = nowIso();
  const rows = EVENTS.map(([time, code, level, hours], k) => {
    const place = PLACES[code]!;
    const { minVisibility, maxWindSpeed, loss } = figures(level, k);
    const severe = level === 'severe-sandstorm' || level === 'extreme-sandstorm';
    return {
      customer_id: customerId,
      location: place.name,
      // Scattered a little around the county seat.
      lon: Math.round((place.lon + (((k * 13) % 7) - 3) * 0.02) * 1000) / 1000,
      lat: Math.round((place.lat + (((k * 7) % 5) - 2) * 0.02) * 1000) / 1000,
      level,
      level_derived: 0,
      time: new Date(`${time.replace(' ', 'T')}:00+08:00`).toISOString(),
      duration: hours,
      min_visibility: minVisibility,
      max_wind_speed: maxWindSpeed,
      precipitation: level === 'floating-dust' ? 0 : Math.round(((k * 11) % 4) * 0.3 * 10) / 10,
      region_code: code,
      economic_loss: loss,
      description: DESCRIPTIONS[level],
      houses_collapsed: severe ? (k % 3) + 1 : 0,
      deaths: 0,
      injured: severe ? (k % 4) + 1 : level === 'sandstorm' ? k % 2 : 0,
      remark: '',
      created_by_name: DEMO_ACTOR,
      created_at: now,
      updated_at: now,
    };
  });
  await db.insertInto('sandstorm_record').values(rows).execute();
  return rows.length;
}

export const DEMO_SANDSTORM_COUNT = EVENTS.length;
export const DEMO_SANDSTORM_PLACES = PLACES;
