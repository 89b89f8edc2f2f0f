// Tourism content (docs/travel.md): the zod-free half the browser imports at run time: method and address of each
// call (spread into API_ENDPOINTS) and the limits the pages check before sending.

export const TRAVEL_ENDPOINTS = {
  travelSpotPage: { method: 'GET', url: '/api/travel/spot/page' },
  travelSpotInsert: { method: 'POST', url: '/api/travel/spot/insert' },
  travelSpotUpdate: { method: 'POST', url: '/api/travel/spot/update' },
  travelSpotDelete: { method: 'GET', url: '/api/travel/spot/deleteById' },
  travelCommentPage: { method: 'GET', url: '/api/travel/comment/page' },
  travelCommentModerate: { method: 'POST', url: '/api/travel/comment/moderate' },
  travelSensitiveWords: { method: 'GET', url: '/api/travel/sensitiveWords' },
  travelSensitiveWordsSave: { method: 'POST', url: '/api/travel/sensitiveWords/save' },
  travelLandscapePage: { method: 'GET', url: '/api/travel/landscape/page' },
  travelLandscapeInsert: { method: 'POST', url: '/api/travel/landscape/insert' },
  travelLandscapeUpdate: { method: 'POST', url: '/api/travel/landscape/update' },
  travelLandscapeDelete: { method: 'GET', url: '/api/travel/landscape/deleteById' },
  travelGreenwayPage: { method: 'GET', url: '/api/travel/greenway/page' },
  travelGreenwayInsert: { method: 'POST', url: '/api/travel/greenway/insert' },
  travelGreenwayUpdate: { method: 'POST', url: '/api/travel/greenway/update' },
  travelGreenwayDelete: { method: 'GET', url: '/api/travel/greenway/deleteById' },
  travelRoutePage: { method: 'GET', url: '/api/travel/route/page' },
  travelRouteInsert: { method: 'POST', url: '/api/travel/route/insert' },
  travelRouteUpdate: { method: 'POST', url: '/api/travel/route/update' },
  travelRouteDelete: { method: 'GET', url: '/api/travel/route/deleteById' },
  travelWeather: { method: 'GET', url: '/api/travel/weather' },
  publicTravelSpots: { method: 'GET', url: '/api/public/travel/spots' },
  publicTravelComments: { method: 'GET', url: '/api/public/travel/comments' },
  publicTravelCommentAdd: { method: 'POST', url: '/api/public/travel/comments' },
} as const;

/** Grades of scenic spots (GB/T 17775, A to 5A); '' for none. */
export const SPOT_GRADES = ['', 'A', 'AA', 'AAA', 'AAAA', 'AAAAA'] as const;
export type SpotGrade = (typeof SPOT_GRADES)[number];

export const SPOT_TEXT_MAX = { name: 64, address: 256, openingHours: 128, phone: 32, description: 4000 } as const;
export const SPOT_PHOTOS_MAX = 9;
/** CNY. */
export const TICKET_PRICE_MAX = 10_000;

/** What visitors comment on; spots now, the other pages' records when they are built. */
export const COMMENT_TARGETS = ['spot', 'landscape', 'greenway', 'route'] as const;
export type CommentTarget = (typeof COMMENT_TARGETS)[number];
export const COMMENT_STATUSES = ['pending', 'passed', 'rejected'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
export const COMMENT_TEXT_MAX = 500;
export const COMMENT_NICKNAME_MAX = 32;
export const MODERATION_REASON_MAX = 200;
/** A customer's sensitive words: at most this many, each 1–32 characters. */
export const SENSITIVE_WORDS_MAX = 500;

/** Comments one address may post through the public call within the window. */
export const PUBLIC_COMMENT_LIMIT = { count: 5, windowSeconds: 600 } as const;

/** Kinds of seasonal landscapes. */
export const LANDSCAPE_KINDS = [
  'autumn-leaves',
  'rape-flowers',
  'blossom',
  'snow',
  'rime',
  'sea-of-clouds',
  'sunrise',
  'waterfall',
  'other',
] as const;
export type LandscapeKind = (typeof LANDSCAPE_KINDS)[number];
/** Precipitation a landscape needs: none (clear views), needed (snow, waterfalls in flood) or either. */
export const PRECIPITATION_NEEDS = ['any', 'none', 'needed'] as const;
export type PrecipitationNeed = (typeof PRECIPITATION_NEEDS)[number];
/** A day of the year as "MM-DD". */
export const MONTH_DAY_PATTERN = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** What a greenway is surfaced with. */
export const GREENWAY_SURFACES = ['asphalt', 'concrete', 'gravel', 'dirt', 'boardwalk', 'mixed'] as const;
export type GreenwaySurface = (typeof GREENWAY_SURFACES)[number];
export const GREENWAY_DIFFICULTIES = ['easy', 'moderate', 'hard'] as const;
export type GreenwayDifficulty = (typeof GREENWAY_DIFFICULTIES)[number];
/** Vertices of a greenway's line. */
export const GREENWAY_POINTS = { min: 2, max: 500 } as const;
/** Stops of a route, and its days. */
export const ROUTE_STOPS = { min: 2, max: 30 } as const;
export const ROUTE_DAYS_MAX = 30;
/** What a route stops at: a scenic spot or a landscape of the customer. */
export const ROUTE_STOP_TYPES = ['spot', 'landscape'] as const;
export type RouteStopType = (typeof ROUTE_STOP_TYPES)[number];
/** Hours of forecast the travel weather shows. */
export const TRAVEL_WEATHER_HOURS = 72;

const RADIANS = Math.PI / 180;
/** Mean Earth radius (IUGG), km. */
const EARTH_KM = 6371.0088;

/** Great-circle (haversine) distance in km between two [lon, lat] points. */
export function legKm(a: readonly [number, number], b: readonly [number, number]): number {
  const sinLat = Math.sin(((b[1] - a[1]) * RADIANS) / 2);
  const sinLon = Math.sin(((b[0] - a[0]) * RADIANS) / 2);
  const h = sinLat * sinLat + Math.cos(a[1] * RADIANS) * Math.cos(b[1] * RADIANS) * sinLon * sinLon;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length in km of a path through [lon, lat] points (greenway lines, route stops), rounded to 10 m. */
export function pathKm(points: ReadonlyArray<readonly [number, number]>): number {
  let km = 0;
  for (let k = 1; k < points.length; k++) km += legKm(points[k - 1]!, points[k]!);
  return Math.round(km * 100) / 100;
}
