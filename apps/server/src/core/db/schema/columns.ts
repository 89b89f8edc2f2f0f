import type { ColumnType } from 'kysely';

// Columns several tables share, typed once.

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
 * its job and state, and once done its grid window, its files' prefix and its statistics (JSON).
 */
export interface ProductJobColumns extends GridWindowUntilDone {
  region_kind: 'customer' | 'area' | 'polygon';
  region_name: ColumnType<string, string | undefined, string>;
  /** JSON: { areaCode?, polygon?, statsLayer }. */
  region: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  job_id: string;
  storage_prefix: string | null;
  stats: string | null;
}

/** A product's grid window, null until its job has written it. */
type GridWindowUntilDone = { [K in keyof GridGeometryColumns]: GridGeometryColumns[K] | null };
