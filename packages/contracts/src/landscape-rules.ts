// Pure rules of seasonal landscapes (docs/travel.md#landscapes): the best-viewing period, which may run over the new
// year, and whether a day's weather meets a landscape's needs.
import type { PrecipitationNeed } from './travel-endpoints.js';

/** Whether "MM-DD" `day` lies in the period from `from` to `to` (both included; `to` before `from` wraps the year). */
export function inSeason(day: string, from: string, to: string): boolean {
  return from <= to ? day >= from && day <= to : day >= from || day <= to;
}

export interface WeatherNeeds {
  /** °C: the day's minimum at least / maximum at most. */
  tempMin?: number | null;
  tempMax?: number | null;
  /** m/s: the day's wind at most. */
  maxWind?: number | null;
  precipitation: PrecipitationNeed;
}

export interface DayWeather {
  tmin: number;
  tmax: number;
  wind: number;
  /** mm over the day. */
  precipitation: number;
}

/** The needs a day fails (empty when it meets them all). Precipitation counts from 0.1 mm, the rain-day threshold. */
export function unmetNeeds(needs: WeatherNeeds, day: DayWeather): Array<'tempMin' | 'tempMax' | 'maxWind' | 'precipitation'> {
  const unmet: Array<'tempMin' | 'tempMax' | 'maxWind' | 'precipitation'> = [];
  if (needs.tempMin != null && day.tmin < needs.tempMin) unmet.push('tempMin');
  if (needs.tempMax != null && day.tmax > needs.tempMax) unmet.push('tempMax');
  if (needs.maxWind != null && day.wind > needs.maxWind) unmet.push('maxWind');
  const wet = day.precipitation >= 0.1;
  if ((needs.precipitation === 'none' && wet) || (needs.precipitation === 'needed' && !wet)) unmet.push('precipitation');
  return unmet;
}
