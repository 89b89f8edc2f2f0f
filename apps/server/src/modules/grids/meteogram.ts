import type { Meteogram, MeteogramQuery } from '@agromet/contracts';
import type { z } from 'zod';
import type { Db } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { forecastDayEndUtcHour } from './derived.js';
import { gridCatalog, layerTimeRows, resolveLayerGrid } from './service.js';
import { geometryOfRow, type GridStore } from './store.js';

// The meteogram (docs/grids.md#meteogram): every element of a forecast type at one run, over all its leads, at the grid
// cell nearest a point or a station, read from the stored grids (derived elements computed from theirs). The value of
// a cell is the stored one, as the WMS's GetFeatureInfo answers it (rounded to the element's precision + 1 decimals).

const HOUR_MS = 3_600_000;

export async function meteogram(db: Db, store: GridStore, customerId: number, q: z.output<typeof MeteogramQuery>): Promise<Meteogram> {
  const types = await gridCatalog(db, customerId);
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
  const rows = await db
    .selectFrom('grid')
    .select(['lon0', 'lat0', 'dx', 'dy', 'nx', 'ny'])
    .where('customer_id', '=', customerId)
    .where('forecast_type_id', '=', type.id)
    .where('base_time', '=', baseTime)
    .limit(1)
    .executeTakeFirst();
  if (!rows) throw errors.notFound();
  const g = geometryOfRow(rows);
  const i = Math.round((lon! - g.lon0) / g.dx);
  const j = Math.round((lat! - g.lat0) / g.dy);
  if (i < 0 || i >= g.nx || j < 0 || j >= g.ny) throw errors.validation(q.station !== undefined ? 'station' : 'lon', 'pointOutsideGrid');

  // The leads of every element at this run (stored and derived alike).
  const times = await layerTimeRows(db, customerId);
  const leadsOf = new Map<number, number[]>();
  for (const r of times) {
    if (Date.parse(r.baseTime) !== Date.parse(baseTime)) continue;
    const list = leadsOf.get(r.factorId);
    if (list) list.push(r.lead);
    else leadsOf.set(r.factorId, [r.lead]);
  }
  const factors = type.factors.filter((f) => (leadsOf.get(f.id)?.length ?? 0) > 0);
  const leads = [...new Set(factors.flatMap((f) => leadsOf.get(f.id)!))].sort((a, b) => a - b);
  const elements: Meteogram['elements'] = [];
  for (const f of factors) {
    const values: Array<number | null> = leads.map(() => null);
    for (const lead of [...new Set(leadsOf.get(f.id)!)]) {
      const resolved = await resolveLayerGrid(db, store, customerId, { typeCode: type.code, factorCode: f.code, baseTime, lead });
      if (!resolved) continue;
      const r = resolved.grid;
      // Every grid of a type lies on the same cells (imports keep them so); one that does not is left out.
      if (r.nx !== g.nx || r.ny !== g.ny || r.lon0 !== g.lon0 || r.lat0 !== g.lat0) continue;
      const v = r.values[j * r.nx + i]!;
      values[leads.indexOf(lead)] = Number.isNaN(v) ? null : Math.round(v * 100) / 100;
    }
    elements.push({ code: f.code, name: f.name, unit: f.unit, precision: f.precision, derived: f.derived === true, values });
  }
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return {
    type: type.code,
    typeName: type.name,
    baseTime,
    lon: lon!,
    lat: lat!,
    cell: { i, j, lon: round(g.lon0 + i * g.dx), lat: round(g.lat0 + j * g.dy) },
    station,
    dayEndUtcHour: forecastDayEndUtcHour(),
    leads,
    validTimes: leads.map((l) => new Date(Date.parse(baseTime) + l * HOUR_MS).toISOString()),
    elements,
  };
}

/** The meteogram as CSV rows: valid time, lead, then one column per element (`name (unit)`), empty where missing. */
export function meteogramTable(m: Meteogram): { columns: string[]; rows: unknown[][] } {
  const columns = ['validTime', 'lead', ...m.elements.map((e) => `${e.name} (${e.unit})`)];
  const rows = m.leads.map((lead, k) => [m.validTimes[k], lead, ...m.elements.map((e) => e.values[k] ?? '')]);
  return { columns, rows };
}
