import type { ColumnType, Generated } from 'kysely';

/** A column with a database default: optional on insert. */
type D<T> = ColumnType<T, T | undefined, T>;

/** A sandstorm disaster record (docs/disaster.md#storage). */
export interface SandstormRecordTable {
  id: Generated<number>;
  customer_id: number;
  location: string;
  lon: number;
  lat: number;
  level: string;
  level_derived: D<number>;
  time: string;
  duration: number;
  min_visibility: number;
  max_wind_speed: number | null;
  precipitation: number | null;
  region_code: string;
  economic_loss: D<number>;
  description: D<string>;
  houses_collapsed: D<number>;
  deaths: D<number>;
  injured: D<number>;
  remark: D<string>;
  version: D<number>;
  created_by_name: D<string>;
  created_at: string;
  updated_at: string;
}
