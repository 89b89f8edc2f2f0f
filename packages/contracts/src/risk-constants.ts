// Constants of crop risk products (docs/risk.md) without zod: the browser imports them through ./web.ts.

/** The make-risk page's code: hazards, risk runs and risk products. */
export const RISK_CODE = 'make.risk.admin';

/** Warning levels IV, III, II, I (index 0–3 here; levels 1–4 in a level grid, 0 no risk, 255 no data). */
export const RISK_LEVELS = ['IV', 'III', 'II', 'I'] as const;

/** The four warning colours: blue, yellow, orange, red (IV → I). */
export const RISK_LEVEL_COLORS = ['#1e6fd9', '#f5d300', '#f57f17', '#d50000'] as const;

/** Kinds of hazard; `custom` for a customer's own. Each seeded kind has its default thresholds. */
export const HAZARD_KINDS = ['frost', 'winterInjury', 'heat', 'rain', 'wind', 'dryHotWind', 'drought', 'custom'] as const;
export type HazardKindValue = (typeof HAZARD_KINDS)[number];

/** How a value reaches a threshold: at or below it (frost, drought), at or above it (heat, rain, wind). */
export const RISK_OPS = ['le', 'ge'] as const;

export const RISK_PRODUCT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const RISK_LIMITS = { name: 64, description: 256, conditions: 4, leads: 40, stages: 64 } as const;

/** Exposure weight of zoning classes most suitable, suitable, sub-suitable, unsuitable (docs/risk.md#combination). */
export const RISK_EXPOSURE_WEIGHTS = [1, 0.8, 0.6, 0] as const;
