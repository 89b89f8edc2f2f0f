import {
  dayEndUtcHour,
  endsWindow,
  extremeOfGrids,
  gridFromValues,
  sumGrids,
  windFromComponents,
  windowLeads,
  type Grid,
} from '@agromet/grid';
import type { Db } from '../../core/db/index.js';
import { DERIVED_FACTORS, derivationSources, offersDerived, type DerivedFactorDef } from './catalog.js';
import type { GridTimeRow } from './layer-times.js';
import { geometryOfRow, type GridRow, type GridStore } from './store.js';

// Derived elements (docs/grids.md#derived-elements): 12 h and 24 h precipitation, daily extremes, wind from u/v,
// computed from the stored grids when asked and never stored. A derived element has no row: it is named by a negative
// id per forecast type (derivedFactorId) and its times follow from its sources' grids.

/** The Beijing hour at which forecast days end (DAILY_WINDOW): set once at start from the configuration. */
let dayEndLocalHour = 8;

export function setForecastDayEnd(localHour: number): void {
  dayEndLocalHour = localHour;
}

/** The UTC hour at which the forecast days (and every second 12 h window) end. */
export function forecastDayEndUtcHour(): number {
  return dayEndUtcHour(dayEndLocalHour);
}

/** The id a derived element goes by in the catalogue and the WMS axes: negative, unique per type and element. */
export function derivedFactorId(typeId: number, def: DerivedFactorDef): number {
  return -(typeId * 100 + DERIVED_FACTORS.indexOf(def) + 1);
}

/** The derived elements a type offers, given the codes of its stored factors. */
export function derivedFactorsOf(storedCodes: Iterable<string>): DerivedFactorDef[] {
  const stored = new Set(storedCodes);
  return DERIVED_FACTORS.filter((d) => offersDerived(d, stored));
}

/**
 * The leads of a run at which a derived element exists, from the leads its sources have in that run:
 * - a total: the ends of its windows whose every 3 h part is stored;
 * - a daily extreme: the ends of the forecast days for which the extreme is stored at the day's end, or every lead of
 *   the day has the temperature;
 * - wind: the leads with both components.
 */
export function derivedLeads(
  def: DerivedFactorDef,
  baseTime: string,
  sourceLeads: ReadonlyMap<string, readonly number[]>,
  step: number,
): number[] {
  const d = def.derivation;
  const endUtc = forecastDayEndUtcHour();
  const leadsOf = (code: string) => new Set(sourceLeads.get(code) ?? []);
  const complete = (have: Set<number>, end: number, hours: number) => windowLeads(end, hours, step).every((l) => l >= 0 && have.has(l));
  let out: number[];
  if (d.kind === 'sum') {
    const have = leadsOf(d.of);
    out = [...have].filter((end) => endsWindow(baseTime, end, d.hours, endUtc) && complete(have, end, d.hours));
  } else if (d.kind === 'extreme') {
    const [extreme, temperature] = [leadsOf(d.of[0]!), leadsOf(d.of[1] ?? '')];
    const candidates = new Set([...extreme, ...temperature]);
    out = [...candidates].filter(
      (end) => end > 0 && endsWindow(baseTime, end, 24, endUtc) && (extreme.has(end) || complete(temperature, end, 24)),
    );
  } else {
    const v = leadsOf('v');
    out = [...leadsOf('u')].filter((l) => v.has(l));
  }
  return out.sort((a, b) => a - b);
}

export interface TypeFactors {
  typeId: number;
  stepHours: number;
  /** Stored factors: code → id. */
  factors: ReadonlyMap<string, number>;
}

/** Time rows (as layerAxis and layerTimes read them) of every derived element of the types, from the stored rows. */
export function derivedTimeRows(types: readonly TypeFactors[], stored: readonly GridTimeRow[]): GridTimeRow[] {
  const out: GridTimeRow[] = [];
  for (const t of types) {
    const defs = derivedFactorsOf(t.factors.keys());
    if (defs.length === 0) continue;
    const codeOf = new Map([...t.factors].map(([code, id]) => [id, code]));
    // base time → factor code → leads
    const runs = new Map<string, Map<string, number[]>>();
    for (const r of stored) {
      const code = codeOf.get(r.factorId);
      if (code === undefined) continue;
      const base = new Date(r.baseTime).toISOString();
      let run = runs.get(base);
      if (!run) runs.set(base, (run = new Map()));
      const list = run.get(code);
      if (list) list.push(r.lead);
      else run.set(code, [r.lead]);
    }
    for (const def of defs) {
      const factorId = derivedFactorId(t.typeId, def);
      for (const [baseTime, leads] of runs) {
        for (const lead of derivedLeads(def, baseTime, leads, t.stepHours)) out.push({ factorId, baseTime, lead });
      }
    }
  }
  return out;
}

/** A derived grid and the stored rows it was made of (their ids and versions tag it). */
export interface DerivedGrid {
  grid: Grid;
  sources: GridRow[];
}

/**
 * The stored rows a derived element at a run and lead is made of, from the rows of that run (any factors of the type);
 * undefined when it does not exist there (a source missing, or sources on different cells). The grid computation and
 * the meteogram's point reads share it, so both take the same sources.
 */
export function derivedSources(
  type: TypeFactors,
  def: DerivedFactorDef,
  runRows: readonly GridRow[],
  baseTime: string,
  lead: number,
): GridRow[] | undefined {
  const codeOf = new Map([...type.factors].map(([code, id]) => [id, code]));
  const wanted = new Set(derivationSources(def.derivation).filter((c) => type.factors.has(c)));
  const rows = runRows.filter((r) => wanted.has(codeOf.get(r.factor_id) ?? ''));
  if (rows.length === 0) return undefined;
  const leads = new Map<string, number[]>();
  for (const r of rows) {
    const code = codeOf.get(r.factor_id)!;
    leads.set(code, [...(leads.get(code) ?? []), r.lead_hours]);
  }
  if (!derivedLeads(def, baseTime, leads, type.stepHours).includes(lead)) return undefined;
  const rowAt = (code: string, l: number) => rows.find((r) => r.factor_id === type.factors.get(code) && r.lead_hours === l);
  const d = def.derivation;
  let sources: GridRow[];
  if (d.kind === 'sum') sources = windowLeads(lead, d.hours, type.stepHours).map((l) => rowAt(d.of, l)!);
  else if (d.kind === 'extreme') {
    const day = windowLeads(lead, 24, type.stepHours);
    // In one order whatever the database's (the extreme of +0 and −0 depends on it).
    sources = rows
      .filter((r) => d.of.includes(codeOf.get(r.factor_id)!) && day.includes(r.lead_hours))
      .sort((a, b) => a.lead_hours - b.lead_hours || a.factor_id - b.factor_id);
  } else sources = [rowAt('u', lead)!, rowAt('v', lead)!];
  const geometry = geometryOfRow(sources[0]!);
  const same = (r: GridRow) =>
    r.lon0 === geometry.lon0 &&
    r.lat0 === geometry.lat0 &&
    r.dx === geometry.dx &&
    r.dy === geometry.dy &&
    r.nx === geometry.nx &&
    r.ny === geometry.ny;
  return sources.every(same) ? sources : undefined;
}

/** A derived element's values from its sources' (in derivedSources' order): whole grids, or one cell each. */
export function combineDerived(def: DerivedFactorDef, values: readonly Float32Array[]): Float32Array {
  const d = def.derivation;
  if (d.kind === 'sum') return sumGrids(values);
  if (d.kind === 'extreme') return extremeOfGrids(values, d.extreme);
  const wind = windFromComponents(values[0]!, values[1]!);
  return d.part === 'speed' ? wind.speed : wind.direction;
}

/**
 * The derived element of a type at a run and lead, from the customer's stored grids; undefined when it does not exist
 * there (a source missing, or sources on different cells).
 */
export async function computeDerived(
  db: Db,
  store: GridStore,
  customerId: number,
  type: TypeFactors,
  def: DerivedFactorDef,
  baseTime: string,
  lead: number,
): Promise<DerivedGrid | undefined> {
  const codes = derivationSources(def.derivation).filter((c) => type.factors.has(c));
  if (codes.length === 0) return undefined;
  const rows = await db
    .selectFrom('grid')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('forecast_type_id', '=', type.typeId)
    .where(
      'factor_id',
      'in',
      codes.map((c) => type.factors.get(c)!),
    )
    .where('base_time', '=', new Date(baseTime).toISOString())
    .execute();
  const sources = derivedSources(type, def, rows, baseTime, lead);
  if (!sources) return undefined;
  const values: Float32Array[] = [];
  for (const r of sources) values.push((await store.view(r)).values);
  return { grid: gridFromValues(geometryOfRow(sources[0]!), combineDerived(def, values)), sources };
}
