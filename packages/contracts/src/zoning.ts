import { z } from 'zod';
import { pageFields, paged } from './system.js';
import {
  BASE_FACTOR_CODES,
  BASE_FACTOR_SOURCES,
  ZONING_CLASS_COUNT,
  ZONING_LIMITS,
  ZONING_METHODS,
  ZONING_PRODUCT_STATUSES,
} from './constants.js';
import { ReviseArea } from './revise.js';

// Agro-climatic zoning (docs/zoning.md): crops, base climate factors (grids of the customer's region), criteria
// (indexes: factors with class thresholds and a combination method) and zoning products (a criterion run over a
// region as a job, stored as class grids with statistics). Everything belongs to the caller's customer.

const id = z.number().int().positive();
const version = z.number().int().positive();
const queryId = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max).default('');
const finite = z.number();

/** `current` is accepted as the console's name of `page`. */
const pageQuery = { ...pageFields, current: z.coerce.number().int().min(1).max(100_000).optional() };

// ---- crops -----------------------------------------------------------------------------------

export const Crop = z.object({
  id: z.number().int(),
  /** In the caller's language for built-in crops (seeded in zh, en and es); as entered for the customer's own. */
  name: z.string(),
  /** The seeded names (empty for a customer's own crops). */
  nameZh: z.string(),
  nameEn: z.string(),
  nameEs: z.string(),
  remark: z.string(),
  builtIn: z.boolean(),
  /** Criteria of the crop (a crop with criteria cannot be deleted). */
  criteriaCount: z.number().int(),
  version: z.number().int(),
  createTime: z.string(),
});
export type Crop = z.infer<typeof Crop>;

const cropFields = { name: z.string().trim().min(1).max(64), remark: text(256) };
export const CropCreate = z.strictObject(cropFields);
export const CropUpdate = z.strictObject({ id, version, ...cropFields });
export const CropDelete = z.strictObject({ id });
export type CropCreate = z.input<typeof CropCreate>;
export type CropUpdate = z.input<typeof CropUpdate>;

// ---- criteria --------------------------------------------------------------------------------

export const ZoningMethod = z.enum(ZONING_METHODS);
export type ZoningMethod = z.infer<typeof ZoningMethod>;

const classIndex = z
  .number()
  .int()
  .min(0)
  .max(ZONING_CLASS_COUNT - 1);

/**
 * A factor's veto (a constraint): a cell whose value is at or below `lower` or above `upper` (the factor's unit; one
 * or both) is unsuitable, the lowest class, whatever the weights and the other factors give — FAO's "N" limitation,
 * the limits of Chinese zoning tables. Allowed values are (lower, upper], read like the thresholds (closed above).
 * Bounds within the factor's valid range are checked by the server (4100 naming e.g. `factors.1.veto.lower`).
 */
export const FactorVeto = z
  .strictObject({ lower: finite.optional(), upper: finite.optional() })
  .refine((v) => v.lower !== undefined || v.upper !== undefined, { message: 'zoning.vetoEmpty' })
  .refine((v) => v.lower === undefined || v.upper === undefined || Math.fround(v.lower) < Math.fround(v.upper), {
    message: 'zoning.vetoOrder',
    path: ['upper'],
  });
export type FactorVeto = z.infer<typeof FactorVeto>;

/**
 * The thresholds of one factor. `breaks` ascend; `classes` has one entry more and gives the class of each interval
 * (−∞, b0], (b0, b1], …, (b_last, +∞) — intervals are closed above, so a value equal to a break belongs to the interval
 * below it. Weighted and fuzzy criteria need `weight` (> 0, all weights summing to 1); fuzzy ones a trapezoid
 * `membership` a ≤ b ≤ c ≤ d (membership 1 on [b, c], 0 outside (a, d)). Ordering, weights and known factors are
 * checked by the server (4100 naming e.g. `factors.1.breaks`). Any factor of any method may carry a `veto`.
 */
export const FactorRule = z.strictObject({
  factor: z.string().trim().min(1).max(64),
  breaks: z.array(finite).min(1).max(ZONING_LIMITS.breaks),
  classes: z
    .array(classIndex)
    .min(2)
    .max(ZONING_LIMITS.breaks + 1),
  weight: z.number().positive().max(1).optional(),
  membership: z.tuple([finite, finite, finite, finite]).optional(),
  veto: FactorVeto.optional(),
});
export type FactorRule = z.infer<typeof FactorRule>;

const criterionFields = {
  name: z.string().trim().min(1).max(ZONING_LIMITS.name),
  cropId: id,
  description: text(ZONING_LIMITS.description),
  method: ZoningMethod,
  factors: z.array(FactorRule).min(1).max(ZONING_LIMITS.factors),
  /** Names of the four classes, most suitable first; an empty name means the default in the reader's language. */
  classNames: z.array(z.string().trim().max(ZONING_LIMITS.className)).length(ZONING_CLASS_COUNT).default(['', '', '', '']),
  /** Weighted: the score of each class, most suitable first (default 4, 3, 2, 1). */
  classScores: z.tuple([finite, finite, finite, finite]).optional(),
  /** Weighted and fuzzy: descending cut points; score ≥ cut[0] → class 0, ≥ cut[1] → 1, ≥ cut[2] → 2, else 3. */
  cutPoints: z.tuple([finite, finite, finite]).optional(),
};
export const CriterionCreate = z.strictObject(criterionFields);
export const CriterionUpdate = z.strictObject({ id, version, ...criterionFields });
export type CriterionCreate = z.input<typeof CriterionCreate>;
export type CriterionUpdate = z.input<typeof CriterionUpdate>;

export const Criterion = z.object({
  id: z.number().int(),
  name: z.string(),
  cropId: z.number().int(),
  cropName: z.string(),
  description: z.string(),
  method: ZoningMethod,
  factors: z.array(FactorRule),
  /** As stored (an empty entry: the default name in the reader's language). */
  classNames: z.array(z.string()),
  classScores: z.tuple([finite, finite, finite, finite]).optional(),
  cutPoints: z.tuple([finite, finite, finite]).optional(),
  /** A seeded example (tea, kiwifruit): editable like any other. */
  example: z.boolean(),
  /** Products made with it (a criterion with products cannot be deleted). */
  productCount: z.number().int(),
  version: z.number().int(),
  createTime: z.string(),
  creator: z.string(),
});
export type Criterion = z.infer<typeof Criterion>;

export const CropIdQuery = z.strictObject({ cropId: queryId });
export const CriterionPageQuery = z.strictObject({
  ...pageQuery,
  cropId: queryId.optional(),
  /** Part of the name. */
  name: z.string().trim().max(64).optional(),
});
export const CriteriaIdQuery = z.strictObject({ criteriaId: queryId });
export const CriteriaIdBody = z.strictObject({ criteriaId: id });

// ---- base factors ----------------------------------------------------------------------------

export const BaseFactorCode = z.enum(BASE_FACTOR_CODES);
export type BaseFactorCode = z.infer<typeof BaseFactorCode>;
export const BaseFactorSource = z.enum(BASE_FACTOR_SOURCES);

/**
 * The regression of a factor gridded from station normals: value ≈ intercept + lon·lon + lat·lat + altitude·H (m); for
 * a bounded factor (scale `logit`) the same on the empirical logit of the value's share of its range.
 */
export const BaseFactorFit = z.object({
  coefficients: z.object({ intercept: z.number(), lon: z.number(), lat: z.number(), altitude: z.number() }),
  /** The scale the regression is fitted on (grids made before scales existed: linear). */
  scale: z.enum(['linear', 'logit']),
  /** Of the regression at the stations (on its scale). */
  r2: z.number(),
  /** Leave-one-out RMSE of the gridding used (the chosen one), in the factor's unit. */
  looRmse: z.number(),
  /** Leave-one-out RMSE of the regression alone; null for a grid made before both were measured. */
  looRmseRegression: z.number().nullable(),
  /** Leave-one-out RMSE of the regression plus inverse-distance residuals. */
  looRmseResiduals: z.number().nullable(),
  /** Whether the residuals were added: only where they lower the leave-one-out RMSE. */
  residuals: z.boolean(),
  stationCount: z.number().int(),
});
export type BaseFactorFit = z.infer<typeof BaseFactorFit>;

export const GridGeometryInfo = z.object({
  lon0: z.number(),
  lat0: z.number(),
  dx: z.number(),
  dy: z.number(),
  nx: z.number().int(),
  ny: z.number().int(),
});

export const BaseFactor = z.object({
  code: BaseFactorCode,
  /** In the caller's language. */
  name: z.string(),
  unit: z.string(),
  /** The factor's valid range (thresholds are edited within it). */
  min: z.number(),
  max: z.number(),
  /** Where the grid comes from (for a factor without a grid: where it would come from). */
  source: BaseFactorSource,
  hasGrid: z.boolean(),
  /** Version of the grid (products record the versions they used); null without a grid. */
  version: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
  /** Smallest and largest value of the grid; null without a grid. */
  gridMin: z.number().nullable(),
  gridMax: z.number().nullable(),
  /** Station normals stored for the factor. */
  stationCount: z.number().int(),
  /** Only for grids made from station normals. */
  fit: BaseFactorFit.nullable(),
  geometry: GridGeometryInfo.nullable(),
});
export type BaseFactor = z.infer<typeof BaseFactor>;

export const BaseFactorCodeQuery = z.strictObject({ code: BaseFactorCode });
export const HistogramQuery = z.strictObject({
  code: BaseFactorCode,
  bins: z.coerce.number().int().min(2).max(ZONING_LIMITS.histogramBins).default(20),
});
/** Counts of the grid's cells per bin; bins are equal between the grid's min and max (edges has bins + 1 entries). */
export const Histogram = z.object({
  code: BaseFactorCode,
  edges: z.array(z.number()),
  counts: z.array(z.number().int()),
  /** Cells with a value. */
  total: z.number().int(),
});
export type Histogram = z.infer<typeof Histogram>;

/** One problem of a normals import: the file's line (header = line 1), the column and what is wrong. */
export const NormalsImportIssue = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
/** `data` of the 4100 answer to a refused import (nothing was stored). */
export const NormalsImportErrors = z.object({ issues: z.array(NormalsImportIssue) });
/** The normals were stored (replacing those of the same station and factor); the job regrids the factors named. */
export const NormalsImportResult = z.object({
  jobId: z.string(),
  rows: z.number().int(),
  stations: z.number().int(),
  factors: z.array(BaseFactorCode),
});
export type NormalsImportResult = z.infer<typeof NormalsImportResult>;

/** Fields of the multipart grid import beside `file` (a GeoTIFF or MICAPS 4 grid, e.g. a real DEM for altitude). */
export const BaseFactorImportFields = z.strictObject({ code: BaseFactorCode });

/** What the regrid job answers as its result, per factor gridded. */
export const RegridResult = z.object({
  factors: z.array(z.object({ code: BaseFactorCode, version: z.number().int(), fit: BaseFactorFit.nullable() })),
});

/** A station's normals (GET /baseWeatherFactor/normals). */
export const StationNormals = z.object({
  stationNumber: z.string(),
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  altitude: z.number(),
  values: z.record(z.string(), z.number()),
});
export type StationNormals = z.infer<typeof StationNormals>;

// ---- zoning products -------------------------------------------------------------------------

export const ZoningProductStatus = z.enum(ZONING_PRODUCT_STATUSES);
export type ZoningProductStatus = z.infer<typeof ZoningProductStatus>;

/**
 * Run a criterion over a region: the customer's whole region (neither `areaCode` nor `polygon`), one area of a
 * boundary layer (`areaCode` = `<layer id>:<feature index>`, the layer ids of /gis/all: `provinces` or `b<n>`, the
 * feature's 0-based index in its GeoJSON), or a drawn polygon. `statsLayer` names the boundary layer whose areas
 * (e.g. counties) the statistics are broken down by (default: the customer's first uploaded layer, else provinces).
 */
export const ZoningExecuteBody = z
  .strictObject({
    criteriaId: id,
    name: z.string().trim().min(1).max(64),
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
  })
  .refine((b) => !(b.areaCode && b.polygon), { message: 'areaOrPolygon', path: ['polygon'] });
export type ZoningExecuteBody = z.input<typeof ZoningExecuteBody>;

export const ZoningExecuteResult = z.object({ productId: z.number().int(), jobId: z.string() });

export const ZoningRunning = z.object({
  productId: z.number().int(),
  name: z.string(),
  /** 0–100. */
  progress: z.number().int(),
  status: ZoningProductStatus,
  jobId: z.string(),
});

export const ZoningStats = z.object({
  /** km² per class, most suitable first (cell areas by latitude, cells of the region only). */
  classAreasKm2: z.array(z.number()),
  /** Area of the region with a class. */
  totalKm2: z.number(),
  /** Per area of the statistics layer that the region touches. */
  byArea: z.array(z.object({ code: z.string(), name: z.string(), areasKm2: z.array(z.number()) })),
  /** The boundary layer of byArea (null: none). */
  layer: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ZoningStats = z.infer<typeof ZoningStats>;

export const ZoningProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  cropId: z.number().int(),
  cropName: z.string(),
  criteriaId: z.number().int().nullable(),
  criteriaName: z.string(),
  method: ZoningMethod,
  status: ZoningProductStatus,
  progress: z.number().int(),
  /** Why it failed, in the caller's language. */
  error: z.string().nullable(),
  jobId: z.string(),
  createTime: z.string(),
  creator: z.string(),
  region: z.object({ kind: z.enum(['customer', 'area', 'polygon']), name: z.string() }),
  /** West, south, east, north of the product's grid (degrees). */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** Names of the four classes in the caller's language (the criterion's own, or the defaults). */
  classNames: z.array(z.string()),
  classColors: z.array(z.string()),
  stats: ZoningStats.nullable(),
  /** The base-factor grids used, with their versions. */
  inputs: z.array(z.object({ factor: z.string(), name: z.string(), unit: z.string(), gridVersion: z.number().int() })),
  /** The criterion as it was run (later edits of the criterion do not change the product). */
  criterion: z.object({
    method: ZoningMethod,
    factors: z.array(FactorRule),
    classScores: z.tuple([finite, finite, finite, finite]).optional(),
    cutPoints: z.tuple([finite, finite, finite]).optional(),
  }),
  /** WMS layer name (GetMap of /api/wms; legend by GetLegendGraphic); empty until done. */
  layer: z.string(),
});
export type ZoningProduct = z.infer<typeof ZoningProduct>;

export const ProductIdQuery = z.strictObject({ productId: queryId });
export const ProductIdBody = z.strictObject({ productId: id });
export const ZoningProductPageQuery = z.strictObject({ ...pageQuery, cropId: queryId.optional() });

export const ZoningQueryBody = z.strictObject({
  productId: id,
  lon: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
});

/** Why a cell got its class: each factor's value and class, the factor that limited it and the veto that decided it. */
export const ZoningCellInfo = z.object({
  /** 0–3; null for a cell of the grid without a class (no data, outside the region). */
  class: z.number().int().nullable(),
  className: z.string(),
  /** Index into factors; null when none limited (no class). A vetoed cell's limiting factor is the vetoing one. */
  limitingFactor: z.number().int().nullable(),
  limitingFactorName: z.string(),
  /** Index into factors of the veto that made the cell unsuitable (the first in the criterion's order); null for none. */
  vetoFactor: z.number().int().nullable(),
  vetoFactorName: z.string(),
  /** Weighted and fuzzy: the combined score. */
  score: z.number().nullable(),
  lon: z.number(),
  lat: z.number(),
  factors: z.array(
    z.object({
      factor: z.string(),
      name: z.string(),
      unit: z.string(),
      value: z.number().nullable(),
      class: z.number().int().nullable(),
      className: z.string(),
      /** The factor's veto as run, null without one. */
      veto: z.object({ lower: z.number().optional(), upper: z.number().optional() }).nullable(),
      /** The value is beyond the veto. */
      vetoed: z.boolean(),
    }),
  ),
});
export type ZoningCellInfo = z.infer<typeof ZoningCellInfo>;

export const ZoningProductPage = paged(ZoningProduct);
export const CriterionPage = paged(Criterion);
