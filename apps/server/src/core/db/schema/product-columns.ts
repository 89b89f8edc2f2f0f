import type { ColumnType } from 'kysely';

/**
 * The columns every product made by a job has (core/product-job.ts; risk and zoning products): the region it covers,
 * its job and state, and once done its grid window, its files' prefix and its statistics (JSON).
 */
export interface ProductJobColumns {
  region_kind: 'customer' | 'area' | 'polygon';
  region_name: ColumnType<string, string | undefined, string>;
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
