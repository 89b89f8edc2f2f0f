import type { ForecastTypeInfo, Meteogram, MeteogramQuery } from '@agromet/contracts';
import type { GridGeometry } from '@agromet/grid';
import type { z } from 'zod';
import type { Db } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { limiter } from '../../core/limiter.js';
import type { Lang } from '../../core/messages.js';
import type { DerivedFactorDef } from './catalog.js';
import { combineDerived, derivedFactorsOf, derivedSources, derivedTimeRows, forecastDayEndUtcHour } from './derived.js';
import { gridCatalog, typeFactors } from './service.js';
import { geometryOfRow, type GridRow, type GridStore } from './store.js';

// The meteogram (docs/grids.md#meteogram): every element of a forecast type at one run, over all its leads, at the grid
// cell nearest a point or a station, read from the stored grids (derived elements computed from theirs). The value of
// a cell is the stored one, as the WMS's GetFeatureInfo answers it (rounded to 2 decimals).
//
// Only the cell is read of each stored version (docs/grids.md#point-reads): 4 bytes of a full file at the cell's
// offset, a delta's own entry for the cell, or the cached values when the version is in memory; a derived element is
// combined from its sources' values at the cell by the same function that combines whole grids. On the national grid a
// run is some 200 grids of 6.7 MB, which the whole-grid path (meteogram-reference.ts, kept for the tests and the bench)
// reads in full.

const HOUR_MS = 3_600_000;
/** Point reads in flight at once (each opens a file). */
const READS_IN_FLIGHT = 8;
/** Reads of the run's rows before giving up when versions keep being replaced under us. */
const MAX_ATTEMPTS = 3;

/** The type, the place (a station's position or the point) and the run a meteogram is asked for. */
export interface MeteogramPlace {
  type: ForecastTypeInfo;
  station: Meteogram['station'];
  lon: number;
  lat: number;
  baseTime: string;
}

export async function meteogramPlace(
  db: Db,
  customerId: number,
  q: z.output<typeof MeteogramQuery>,
  lang: Lang = 'zh',
): Promise<MeteogramPlace> {
  const types = await gridCatalog(db, customerId, lang);
  const type = types.find((t) => t.code === q.type);
  if (!type) throw errors.validation('type', 'unknownLayer');
  let station: Meteogram['station'] = null;
  let lon = q.lon;
  let lat = q.lat;
  if (q.station !== undefined) {
    const row = await db
      .selectFrom('station')
      .select(['id', 'station_number', 'name', 'longitude', 'latitude', 'altitude'])
      .where('id', '=', q.station)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!row) throw errors.notFound();
    station = { id: row.id, number: row.station_number, name: row.name, altitude: row.altitude };
    lon = row.longitude;
    lat = row.latitude;
  }
  const baseTime = q.baseTime ? new Date(q.baseTime).toISOString() : type.baseTimes[0];
  if (!baseTime) throw errors.notFound();
  return { type, station, lon: lon!, lat: lat!, baseTime };
}

/** The cell nearest the place on the run's grid; 4100 (naming the station or lon) outside it. */
export function meteogramCell(g: GridGeometry, place: MeteogramPlace): { i: number; j: number } {
  const i = Math.round((place.lon - g.lon0) / g.dx);
  const j = Math.round((place.lat - g.lat0) / g.dy);
  if (i < 0 || i >= g.nx || j < 0 || j >= g.ny) throw errors.validation(place.station ? 'station' : 'lon', 'pointOutsideGrid');
  return { i, j };
}

/** Every grid of one run and the factors of the type that have a lead there (stored, then derived), with those leads. */
export function meteogramLeads(type: ForecastTypeInfo, leadsOf: ReadonlyMap<number, number[]>) {
  const factors = type.factors.filter((f) => (leadsOf.get(f.id)?.length ?? 0) > 0);
  const leads = [...new Set(factors.flatMap((f) => leadsOf.get(f.id)!))].sort((a, b) => a - b);
  return { factors, leads };
}

export function meteogramAnswer(
  place: MeteogramPlace,
  g: GridGeometry,
  cell: { i: number; j: number },
  leads: number[],
  elements: Meteogram['elements'],
): Meteogram {
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return {
    type: place.type.code,
    typeName: place.type.name,
    baseTime: place.baseTime,
    lon: place.lon,
    lat: place.lat,
    cell: { i: cell.i, j: cell.j, lon: round(g.lon0 + cell.i * g.dx), lat: round(g.lat0 + cell.j * g.dy) },
    station: place.station,
    dayEndUtcHour: forecastDayEndUtcHour(),
    leads,
    validTimes: leads.map((l) => new Date(Date.parse(place.baseTime) + l * HOUR_MS).toISOString()),
    elements,
  };
}

/** A value as the meteogram answers it: null for a missing cell, else rounded to 2 decimals. */
export const meteogramValue = (v: number) => (Number.isNaN(v) ? null : Math.round(v * 100) / 100);

/**
 * One cell's value at one lead as the meteogram answers it, from the grids it is read from (one stored grid, or a
 * derived element's sources), each read by `read` (null: the version's file is gone). 'gone' when a version was
 * replaced meanwhile (the caller reads the run's rows again); a file lost while its row still names it is an error,
 * never a blank.
 */
export async function cellValueOf(
  store: GridStore,
  sources: readonly GridRow[],
  def: DerivedFactorDef | undefined,
  read: (row: GridRow) => Promise<number | null>,
): Promise<number | null | 'gone'> {
  const values = await Promise.all(sources.map(read));
  const lost = sources.find((_, k) => values[k] === null);
  if (lost) {
    const missing = await store.missingFile(lost);
    if (missing) throw missing;
    return 'gone';
  }
  const v = def
    ? combineDerived(
        def,
        values.map((x) => Float32Array.of(x!)),
      )[0]!
    : values[0]!;
  return meteogramValue(v);
}

/** Whether a grid lies on the run's cells (every grid of a type does, imports keep them so; one that does not is left out). */
export const onCells = (r: Pick<GridRow, 'nx' | 'ny' | 'lon0' | 'lat0'>, g: GridGeometry) =>
  r.nx === g.nx && r.ny === g.ny && r.lon0 === g.lon0 && r.lat0 === g.lat0;

/** The meteogram; type and element names in `lang` (the caller's). */
export async function meteogram(
  db: Db,
  store: GridStore,
  customerId: number,
  q: z.output<typeof MeteogramQuery>,
  lang: Lang = 'zh',
): Promise<Meteogram> {
  const place = await meteogramPlace(db, customerId, q, lang);
  const type = (await typeFactors(db)).find((t) => t.typeId === place.type.id)!;
  for (let attempt = 1; ; attempt++) {
    const rows = await db
      .selectFrom('grid')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('forecast_type_id', '=', place.type.id)
      .where('base_time', '=', place.baseTime)
      .execute();
    if (rows.length === 0) throw errors.notFound();
    const g = geometryOfRow(rows[0]!);
    const cell = meteogramCell(g, place);
    const index = cell.j * g.nx + cell.i;

    // The leads of every element at this run (stored and derived alike).
    const leadsOf = new Map<number, number[]>();
    const stored = rows.map((r) => ({ factorId: r.factor_id, baseTime: place.baseTime, lead: r.lead_hours }));
    for (const r of [...stored, ...derivedTimeRows([type], stored)]) {
      const list = leadsOf.get(r.factorId);
      if (list) list.push(r.lead);
      else leadsOf.set(r.factorId, [r.lead]);
    }
    const { factors, leads } = meteogramLeads(place.type, leadsOf);

    // Each stored version's cell is read once, however many elements need it, a few reads at a time.
    const reads = new Map<string, Promise<number | null>>();
    const queue = limiter(READS_IN_FLIGHT);
    const read = (key: string) => {
      let p = reads.get(key);
      if (!p) reads.set(key, (p = queue(() => store.valueAt(key, index))));
      return p;
    };
    const defs = derivedFactorsOf(type.factors.keys());
    const pending = factors.map((f) =>
      Promise.all(
        leads.map(async (lead): Promise<number | null | 'gone'> => {
          if (!leadsOf.get(f.id)!.includes(lead)) return null;
          let sources: GridRow[] | undefined;
          const def = f.derived ? defs.find((d) => d.code === f.code) : undefined;
          if (def) sources = derivedSources(type, def, rows, place.baseTime, lead);
          else {
            const row = rows.find((r) => r.factor_id === f.id && r.lead_hours === lead);
            sources = row ? [row] : undefined;
          }
          if (!sources || !onCells(sources[0]!, g)) return null;
          return cellValueOf(store, sources, def, (r) => read(r.storage_key));
        }),
      ),
    );
    const series = await Promise.all(pending);
    if (series.some((values) => values.includes('gone'))) {
      // A version was replaced while we read: its file is gone. The run's rows are read again.
      if (attempt === MAX_ATTEMPTS) throw errors.notFound();
      continue;
    }
    const elements: Meteogram['elements'] = factors.map((f, k) => ({
      code: f.code,
      name: f.name,
      unit: f.unit,
      precision: f.precision,
      derived: f.derived === true,
      values: series[k] as Array<number | null>,
    }));
    return meteogramAnswer(place, g, cell, leads, elements);
  }
}

/** The meteogram as CSV rows: valid time, lead, then one column per element (`name (unit)`), empty where missing. */
export function meteogramTable(m: Meteogram): { columns: string[]; rows: unknown[][] } {
  const columns = ['validTime', 'lead', ...m.elements.map((e) => `${e.name} (${e.unit})`)];
  const rows = m.leads.map((lead, k) => [m.validTimes[k], lead, ...m.elements.map((e) => e.values[k] ?? '')]);
  return { columns, rows };
}
