import type { ColumnType, Generated } from 'kysely';

/** A column with a database default: optional on insert. */
type D<T> = ColumnType<T, T | undefined, T>;

/** A file of the downloads library (docs/downloads.md#storage). */
export interface DownloadFileTable {
  id: Generated<number>;
  customer_id: number;
  kind: string;
  name: string;
  format: string;
  content_type: string;
  size: number;
  storage_key: string;
  preview_key: string | null;
  author_id: number | null;
  author_name: D<string>;
  forecast_type_code: string | null;
  factor_code: string | null;
  base_time: string | null;
  source_id: string | null;
  created_at: string;
}
