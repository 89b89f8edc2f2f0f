import { randomUUID } from 'node:crypto';
import type { HazardCondition } from '@agromet/contracts';
import { DEMO_ACTOR } from '../../core/builtin-names.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { CleanupLog, FileStorage } from '../../core/storage.js';
import { layerFactorOf, layerTimeRows } from '../grids/service.js';
import type { GridStore } from '../grids/store.js';
import { defaultStatsLayer, resolveRegion } from '../zoning/region.js';
import { ensureRiskSetup, hazardName } from './hazards.js';
import { computeRisk, finishRiskProduct } from './products.js';

// The demo risk product (DEMO=1, docs/risk.md#demo): frost over Shaanxi (the demo customer's province; the customer's
// whole region, which is the forecast grid's rectangle, when the outline is missing) for the newest run's leads,
// made at first start without a job, so that the product list and the downloads library are never empty.

export interface DemoRiskDeps {
  db: Db;
  storage: FileStorage;
  store: GridStore;
  log: CleanupLog;
}

/**
 * Makes the customer's demo risk product (frost, the newest run of the demo grids, every lead) unless the customer
 * already has a risk product; answers the product's id (the existing one's when there is one), or null when the
 * customer has no grids for it. Written like a job's product: the level file first, then the row done.
 */
export async function makeDemoRiskProduct(deps: DemoRiskDeps, customerId: number, lang: 'zh' | 'en' | 'es' = 'zh'): Promise<number | null> {
  const { db } = deps;
  const existing = await db.selectFrom('risk_product').select('id').where('customer_id', '=', customerId).orderBy('id').executeTakeFirst();
  if (existing) return existing.id;
  await ensureRiskSetup(db, customerId);
  const hazard = await db
    .selectFrom('risk_hazard')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('seed_key', '=', 'frost')
    .executeTakeFirst();
  if (!hazard) return null;
  const conditions = JSON.parse(hazard.conditions) as HazardCondition[];
  const factor = await layerFactorOf(db, hazard.forecast_type, conditions[0]!.element);
  if (!factor) return null;
  const times = await layerTimeRows(db, customerId, factor.id);
  if (times.length === 0) return null;
  const baseTime = times
    .map((t) => new Date(t.baseTime).toISOString())
    .sort()
    .reverse()[0]!;
  const leads = times.filter((t) => new Date(t.baseTime).toISOString() === baseTime).map((t) => t.lead);
  const now = nowIso();
  const statsLayer = await defaultStatsLayer(db, customerId);
  const shaanxi = 'provinces:13';
  const area = await resolveRegion(db, deps.storage, customerId, { areaCode: shaanxi }, lang).catch(() => null);
  const name = lang === 'zh' ? '霜冻风险（示例）' : lang === 'en' ? 'Frost risk (example)' : 'Riesgo de helada (ejemplo)';
  const make = async (region: { kind: 'customer' | 'area' | 'polygon'; name: string; ask: object }) => {
    const row = await db
      .insertInto('risk_product')
      .values({
        customer_id: customerId,
        name,
        hazard_id: hazard.id,
        hazard_name: hazardName(hazard, lang),
        hazard_seed_key: hazard.seed_key,
        kind: hazard.kind,
        forecast_type: hazard.forecast_type,
        conditions: hazard.conditions,
        base_time: baseTime,
        lead_from: Math.min(...leads),
        lead_to: Math.max(...leads),
        region_kind: region.kind,
        region_name: region.name,
        region: JSON.stringify({ ...region.ask, statsLayer }),
        exposure: null,
        lang,
        status: 'running',
        job_id: `demo-${randomUUID()}`,
        lon0: null,
        lat0: null,
        dx: null,
        dy: null,
        nx: null,
        ny: null,
        storage_prefix: null,
        stats: null,
        summaries: null,
        created_by: null,
        created_by_name: DEMO_ACTOR,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    try {
      await finishRiskProduct(deps, row, await computeRisk(deps, row), deps.log);
      return row.id;
    } catch (e) {
      await db.deleteFrom('risk_product').where('id', '=', row.id).execute();
      throw e;
    }
  };
  if (area) {
    // The grids may not reach the province (another demo region): then the customer's whole region.
    const made = await make({ kind: area.kind, name: area.name, ask: { areaCode: shaanxi } }).catch(() => null);
    if (made !== null) return made;
  }
  return make({ kind: 'customer', name: '', ask: {} });
}
