import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ProductJobColumns } from './columns.js';

/** A column with a database default: optional on insert. */
type D<T> = ColumnType<T, T | undefined, T>;

/** Customers whose default hazards were made (deleted ones stay deleted). */
export interface RiskSetupTable {
  customer_id: number;
  created_at: string;
}

/** A hazard definition (docs/risk.md#hazards): conditions as JSON text. */
export interface RiskHazardTable {
  id: Generated<number>;
  customer_id: number;
  /** The seeded hazard's kind (frost, heat …); null for the customer's own. */
  seed_key: string | null;
  name: string;
  kind: string;
  forecast_type: string;
  description: D<string>;
  /** JSON: [{ element, op, thresholds: [IV, III, II, I], offset? }]. */
  conditions: string;
  /** JSON: [{ crop, stage, vulnerability }] (migration 0041). */
  stages: D<string>;
  sort: D<number>;
  version: D<number>;
  created_by: number | null;
  created_by_name: D<string>;
  created_at: string;
  updated_at: string;
}

/** A risk product (docs/risk.md#storage): the hazard as run, the run's inputs, the level grid's georeference. */
export interface RiskProductTable extends ProductJobColumns {
  id: Generated<number>;
  customer_id: number;
  name: string;
  hazard_id: number | null;
  hazard_name: string;
  hazard_seed_key: string | null;
  kind: string;
  forecast_type: string;
  conditions: string;
  base_time: string;
  lead_from: number;
  lead_to: number;
  /** JSON: { zoningProductId, name, cropName } or null. */
  exposure: string | null;
  lang: 'zh' | 'en' | 'es';
  summaries: string | null;
  inputs: D<string>;
  /** JSON { id, key, name } of the crop assessed, or null (migration 0041). */
  crop: D<string | null>;
  /** JSON: the hazard's stages of that crop as run, [{ stage, vulnerability }] (migration 0041). */
  sensitivity: D<string>;
  /** JSON: the crop's calendar as run, or null (migration 0041). */
  calendar: D<string | null>;
  created_by: number | null;
  created_by_name: D<string>;
  created_at: string;
  updated_at: string;
}

/** A risk product as read. */
export type RiskProductRow = Selectable<RiskProductTable>;
