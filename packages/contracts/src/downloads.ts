import { z } from 'zod';
import { pageFields, paged } from './system.js';
import { DOWNLOAD_FORMATS, DOWNLOAD_KINDS, DOWNLOAD_LIMITS } from './constants.js';

// The downloads library (docs/downloads.md): everything the console made for a customer — map products, risk
// products, issued forecast files (data revision's submission), zoning products, station tables — listed in one place,
// previewed, downloaded one by one or as one zip, and deleted by their author or an administrator. Forecast values at
// stations: a chosen forecast read at every station of the customer over its lead times, shown and exported as CSV or
// Excel (the export joins the library).

export const DownloadKind = z.enum(DOWNLOAD_KINDS);
export type DownloadKind = z.infer<typeof DownloadKind>;
export const DownloadFormat = z.enum(DOWNLOAD_FORMATS);
export type DownloadFormat = z.infer<typeof DownloadFormat>;

/**
 * An item's id names where it lives: `lib-<n>` a file the library holds (map and risk products, station tables),
 * `issue-<n>` an issued forecast file (data revision), `zoning-<n>` a zoning product (its zip, made on demand).
 */
export const DOWNLOAD_ID_PATTERN = /^(lib|issue|zoning)-[1-9]\d{0,15}$/;
export const DownloadId = z.string().trim().regex(DOWNLOAD_ID_PATTERN);

export const DownloadItem = z.object({
  id: z.string(),
  kind: DownloadKind,
  /** The file name it downloads as (UTF-8). */
  name: z.string(),
  format: DownloadFormat,
  contentType: z.string(),
  /** Bytes; null where the file is made when asked (a zoning product's zip). */
  size: z.number().int().nullable(),
  createdAt: z.string(),
  author: z.string(),
  authorId: z.number().int().nullable(),
  /** The forecast it was made from, where it has one. */
  forecastType: z.string().nullable(),
  forecastTypeName: z.string().nullable(),
  factor: z.string().nullable(),
  factorName: z.string().nullable(),
  baseTime: z.string().nullable(),
  /** A PNG or PDF to show in place (`/download/preview`), and a thumbnail. */
  previewable: z.boolean(),
  /** The caller may delete it here: a library file of their own, or any as an administrator (issued forecasts and zoning products are removed where they are managed). */
  deletable: z.boolean(),
});
export type DownloadItem = z.infer<typeof DownloadItem>;

const iso = z.iso.datetime({ offset: true });

export const DownloadPageQuery = z.strictObject({
  ...pageFields,
  kind: DownloadKind.optional(),
  /** Forecast type code and factor code. */
  type: z.string().trim().min(1).max(64).optional(),
  factor: z.string().trim().min(1).max(64).optional(),
  /** Made from … to (inclusive, ISO times). */
  from: iso.optional(),
  to: iso.optional(),
  /** Part of the author's name. */
  author: z.string().trim().min(1).max(64).optional(),
  /** Part of the file name. */
  name: z.string().trim().min(1).max(128).optional(),
});
export type DownloadPageQuery = z.input<typeof DownloadPageQuery>;
export const DownloadPage = paged(DownloadItem);
export type DownloadPage = z.infer<typeof DownloadPage>;

export const DownloadIdQuery = z.strictObject({ id: DownloadId });
export const DownloadPreviewQuery = z.strictObject({
  id: DownloadId,
  /** A small PNG (longest side DOWNLOAD_LIMITS.thumbnail px) instead of the full preview. */
  thumb: z.enum(['0', '1']).optional(),
});
export const DownloadIdsBody = z.strictObject({
  ids: z.array(DownloadId).min(1).max(DOWNLOAD_LIMITS.zipItems),
});
export type DownloadIdsBody = z.input<typeof DownloadIdsBody>;
export const DownloadDeleted = z.object({ deleted: z.number().int() });

// ---- forecast values at stations --------------------------------------------------------------

export const StationTableQuery = z.strictObject({
  /** Forecast type code and factor code (a derived element such as a 24 h total too). */
  type: z.string().trim().min(1).max(64),
  factor: z.string().trim().min(1).max(64),
  /** The run; the newest with grids of the type when absent. */
  baseTime: iso.optional(),
});
export type StationTableQuery = z.input<typeof StationTableQuery>;

export const StationTableRow = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  lon: z.number(),
  lat: z.number(),
  /** One per lead (`leads`); null where the grid has no value there or the station lies outside the grid. */
  values: z.array(z.number().nullable()),
});
export type StationTableRow = z.infer<typeof StationTableRow>;

export const StationTable = z.object({
  type: z.string(),
  typeName: z.string(),
  factor: z.string(),
  factorName: z.string(),
  unit: z.string(),
  baseTime: z.string(),
  leads: z.array(z.number().int()),
  validTimes: z.array(z.string()),
  stations: z.array(StationTableRow),
});
export type StationTable = z.infer<typeof StationTable>;

export const StationTableExportBody = z.strictObject({
  type: z.string().trim().min(1).max(64),
  factor: z.string().trim().min(1).max(64),
  baseTime: iso.optional(),
  format: z.enum(['csv', 'xlsx']),
});
export type StationTableExportBody = z.input<typeof StationTableExportBody>;
