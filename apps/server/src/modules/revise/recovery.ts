import { randomUUID } from 'node:crypto';
import type { RecoveryResult } from '@agromet/contracts';
import { applyPatch, decodePatch, invertPatch, PatchMismatchError, type GridGeometry } from '@agromet/grid';
import type { AuthContext } from '../../core/auth/context.js';
import { nowIso } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { assertAllocated } from '../allocation/service.js';
import { geometryOfRow, type GridRow } from '../grids/store.js';
import { blockingRecords, describeBlocking } from './records.js';
import { insertBatch, insertRecord } from './record-rows.js';
import { withLead, type ReviseDeps } from './service.js';

// Undoing a revision record (docs/grids.md): its cells back to their old values, as a new record of kind recovery.

const sameGeometry = (a: GridGeometry, b: GridGeometry) =>
  a.lon0 === b.lon0 && a.lat0 === b.lat0 && a.dx === b.dx && a.dy === b.dy && a.nx === b.nx && a.ny === b.ny;

/**
 * Restores the old values of a record's cells as a new record (kind recovery). Later revisions of the same grid that
 * changed any of those cells and are not themselves recovered must be recovered first (4009 naming them); the grid
 * must still hold the record's new values in those cells (else it was replaced, 4009) and still be at the version read
 * when the transaction commits (else someone edited meanwhile, 4009). Nothing is applied on any refusal.
 */
export async function recover(deps: ReviseDeps, auth: AuthContext, id: number): Promise<RecoveryResult> {
  const { db, store } = deps;
  const rec = await db
    .selectFrom('revision')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', auth.customerId)
    .executeTakeFirst();
  if (!rec) throw errors.notFound();
  if (rec.kind === 'recovery') throw errors.conflict('recoveryOfRecovery');
  if (rec.recovered_by_id !== null) throw errors.conflict('alreadyRecovered', { by: rec.recovered_by_id });
  const type = await db.selectFrom('forecast_type').select(['id', 'name']).where('id', '=', rec.forecast_type_id).executeTakeFirstOrThrow();
  await assertAllocated(db, auth, type);

  const blocking = await blockingRecords(db, rec);
  if (blocking.length > 0) {
    throw errors.conflict(
      'recoveryBlocked',
      { records: describeBlocking(blocking) },
      {
        blocking: blocking.map((b) => ({ id: b.id, userName: b.user_name, createdAt: b.created_at, kind: b.kind })),
      },
    );
  }

  const row = await db.selectFrom('grid').selectAll().where('id', '=', rec.grid_id).executeTakeFirst();
  if (!row) throw errors.notFound();
  const geometry: GridGeometry = { lon0: rec.lon0, lat0: rec.lat0, dx: rec.dx, dy: rec.dy, nx: rec.nx, ny: rec.ny };
  if (!sameGeometry(geometry, geometryOfRow(row))) throw errors.conflict('gridReplaced');
  const grid = await store.view(row);
  const undo = invertPatch(decodePatch(rec.patch));
  try {
    // Checks that the cells still hold the record's new values, on a copy of just those cells.
    const stored = new Uint32Array(grid.values.buffer, grid.values.byteOffset, grid.values.length);
    const cells = new Float32Array(Uint32Array.from(undo.indices, (k) => stored[k]!).buffer);
    applyPatch(cells, { ...undo, indices: undo.indices.map((_, n) => n) });
  } catch (e) {
    if (e instanceof PatchMismatchError) throw errors.conflict('gridReplaced');
    throw e;
  }

  const batchId = randomUUID();
  let recordId = 0;
  let saved: GridRow;
  try {
    saved = (
      await store.savePatches(
        [
          {
            key: {
              customerId: row.customer_id,
              forecastTypeId: row.forecast_type_id,
              factorId: row.factor_id,
              baseTime: row.base_time,
              leadHours: row.lead_hours,
            },
            row,
            patch: undo,
          },
        ],
        { userId: auth.userId, name: auth.name },
        {
          inTransaction: async (tx, rows) => {
            const savedRow = rows[0]!;
            const now = nowIso();
            await insertBatch(tx, auth, { id: batchId, kind: 'recovery', parameters: { recovers: rec.id } }, now);
            recordId = await insertRecord(
              tx,
              auth,
              batchId,
              {
                kind: 'recovery',
                row,
                geometry,
                versionBefore: row.version,
                patch: undo,
                recovers: rec.id,
              },
              savedRow,
              now,
            );
            const marked = await tx
              .updateTable('revision')
              .set({ recovered_by_id: recordId })
              .where('id', '=', rec.id)
              .where('recovered_by_id', 'is', null)
              .executeTakeFirst();
            if (Number(marked.numUpdatedRows) !== 1) throw errors.conflict('alreadyRecovered', { by: '?' });
            if (deps.beforeCommit) await deps.beforeCommit(tx);
          },
        },
      )
    )[0]!;
  } catch (e) {
    throw withLead(e);
  }
  return { recordId, recovered: rec.id, lead: rec.lead_hours, version: saved.version, cellsChanged: undo.indices.length };
}
