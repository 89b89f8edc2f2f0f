import { z } from 'zod';
import { pageFields, paged } from './system.js';
import { HAZARD_KINDS, RISK_LIMITS, RISK_OPS, RISK_PRODUCT_STATUSES } from './risk-constants.js';
import { ReviseArea } from './revise.js';

// Crop risk products (docs/risk.md): hazard definitions of the customer (conditions on forecast elements with
// thresholds per warning level IV…I) and risk products (a hazard applied to a forecast run over a lead range and a
// region, optionally weighted by a crop's zoning, as a job: a level grid, areas per level per county, summaries).

const id = z.number().int().positive();
const version = z.number().int().positive();
const queryId = z.coerce.number().int().positive();

export const HazardKind = z.enum(HAZARD_KINDS);
export type HazardKind = z.infer<typeof HazardKind>;
export const RiskOp = z.enum(RISK_OPS);

/**
 * One condition: a forecast element of the hazard's forecast type (stored or derived: `tmin24h`, `pre24h`, `wsp`…),
 * how a value reaches a threshold (`le`: at or below, `ge`: at or above; a value on a threshold reaches it) and the
 * thresholds of levels IV, III, II, I (null: level not used). The server checks the order (4100 naming e.g.
 * `conditions.0.thresholds.2`).
 */
export const HazardCondition = z.strictObject({
  element: z.string().trim().min(1).max(32),
  op: RiskOp,
  thresholds: z.tuple([z.number().nullable(), z.number().nullable(), z.number().nullable(), z.number().nullable()]),
  /**
   * Added to the element's value before it is compared (°C for temperatures): frost reads the plant-surface minimum,
   * taken as the 2 m air minimum plus this offset (−2 °C by default) where the forecast type has no surface minimum.
   */
  offset: z.number().min(-10).max(10).optional(),
});
export type HazardCondition = z.infer<typeof HazardCondition>;

/**
 * A crop stage the hazard harms and how vulnerable the crop is then (0 < vulnerability ≤ 1). `crop` is the built-in
 * crop's key (`tea`) or, for the customer's own crops, `crop<id>`; `stage` a stage code of the crop's calendar. A
 * hazard that lists stages of a crop gives that crop no risk outside them (docs/risk.md#stages).
 */
export const HazardStage = z.strictObject({
  crop: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,31}$/, 'cropKeyFormat'),
  stage: z.string().trim().min(1).max(32),
  vulnerability: z.number().gt(0).max(1),
});
export type HazardStage = z.infer<typeof HazardStage>;

const hazardFields = {
  name: z.string().trim().min(1).max(RISK_LIMITS.name),
  kind: HazardKind,
  /** Code of the forecast type whose elements the conditions read (`fine-grid`). */
  forecastType: z.string().trim().min(1).max(32),
  description: z.string().trim().max(RISK_LIMITS.description).default(''),
  conditions: z.array(HazardCondition).min(1).max(RISK_LIMITS.conditions),
  /** The crop stages it harms with their vulnerability (none: every stage of every crop, vulnerability 1). */
  stages: z.array(HazardStage).max(RISK_LIMITS.stages).default([]),
};
export const HazardCreate = z.strictObject(hazardFields);
export const HazardUpdate = z.strictObject({ id, version, ...hazardFields });
export const HazardDelete = z.strictObject({ id });
export type HazardCreate = z.input<typeof HazardCreate>;
export type HazardUpdate = z.input<typeof HazardUpdate>;

export const Hazard = z.object({
  id: z.number().int(),
  /** Seeded hazards in the caller's language until renamed. */
  name: z.string(),
  kind: HazardKind,
  forecastType: z.string(),
  description: z.string(),
  conditions: z.array(
    HazardCondition.extend({
      /** The element's name (caller's language where known) and unit. */
      elementName: z.string(),
      unit: z.string(),
    }),
  ),
  stages: z.array(HazardStage.extend({ cropName: z.string(), stageName: z.string() })),
  builtIn: z.boolean(),
  /** Risk products made with it (kept when it is deleted: a product keeps the definition it was run with). */
  productCount: z.number().int(),
  version: z.number().int(),
  createTime: z.string(),
  creator: z.string(),
});
export type Hazard = z.infer<typeof Hazard>;

/** A finished zoning product a risk run may weigh its exposure by (cells classed unsuitable are not exposed). */
export const RiskExposureOption = z.object({
  zoningProductId: z.number().int(),
  name: z.string(),
  cropName: z.string(),
  createTime: z.string(),
});
export type RiskExposureOption = z.infer<typeof RiskExposureOption>;

/** A crop a run may assess without an exposure (its calendar gives the stages), with whether it has a calendar. */
export const RiskCropOption = z.object({ cropId: z.number().int(), key: z.string(), name: z.string(), hasCalendar: z.boolean() });
export type RiskCropOption = z.infer<typeof RiskCropOption>;

export const RiskProductStatus = z.enum(RISK_PRODUCT_STATUSES);
export type RiskProductStatus = z.infer<typeof RiskProductStatus>;

/**
 * Run a hazard over a forecast run (`baseTime`) and the leads `leadFrom`…`leadTo` (hours, both included; every lead of
 * the elements there counts, the worst level of a cell over them is kept) and a region: the customer's whole region,
 * an area of a boundary layer (`areaCode` = `<layer>:<index>`) or a drawn polygon. `statsLayer` names the boundary
 * layer whose areas (counties) the areas and summaries are given by. `zoningProductId`: weigh by the crop's zoning.
 * `lang` is the language of the summaries (default: the caller's).
 */
export const RiskExecuteBody = z
  .strictObject({
    hazardId: id,
    name: z.string().trim().min(1).max(RISK_LIMITS.name),
    baseTime: z.iso.datetime({ offset: true }),
    leadFrom: z.number().int().min(0).max(10_000),
    leadTo: z.number().int().min(0).max(10_000),
    areaCode: z
      .string()
      .trim()
      .regex(/^(provinces|b\d{1,9}):\d{1,5}$/, 'areaCodeFormat')
      .optional(),
    polygon: ReviseArea.optional(),
    statsLayer: z
      .string()
      .trim()
      .regex(/^(provinces|b\d{1,9})$/, 'statsLayerFormat')
      .optional(),
    zoningProductId: id.optional(),
    /** The crop whose calendar says which stage the hazard meets, when there is no exposure (an exposure brings its crop). */
    cropId: id.optional(),
    lang: z.enum(['zh', 'en', 'es']).optional(),
  })
  .refine((b) => b.leadFrom <= b.leadTo, { message: 'leadRange', path: ['leadTo'] })
  .refine((b) => !(b.areaCode && b.polygon), { message: 'areaOrPolygon', path: ['polygon'] });
export type RiskExecuteBody = z.input<typeof RiskExecuteBody>;

export const RiskExecuteResult = z.object({ productId: z.number().int(), jobId: z.string() });

/** Areas of each level, index 0 no risk, 1 IV … 4 I (km², exposed area only when weighted). */
export const RiskAreaRow = z.object({
  code: z.string(),
  name: z.string(),
  areasKm2: z.array(z.number()),
  /** Highest level present (0 none). */
  worst: z.number().int(),
  /** Beijing dates (YYYY-MM-DD) of the valid times at which the worst level occurs there. */
  dates: z.array(z.string()),
});
export type RiskAreaRow = z.infer<typeof RiskAreaRow>;

export const RiskStats = z.object({
  /** km² per level (no risk, IV, III, II, I) over the region. */
  areasKm2: z.array(z.number()),
  totalKm2: z.number(),
  byArea: z.array(RiskAreaRow),
  layer: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The valid times evaluated (ISO) with their leads. */
  leads: z.array(z.object({ lead: z.number().int(), validTime: z.string() })),
});
export type RiskStats = z.infer<typeof RiskStats>;

export const RiskProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  hazardId: z.number().int().nullable(),
  hazardName: z.string(),
  kind: HazardKind,
  /** The hazard as run (later edits of the hazard do not change the product). */
  forecastType: z.string(),
  conditions: z.array(HazardCondition),
  baseTime: z.string(),
  leadFrom: z.number().int(),
  leadTo: z.number().int(),
  region: z.object({ kind: z.enum(['customer', 'area', 'polygon']), name: z.string() }),
  /** The crop of the exposure (empty without one) and the zoning product it came from. */
  exposure: z.object({ zoningProductId: z.number().int(), name: z.string(), cropName: z.string() }).nullable(),
  status: RiskProductStatus,
  progress: z.number().int(),
  error: z.string().nullable(),
  jobId: z.string(),
  createTime: z.string(),
  creator: z.string(),
  /** West, south, east, north of the level grid. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  stats: RiskStats.nullable(),
  /** One sentence per area with a risk, worst first, in `lang`, e.g. "Yulin: orange frost risk for apple on 2026-11-24 over 1 230 km²". */
  summaries: z.array(z.string()),
  /** Language of the summaries. */
  lang: z.enum(['zh', 'en', 'es']),
  /** WMS layer name (empty until done); the legend by GetLegendGraphic. */
  layer: z.string(),
  /** The crop assessed (from the exposure or chosen) with the stages the hazard harms as run; null: no crop. */
  crop: z.object({ id: z.number().int(), key: z.string(), name: z.string() }).nullable(),
  stages: z.array(z.object({ stage: z.string(), stageName: z.string(), vulnerability: z.number() })),
  /** One sentence of how the level was combined (hazard × vulnerability × exposure), in the reader's language. */
  method: z.string(),
  /**
   * The grids read: the hazard's element (`element`), the stored element the values came from (`source`: `tmin` for
   * the derived `tmin24h`), the lead of that stored grid and its version.
   */
  inputs: z.array(z.object({ element: z.string(), source: z.string().optional(), lead: z.number().int(), version: z.number().int() })),
});
export type RiskProduct = z.infer<typeof RiskProduct>;

export const RiskProductIdQuery = z.strictObject({ productId: queryId });
export const RiskProductIdBody = z.strictObject({ productId: id });
export const RiskProductPageQuery = z.strictObject({ ...pageFields, hazardId: queryId.optional() });
export const RiskRunning = z.object({
  productId: z.number().int(),
  name: z.string(),
  progress: z.number().int(),
  status: RiskProductStatus,
  jobId: z.string(),
});
export const RiskProductPage = paged(RiskProduct);
