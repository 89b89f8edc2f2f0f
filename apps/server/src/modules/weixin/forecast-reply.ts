import type { Meteogram } from '@agromet/contracts';
import type { Db } from '../../core/db/index.js';
import { meteogram } from '../grids/meteogram.js';
import { gridCatalog } from '../grids/service.js';
import type { GridStore } from '../grids/store.js';

// A follower's text naming one of the customer's stations or its county is answered with the coming 24 hours of the
// customer's newest forecast at that station (docs/weixin.md#callback), read as the meteogram reads it.

const HOUR = 3_600_000;

export interface Day24 {
  from: string;
  tmin: number | null;
  tmax: number | null;
  precipitation: number | null;
  wind: number | null;
}

/** The 24 hours from the first valid time after `now` (or from the run's start when the run is older than that). */
export function next24h(m: Pick<Meteogram, 'validTimes' | 'elements'>, now: number): Day24 | null {
  const times = m.validTimes.map((v) => Date.parse(v));
  let start = times.findIndex((t) => t > now);
  if (start < 0) start = 0;
  const end = times[start]! + 24 * HOUR;
  const picked = times.map((t, k) => (k >= start && t <= end ? k : -1)).filter((k) => k >= 0);
  if (picked.length === 0) return null;
  const values = (code: string) =>
    picked.map((k) => m.elements.find((e) => e.code === code && !e.derived)?.values[k] ?? null).filter((v): v is number => v !== null);
  const temps = [...values('tmp'), ...values('tmax'), ...values('tmin')];
  const rain = values('pre3h');
  const wind = m.elements.some((e) => e.code === 'wsp' && !e.derived)
    ? values('wsp')
    : picked.map((k) => m.elements.find((e) => e.code === 'wsp')?.values[k] ?? null).filter((v): v is number => v !== null);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    from: new Date(times[start]!).toISOString(),
    tmin: temps.length ? round(Math.min(...temps)) : null,
    tmax: temps.length ? round(Math.max(...temps)) : null,
    precipitation: rain.length ? round(rain.reduce((a, b) => a + b, 0)) : null,
    wind: wind.length ? round(Math.max(...wind)) : null,
  };
}

/** Beijing wall time, "11月24日 20时". */
const beijing = (iso: string) => {
  const d = new Date(Date.parse(iso) + 8 * HOUR);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${d.getUTCHours()}时`;
};

export function replyText(station: { name: string; district: string }, day: Day24): string {
  const place = station.district && station.district !== station.name ? `${station.name}（${station.district}）` : station.name;
  const parts = [
    day.tmin !== null && day.tmax !== null ? `气温 ${day.tmin}～${day.tmax} ℃` : '',
    day.precipitation !== null ? (day.precipitation >= 0.1 ? `降水 ${day.precipitation} 毫米` : '无降水') : '',
    day.wind !== null ? `最大风速 ${day.wind} 米/秒` : '',
  ].filter(Boolean);
  return `${place} ${beijing(day.from)}起 24 小时：${parts.join('，')}。`;
}

export const HELP_TEXT = '发送站点或区县名称（如“洛川”），即可获取未来 24 小时天气预报。';

/** The reply to a follower's text, or the help text when it names no station or county of the customer. */
export async function forecastReply(db: Db, store: GridStore, customerId: number, content: string, now = Date.now()): Promise<string> {
  const text = content.trim().slice(0, 100);
  if (text === '') return HELP_TEXT;
  const stations = await db.selectFrom('station').select(['id', 'name', 'district']).where('customer_id', '=', customerId).execute();
  // The longest name found in the text: "长安区" before "长安".
  const named = stations
    .flatMap((s) => [
      { s, key: s.name },
      { s, key: s.district.replace(/[区县市]$/, '') },
      { s, key: s.district },
    ])
    .filter((x) => x.key.length >= 2 && text.includes(x.key))
    .sort((a, b) => b.key.length - a.key.length)[0];
  if (!named) return HELP_TEXT;
  const types = (await gridCatalog(db, customerId)).filter((t) => t.baseTimes.length > 0 && t.factors.some((f) => f.code === 'tmp'));
  types.sort((a, b) => b.baseTimes[0]!.localeCompare(a.baseTimes[0]!));
  const type = types[0];
  if (!type) return HELP_TEXT;
  const m = await meteogram(db, store, customerId, { type: type.code, station: named.s.id, format: 'json' });
  const day = next24h(m, now);
  return day ? replyText(named.s, day) : HELP_TEXT;
}
