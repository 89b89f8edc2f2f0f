import type { ColumnType, Generated } from 'kysely';

/** A column with a database default: optional on insert. */
type D<T> = ColumnType<T, T | undefined, T>;

/** Customers whose built-in crop calendars were made (deleted ones stay deleted). */
export interface CropCalendarSetupTable {
  customer_id: number;
  created_at: string;
}

/** A crop's calendar (docs/crop-calendar.md#storage): stages as JSON text, shift parameters, version. */
export interface CropCalendarTable {
  id: Generated<number>;
  customer_id: number;
  crop_id: number;
  /** JSON: [{ code, name, start: 'MM-DD', end: 'MM-DD' }] in the order of development. */
  stages: string;
  ref_altitude_m: number;
  ref_lat_deg: number;
  days_per_100m: number;
  days_per_degree: number;
  source: D<string>;
  /** 1 while it is the built-in calendar as seeded. */
  built_in: D<number>;
  version: D<number>;
  created_by_name: D<string>;
  created_at: string;
  updated_at: string;
}
