import type { ColumnType, Generated } from 'kysely';
import type { GridGeometryColumns, ProductJobColumns } from './columns.js';

/** A column with a database default: optional on insert. */
type D<T> = ColumnType<T, T | undefined, T>;

// Agro-climatic zoning (zoning_* tables, migration 0005): times ISO text, flags 0/1, JSON as text.

export interface ZoningSetupTable {
  customer_id: number;
  created_at: string;
}

export interface ZoningCropTable {
  id: Generated<number>;
  customer_id: number;
  seed_key: string | null;
  name: string;
  remark: D<string>;
  sort: D<number>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ZoningCriterionTable {
  id: Generated<number>;
  customer_id: number;
  crop_id: number;
  name: string;
  description: D<string>;
  method: 'limiting' | 'weighted' | 'fuzzy';
  definition: string;
  class_names: string;
  example: D<number>;
  version: Generated<number>;
  created_by: number | null;
  created_by_name: D<string>;
  created_at: string;
  updated_at: string;
}

export interface ZoningBaseFactorTable extends GridGeometryColumns {
  id: Generated<number>;
  customer_id: number;
  code: string;
  source: 'stations' | 'import' | 'derived';
  storage_key: string;
  version: D<number>;
  grid_min: number | null;
  grid_max: number | null;
  fit: string | null;
  updated_by_name: D<string>;
  updated_at: string;
}

export interface ZoningStationNormalTable {
  id: Generated<number>;
  customer_id: number;
  station_id: number;
  factor: string;
  value: number;
  updated_at: string;
}

export interface ZoningProductTable extends ProductJobColumns {
  id: Generated<number>;
  customer_id: number;
  name: string;
  crop_id: number;
  crop_name: string;
  criterion_id: number | null;
  criterion_name: string;
  method: 'limiting' | 'weighted' | 'fuzzy';
  definition: string;
  class_names: string;
  inputs: string;
  created_by: number | null;
  created_by_name: D<string>;
  created_at: string;
  updated_at: string;
}
