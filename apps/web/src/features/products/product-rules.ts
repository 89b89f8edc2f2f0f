import type { ForecastTypeInfo, MapProduct, ProductAggregation, ProductMode, ProductTemplateInput } from '@agromet/contracts';
import { PRODUCT_PLACEHOLDERS } from '@agromet/contracts/web';

// Rules of the make-product page (docs/products.md): which aggregations an element allows, the lead range proposed
// for an aggregation, the request a form makes, placeholder hints in the template editor, and product states.

export const isActive = (status: MapProduct['status']) => status === 'queued' || status === 'running';

/** Precipitation accumulates: its sum over leads is an amount. Other elements are states (max, min, mean). */
export const isAccumulating = (factor: string) => /^pre/i.test(factor);

export function aggregationsFor(factor: string): ProductAggregation[] {
  return isAccumulating(factor) ? ['sum', 'max', 'mean'] : ['max', 'min', 'mean'];
}

/** The aggregation proposed for an element: a sum of precipitation, the maximum of anything else. */
export const defaultAggregation = (factor: string): ProductAggregation => (isAccumulating(factor) ? 'sum' : 'max');

/** The first day of leads: from the first lead after the run to the last one within 24 h of it. */
export function firstDay(leads: readonly number[]): { from: number; to: number } | null {
  const after = leads.filter((l) => l > 0);
  if (after.length === 0) return leads.length ? { from: leads[0]!, to: leads[0]! } : null;
  const within = after.filter((l) => l <= 24);
  return { from: after[0]!, to: within.length ? within[within.length - 1]! : after[0]! };
}

/** Leads of a range (inclusive) that have grids. */
export const leadsWithin = (leads: readonly number[], from: number, to: number) => leads.filter((l) => l >= from && l <= to);

/** Placeholders of a text the server would refuse. */
export function unknownPlaceholders(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\{([^{}]*)\}/g)) {
    const name = m[1]!;
    if (!(PRODUCT_PLACEHOLDERS as readonly string[]).includes(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

export interface ForecastForm {
  type?: string;
  factor?: string;
  baseTime?: string;
  mode: ProductMode;
  lead?: number;
  leadFrom?: number;
  leadTo?: number;
  aggregation?: ProductAggregation;
  /** `<layer>:<index>`; undefined: the customer's region. */
  areaCode?: string;
}

/** The forecast part of a request, with only the fields its mode reads; null while something is missing. */
export function forecastBody(f: ForecastForm) {
  const body = scheduleForecastBody(f);
  return body && f.baseTime ? { ...body, baseTime: f.baseTime } : null;
}

/** The forecast of a product schedule: as a request's, without the run (the newest one when the schedule fires). */
export function scheduleForecastBody(f: ForecastForm) {
  if (!f.type || !f.factor) return null;
  const base = { type: f.type, factor: f.factor, mode: f.mode, ...(f.areaCode ? { areaCode: f.areaCode } : {}) };
  if (f.mode === 'lead') return f.lead === undefined ? null : { ...base, lead: f.lead };
  if (f.leadFrom === undefined || f.leadTo === undefined) return null;
  if (f.mode === 'series') return { ...base, leadFrom: f.leadFrom, leadTo: f.leadTo };
  return f.aggregation ? { ...base, leadFrom: f.leadFrom, leadTo: f.leadTo, aggregation: f.aggregation } : null;
}

/** HH:MM from a time picker's hour and minute. */
export const clockTime = (hour: number, minute: number) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/** What a form starts with: the first type and element with grids, its newest run, its first lead (and first day). */
export function initialForecast(catalog: readonly ForecastTypeInfo[], preferred = 'pre3h'): ForecastForm {
  const withGrids = catalog.flatMap((t) => t.factors.filter((f) => f.baseTimes.length > 0).map((f) => ({ t, f })));
  const pick = withGrids.find((x) => x.f.code === preferred) ?? withGrids[0];
  if (!pick) return { mode: 'lead' };
  const day = firstDay(pick.f.leads);
  return {
    type: pick.t.code,
    factor: pick.f.code,
    baseTime: pick.f.baseTimes[0],
    mode: 'aggregate',
    lead: pick.f.leads[0],
    leadFrom: day?.from,
    leadTo: day?.to,
    aggregation: defaultAggregation(pick.f.code),
  };
}

/** The editable part of a stored template (what the editor's form holds and the preview sends). */
export function templateFields(
  t: ProductTemplateInput & { id?: number; version?: number; builtIn?: boolean; updateTime?: string; creator?: string },
): ProductTemplateInput {
  const { id: _id, version: _v, builtIn: _b, updateTime: _u, creator: _c, ...fields } = t;
  return fields;
}
