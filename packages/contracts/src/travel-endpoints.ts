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
