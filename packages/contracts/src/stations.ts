import { z } from 'zod';
import { pageFields } from './system.js';
import { STATION_LIMITS, STATION_NUMBER_PATTERN, STATION_PAGE_MAX, type STATION_CSV_COLUMNS } from './constants.js';

// Weather stations of a customer (the station page of data revision, the station table of downloads, zoning's
// station inputs): their fields, list query and CSV import.

const id = z.number().int().positive();
const version = z.number().int().positive();
const queryId = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max).default('');

export const stationFields = {
  stationNumber: z.string().trim().regex(STATION_NUMBER_PATTERN, 'stationNumberFormat'),
  name: z.string().trim().min(1).max(64),
  province: text(64),
  city: text(64),
  district: text(64),
  address: text(256),
  longitude: z.number().min(STATION_LIMITS.longitude[0]).max(STATION_LIMITS.longitude[1]),
  latitude: z.number().min(STATION_LIMITS.latitude[0]).max(STATION_LIMITS.latitude[1]),
  /** Metres above sea level. */
  altitude: z.number().min(STATION_LIMITS.altitude[0]).max(STATION_LIMITS.altitude[1]),
  contactPerson: text(64),
  contactPhone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[0-9+\-() ]*$/, 'phoneFormat')
    .default(''),
  remarks: text(500),
};

export const StationCreate = z.strictObject(stationFields);
export const StationUpdate = z.strictObject({ id, version, ...stationFields });
export type StationCreate = z.input<typeof StationCreate>;
export type StationUpdate = z.input<typeof StationUpdate>;

export const Station = z.object({
  id: z.number().int(),
  stationNumber: z.string(),
  name: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  /** Province, city and district as one place in the reader's language: 陕西省 榆林市 榆阳区, "Yuyang District, Yulin, Shaanxi". */
  regionName: z.string().optional(),
  address: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  altitude: z.number(),
  contactPerson: z.string(),
  contactPhone: z.string(),
  remarks: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Station = z.infer<typeof Station>;

export const StationQuery = z.strictObject({
  page: pageFields.page,
  size: z.coerce.number().int().min(1).max(STATION_PAGE_MAX).default(20),
  /** Matches station number, name, province, city or district. */
  keyword: z.string().trim().max(64).optional(),
});
export const StationIdQuery = z.strictObject({ id: queryId });

export const STATION_CSV_HEADERS_ZH: Record<(typeof STATION_CSV_COLUMNS)[number], string> = {
  stationNumber: '站号',
  name: '站名',
  province: '省',
  city: '市',
  district: '区县',
  address: '地址',
  longitude: '经度',
  latitude: '纬度',
  altitude: '海拔',
  contactPerson: '联系人',
  contactPhone: '联系电话',
  remarks: '备注',
};

/** One problem of a CSV import: the file's line (the header is line 1), the column and what is wrong. */
export const StationImportIssue = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type StationImportIssue = z.infer<typeof StationImportIssue>;
/** `data` of the 4100 answer to a refused import: every problem found (nothing was imported). */
export const StationImportErrors = z.object({ issues: z.array(StationImportIssue) });
/** Import is all or nothing: stations are added, or updated when their number exists. */
export const StationImportResult = z.object({ inserted: z.number().int(), updated: z.number().int(), total: z.number().int() });
export type StationImportResult = z.infer<typeof StationImportResult>;
