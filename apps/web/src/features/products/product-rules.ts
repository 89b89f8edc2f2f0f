import type { ForecastTypeInfo, ProductAggregation, ProductMode, ProductTemplateInput } from '@agromet/contracts';
import { PRODUCT_PLACEHOLDERS } from '@agromet/contracts/web';

// Rules of the make-product page (docs/products.md): which aggregations an element allows, the lead range proposed
// for an aggregation, the request a form makes, and placeholder hints in the template editor.

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

/** The forecast the map shows (type, element, run, lead): the product form starts from it. */
export interface ShownForecast {
  type: string;
  factor: string;
  /** ISO UTC; empty: the newest. */
  baseTime: string;
  lead: number;
}

/**
 * What a form starts with: the element the map shows, at its run and lead, as a product of that lead (the map's
 * context, docs/products.md#defaults); else the first type and element with grids (`preferred` first), its newest
 * run, and its first day aggregated. A shown element without grids, or a run or lead it no longer has, falls back to
 * the element's newest run and first lead.
 */
export function initialForecast(catalog: readonly ForecastTypeInfo[], preferred = 'pre3h', shown?: ShownForecast | null): ForecastForm {
  const withGrids = catalog.flatMap((t) => t.factors.filter((f) => f.baseTimes.length > 0).map((f) => ({ t, f })));
  const onMap = shown ? withGrids.find((x) => x.t.code === shown.type && x.f.code === shown.factor) : undefined;
  const pick = onMap ?? withGrids.find((x) => x.f.code === preferred) ?? withGrids[0];
  if (!pick) return { mode: 'lead' };
  const day = firstDay(pick.f.leads);
  const common = {
    type: pick.t.code,
    factor: pick.f.code,
    leadFrom: day?.from,
    leadTo: day?.to,
    aggregation: defaultAggregation(pick.f.code),
  };
  if (onMap && shown) {
    return {
      ...common,
      baseTime: pick.f.baseTimes.includes(shown.baseTime) ? shown.baseTime : pick.f.baseTimes[0],
      mode: 'lead',
      lead: pick.f.leads.includes(shown.lead) ? shown.lead : pick.f.leads[0],
    };
  }
  return { ...common, baseTime: pick.f.baseTimes[0], mode: 'aggregate', lead: pick.f.leads[0] };
}

/** The editable part of a stored template (what the editor's form holds and the preview sends). */
export function templateFields(
  t: ProductTemplateInput & { id?: number; version?: number; builtIn?: boolean; updateTime?: string; creator?: string },
): ProductTemplateInput {
  const { id: _id, version: _v, builtIn: _b, updateTime: _u, creator: _c, ...fields } = t;
  return fields;
}
