import type { GridGeometry, Patch } from '@agromet/grid';
import { encodePatch } from '@agromet/grid';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import type { GridRow } from '../grids/store.js';
import { patchExtent } from './records.js';

// The rows every saved revision writes inside its grid switch's transaction (point, area, recovery, consistency fix):
// one batch per call, one record per changed grid.

/** Inserts the call's batch: what kind of revision, with its parameters (JSON), by whom. */
export async function insertBatch(
  tx: Db,
  auth: AuthContext,
  batch: { id: string; kind: 'point' | 'polygon' | 'recovery' | 'consistency'; parameters: unknown },
  now: string,
): Promise<void> {
  await tx
    .insertInto('revision_batch')
    .values({
      id: batch.id,
      customer_id: auth.customerId,
      kind: batch.kind,
      parameters: JSON.stringify(batch.parameters),
      user_id: auth.userId,
      user_name: auth.name,
      created_at: now,
    })
    .execute();
}

interface RecordInput {
  kind: 'point' | 'polygon' | 'recovery' | 'consistency';
  row: GridRow;
  geometry: GridGeometry;
  versionBefore: number;
  patch: Patch;
  /** The patch's extent when the caller has it already (patchExtent: a pass over every changed cell). */
  extent?: ReturnType<typeof patchExtent>;
  recovers?: number;
}

/** Inserts one revision record (inside the grid switch's transaction); answers its id. */
export async function insertRecord(
  tx: Db,
  auth: AuthContext,
  batchId: string,
  r: RecordInput,
  saved: GridRow,
  now: string,
): Promise<number> {
  const extent = r.extent !== undefined ? r.extent : patchExtent(r.geometry, r.patch);
  const encoded = encodePatch(r.patch);
  const row = await tx
    .insertInto('revision')
    .values({
      batch_id: batchId,
      customer_id: auth.customerId,
      grid_id: saved.id,
      forecast_type_id: saved.forecast_type_id,
      factor_id: saved.factor_id,
      base_time: saved.base_time,
      lead_hours: saved.lead_hours,
      kind: r.kind,
      user_id: auth.userId,
      user_name: auth.name,
      cells_changed: r.patch.indices.length,
      ...r.geometry,
      i0: extent?.cells.i0 ?? null,
      i1: extent?.cells.i1 ?? null,
      j0: extent?.cells.j0 ?? null,
      j1: extent?.cells.j1 ?? null,
      west: extent?.box.west ?? null,
      south: extent?.box.south ?? null,
      east: extent?.box.east ?? null,
      north: extent?.box.north ?? null,
      // A view of the encoded bytes, not a copy (a fifth of the national grid is 2.9 MB).
      patch: Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength),
      version_before: r.versionBefore,
      version_after: saved.version,
      recovers_id: r.recovers ?? null,
      recovered_by_id: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
