import type { Meteogram, MeteogramQuery } from '@agromet/contracts';
import type { z } from 'zod';
import type { Db } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { meteogramAnswer, meteogramCell, meteogramLeads, meteogramPlace, meteogramValue, onCells } from './meteogram.js';
import { layerTimeRows, resolveLayerGrid } from './service.js';
import { geometryOfRow, type GridStore } from './store.js';

/**
 * The meteogram read the straightforward way: every grid of the run resolved and loaded whole (through the store's
 * cache), derived elements computed as whole grids, then the cell picked. Not served: kept as the reference the point
 * reads of `meteogram` are tested against (same answer) and measured against (`npm run bench:meteogram`).
 */
export async function meteogramFromGrids(
  db: Db,
  store: GridStore,
  customerId: number,
  q: z.output<typeof MeteogramQuery>,
): Promise<Meteogram> {
  const place = await meteogramPlace(db, customerId, q);
  const first = await db
    .selectFrom('grid')
    .select(['lon0', 'lat0', 'dx', 'dy', 'nx', 'ny'])
    .where('customer_id', '=', customerId)
    .where('forecast_type_id', '=', place.type.id)
    .where('base_time', '=', place.baseTime)
    .limit(1)
    .executeTakeFirst();
  if (!first) throw errors.notFound();
  const g = geometryOfRow(first);
  const cell = meteogramCell(g, place);
  const leadsOf = new Map<number, number[]>();
  for (const r of await layerTimeRows(db, customerId)) {
    if (Date.parse(r.baseTime) !== Date.parse(place.baseTime)) continue;
    const list = leadsOf.get(r.factorId);
    if (list) list.push(r.lead);
    else leadsOf.set(r.factorId, [r.lead]);
  }
  const { factors, leads } = meteogramLeads(place.type, leadsOf);
  const elements: Meteogram['elements'] = [];
  for (const f of factors) {
    const values: Array<number | null> = leads.map(() => null);
    for (const lead of [...new Set(leadsOf.get(f.id)!)]) {
      const resolved = await resolveLayerGrid(db, store, customerId, {
        typeCode: place.type.code,
        factorCode: f.code,
        baseTime: place.baseTime,
        lead,
      });
      if (!resolved || !onCells(resolved.grid, g)) continue;
      values[leads.indexOf(lead)] = meteogramValue(resolved.grid.values[cell.j * g.nx + cell.i]!);
    }
    elements.push({ code: f.code, name: f.name, unit: f.unit, precision: f.precision, derived: f.derived === true, values });
  }
  return meteogramAnswer(place, g, cell, leads, elements);
}
