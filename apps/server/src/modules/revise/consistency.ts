import { randomUUID } from 'node:crypto';
import type { ConsistencyFixBody } from '@agromet/contracts';
import { diffValues } from '@agromet/grid';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { assertAllocated } from '../allocation/service.js';
import { findings, forecastGrids } from '../grids/consistency.js';
import { geometryOfRow, type GridKey, type GridRow, type GridStore } from '../grids/store.js';
import { insertBatch, insertRecord } from './record-rows.js';

// The one-click fixes of consistency violations (docs/grids.md#consistency), saved as revision records: the rules and
// the listing live in the grid layer (modules/grids/consistency.ts).
export { checkConsistency, violationCount } from '../grids/consistency.js';

export interface FixDeps {
  db: Db;
  store: GridStore;
  withLead: (e: unknown) => unknown;
}

/**
 * Fixes the violations (all of the forecast, or those of one rule, factor and lead) on the grids as stored now, and
 * saves every changed grid with one record each (kind consistency) in one transaction: undoable by recovery.
 */
export async function fixConsistency(deps: FixDeps, auth: AuthContext, body: z.output<typeof ConsistencyFixBody>) {
  const { db, store } = deps;
  const baseTime = new Date(body.baseTime).toISOString();
  const { type, grids } = await forecastGrids(db, store, auth, body.type, baseTime);
  await assertAllocated(db, auth, { id: type.id, name: type.name });
  const selected = (await findings(grids)).filter(
    (f) =>
      (!body.rule || f.rule === body.rule) &&
      (!body.factor || f.factor === body.factor) &&
      (body.lead === undefined || f.lead === body.lead),
  );
  // Fixes apply one after another onto working copies of the grids they change (the rules read the stored values):
  // where two rules change a cell (a negative 3 h amount in a window to rescale) the later one's value stands.
  const changed = new Map<number, { row: GridRow; original: Float32Array; working: Float32Array; key: GridKey }>();
  for (const f of selected) {
    for (const { loaded, patch } of await f.fix(grids)) {
      if (patch.indices.length === 0) continue;
      const r = loaded.row;
      let c = changed.get(r.id);
      if (!c) {
        c = {
          row: r,
          original: loaded.grid.values,
          working: loaded.grid.values.slice(),
          key: {
            customerId: r.customer_id,
            forecastTypeId: r.forecast_type_id,
            factorId: r.factor_id,
            baseTime: r.base_time,
            leadHours: r.lead_hours,
          },
        };
        changed.set(r.id, c);
      }
      for (let k = 0; k < patch.indices.length; k++) c.working[patch.indices[k]!] = patch.newValues[k]!;
    }
  }
  const items = [...changed.values()]
    .map((c) => ({ ...c, patch: diffValues(c.original, c.working) }))
    .filter((c) => c.patch.indices.length > 0);
  const batchId = randomUUID();
  const records: Array<{ factor: string; lead: number; recordId: number; version: number; cellsChanged: number }> = [];
  if (items.length > 0) {
    const factorCode = new Map<number, string>();
    for (const [code, leads] of grids.rows) for (const row of leads.values()) factorCode.set(row.id, code);
    try {
      await store.savePatches(
        items.map((c) => ({ key: c.key, row: c.row, patch: c.patch })),
        { userId: auth.userId, name: auth.name },
        {
          inTransaction: async (tx, rows) => {
            const now = nowIso();
            await insertBatch(
              tx,
              auth,
              {
                id: batchId,
                kind: 'consistency',
                parameters: {
                  rules: [...new Set(selected.map((f) => f.rule))],
                  violations: selected.map((f) => ({ rule: f.rule, factor: f.factor, lead: f.lead, cells: f.cells.indices.length })),
                },
              },
              now,
            );
            for (const [k, c] of items.entries()) {
              const saved = rows[k]!;
              const recordId = await insertRecord(
                tx,
                auth,
                batchId,
                {
                  kind: 'consistency',
                  row: c.row,
                  geometry: geometryOfRow(c.row),
                  versionBefore: c.row.version,
                  patch: c.patch,
                },
                saved,
                now,
              );
              records.push({
                factor: factorCode.get(c.row.id) ?? '',
                lead: c.row.lead_hours,
                recordId,
                version: saved.version,
                cellsChanged: c.patch.indices.length,
              });
            }
          },
        },
      );
    } catch (e) {
      throw deps.withLead(e);
    }
  }
  return { batchId, fixed: selected.length, records };
}
