import type { z } from 'zod';
import type { ApiDef } from './api-def.js';
import { ARTICLE_API } from './articles-api.js';
import { DISASTER_API } from './disaster-api.js';
import { DOWNLOADS_API } from './downloads-api.js';
import { GRIDS_API } from './grids-api.js';
import { PRODUCTS_API } from './products-api.js';
import { REVISE_API } from './revise-api.js';
import { RISK_API } from './risk-api.js';
import { SYSTEM_API } from './system-api.js';
import { TRAVEL_API } from './travel-api.js';
import { WEIXIN_API } from './weixin-api.js';
import { ZONING_API } from './zoning-api.js';

export type { ApiAccess, ApiDef } from './api-def.js';

/**
 * One table of every API route: the server registers and guards from it; tests generate matrices from it. Each area
 * keeps its part in `<area>-api.ts` (access, schemas, summary) beside its schemas (`<area>.ts`) and, for the browser,
 * its zod-free method and address (`endpoints.ts`, `<area>-endpoints.ts`).
 */
// The order is the table's order of old, which the reliability suite's tenancy step walks (its calls change data later
// calls read): the newer areas first.
export const API = {
  ...DISASTER_API,
  ...TRAVEL_API,
  ...WEIXIN_API,
  ...ARTICLE_API,
  ...SYSTEM_API,
  ...GRIDS_API,
  ...REVISE_API,
  ...ZONING_API,
  ...DOWNLOADS_API,
  ...PRODUCTS_API,
  ...RISK_API,
} as const satisfies Record<string, ApiDef>;

export type ApiName = keyof typeof API;
export type ApiData<N extends ApiName> = z.infer<(typeof API)[N]['data']>;
