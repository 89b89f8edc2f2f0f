import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';

/**
 * National surface stations of Shaanxi (the demo customer's province) with their numbers, positions (degrees) and
 * barometer altitudes (m), as published in the station lists of the China Meteorological Administration.
 */
export const SHAANXI_STATIONS = [
  { number: '53646', name: '榆林', city: '榆林市', district: '榆阳区', lat: 38.27, lon: 109.78, alt: 1157.0 },
  { number: '53845', name: '延安', city: '延安市', district: '宝塔区', lat: 36.6, lon: 109.5, alt: 958.5 },
  { number: '53942', name: '洛川', city: '延安市', district: '洛川县', lat: 35.82, lon: 109.5, alt: 1159.8 },
  { number: '53948', name: '铜川', city: '铜川市', district: '耀州区', lat: 35.08, lon: 109.07, alt: 978.9 },
  { number: '57016', name: '宝鸡', city: '宝鸡市', district: '渭滨区', lat: 34.35, lon: 107.13, alt: 612.4 },
  { number: '57034', name: '武功', city: '咸阳市', district: '武功县', lat: 34.25, lon: 108.22, alt: 447.8 },
  { number: '57036', name: '西安', city: '西安市', district: '未央区', lat: 34.3, lon: 108.93, alt: 397.5 },
  { number: '57045', name: '华山', city: '渭南市', district: '华阴市', lat: 34.48, lon: 110.08, alt: 2064.9 },
  { number: '57127', name: '汉中', city: '汉中市', district: '汉台区', lat: 33.07, lon: 107.03, alt: 509.5 },
  { number: '57143', name: '商州', city: '商洛市', district: '商州区', lat: 33.87, lon: 109.97, alt: 742.2 },
  { number: '57245', name: '安康', city: '安康市', district: '汉滨区', lat: 32.72, lon: 109.03, alt: 290.8 },
] as const;

/** Made once, when the demo customer has no station yet (stations deleted later stay deleted). */
export async function seedDemoStations(db: Db, customerId: number): Promise<number> {
  const any = await db.selectFrom('station').select('id').where('customer_id', '=', customerId).executeTakeFirst();
  if (any) return 0;
  const now = nowIso();
  await db
    .insertInto('station')
    .values(
      SHAANXI_STATIONS.map((s) => ({
        customer_id: customerId,
        station_number: s.number,
        name: s.name,
        province: '陕西省',
        city: s.city,
        district: s.district,
        address: `陕西省${s.city}${s.district}（${s.name}国家气象观测站）`,
        longitude: s.lon,
        latitude: s.lat,
        altitude: s.alt,
        remarks: '示例数据',
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return SHAANXI_STATIONS.length;
}
