import { DEMO_ACTOR } from '../../core/builtin-names.js';
import type { Db } from '../../core/db/index.js';
import { DEMO_SEED, dailyExtremeLeads, demoFields, demoStoredAt, demoTerrain, latestBaseTime, type TerrainAnchor } from './demo-fields.js';
import type { GridStore } from './store.js';

/**
 * Demo grids for the next 72 h at 3 h steps, the daily extremes at the ends of the forecast days (`dayEndLocalHour`
 * in Beijing time: 8 for 08–08 days, 20 for 20–20), the 3 h amounts from lead 3 (an amount ends at its lead), on a
 * terrain that has the stations' altitudes at their cells; made once (a restart finds them and changes nothing).
 */
export async function seedDemoGrids(
  db: Db,
  store: GridStore,
  customerId: number,
  opts: { now?: Date; dayEndLocalHour?: number; stations?: readonly TerrainAnchor[] } = {},
): Promise<number> {
  const { now = new Date(), dayEndLocalHour = 8, stations = [] } = opts;
  const existing = await db.selectFrom('grid').select('id').where('customer_id', '=', customerId).executeTakeFirst();
  if (existing) return 0;
  const type = await db.selectFrom('forecast_type').selectAll().where('code', '=', 'fine-grid').executeTakeFirstOrThrow();
  const factors = await db.selectFrom('factor').selectAll().where('forecast_type_id', '=', type.id).orderBy('sort').execute();
  const baseTime = latestBaseTime(now);
  const ctx = { terrain: demoTerrain(DEMO_SEED, stations), baseTime, seed: DEMO_SEED };
  const dailyLeads = new Set(dailyExtremeLeads(baseTime, type.max_lead_hours, dayEndLocalHour));
  let count = 0;
  for (let lead = 0; lead <= type.max_lead_hours; lead += type.step_hours) {
    const here = factors.filter((f) => demoStoredAt(f.code, lead, dailyLeads));
    const fields = demoFields(
      here.map((f) => f.code),
      lead,
      ctx,
    );
    for (const factor of here) {
      await store.save(
        { customerId, forecastTypeId: type.id, factorId: factor.id, baseTime: baseTime.toISOString(), leadHours: lead },
        fields.get(factor.code)!,
        { userId: null, name: DEMO_ACTOR },
      );
      count += 1;
    }
  }
  return count;
}
