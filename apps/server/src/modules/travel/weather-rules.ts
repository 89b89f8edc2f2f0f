import { inSeason, unmetNeeds, type Meteogram, type TravelWeather, type WeatherNeeds } from '@agromet/contracts';

// Travel weather (docs/travel.md#travel-weather): the forecast at a spot or landscape, cut to the coming hours and
// summed up per Beijing calendar day; for a landscape each day is checked against the weather it needs.

type Hour = TravelWeather['hours'][number];
type Day = TravelWeather['days'][number];
const BEIJING_MS = 8 * 3_600_000;

const series = (m: Pick<Meteogram, 'elements'>, code: string) =>
  m.elements.find((e) => e.code === code && !e.derived)?.values ?? m.elements.find((e) => e.code === code)?.values;

/** The hours of the meteogram up to `hours` after its run (lead 0 included): temperature, 3 h precipitation, wind. */
export function travelHours(m: Pick<Meteogram, 'leads' | 'validTimes' | 'elements'>, hours: number): Hour[] {
  const [tmp, pre, wsp, wdir] = ['tmp', 'pre3h', 'wsp', 'wdir'].map((c) => series(m, c));
  const out: Hour[] = [];
  m.leads.forEach((lead, k) => {
    if (lead < 0 || lead > hours) return;
    out.push({
      validTime: m.validTimes[k]!,
      lead,
      temperature: tmp?.[k] ?? null,
      precipitation: pre?.[k] ?? null,
      windSpeed: wsp?.[k] ?? null,
      windDirection: wdir?.[k] ?? null,
    });
  });
  return out;
}

/**
 * The Beijing calendar day a value at `validTime` counts for: amounts end at their valid time, so a step ending at
 * midnight belongs to the day before (valid time less 1 ms).
 */
export const beijingDay = (validTime: string) => new Date(Date.parse(validTime) - 1 + BEIJING_MS).toISOString().slice(0, 10);

const extreme = (values: number[], pick: (...v: number[]) => number) => (values.length > 0 ? Math.round(pick(...values) * 10) / 10 : null);

/**
 * One entry per Beijing day the hours touch: lowest and highest temperature (also from stored daily extremes at those
 * leads), precipitation summed, strongest wind. A day is complete when every `stepHours` step of it is there. For a
 * landscape, its needs are checked on each day with values, and whether the day is in its season.
 */
export function travelDays(
  hours: Hour[],
  stepHours: number,
  extremes: { tmax: Map<number, number>; tmin: Map<number, number> },
  landscape?: { needs: WeatherNeeds; bestFrom: string; bestTo: string },
): Day[] {
  const byDay = new Map<string, Hour[]>();
  for (const h of hours) {
    const day = beijingDay(h.validTime);
    const list = byDay.get(day);
    if (list) list.push(h);
    else byDay.set(day, [h]);
  }
  return [...byDay].map(([date, hs]) => {
    const temps = hs.map((h) => h.temperature).filter((v): v is number => v !== null);
    const highs = [...temps, ...hs.map((h) => extremes.tmax.get(h.lead)).filter((v): v is number => v !== undefined)];
    const lows = [...temps, ...hs.map((h) => extremes.tmin.get(h.lead)).filter((v): v is number => v !== undefined)];
    const rain = hs.map((h) => h.precipitation).filter((v): v is number => v !== null);
    const winds = hs.map((h) => h.windSpeed).filter((v): v is number => v !== null);
    const day: Day = {
      date,
      tmin: extreme(lows, Math.min),
      tmax: extreme(highs, Math.max),
      precipitation: rain.length > 0 ? Math.round(rain.reduce((a, b) => a + b, 0) * 10) / 10 : null,
      wind: extreme(winds, Math.max),
      // The steps ending within the day: at step, 2·step, …, 24 h after its start.
      complete: hs.length >= Math.round(24 / stepHours),
      unmet: null,
      inSeason: null,
    };
    if (landscape) {
      day.inSeason = inSeason(date.slice(5), landscape.bestFrom, landscape.bestTo);
      if (day.tmin !== null && day.tmax !== null)
        day.unmet = unmetNeeds(landscape.needs, {
          tmin: day.tmin,
          tmax: day.tmax,
          wind: day.wind ?? 0,
          precipitation: day.precipitation ?? 0,
        });
    }
    return day;
  });
}

/** The step of a run: the smallest gap between its leads (3 h when there is only one lead). */
export function stepOf(leads: readonly number[]): number {
  let step = Number.POSITIVE_INFINITY;
  for (let k = 1; k < leads.length; k++) step = Math.min(step, leads[k]! - leads[k - 1]!);
  return Number.isFinite(step) && step > 0 ? step : 3;
}
