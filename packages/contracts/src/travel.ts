import { z } from 'zod';
import { StoredImagePath } from './auth.js';
import {
  COMMENT_NICKNAME_MAX,
  GREENWAY_DIFFICULTIES,
  GREENWAY_POINTS,
  GREENWAY_SURFACES,
  LANDSCAPE_KINDS,
  ROUTE_DAYS_MAX,
  ROUTE_STOP_TYPES,
  ROUTE_STOPS,
  MONTH_DAY_PATTERN,
  PRECIPITATION_NEEDS,
  COMMENT_STATUSES,
  COMMENT_TARGETS,
  COMMENT_TEXT_MAX,
  MODERATION_REASON_MAX,
  SENSITIVE_WORDS_MAX,
  SPOT_GRADES,
  SPOT_PHOTOS_MAX,
  SPOT_TEXT_MAX,
  TICKET_PRICE_MAX,
} from './travel-endpoints.js';
import { SANDSTORM_LIMITS } from './disaster-endpoints.js';
import { RegionCode } from './disaster.js';
import { pageFields } from './system.js';

// Tourism content (docs/travel.md): scenic spots and visitors' comments with moderation and the public calls an
// official account or mini-program makes. Entries of the API table, spread into API in api.ts.

const id = z.number().int().positive();
const version = z.number().int().positive();
const queryId = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max).default('');

export const spotFields = {
  name: z.string().trim().min(1).max(SPOT_TEXT_MAX.name),
  grade: z.enum(SPOT_GRADES).default(''),
  regionCode: RegionCode,
  address: text(SPOT_TEXT_MAX.address),
  lon: z.number().min(SANDSTORM_LIMITS.lon[0]).max(SANDSTORM_LIMITS.lon[1]),
  lat: z.number().min(SANDSTORM_LIMITS.lat[0]).max(SANDSTORM_LIMITS.lat[1]),
  openingHours: text(SPOT_TEXT_MAX.openingHours),
  /** CNY; null: free or not stated. */
  ticketPrice: z.number().min(0).max(TICKET_PRICE_MAX).nullish(),
  phone: z
    .string()
    .trim()
    .max(SPOT_TEXT_MAX.phone)
    .regex(/^[0-9+\-() ]*$/, 'phoneFormat')
    .default(''),
  photos: z.array(StoredImagePath.min(1)).max(SPOT_PHOTOS_MAX).default([]),
  description: text(SPOT_TEXT_MAX.description),
  published: z.boolean().default(false),
};

export const SpotCreate = z.strictObject(spotFields);
export const SpotUpdate = z.strictObject({ id, version, ...spotFields });
export type SpotCreate = z.input<typeof SpotCreate>;

export const Spot = z.object({
  id: z.number().int(),
  name: z.string(),
  grade: z.enum(SPOT_GRADES),
  regionCode: z.string(),
  regionName: z.string(),
  address: z.string(),
  lon: z.number(),
  lat: z.number(),
  openingHours: z.string(),
  ticketPrice: z.number().nullable(),
  phone: z.string(),
  photos: z.array(z.string()),
  description: z.string(),
  published: z.boolean(),
  /** Passed comments and their mean rating. */
  comments: z.number().int(),
  rating: z.number().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Spot = z.infer<typeof Spot>;

export const SpotQuery = z.strictObject({
  ...pageFields,
  size: z.coerce.number().int().min(1).max(1000).default(20),
  keyword: z.string().trim().max(64).optional(),
  grade: z.enum(SPOT_GRADES).optional(),
  /** A province or prefecture code matches every county below it. */
  code: RegionCode.optional(),
  published: z.enum(['true', 'false']).optional(),
});
export const SpotIdQuery = z.strictObject({ id: queryId });

export const WeatherNeedsBody = z.strictObject({
  tempMin: z.number().min(-60).max(50).nullish(),
  tempMax: z.number().min(-60).max(50).nullish(),
  maxWind: z.number().min(0).max(75).nullish(),
  precipitation: z.enum(PRECIPITATION_NEEDS).default('any'),
});

const monthDay = z.string().regex(MONTH_DAY_PATTERN, 'monthDayFormat');

export const landscapeFields = {
  name: z.string().trim().min(1).max(SPOT_TEXT_MAX.name),
  kind: z.enum(LANDSCAPE_KINDS),
  /** The scenic spot it belongs to (one of the customer's), or none. */
  spotId: z.number().int().positive().nullish(),
  regionCode: RegionCode,
  lon: spotFields.lon,
  lat: spotFields.lat,
  /** Best-viewing period, "MM-DD" to "MM-DD" (may run over the new year). */
  bestFrom: monthDay,
  bestTo: monthDay,
  weather: WeatherNeedsBody,
  photos: spotFields.photos,
  description: spotFields.description,
  published: spotFields.published,
};
export const LandscapeCreate = z
  .strictObject(landscapeFields)
  .refine((l) => l.weather.tempMin == null || l.weather.tempMax == null || l.weather.tempMin <= l.weather.tempMax, {
    path: ['weather', 'tempMax'],
    message: 'travel.tempOrder',
  });
export const LandscapeUpdate = z.strictObject({ id, version, ...landscapeFields });
export type LandscapeCreate = z.input<typeof LandscapeCreate>;

export const Landscape = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(LANDSCAPE_KINDS),
  spotId: z.number().int().nullable(),
  spotName: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  lon: z.number(),
  lat: z.number(),
  bestFrom: z.string(),
  bestTo: z.string(),
  weather: z.object({
    tempMin: z.number().nullable(),
    tempMax: z.number().nullable(),
    maxWind: z.number().nullable(),
    precipitation: z.enum(PRECIPITATION_NEEDS),
  }),
  photos: z.array(z.string()),
  description: z.string(),
  published: z.boolean(),
  /** Whether today (Beijing time) lies in the best-viewing period. */
  inSeason: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Landscape = z.infer<typeof Landscape>;

export const LandscapeQuery = z.strictObject({
  ...pageFields,
  size: z.coerce.number().int().min(1).max(1000).default(20),
  keyword: z.string().trim().max(64).optional(),
  kind: z.enum(LANDSCAPE_KINDS).optional(),
  spotId: z.coerce.number().int().positive().optional(),
  code: RegionCode.optional(),
});

const lonLat = z.tuple([spotFields.lon, spotFields.lat]);
const placeName = z.string().trim().max(64).default('');

export const greenwayFields = {
  name: spotFields.name,
  regionCode: RegionCode,
  /** The line as [lon, lat] vertices, drawn on the map; its length is computed from them. */
  line: z.array(lonLat).min(GREENWAY_POINTS.min).max(GREENWAY_POINTS.max),
  surface: z.enum(GREENWAY_SURFACES),
  difficulty: z.enum(GREENWAY_DIFFICULTIES),
  /** Where it starts and ends, as a visitor would name them. */
  start: placeName,
  end: placeName,
  photos: spotFields.photos,
  description: spotFields.description,
  published: spotFields.published,
};
export const GreenwayCreate = z.strictObject(greenwayFields);
export const GreenwayUpdate = z.strictObject({ id, version, ...greenwayFields });
export type GreenwayCreate = z.input<typeof GreenwayCreate>;

export const Greenway = z.object({
  id: z.number().int(),
  name: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  line: z.array(z.tuple([z.number(), z.number()])),
  /** Great-circle length of the line, km (10 m). */
  lengthKm: z.number(),
  surface: z.enum(GREENWAY_SURFACES),
  difficulty: z.enum(GREENWAY_DIFFICULTIES),
  start: z.string(),
  end: z.string(),
  photos: z.array(z.string()),
  description: z.string(),
  published: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Greenway = z.infer<typeof Greenway>;

export const GreenwayQuery = z.strictObject({
  ...pageFields,
  size: z.coerce.number().int().min(1).max(1000).default(20),
  keyword: z.string().trim().max(64).optional(),
  difficulty: z.enum(GREENWAY_DIFFICULTIES).optional(),
  surface: z.enum(GREENWAY_SURFACES).optional(),
  code: RegionCode.optional(),
});

export const RouteStopRef = z.strictObject({ type: z.enum(ROUTE_STOP_TYPES), id });
export const routeFields = {
  name: spotFields.name,
  days: z.number().int().min(1).max(ROUTE_DAYS_MAX),
  /** Stops in visiting order: the customer's scenic spots and landscapes; the same one twice in a row is refused. */
  stops: z.array(RouteStopRef).min(ROUTE_STOPS.min).max(ROUTE_STOPS.max),
  description: spotFields.description,
  published: spotFields.published,
};
const noRepeatedStop = (r: { stops: Array<{ type: string; id: number }> }, ctx: z.RefinementCtx) => {
  r.stops.forEach((s, k) => {
    const prev = r.stops[k - 1];
    if (prev && prev.type === s.type && prev.id === s.id)
      ctx.addIssue({ code: 'custom', path: ['stops', k], message: 'travel.repeatedStop' });
  });
};
export const RouteCreate = z.strictObject(routeFields).superRefine(noRepeatedStop);
export const RouteUpdate = z.strictObject({ id, version, ...routeFields }).superRefine(noRepeatedStop);
export type RouteCreate = z.input<typeof RouteCreate>;

export const RouteStop = z.object({
  type: z.enum(ROUTE_STOP_TYPES),
  id: z.number().int(),
  name: z.string(),
  lon: z.number(),
  lat: z.number(),
  /** Great-circle distance from the previous stop, km (0 for the first). */
  legKm: z.number(),
});
export type RouteStop = z.infer<typeof RouteStop>;
export const Route = z.object({
  id: z.number().int(),
  name: z.string(),
  days: z.number().int(),
  stops: z.array(RouteStop),
  /** Sum of the legs, km (straight lines between stops, 10 m). */
  totalKm: z.number(),
  description: z.string(),
  published: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Route = z.infer<typeof Route>;
export const RouteQuery = z.strictObject({
  ...pageFields,
  size: z.coerce.number().int().min(1).max(1000).default(20),
  keyword: z.string().trim().max(64).optional(),
  /** Routes stopping at this spot or landscape. */
  stopType: z.enum(ROUTE_STOP_TYPES).optional(),
  stopId: z.coerce.number().int().positive().optional(),
});

/** The forecast at a spot or landscape for the coming hours, from the customer's forecast grids. */
export const TravelWeatherQuery = z.strictObject({ targetType: z.enum(ROUTE_STOP_TYPES), id: queryId });
export const TravelWeatherHour = z.object({
  validTime: z.string(),
  lead: z.number().int(),
  /** °C, mm over the step ending here, m/s, degrees from north (where from); null where the grid has no value. */
  temperature: z.number().nullable(),
  precipitation: z.number().nullable(),
  windSpeed: z.number().nullable(),
  windDirection: z.number().nullable(),
});
export const TravelWeatherDay = z.object({
  /** Beijing calendar date, YYYY-MM-DD. */
  date: z.string(),
  tmin: z.number().nullable(),
  tmax: z.number().nullable(),
  precipitation: z.number().nullable(),
  wind: z.number().nullable(),
  /** Whether every step of the day is in the forecast (partial days at the ends are shown but marked). */
  complete: z.boolean(),
  /** Landscapes: the needs this day fails (empty: a good day to go); null for spots or without data. */
  unmet: z.array(z.enum(['tempMin', 'tempMax', 'maxWind', 'precipitation'])).nullable(),
  /** Landscapes: whether the day lies in the best-viewing period; null for spots. */
  inSeason: z.boolean().nullable(),
});
export type TravelWeatherDay = z.infer<typeof TravelWeatherDay>;
export const TravelWeather = z.object({
  /** 'ok', or why there is nothing to show: the customer has no forecast with temperature, or the place is off its grid. */
  status: z.enum(['ok', 'noForecast', 'outsideGrid']),
  type: z.string(),
  typeName: z.string(),
  baseTime: z.string(),
  lon: z.number(),
  lat: z.number(),
  hours: z.array(TravelWeatherHour),
  days: z.array(TravelWeatherDay),
});
export type TravelWeather = z.infer<typeof TravelWeather>;

export const Comment = z.object({
  id: z.number().int(),
  targetType: z.enum(COMMENT_TARGETS),
  targetId: z.number().int(),
  /** The commented record's name. */
  targetName: z.string(),
  rating: z.number().int(),
  text: z.string(),
  nickname: z.string(),
  status: z.enum(COMMENT_STATUSES),
  reason: z.string(),
  /** Sensitive words of the customer's list found in the text or nickname. */
  flagged: z.array(z.string()),
  createdAt: z.string(),
  moderatedAt: z.string().nullable(),
  moderatedBy: z.string(),
});
export type Comment = z.infer<typeof Comment>;

export const CommentQuery = z.strictObject({
  ...pageFields,
  status: z.enum(COMMENT_STATUSES).optional(),
  targetType: z.enum(COMMENT_TARGETS).optional(),
  targetId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(64).optional(),
  flagged: z.enum(['true', 'false']).optional(),
});

/** Bulk moderation: pass, or refuse with a reason (required for a refusal). */
export const CommentModerate = z
  .strictObject({
    ids: z.array(id).min(1).max(200),
    status: z.enum(['passed', 'rejected']),
    reason: z.string().trim().max(MODERATION_REASON_MAX).default(''),
  })
  .refine((m) => m.status === 'passed' || m.reason !== '', { path: ['reason'], message: 'travel.reasonRequired' });
export const CommentModerated = z.object({ updated: z.number().int() });

export const SensitiveWords = z.object({ words: z.array(z.string()) });
export const SensitiveWordsSave = z.strictObject({
  words: z.array(z.string().trim().min(1).max(32)).max(SENSITIVE_WORDS_MAX),
});

// ---- public calls (no sign-in) -------------------------------------------------------------------

export const PublicSpot = Spot.pick({
  id: true,
  name: true,
  grade: true,
  regionCode: true,
  regionName: true,
  address: true,
  lon: true,
  lat: true,
  openingHours: true,
  ticketPrice: true,
  phone: true,
  photos: true,
  description: true,
  comments: true,
  rating: true,
});
export const PublicSpotsQuery = z.strictObject({ customerId: queryId, ...pageFields });
export const PublicComment = Comment.pick({ id: true, rating: true, text: true, nickname: true, createdAt: true });
export const PublicCommentsQuery = z.strictObject({ targetType: z.enum(COMMENT_TARGETS), targetId: queryId, ...pageFields });
export const PublicCommentAdd = z.strictObject({
  targetType: z.enum(COMMENT_TARGETS),
  targetId: id,
  rating: z.number().int().min(1).max(5),
  /** HTML is stripped before the length is checked. */
  text: z.string().max(COMMENT_TEXT_MAX * 4),
  nickname: z.string().max(COMMENT_NICKNAME_MAX * 4),
});
export const PublicCommentAdded = z.object({ id: z.number().int(), status: z.literal('pending') });
