import { randomUUID } from 'node:crypto';
import { stageOn } from '@agromet/grid';
import { DEMO_ACTOR } from '../../core/builtin-names.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { newProductColumns } from '../../core/product-job.js';
import type { CleanupLog, FileStorage } from '../../core/storage.js';
import { layerFactorOf, layerTimeRows } from '../grids/service.js';
import type { GridStore } from '../grids/store.js';
import { ensureZoningSetup } from '../zoning/criteria.js';
import { defaultStatsLayer, resolveRegion } from '../zoning/region.js';
import { SEED_CROPS } from '../zoning/seed-data.js';
import { ensureRiskSetup, hazardName } from './hazards.js';
import { computeRisk } from './compute.js';
import { finishRiskProduct } from './products.js';
import { assessmentOf } from './run-inputs.js';
import { storedConditions } from './stored.js';
import { beijingDate } from './summary.js';

// The demo risk product (DEMO=1, docs/risk.md#demo): tea's frost or winter injury (whichever tea's stage on the run's
// first day calls for) over Shaanxi (the demo customer's province; the customer's
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
  await ensureZoningSetup(db, customerId);
  const tea = await db
    .selectFrom('zoning_crop')
    .select(['id', 'seed_key', 'name'])
    .where('customer_id', '=', customerId)
    .where('seed_key', '=', 'tea')
    .executeTakeFirst();
  const hazards = await db.selectFrom('risk_hazard').selectAll().where('customer_id', '=', customerId).execute();
  const frost = hazards.find((h) => h.seed_key === 'frost');
  const winter = hazards.find((h) => h.seed_key === 'winterInjury');
  if (!frost) return null;
  const conditions = storedConditions(frost.conditions, 'risk_hazard', frost.id);
  const factor = await layerFactorOf(db, frost.forecast_type, conditions[0]!.element);
  if (!factor) return null;
  const times = await layerTimeRows(db, customerId, factor.id);
  if (times.length === 0) return null;
  const baseTime = times
    .map((t) => new Date(t.baseTime).toISOString())
    .sort()
    .reverse()[0]!;
  const leads = times.filter((t) => new Date(t.baseTime).toISOString() === baseTime).map((t) => t.lead);
  // Tea's frost when the run's first day finds tea in a frost-sensitive stage at its reference place, else its winter
  // injury (the demo's run is dated relative to today: in late November tea is dormant).
  const teaRow = tea ? { ...tea, name: SEED_CROPS.find((c) => c.key === 'tea')!.names[lang] } : null;
  const frostAssessed = await assessmentOf(db, customerId, frost, teaRow);
  const cal = frostAssessed.calendar;
  const firstDay = beijingDate(Date.parse(baseTime) + Math.min(...leads) * 3_600_000);
  const stage = cal ? stageOn(cal, firstDay, cal.refAltitudeM, cal.refLatDeg) : null;
  const frostSeason = !cal || (stage !== null && frostAssessed.sensitivity.some((s) => s.stage === stage.code));
  const hazard = frostSeason || !winter ? frost : winter;
  const assessed = hazard === frost ? frostAssessed : await assessmentOf(db, customerId, hazard, teaRow);
  const now = nowIso();
  const statsLayer = await defaultStatsLayer(db, customerId);
  const shaanxi = 'provinces:13';
  const area = await resolveRegion(db, deps.storage, customerId, { areaCode: shaanxi }, lang).catch(() => null);
  const names = {
    frost: { zh: '茶树霜冻风险（示例）', en: 'Tea frost risk (example)', es: 'Riesgo de helada del té (ejemplo)' },
    winterInjury: { zh: '茶树冻害风险（示例）', en: 'Tea winter injury risk (example)', es: 'Riesgo de daño invernal del té (ejemplo)' },
  };
  const name = names[hazard === frost ? 'frost' : 'winterInjury'][lang];
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
        crop: assessed.crop ? JSON.stringify(assessed.crop) : null,
        sensitivity: JSON.stringify(assessed.sensitivity),
        calendar: assessed.calendar ? JSON.stringify(assessed.calendar) : null,
        lang,
        summaries: null,
        ...newProductColumns('running', `demo-${randomUUID()}`, { userId: null, name: DEMO_ACTOR }, now),
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
