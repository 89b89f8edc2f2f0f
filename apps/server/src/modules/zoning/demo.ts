import { DEMO_ACTOR } from '../../core/builtin-names.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { CleanupLog, FileStorage } from '../../core/storage.js';
import { factorRow, regridFromNormals, saveAltitude } from './base-factors.js';
import { ensureZoningSetup } from './criteria.js';
import { demoElevation } from './demo-elevation.js';
import { FACTORS } from './factors.js';

// Demo zoning data (DEMO=1): the synthetic elevation of the region, climate normals of the demo stations, the base
// factors gridded from them at start, and the seeded crops with the tea and kiwifruit example criteria.

/** The factors measured at stations, in the catalogue's order: the columns of DEMO_NORMALS. */
const COLUMNS = FACTORS.filter((f) => f.source === 'stations').map((f) => f.code);

/**
 * Climate normals (about 1981–2010) of the Shaanxi demo stations, rounded as a specialist would quote them: annual
 * mean temperature °C, ≥10 °C accumulated temperature °C·d, annual precipitation mm, sunshine h, mean annual extreme
 * minimum °C, coldest and warmest month mean °C, frost-free days, annual and March–September relative humidity %,
 * spring frost frequency % (years with a late frost after the tea buds break). Consistent with latitude and
 * altitude: colder and drier to the north and with height (Huashan, 2065 m), warm and humid in the Han valley.
 */
export const DEMO_NORMALS: Record<string, readonly number[]> = {
  '53646': [8.6, 3250, 410, 2720, -23.0, -8.9, 23.6, 155, 54, 50, 88], // 榆林 Yulin, 1157 m
  '53845': [10.2, 3550, 550, 2400, -19.5, -5.5, 23.2, 170, 61, 58, 76], // 延安 Yan'an, 959 m
  '53942': [9.9, 3150, 610, 2400, -16.5, -4.8, 21.9, 175, 64, 63, 72], // 洛川 Luochuan, 1160 m
  '53948': [11.2, 3650, 580, 2230, -14.5, -2.9, 23.6, 190, 63, 63, 60], // 铜川 Tongchuan, 979 m
  '57016': [13.3, 4350, 660, 1900, -9.4, 0.1, 25.4, 215, 68, 69, 38], // 宝鸡 Baoji, 612 m
  '57034': [13.3, 4450, 600, 2050, -11.0, -0.8, 26.5, 212, 71, 70, 42], // 武功 Wugong, 448 m
  '57036': [14.2, 4650, 570, 1950, -8.8, 0.6, 27.1, 225, 66, 65, 33], // 西安 Xi'an, 398 m
  '57045': [6.8, 2000, 840, 2120, -17.5, -5.9, 17.9, 175, 65, 67, 83], // 华山 Huashan, 2065 m
  '57127': [14.7, 4650, 860, 1600, -5.5, 2.6, 25.7, 240, 78, 79, 22], // 汉中 Hanzhong, 510 m
  '57143': [12.9, 4100, 700, 2050, -10.5, 0.3, 24.6, 208, 67, 67, 45], // 商州 Shangzhou, 742 m
  '57245': [15.9, 5050, 820, 1700, -4.0, 3.8, 27.4, 262, 73, 74, 15], // 安康 Ankang, 291 m
};

/**
 * Whether the demo's grids were made by the demo before gridding by evidence (docs/zoning.md#the-demo-elevation): on
 * the old bent elevation, with fits that have no scale. Such a demo is made again at start; a customer's own grids
 * (an imported altitude, normals gridded by a user) are never touched.
 */
async function demoGridsOutdated(db: Db, customerId: number): Promise<boolean> {
  const rows = await db
    .selectFrom('zoning_base_factor')
    .select(['code', 'source', 'fit', 'updated_by_name'])
    .where('customer_id', '=', customerId)
    .execute();
  const altitude = rows.find((r) => r.code === 'altitude');
  if (!altitude || altitude.updated_by_name !== DEMO_ACTOR.slice(0, 64)) return false;
  const gridded = rows.filter((r) => r.source === 'stations');
  return gridded.length > 0 && gridded.every((r) => r.updated_by_name === DEMO_ACTOR.slice(0, 64) && !r.fit?.includes('"scale"'));
}

/**
 * Made once (an altitude grid already there: nothing is done), after the demo stations; a demo made before gridding
 * by evidence gets the smooth relief and its factors gridded again.
 */
export async function seedDemoZoning(db: Db, storage: FileStorage, log: CleanupLog, customerId: number): Promise<boolean> {
  await ensureZoningSetup(db, customerId);
  if (await factorRow(db, customerId, 'altitude')) {
    if (!(await demoGridsOutdated(db, customerId))) return false;
    await saveAltitude(db, storage, log, customerId, demoElevation(), DEMO_ACTOR);
    await regridFromNormals(db, storage, log, customerId, 'all', DEMO_ACTOR);
    return true;
  }
  const stations = await db.selectFrom('station').select(['id', 'station_number']).where('customer_id', '=', customerId).execute();
  const now = nowIso();
  const rows = stations.flatMap((s) =>
    (DEMO_NORMALS[s.station_number] ?? []).map((value, k) => ({
      customer_id: customerId,
      station_id: s.id,
      factor: COLUMNS[k]!,
      value,
      updated_at: now,
    })),
  );
  const existing = await db.selectFrom('zoning_station_normal').select('id').where('customer_id', '=', customerId).executeTakeFirst();
  if (!existing && rows.length > 0) await db.insertInto('zoning_station_normal').values(rows).execute();
  await saveAltitude(db, storage, log, customerId, demoElevation(), DEMO_ACTOR);
  await regridFromNormals(db, storage, log, customerId, 'all', DEMO_ACTOR);
  return true;
}
