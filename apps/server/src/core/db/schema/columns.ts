import type { ColumnType } from 'kysely';

// Columns several tables share, typed once.

/** A column with a database default: optional on insert. */
type D<T> = ColumnType<T, T | undefined, T>;

/** A regular lon/lat grid's window (@agromet/grid's GridGeometry): a stored grid, an issued one, a base factor, a revision. */
export interface GridGeometryColumns {
  lon0: number;
  lat0: number;
  dx: number;
  dy: number;
  nx: number;
  ny: number;
}

/**
 * The columns every product made by a job has (core/product-job.ts; risk and zoning products): the region it covers,
 * its job and state, and once done its grid window (null until then), its files' prefix and its statistics (JSON).
 */
export interface ProductJobColumns {
  region_kind: 'customer' | 'area' | 'polygon';
  region_name: D<string>;
  /** JSON: { areaCode?, polygon?, statsLayer }. */
  region: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  job_id: string;
  lon0: number | null;
  lat0: number | null;
  dx: number | null;
  dy: number | null;
  nx: number | null;
  ny: number | null;
  storage_prefix: string | null;
  stats: string | null;
}
