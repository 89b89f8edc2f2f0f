import {
  ErrorCode,
  TRAVEL_WEATHER_HOURS,
  type TravelWeather,
  type TravelWeatherQuery,
  type WeatherNeeds,
  WeatherNeedsBody,
} from '@agromet/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import { AppError, errors } from '../../core/errors.js';
import type { Lang } from '../../core/messages.js';
import { meteogram } from '../grids/meteogram.js';
import { gridCatalog } from '../grids/service.js';
import type { GridStore } from '../grids/store.js';
import { TARGET_TABLES } from './records.js';
import type { TravelDeps } from './service.js';
import { stepOf, travelDays, travelHours } from './weather-rules.js';
import { parseStoredJson } from '../../core/stored-json.js';

// Travel weather (docs/travel.md#travel-weather): the customer's newest forecast with temperature read at a spot or
// landscape, through the meteogram's point reads (one cell of each stored grid); the type named in the reader's
// language (docs/i18n.md#text-the-server-writes).

export type TravelWeatherDeps = TravelDeps & { store: GridStore };

export async function travelWeather(
  deps: TravelWeatherDeps,
  auth: AuthContext,
  q: z.output<typeof TravelWeatherQuery>,
  lang: Lang = 'zh',
): Promise<TravelWeather> {
  const { db } = deps;
  const place = await db
    .selectFrom(TARGET_TABLES[q.targetType])
    .select(['lon', 'lat'])
    .where('id', '=', q.id)
    .where('customer_id', '=', auth.customerId)
    .executeTakeFirst();
  if (!place) throw errors.notFound();
  let landscape: { needs: WeatherNeeds; bestFrom: string; bestTo: string } | undefined;
  if (q.targetType === 'landscape') {
    const row = await db
      .selectFrom('travel_landscape')
      .select(['weather', 'best_from', 'best_to'])
      .where('id', '=', q.id)
      .executeTakeFirstOrThrow();
    landscape = {
      needs: parseStoredJson(WeatherNeedsBody, row.weather, { table: 'travel_landscape', id: q.id, column: 'weather' }),
      bestFrom: row.best_from,
      bestTo: row.best_to,
    };
  }
  const empty = { type: '', typeName: '', baseTime: '', lon: place.lon, lat: place.lat, hours: [], days: [] };

  // The type whose newest run is the most recent among those with temperature.
  const types = (await gridCatalog(db, auth.customerId, lang)).filter(
    (t) => t.baseTimes.length > 0 && t.factors.some((f) => f.code === 'tmp' && f.baseTimes.length > 0),
  );
  types.sort((a, b) => b.baseTimes[0]!.localeCompare(a.baseTimes[0]!));
  const type = types[0];
  if (!type) return { status: 'noForecast', ...empty };
  let m;
  try {
    m = await meteogram(db, deps.store, auth.customerId, { type: type.code, lon: place.lon, lat: place.lat, format: 'json' }, lang);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.VALIDATION) return { status: 'outsideGrid', ...empty };
    throw error;
  }
  const hours = travelHours(m, TRAVEL_WEATHER_HOURS);
  const at = (code: string) => {
    const values = m.elements.find((e) => e.code === code && !e.derived)?.values ?? [];
    return new Map(m.leads.flatMap((lead, k) => (values[k] != null ? [[lead, values[k]!] as [number, number]] : [])));
  };
  const days = travelDays(hours, stepOf(m.leads), { tmax: at('tmax'), tmin: at('tmin') }, landscape);
  return { status: 'ok', type: m.type, typeName: m.typeName, baseTime: m.baseTime, lon: place.lon, lat: place.lat, hours, days };
}
