import type { ColumnType, Generated } from 'kysely';

/** A column with a database default: optional on insert. */
type D<T> = ColumnType<T, T | undefined, T>;

export interface ProductTemplateTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  definition: string;
  built_in: D<number>;
  version: Generated<number>;
  created_by: number | null;
  created_by_name: D<string>;
  created_at: string;
  updated_at: string;
}

export interface MapProductTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  job_id: string;
  type_code: string;
  factor_code: string;
  base_time: string;
  request: string;
  template: string;
  language: 'zh' | 'en' | 'es';
  region_name: D<string>;
  created_by: number | null;
  created_by_name: D<string>;
  created_at: string;
  updated_at: string;
}

export interface ProductScheduleTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  enabled: D<number>;
  template_id: number;
  forecast: string;
  trigger: 'new-run' | 'daily';
  time: string | null;
  last_base_time: string | null;
  last_run_time: string | null;
  last_product_id: number | null;
  last_error: string | null;
  version: Generated<number>;
  created_by: number | null;
  created_by_name: D<string>;
  created_at: string;
  updated_at: string;
}

export interface MapProductItemTable {
  id: Generated<number>;
  product_id: number;
  customer_id: number;
  seq: number;
  title: string;
  lead_hours: number;
  valid_start: string;
  valid_end: string;
  png_key: string;
  pdf_key: string;
  png_size: number;
  pdf_size: number;
  created_at: string;
}
