import { RISK_LIMITS, type HazardCondition, type RiskCropOption, type RiskExposureOption } from '@agromet/contracts';
import type { CropCalendar } from '@agromet/grid';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { translate, type Lang } from '../../core/messages.js';
import { calendarOf, calendarOfCrop, ensureCalendarSetup } from '../crop-calendar/service.js';
import { layerFactorOf, layerTimeRows } from '../grids/service.js';
import { SEED_CROPS } from '../zoning/seed-data.js';
import { cropKeyOf, elementName } from './hazards.js';
import { storedHazardStages, type Exposure, type ProductCrop, type Sensitivity } from './stored.js';

// What a risk run reads (docs/risk.md#runs): the conditions as read (a frost's surface minimum), the leads with grids,
// the exposure and the crop, the stages the hazard harms and the crop's calendar; the choices offered for a run.

/**
 * Where the forecast type has a ground (surface) minimum, frost reads it as it is; otherwise the air minimum with the
 * condition's offset (docs/risk.md#surface-minimum). The surface elements looked for, by the air element they replace.
 */
export const SURFACE_MINIMUM: Record<string, string> = { tmin24h: 'gtmin24h', tmin: 'gtmin' };

/** The conditions as read: a frost condition on an air minimum reads the type's surface minimum (no offset) when there is one. */
export async function surfaceConditions(
  db: Db,
  forecastType: string,
  kind: string,
  conditions: HazardCondition[],
): Promise<HazardCondition[]> {
  if (kind !== 'frost') return conditions;
  const out: HazardCondition[] = [];
  for (const c of conditions) {
    const surface = SURFACE_MINIMUM[c.element];
    if (surface && (await layerFactorOf(db, forecastType, surface))) {
      const { offset: _offset, ...rest } = c;
      out.push({ ...rest, element: surface });
    } else out.push(c);
  }
  return out;
}

/** "−2" with a true minus sign, "+1.5" for positive offsets. */
const signed = (v: number) => (v < 0 ? `−${Math.abs(v)}` : `+${v}`);

/** One sentence of method in `lang`: the combination, and the surface offset when a condition carries one. */
export function methodSentence(lang: Lang, conditions: readonly HazardCondition[]): string {
  const offset = conditions.find((c) => c.offset !== undefined && c.offset !== 0);
  const surface = offset
    ? translate(lang, 'risk.methodSurface', { element: elementName(offset.element, offset.element, lang), offset: signed(offset.offset!) })
    : '';
  return `${translate(lang, 'risk.method')}${surface}${lang === 'zh' ? '。' : '.'}`;
}

/**
 * The leads of the run at which every condition's element has a grid, within [from, to]. Refusals name the field: the
 * hazard (an element the type lacks), the base time (no grid of the first element in that run), the lead range.
 */
export async function runLeads(
  db: Db,
  customerId: number,
  forecastType: string,
  conditions: readonly HazardCondition[],
  baseTime: string,
  from: number,
  to: number,
  lang: Lang,
  fail: (
    field: string,
    key: 'risk.unknownElement' | 'risk.noGrid' | 'risk.emptyLeads' | 'risk.tooManyLeads',
    params: Record<string, string | number>,
  ) => Error,
): Promise<number[]> {
  const base = Date.parse(baseTime);
  let leads = null as Set<number> | null;
  for (const c of conditions) {
    const factor = await layerFactorOf(db, forecastType, c.element);
    if (!factor) throw fail('hazardId', 'risk.unknownElement', { type: forecastType, element: c.element });
    const rows = await layerTimeRows(db, customerId, factor.id);
    const here = new Set(rows.filter((r) => Date.parse(r.baseTime) === base).map((r) => r.lead));
    if (here.size === 0)
      throw fail('baseTime', 'risk.noGrid', { element: elementName(c.element, factor.name, lang), baseTime: new Date(base).toISOString() });
    leads = leads ? new Set([...leads].filter((l: number) => here.has(l))) : here;
  }
  const out = [...(leads ?? [])].filter((l) => l >= from && l <= to).sort((a, b) => a - b);
  if (out.length === 0) throw fail('leadTo', 'risk.emptyLeads', { from, to });
  if (out.length > RISK_LIMITS.leads) throw fail('leadTo', 'risk.tooManyLeads', { count: out.length, max: RISK_LIMITS.leads });
  return out;
}

/** A finished zoning product of the customer as exposure, with its crop's name in `lang`. */
export async function exposureOf(
  db: Db,
  customerId: number,
  zoningProductId: number,
  lang: Lang,
): Promise<(Exposure & { crop: { id: number; seed_key: string | null } | null }) | null> {
  const row = await db
    .selectFrom('zoning_product')
    .leftJoin('zoning_crop', 'zoning_crop.id', 'zoning_product.crop_id')
    .select(['zoning_product.id', 'zoning_product.name', 'zoning_product.crop_name', 'zoning_crop.seed_key', 'zoning_crop.id as crop_id'])
    .where('zoning_product.id', '=', zoningProductId)
    .where('zoning_product.customer_id', '=', customerId)
    .where('zoning_product.status', '=', 'done')
    .executeTakeFirst();
  if (!row) return null;
  const seed = row.seed_key ? SEED_CROPS.find((c) => c.key === row.seed_key) : undefined;
  const cropName = seed && row.crop_name === seed.names.zh ? seed.names[lang] : row.crop_name;
  return {
    zoningProductId: row.id,
    name: row.name,
    cropName,
    crop: row.crop_id === null ? null : { id: row.crop_id, seed_key: row.seed_key },
  };
}

/** Finished zoning products of the customer, newest first: what a run may weigh its exposure by. */
export async function exposureOptions(db: Db, auth: AuthContext, lang: Lang): Promise<RiskExposureOption[]> {
  const rows = await db
    .selectFrom('zoning_product')
    .leftJoin('zoning_crop', 'zoning_crop.id', 'zoning_product.crop_id')
    .select(['zoning_product.id', 'zoning_product.name', 'zoning_product.crop_name', 'zoning_product.created_at', 'zoning_crop.seed_key'])
    .where('zoning_product.customer_id', '=', auth.customerId)
    .where('zoning_product.status', '=', 'done')
    .orderBy('zoning_product.id', 'desc')
    .execute();
  return rows.map((r) => {
    const seed = r.seed_key ? SEED_CROPS.find((c) => c.key === r.seed_key) : undefined;
    return {
      zoningProductId: r.id,
      name: r.name,
      cropName: seed && r.crop_name === seed.names.zh ? seed.names[lang] : r.crop_name,
      createTime: r.created_at,
    };
  });
}

/**
 * What a run assesses for a crop (docs/risk.md#stages): the crop, the hazard's stages of it with their vulnerability,
 * and the crop's calendar when the hazard lists stages of it (null: every stage).
 */
export async function assessmentOf(
  db: Db,
  customerId: number,
  hazard: { id: number; stages: string },
  cropRow: { id: number; seed_key: string | null; name: string } | null,
): Promise<{ crop: ProductCrop | null; sensitivity: Sensitivity; calendar: CropCalendar | null }> {
  const crop: ProductCrop | null = cropRow ? { id: cropRow.id, key: cropKeyOf(cropRow), name: cropRow.name } : null;
  const sensitivity: Sensitivity = crop
    ? storedHazardStages(hazard.stages, hazard.id)
        .filter((st) => st.crop === crop.key)
        .map(({ stage, vulnerability }) => ({ stage, vulnerability }))
    : [];
  const calendarRow = crop && sensitivity.length > 0 ? await calendarOfCrop(db, customerId, crop.id) : undefined;
  return { crop, sensitivity, calendar: calendarRow ? calendarOf(calendarRow) : null };
}

/** The customer's crops in their order, names in `lang`, with whether they have a calendar (a run's `cropId`). */
export async function cropOptions(db: Db, auth: AuthContext, lang: Lang): Promise<RiskCropOption[]> {
  await ensureCalendarSetup(db, auth.customerId);
  const rows = await db
    .selectFrom('zoning_crop')
    .leftJoin('crop_calendar', 'crop_calendar.crop_id', 'zoning_crop.id')
    .select(['zoning_crop.id', 'zoning_crop.seed_key', 'zoning_crop.name', 'crop_calendar.id as calendar_id'])
    .where('zoning_crop.customer_id', '=', auth.customerId)
    .orderBy('zoning_crop.sort')
    .orderBy('zoning_crop.id')
    .execute();
  return rows.map((r) => {
    const seed = r.seed_key ? SEED_CROPS.find((c) => c.key === r.seed_key) : undefined;
    return {
      cropId: r.id,
      key: cropKeyOf(r),
      name: seed && r.name === seed.names.zh ? seed.names[lang] : r.name,
      hasCalendar: r.calendar_id !== null,
    };
  });
}
