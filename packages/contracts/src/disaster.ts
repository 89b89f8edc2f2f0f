import { z } from 'zod';
import { SANDSTORM_LIMITS as L, SANDSTORM_MAP_MAX, SANDSTORM_TEXT_MAX } from './disaster-endpoints.js';
import { REGION_CODE_PATTERN } from './region-code.js';
import { SANDSTORM_LEVELS } from './sandstorm-grade.js';

// Sandstorm disaster records (docs/disaster.md): the schemas of every call, and their entries of the API table
// (spread into API in api.ts). Units: m, m/s, mm, h, 10⁴ CNY.

const id = z.number().int().positive();
const version = z.number().int().positive();
const queryId = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max).default('');
const range = ([min, max]: readonly [number, number]) => z.number().min(min).max(max);
const count = z.number().int().min(L.count[0]).max(L.count[1]).default(0);

const SandstormLevelEnum = z.enum(SANDSTORM_LEVELS);
export const RegionCode = z.string().trim().regex(REGION_CODE_PATTERN, 'regionCodeFormat');

/** A record's time: ISO 8601 with an offset, never in the future (a minute of clock difference allowed). */
const pastTime = z.iso
  .datetime({ offset: true })
  .refine((t) => Date.parse(t) <= Date.now() + 60_000, { message: 'sandstorm.timeInFuture' });

export const sandstormFields = {
  location: z.string().trim().min(1).max(SANDSTORM_TEXT_MAX.location),
  lon: range(L.lon),
  lat: range(L.lat),
  /** Left out or null: derived from the visibility and wind (GB/T 20480). */
  level: SandstormLevelEnum.nullish(),
  time: pastTime,
  duration: range(L.duration),
  minVisibility: range(L.minVisibility),
  maxWindSpeed: range(L.maxWindSpeed).nullish(),
  precipitation: range(L.precipitation).nullish(),
  regionCode: RegionCode,
  economicLoss: range(L.economicLoss).default(0),
  description: text(SANDSTORM_TEXT_MAX.description),
  housesCollapsed: count,
  deaths: count,
  injured: count,
  remark: text(SANDSTORM_TEXT_MAX.remark),
};

export const SandstormCreate = z.strictObject(sandstormFields);
export const SandstormUpdate = z.strictObject({ id, version, ...sandstormFields });
export type SandstormCreate = z.input<typeof SandstormCreate>;
export type SandstormUpdate = z.input<typeof SandstormUpdate>;

export const Sandstorm = z.object({
  id: z.number().int(),
  location: z.string(),
  lon: z.number(),
  lat: z.number(),
  level: SandstormLevelEnum,
  /** True when the server derived the level (none was given). */
  levelDerived: z.boolean(),
  time: z.string(),
  duration: z.number(),
  minVisibility: z.number(),
  maxWindSpeed: z.number().nullable(),
  precipitation: z.number().nullable(),
  regionCode: z.string(),
  /** Province, prefecture and county names of the code, outermost first. */
  regionName: z.string(),
  economicLoss: z.number(),
  description: z.string(),
  housesCollapsed: z.number().int(),
  deaths: z.number().int(),
  injured: z.number().int(),
  remark: z.string(),
  version: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Sandstorm = z.infer<typeof Sandstorm>;

/** Filters shared by the list, the statistics and the export. */
export const sandstormFilters = {
  /** A province or prefecture code matches every county below it. */
  code: RegionCode.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  level: SandstormLevelEnum.optional(),
  /** Part of the place name or the description. */
  keyword: z.string().trim().max(64).optional(),
};

export const SandstormQuery = z.strictObject({
  ...sandstormFilters,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Up to SANDSTORM_MAP_MAX so the map gets every record of a filter in one call. */
  size: z.coerce.number().int().min(1).max(SANDSTORM_MAP_MAX).default(20),
});
export const SandstormFilterQuery = z.strictObject(sandstormFilters);
export type SandstormFilters = z.input<typeof SandstormFilterQuery>;
export const SandstormIdQuery = z.strictObject({ id: queryId });

export const SandstormStatistics = z.object({
  /** Months (Beijing time) with records, oldest first. */
  byMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
  byYear: z.array(z.object({ year: z.number().int(), count: z.number().int() })),
  /** Every grade, weakest first (zero counts included). */
  byLevel: z.array(z.object({ level: SandstormLevelEnum, count: z.number().int() })),
  /** The areas one level below the filter's code (provinces without one), most records first. */
  byRegion: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int(), economicLoss: z.number() })),
  totals: z.object({
    count: z.number().int(),
    economicLoss: z.number(),
    deaths: z.number().int(),
    injured: z.number().int(),
    housesCollapsed: z.number().int(),
  }),
});
export type SandstormStatistics = z.infer<typeof SandstormStatistics>;

export const SandstormExportQuery = z.strictObject({ ...sandstormFilters, format: z.enum(['xlsx', 'csv']).default('xlsx') });

export const SandstormImportIssue = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type SandstormImportIssue = z.infer<typeof SandstormImportIssue>;
export const SandstormImportResult = z.object({ inserted: z.number().int(), total: z.number().int() });
export type SandstormImportResult = z.infer<typeof SandstormImportResult>;

/** One node of the province → prefecture → county cascader. */
export interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionOption[];
}
export const RegionOption: z.ZodType<RegionOption> = z.lazy(() =>
  z.object({ value: z.string(), label: z.string(), isLeaf: z.boolean(), children: z.array(RegionOption).optional() }),
);
/** Without `code`: the provinces; with it: the provinces with the children along the way to `code` filled in. */
export const RegionOptionsQuery = z.strictObject({ code: RegionCode.optional() });

/** A point on the map whose region is asked (WGS84 degrees). */
export const RegionAtQuery = z.strictObject({ lon: z.coerce.number().min(-180).max(180), lat: z.coerce.number().min(-90).max(90) });
/**
 * The region of a point, derived from the boundary layers: the deepest area holding the point whose name is a region of
 * the code table (a county of an uploaded county layer), else the province of the built-in provinces layer; `code` null
 * when no layer holds the point. `layer` names the layer that gave the code (null: the built-in provinces).
 */
export const RegionAt = z.object({ code: z.string().nullable(), name: z.string(), layer: z.string().nullable() });
export type RegionAt = z.infer<typeof RegionAt>;
