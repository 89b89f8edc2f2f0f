import { z } from 'zod';

/** A colour map as stored with a factor (see @agromet/grid ColorMap). */
export const ColorMapSchema = z.union([
  z.object({ type: z.literal('ramp'), stops: z.array(z.object({ value: z.number(), color: z.string() })), clamp: z.boolean().optional() }),
  z.object({
    type: z.literal('intervals'),
    thresholds: z.array(z.number()),
    colors: z.array(z.string()),
    closed: z.enum(['left', 'right']).optional(),
  }),
  z.object({ type: z.literal('values'), entries: z.array(z.object({ value: z.number(), color: z.string() })) }),
]);

export const FactorInfo = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  min: z.number(),
  max: z.number(),
  precision: z.number().int(),
  colormap: ColorMapSchema,
  /** WMS layer name. */
  layer: z.string(),
});
export type FactorInfo = z.infer<typeof FactorInfo>;

/** A factor in the grid catalogue, with the times of its own grids (a layer's WMS dimensions). */
export const ProductFactor = FactorInfo.extend({
  /** Base times with grids of this factor, newest first (ISO UTC): the first is the layer's default. Empty: no grids. */
  baseTimes: z.array(z.string()),
  /** Lead hours of this factor at its newest base time, ascending: the first is the default lead. */
  leads: z.array(z.number().int()),
  /**
   * A derived element (12/24 h precipitation, daily extremes, wind from u/v): computed from stored grids when read, never
   * stored, so it can be shown and exported but not revised or imported. Its id is negative.
   */
  derived: z.boolean().optional(),
});
export type ProductFactor = z.infer<typeof ProductFactor>;

export const ForecastTypeInfo = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  stepHours: z.number().int(),
  maxLeadHours: z.number().int(),
  factors: z.array(ProductFactor),
  /** Base times with grids (of any factor) for the caller's customer, newest first (ISO UTC); each factor has its own. */
  baseTimes: z.array(z.string()),
  /** Lead hours (of any factor) at the newest base time; a factor may have fewer, see its own `leads`. */
  leads: z.array(z.number().int()),
  /** The outer extent (cell edges, degrees) of the newest run's grids; null without grids. */
  extent: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }).nullable(),
});
export type ForecastTypeInfo = z.infer<typeof ForecastTypeInfo>;

export const GridSelector = {
  type: z.string().trim().min(1).max(64),
  factor: z.string().trim().min(1).max(64),
  baseTime: z.iso.datetime({ offset: true }).optional(),
  lead: z.coerce.number().int().min(0).max(10_000).default(0),
};

export const PointQuery = z.strictObject({
  ...GridSelector,
  west: z.coerce.number().min(-180).max(180),
  south: z.coerce.number().min(-90).max(90),
  east: z.coerce.number().min(-180).max(180),
  north: z.coerce.number().min(-90).max(90),
  /** Map zoom: points are thinned so labels (≤ 30 px wide) never overlap. */
  zoom: z.coerce.number().min(0).max(22),
  /**
   * Points whose own cells are labelled whatever the thinning ("lon,lat;lon,lat", at most 20): the cells a revision
   * just set, so the label at a revised point shows that cell and not a neighbour of the lattice.
   */
  at: z
    .string()
    .regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?(;-?\d+(\.\d+)?,-?\d+(\.\d+)?){0,19}$/)
    .optional(),
});

export const MapPoint = z.object({ lat: z.number(), lon: z.number(), value: z.number() });
export const PointData = z.object({
  points: z.array(MapPoint),
  /** Every stride-th cell in each direction was kept. */
  stride: z.number().int(),
  unit: z.string(),
  precision: z.number().int(),
  version: z.number().int(),
  baseTime: z.string(),
  lead: z.number().int(),
});

export const BaseLayer = z.object({
  id: z.string(),
  /** i18n key of the layer's label. */
  title: z.string(),
  kind: z.enum(['xyz', 'geojson']),
  url: z.string(),
  /** GCJ-02 tiles need our WGS84 layers shifted to sit right on them. */
  crs: z.enum(['EPSG:3857', 'GCJ-02']),
  group: z.enum(['tianditu', 'amap', 'osm', 'offline']),
  /** Annotation overlay drawn above the base (Tianditu label layers). */
  overlay: z.boolean(),
  attribution: z.string(),
});
export type BaseLayer = z.infer<typeof BaseLayer>;

export const GisLayers = z.object({
  products: z.array(ForecastTypeInfo),
  baseLayers: z.array(BaseLayer),
  defaultBase: z.string(),
  /**
   * Boundary layers to show and to pick revision areas from: the built-in provinces first (id 'provinces', name an
   * i18n key), then the customer's uploaded layers (id `b<number>`, their own name, url /api/gis/boundary/<number>).
   */
  boundaries: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      url: z.string(),
      builtIn: z.boolean(),
      featureCount: z.number().int().optional(),
    }),
  ),
  wmsUrl: z.string(),
});
export type GisLayers = z.infer<typeof GisLayers>;

/** A boundary layer a customer uploaded (GeoJSON polygons, e.g. counties), served at `url`. */
export const BoundaryLayer = z.object({
  id: z.number().int(),
  name: z.string(),
  featureCount: z.number().int(),
  url: z.string(),
  builtIn: z.boolean(),
  createdAt: z.string(),
  /** Name of the user who uploaded it. */
  createdBy: z.string(),
});
export type BoundaryLayer = z.infer<typeof BoundaryLayer>;

/**
 * Text fields of the multipart upload, beside the field `file`: GeoJSON text (UTF-8), a FeatureCollection, a Feature
 * or a bare Polygon/MultiPolygon, with Polygon/MultiPolygon geometries in WGS84 lon/lat only.
 */
export const BoundaryUploadFields = z.strictObject({
  name: z.string().trim().min(1).max(64),
});
export type BoundaryUploadFields = z.infer<typeof BoundaryUploadFields>;

/** How an import may put a file on other cells onto the product's grid (at each product cell centre). */
export const GridResampleMethod = z.enum(['nearest', 'bilinear']);

/** An IANA time zone name (Asia/Shanghai, UTC, …), as the platform's Intl knows them. */
export const TimeZoneName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'notTimeZone');
export type GridResampleMethod = z.infer<typeof GridResampleMethod>;

/**
 * Text fields of the multipart import (beside the field `file`: MICAPS 4 text, UTF-8 or GBK, or a GeoTIFF, told apart
 * by content). MICAPS 4 carries its base time, a wall-clock hour of `timeZone` (default: the server's MICAPS_TIME_ZONE,
 * Beijing time), and its lead; given here they override the file's. A file must
 * lie on the product's grid; on other cells that cover the product's region it is resampled only when `resample` asks.
 */
export const GridImportFields = z.strictObject({
  type: z.string().trim().min(1).max(64),
  factor: z.string().trim().min(1).max(64),
  baseTime: z.iso.datetime({ offset: true }).optional(),
  lead: z.coerce.number().int().min(0).max(10_000).optional(),
  resample: GridResampleMethod.optional(),
  timeZone: TimeZoneName.optional(),
});
export type GridImportFields = z.infer<typeof GridImportFields>;

const GridGeometryShape = z.object({
  lon0: z.number(),
  lat0: z.number(),
  dx: z.number(),
  dy: z.number(),
  nx: z.number().int(),
  ny: z.number().int(),
});

/** What a finished import job answers as its result. */
export const GridImportResult = z.object({
  gridId: z.number().int(),
  type: z.string(),
  factor: z.string(),
  baseTime: z.string(),
  lead: z.number().int(),
  version: z.number().int(),
  format: z.enum(['micaps4', 'geotiff']),
  fileName: z.string(),
  nx: z.number().int(),
  ny: z.number().int(),
  lon0: z.number(),
  lat0: z.number(),
  dx: z.number(),
  dy: z.number(),
  /** Cells without a value (9999 in MICAPS, nodata in GeoTIFF). */
  missing: z.number().int(),
  min: z.number(),
  max: z.number(),
  /** The file's own grid (the stored one is lon0 … ny above). */
  source: GridGeometryShape,
  /** The resampling that put the file onto the product's grid; null when the file was on it. */
  resample: GridResampleMethod.nullable(),
  /** A packed GeoTIFF's scale and offset (value = stored · scale + offset), applied; null when the file had none. */
  scaling: z.object({ scale: z.number(), offset: z.number() }).nullable(),
  /** Cells violating a consistency rule that involves the imported grid (see the consistency call). */
  violations: z.number().int().optional(),
  /** MICAPS 4 only: the header's wall-clock time, the zone it was read in and its offset, and whether it was used. */
  micapsTime: z.object({ header: z.string(), timeZone: z.string(), offset: z.string(), used: z.boolean() }).nullable().optional(),
});
export type GridImportResult = z.infer<typeof GridImportResult>;

export const GridExportQuery = z.strictObject({
  ...GridSelector,
  format: z.enum(['micaps4', 'geotiff']),
  /** MICAPS 4 text encoding: UTF-8, or GBK for MICAPS software on Windows. */
  encoding: z.enum(['utf-8', 'gbk']).default('utf-8'),
  /** MICAPS 4 header time zone (default: the server's MICAPS_TIME_ZONE, Beijing time). */
  timeZone: TimeZoneName.optional(),
  /** GeoTIFF: the factor's colour classes as a paletted Byte band instead of the values. */
  colorTable: z.stringbool().optional(),
});

/**
 * A point time series (meteogram) of a forecast: every element of a type at one run, over all its leads, at the grid
 * cell nearest a point or a station of the caller's customer.
 */
export const MeteogramQuery = z
  .strictObject({
    type: z.string().trim().min(1).max(64),
    lon: z.coerce.number().min(-180).max(360).optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    /** A station of the caller's customer (its position is used). */
    station: z.coerce.number().int().positive().optional(),
    /** The run; the newest with grids of the type when absent. */
    baseTime: z.iso.datetime({ offset: true }).optional(),
    /** json (the envelope) or csv (a spreadsheet-safe file). */
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((q) => q.station !== undefined || (q.lon !== undefined && q.lat !== undefined), {
    path: ['lon'],
    message: 'lon and lat, or station',
  });
export type MeteogramQuery = z.input<typeof MeteogramQuery>;

export const MeteogramElement = z.object({
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  precision: z.number().int(),
  /** Computed from stored grids (12/24 h totals, daily extremes), see ProductFactor.derived. */
  derived: z.boolean(),
  /** One value per lead of the meteogram (`leads`), null where the element has no grid or the cell is missing. */
  values: z.array(z.number().nullable()),
});
export type MeteogramElement = z.infer<typeof MeteogramElement>;

export const Meteogram = z.object({
  type: z.string(),
  typeName: z.string(),
  baseTime: z.string(),
  /** The point asked (or the station's position). */
  lon: z.number(),
  lat: z.number(),
  /** The grid cell the values come from (nearest to the point), with its centre. */
  cell: z.object({ i: z.number().int(), j: z.number().int(), lon: z.number(), lat: z.number() }),
  station: z.object({ id: z.number().int(), number: z.string(), name: z.string(), altitude: z.number() }).nullable(),
  /** The UTC hour the forecast days end at (daily extremes and 24 h totals end there). */
  dayEndUtcHour: z.number().int(),
  /** Every lead of any element at this run, ascending, and its valid time (ISO UTC). */
  leads: z.array(z.number().int()),
  validTimes: z.array(z.string()),
  elements: z.array(MeteogramElement),
});
export type Meteogram = z.infer<typeof Meteogram>;
