import type { Db } from '../../core/db/index.js';
import { DEMO_SEED, demoField, demoTerrain, latestBaseTime } from './demo-fields.js';
import type { GridStore } from './store.js';

/** Demo grids for the next 72 h at 3 h steps, made once (a restart finds them and changes nothing). */
export async function seedDemoGrids(db: Db, store: GridStore, customerId: number, now = new Date()): Promise<number> {
  const existing = await db.selectFrom('grid').select('id').where('customer_id', '=', customerId).executeTakeFirst();
  if (existing) return 0;
  const type = await db.selectFrom('forecast_type').selectAll().where('code', '=', 'fine-grid').executeTakeFirstOrThrow();
  const factors = await db.selectFrom('factor').selectAll().where('forecast_type_id', '=', type.id).orderBy('sort').execute();
  const baseTime = latestBaseTime(now);
  const ctx = { terrain: demoTerrain(DEMO_SEED), baseTime, seed: DEMO_SEED };
  let count = 0;
  for (let lead = 0; lead <= type.max_lead_hours; lead += type.step_hours) {
    for (const factor of factors) {
      await store.save(
        { customerId, forecastTypeId: type.id, factorId: factor.id, baseTime: baseTime.toISOString(), leadHours: lead },
        demoField(factor.code, lead, ctx),
        { userId: null, name: 'demo' },
      );
      count += 1;
    }
  }
  return count;
}
