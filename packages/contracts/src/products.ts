import { z } from 'zod';
import { pageFields, paged } from './system.js';
import {
  LEGEND_MODES,
  PAPER_ORIENTATIONS,
  PAPER_SIZES,
  PRODUCT_AGGREGATIONS,
  PRODUCT_FORMATS,
  PRODUCT_LANGUAGES,
  PRODUCT_LIMITS,
  PRODUCT_MODES,
  PRODUCT_SCHEDULE_TRIGGERS,
  PRODUCT_STATUSES,
} from './products-constants.js';

// Map products (docs/products.md): templates of the caller's customer (paper, texts with placeholders, logo, legend,
// boundaries, stations, scale bar, north arrow) and products made from a forecast grid with a template, as PNG and PDF.
// Placeholders, colours and the logo are checked by the server, which answers 4100 naming the field.

const id = z.number().int().positive();
const version = z.number().int().positive();
const queryId = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max).default('');
const color = z.string().regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/);

export const ProductLanguage = z.enum(PRODUCT_LANGUAGES);
export type ProductLanguage = z.infer<typeof ProductLanguage>;
export const ProductAggregation = z.enum(PRODUCT_AGGREGATIONS);
export type ProductAggregation = z.infer<typeof ProductAggregation>;
export const ProductMode = z.enum(PRODUCT_MODES);
export type ProductMode = z.infer<typeof ProductMode>;
export const ProductFormat = z.enum(PRODUCT_FORMATS);
export type ProductFormat = z.infer<typeof ProductFormat>;

// ---- templates -------------------------------------------------------------------------------

/** What a template says; the texts may hold `{placeholder}`s (PRODUCT_PLACEHOLDERS). */
export const ProductTemplateFields = z.strictObject({
  name: z.string().trim().min(1).max(PRODUCT_LIMITS.name),
  paper: z.enum(PAPER_SIZES).default('A4'),
  orientation: z.enum(PAPER_ORIENTATIONS).default('landscape'),
  /** Language of every word in the product (factor names, units, legend, dates). */
  language: ProductLanguage.default('zh'),
  title: z.string().trim().min(1).max(PRODUCT_LIMITS.title),
  subtitle: text(PRODUCT_LIMITS.subtitle),
  customerName: text(PRODUCT_LIMITS.customerName),
  /** A stored image of the customer (`/api/files/…` from the upload), '' for none; at most PRODUCT_LIMITS.logoKb. */
  logo: text(300),
  issuer: text(PRODUCT_LIMITS.issuer),
  footer: text(PRODUCT_LIMITS.footer),
  /** factor: the factor's own colour classes; custom: `thresholds` and `colors` below. */
  legendMode: z.enum(LEGEND_MODES).default('factor'),
  /** Custom classes: ascending thresholds; class k holds thresholds[k−1] ≤ v < thresholds[k]. */
  thresholds: z
    .array(z.number())
    .max(PRODUCT_LIMITS.classes - 1)
    .default([]),
  /** One colour more than thresholds ('#rrggbb', '#rrggbb00' leaves the class blank). */
  colors: z.array(color).max(PRODUCT_LIMITS.classes).default([]),
  /** Boundary layers drawn over the map: `provinces` or `b<id>` (the customer's uploaded layers). */
  boundaryLayers: z.array(z.string().trim().min(1).max(32)).max(4).default(['provinces']),
  boundaryLabels: z.boolean().default(true),
  stations: z.boolean().default(true),
  stationValues: z.boolean().default(true),
  scaleBar: z.boolean().default(true),
  northArrow: z.boolean().default(true),
});
export type ProductTemplateFields = z.infer<typeof ProductTemplateFields>;
export type ProductTemplateInput = z.input<typeof ProductTemplateFields>;

export const ProductTemplate = ProductTemplateFields.extend({
  id: z.number().int(),
  /** The template seeded for the customer (editable like any other). */
  builtIn: z.boolean(),
  version: z.number().int(),
  updateTime: z.string(),
  creator: z.string(),
});
export type ProductTemplate = z.infer<typeof ProductTemplate>;

/** Without `id`: a new template; with `id` and `version`: an update (4009 on a stale version). */
export const ProductTemplateSave = ProductTemplateFields.extend({ id: id.optional(), version: version.optional() });
export type ProductTemplateSave = z.input<typeof ProductTemplateSave>;
export const ProductTemplateDelete = z.strictObject({ id });

// ---- making ----------------------------------------------------------------------------------

const iso = z.iso.datetime({ offset: true });
const lead = z.number().int().min(0).max(10_000);

/** What a product shows: a forecast grid at one lead, each lead of a range (series), or an aggregation over a range. */
export const ProductForecast = z.strictObject({
  /** Forecast type code and factor code (derived elements such as pre24h included). */
  type: z.string().trim().min(1).max(64),
  factor: z.string().trim().min(1).max(64),
  baseTime: iso,
  mode: ProductMode.default('lead'),
  /** mode lead. */
  lead: lead.optional(),
  /** mode series and aggregate: the leads from … to (inclusive) that have grids. */
  leadFrom: lead.optional(),
  leadTo: lead.optional(),
  /** mode aggregate: sum (precipitation), max, min or mean. */
  aggregation: ProductAggregation.optional(),
  /** `<layer>:<index>` of a boundary layer (`provinces:26`, `b3:4`); absent: the customer's region (the grid). */
  areaCode: z.string().trim().min(3).max(64).optional(),
});
export type ProductForecast = z.input<typeof ProductForecast>;

export const ProductMakeBody = ProductForecast.extend({
  templateId: id,
  /** Shown in the list and in the files' names; default: the filled title. */
  name: z.string().trim().max(PRODUCT_LIMITS.name).optional(),
});
export type ProductMakeBody = z.input<typeof ProductMakeBody>;

/** A preview: the stored template, or the template being edited (not saved yet). A series previews its first lead. */
export const ProductPreviewBody = ProductForecast.extend({
  templateId: id.optional(),
  template: ProductTemplateFields.optional(),
});
export type ProductPreviewBody = z.input<typeof ProductPreviewBody>;

export const ProductMakeResult = z.object({ productId: z.number().int(), jobId: z.string() });

export const ProductFile = z.object({
  /** Id of the item (one per lead of a series); `GET /product/file?id=&format=`. */
  id: z.number().int(),
  title: z.string(),
  /** The lead, or the last lead of an aggregation. */
  lead: z.number().int(),
  validStart: z.string(),
  validEnd: z.string(),
  pngSize: z.number().int(),
  pdfSize: z.number().int(),
});
export type ProductFile = z.infer<typeof ProductFile>;

export const MapProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  progress: z.number().int(),
  /** Why it failed, in the caller's language. */
  error: z.string().nullable(),
  jobId: z.string(),
  type: z.string(),
  typeName: z.string(),
  factor: z.string(),
  factorName: z.string(),
  baseTime: z.string(),
  mode: ProductMode,
  lead: z.number().int().nullable(),
  leadFrom: z.number().int().nullable(),
  leadTo: z.number().int().nullable(),
  aggregation: ProductAggregation.nullable(),
  regionName: z.string(),
  templateName: z.string(),
  language: ProductLanguage,
  files: z.array(ProductFile),
  createTime: z.string(),
  creator: z.string(),
});
export type MapProduct = z.infer<typeof MapProduct>;

export const ProductPageQuery = z.strictObject({ ...pageFields, status: z.enum(PRODUCT_STATUSES).optional() });
export const ProductPage = paged(MapProduct);
export type ProductPage = z.infer<typeof ProductPage>;
export const MapProductIdQuery = z.strictObject({ id: queryId });
export const ProductFileQuery = z.strictObject({ id: queryId, format: ProductFormat });

// ---- automatic making (schedules) ---------------------------------------------------------------

const scheduleShape = z.strictObject({
  name: z.string().trim().min(1).max(PRODUCT_LIMITS.name),
  enabled: z.boolean().default(true),
  templateId: id,
  /** The forecast as for making, without the run: the run is the newest one when the schedule fires. */
  forecast: ProductForecast.omit({ baseTime: true }),
  trigger: z.enum(PRODUCT_SCHEDULE_TRIGGERS),
  /** trigger daily: HH:MM in the office's time zone. */
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .optional(),
});
const dailyHasTime = (s: { trigger: string; time?: string }) => s.trigger !== 'daily' || s.time !== undefined;
const timeMissing = { path: ['time'], message: 'product.scheduleTimeMissing' };

/** A product made without anyone clicking: a template and a forecast without its run, and when to make it. */
export const ProductScheduleFields = scheduleShape.refine(dailyHasTime, timeMissing);
export type ProductScheduleFields = z.input<typeof ProductScheduleFields>;

export const ProductSchedule = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  templateId: z.number().int(),
  templateName: z.string(),
  forecast: ProductForecast.omit({ baseTime: true }),
  trigger: z.enum(PRODUCT_SCHEDULE_TRIGGERS),
  time: z.string().nullable(),
  version: z.number().int(),
  creator: z.string(),
  updateTime: z.string(),
  /** The run the schedule last made its product from, when, and that product (null before the first). */
  lastBaseTime: z.string().nullable(),
  lastRunTime: z.string().nullable(),
  lastProductId: z.number().int().nullable(),
  /** Why the last attempt made nothing (e.g. a lead missing from the newest run), in the caller's language. */
  lastError: z.string().nullable(),
});
export type ProductSchedule = z.infer<typeof ProductSchedule>;

/** Without `id`: a new schedule; with `id` and `version`: an update (4009 on a stale version). */
export const ProductScheduleSave = scheduleShape
  .extend({ id: id.optional(), version: version.optional() })
  .refine(dailyHasTime, timeMissing);
export type ProductScheduleSave = z.input<typeof ProductScheduleSave>;
export const ProductScheduleDelete = z.strictObject({ id });
