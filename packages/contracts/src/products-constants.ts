// Constants of map products (docs/products.md), shared by the server and the browser (no zod here).

export const PRODUCT_CODE = 'make.product.admin';

export const PRODUCT_LANGUAGES = ['zh', 'en', 'es'] as const;
export const PAPER_SIZES = ['A4', 'A3'] as const;
export const PAPER_ORIENTATIONS = ['landscape', 'portrait'] as const;
/** Paper in millimetres, portrait (width, height). */
export const PAPER_MM: Record<(typeof PAPER_SIZES)[number], readonly [number, number]> = { A4: [210, 297], A3: [297, 420] };

/** How a product reads its leads: one lead, one product per lead of a range, or one aggregation over a range. */
export const PRODUCT_MODES = ['lead', 'series', 'aggregate'] as const;
/** sum is for precipitation only (accumulated amounts); max, min and mean for any factor. */
export const PRODUCT_AGGREGATIONS = ['sum', 'max', 'min', 'mean'] as const;
export const PRODUCT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const PRODUCT_FORMATS = ['png', 'pdf'] as const;
export const LEGEND_MODES = ['factor', 'custom'] as const;

/** The placeholders a template's title, subtitle and footer may hold, written `{name}`. */
export const PRODUCT_PLACEHOLDERS = [
  'region',
  'factor',
  'unit',
  'baseTime',
  'validStart',
  'validEnd',
  'lead',
  'issueTime',
  'date',
] as const;
export type ProductPlaceholder = (typeof PRODUCT_PLACEHOLDERS)[number];

export const PRODUCT_LIMITS = {
  name: 64,
  title: 120,
  subtitle: 200,
  footer: 300,
  issuer: 64,
  customerName: 64,
  /** Largest logo a template accepts, in KiB (the stored, re-encoded image). */
  logoKb: 512,
  /** Custom legend classes. */
  classes: 16,
  /** Products one series job makes at most. */
  seriesLeads: 40,
  /** Leads one aggregation reads at most. */
  aggregateLeads: 80,
} as const;

/**
 * When a product schedule makes its product by itself: `new-run` as soon as a newer run of its forecast has the
 * leads it needs; `daily` once a day at a time of the office's time zone, from the newest run then.
 */
export const PRODUCT_SCHEDULE_TRIGGERS = ['new-run', 'daily'] as const;
