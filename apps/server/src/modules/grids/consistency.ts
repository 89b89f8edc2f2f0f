import type { ConsistencyQuery, ConsistencyReport, ConsistencyViolation } from '@agromet/contracts';
import {
  cellLat,
  cellLon,
  cellRuns,
  clipToExtremes,
  clipToRange,
  outsideRange,
  PRECIPITATION_TOLERANCE,
  rescaleToTotal,
  sumDiffersFromTotal,
  temperatureOutsideExtremes,
  type CellSet,
  type Grid,
  type GridGeometry,
  type Patch,
} from '@agromet/grid';
import type { z } from 'zod';
import type { Db } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { geometryOfRow, type GridRow, type GridStore } from './store.js';

// Consistency of a forecast (docs/grids.md#consistency): the grids of one forecast type at one base time are checked
// against each other and their physical ranges, and the violations listed per grid with their cells and the fix each
// rule offers. Part of the grid layer, so that an import checks what it stored as a revision does; the fixes are saved
// as revision records by modules/revise/consistency.ts.

export type ConsistencyRule = ConsistencyViolation['rule'];

/** Physical ranges checked beyond the factor's configured range (which revisions and imports already enforce). */
const PHYSICAL_RANGES: Record<string, { min: number; max: number }> = {
  pre3h: { min: 0, max: Number.POSITIVE_INFINITY },
  pre12h: { min: 0, max: Number.POSITIVE_INFINITY },
  pre24h: { min: 0, max: Number.POSITIVE_INFINITY },
  rh: { min: 0, max: 100 },
};

/** Totals whose stored grids are compared with the sum of the 3 h amounts of their window (ending at their lead). */
const TOTALS: Record<string, { parts: string; hours: number; step: number }> = {
  pre12h: { parts: 'pre3h', hours: 12, step: 3 },
  pre24h: { parts: 'pre3h', hours: 24, step: 3 },
};

/** At most this many rectangles of cells make a violation's outline (the count is always exact). */
const OUTLINE_RUNS = 2000;

export interface Loaded {
  row: GridRow;
  grid: Grid;
}

/**
 * The grids of the forecast, by factor code and lead, read when a rule needs them: the stored values themselves (no
 * copy, nothing kept here), so a check over a national forecast holds no more than the store's cache. Read only.
 */
export class ForecastGrids {
  constructor(
    private readonly store: GridStore,
    readonly rows: Map<string, Map<number, GridRow>>,
  ) {}

  leads(factor: string): number[] {
    return [...(this.rows.get(factor)?.keys() ?? [])].sort((a, b) => a - b);
  }

  has(factor: string, lead: number): boolean {
    return this.rows.get(factor)?.has(lead) ?? false;
  }

  async get(factor: string, lead: number): Promise<Loaded | undefined> {
    const row = this.rows.get(factor)?.get(lead);
    return row ? { row, grid: await this.store.view(row) } : undefined;
  }
}

/**
 * The daily extreme that bounds the temperature at `lead`: the extreme stored at the same lead (3-hourly extremes),
 * else the first one at most 24 h later (a daily extreme stored at the end of its window).
 */
export function boundingLead(lead: number, extremeLeads: readonly number[]): number | undefined {
  if (extremeLeads.includes(lead)) return lead;
  return extremeLeads.filter((l) => l > lead && l - 24 < lead).sort((a, b) => a - b)[0];
}

export interface Finding {
  rule: ConsistencyRule;
  factor: string;
  lead: number;
  /** The grids the rule read and the fix may change: [factor, lead]. */
  grids: Array<[string, number]>;
  cells: CellSet;
  geometry: GridGeometry;
  fix: (g: ForecastGrids) => Promise<Array<{ loaded: Loaded; patch: Patch }>>;
}

const sameGeometry = (a: GridGeometry, b: GridGeometry) =>
  a.lon0 === b.lon0 && a.lat0 === b.lat0 && a.dx === b.dx && a.dy === b.dy && a.nx === b.nx && a.ny === b.ny;

export async function findings(g: ForecastGrids, only?: { factor: string; leads: readonly number[] }): Promise<Finding[]> {
  const out: Finding[] = [];
  const concerns = (factor: string, lead: number, related: Array<[string, number]>) =>
    !only || (factor === only.factor && only.leads.includes(lead)) || related.some(([f, l]) => f === only.factor && only.leads.includes(l));

  // tmin ≤ t ≤ tmax
  for (const lead of g.leads('tmp')) {
    const lo = boundingLead(lead, g.leads('tmin'));
    const hi = boundingLead(lead, g.leads('tmax'));
    if (lo === undefined || hi === undefined) continue;
    const related: Array<[string, number]> = [
      ['tmin', lo],
      ['tmax', hi],
    ];
    if (!concerns('tmp', lead, related)) continue;
    const [t, tmin, tmax] = [await g.get('tmp', lead), await g.get('tmin', lo), await g.get('tmax', hi)];
    if (!t || !tmin || !tmax || !sameGeometry(t.grid, tmin.grid) || !sameGeometry(t.grid, tmax.grid)) continue;
    const cells = temperatureOutsideExtremes(t.grid.nx, t.grid.values, tmin.grid.values, tmax.grid.values);
    if (cells.indices.length === 0) continue;
    out.push({
      rule: 'temperature',
      factor: 'tmp',
      lead,
      grids: [['tmp', lead], ...related],
      cells,
      geometry: geometryOfRow(t.row),
      fix: async () => [{ loaded: t, patch: clipToExtremes(t.grid.values, tmin.grid.values, tmax.grid.values, cells.indices) }],
    });
  }

  // physical ranges
  for (const [factor, range] of Object.entries(PHYSICAL_RANGES)) {
    for (const lead of g.leads(factor)) {
      if (!concerns(factor, lead, [])) continue;
      const l = (await g.get(factor, lead))!;
      const cells = outsideRange(l.grid.nx, l.grid.values, range.min, range.max);
      if (cells.indices.length === 0) continue;
      out.push({
        rule: 'range',
        factor,
        lead,
        grids: [[factor, lead]],
        cells,
        geometry: geometryOfRow(l.row),
        fix: async () => [{ loaded: l, patch: clipToRange(l.grid.values, range.min, range.max, cells.indices) }],
      });
    }
  }

  // 3 h amounts against their 12 h / 24 h totals
  for (const [factor, total] of Object.entries(TOTALS)) {
    for (const lead of g.leads(factor)) {
      const partLeads: number[] = [];
      for (let l = lead - total.hours + total.step; l <= lead; l += total.step) partLeads.push(l);
      if (partLeads[0]! < 0 || !partLeads.every((l) => g.has(total.parts, l))) continue;
      const related = partLeads.map((l): [string, number] => [total.parts, l]);
      if (!concerns(factor, lead, related)) continue;
      const whole = (await g.get(factor, lead))!;
      const parts: Loaded[] = [];
      for (const l of partLeads) parts.push((await g.get(total.parts, l))!);
      if (parts.some((p) => !sameGeometry(p.grid, whole.grid))) continue;
      const values = parts.map((p) => p.grid.values);
      const cells = sumDiffersFromTotal(whole.grid.nx, values, whole.grid.values, PRECIPITATION_TOLERANCE);
      if (cells.indices.length === 0) continue;
      out.push({
        rule: 'accumulation',
        factor,
        lead,
        grids: [[factor, lead], ...related],
        cells,
        geometry: geometryOfRow(whole.row),
        fix: async () => rescaleToTotal(values, whole.grid.values, cells.indices).map((patch, n) => ({ loaded: parts[n]!, patch })),
      });
    }
  }
  return out;
}

/** The violation as the API answers it: counts, the box, and the cells as an outline of rectangles (GeoJSON). */
function describe(f: Finding): ConsistencyViolation {
  const { geometry: g, cells } = f;
  const rects = mergeRows(cellRuns(g.nx, cells.indices));
  const polygons = rects.slice(0, OUTLINE_RUNS).map(({ j0, j1, i0, i1 }) => {
    const west = cellLon(g, i0) - g.dx / 2;
    const east = cellLon(g, i1) + g.dx / 2;
    const ends = [cellLat(g, j0) - g.dy / 2, cellLat(g, j1) + g.dy / 2];
    const south = Math.min(...ends);
    const north = Math.max(...ends);
    return [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ];
  });
  const b = cells.bounds!;
  const lats = [cellLat(g, b.j0), cellLat(g, b.j1)];
  return {
    rule: f.rule,
    factor: f.factor,
    lead: f.lead,
    grids: f.grids.map(([factor, lead]) => ({ factor, lead })),
    cells: cells.indices.length,
    cellIndices: [...cells.indices.subarray(0, 500)],
    bbox: {
      west: cellLon(g, b.i0) - g.dx / 2,
      east: cellLon(g, b.i1) + g.dx / 2,
      south: Math.min(...lats) - Math.abs(g.dy) / 2,
      north: Math.max(...lats) + Math.abs(g.dy) / 2,
    },
    outline: { type: 'MultiPolygon', coordinates: polygons },
    outlineComplete: rects.length <= OUTLINE_RUNS,
  };
}

/** Runs of cells joined down the rows where consecutive rows have the same run: fewer, larger rectangles. */
export function mergeRows(runs: ReadonlyArray<{ j: number; i0: number; i1: number }>) {
  const rects: Array<{ j0: number; j1: number; i0: number; i1: number }> = [];
  let open = new Map<string, (typeof rects)[number]>();
  let row = -1;
  let next = new Map<string, (typeof rects)[number]>();
  for (const r of runs) {
    if (r.j !== row) {
      open = r.j === row + 1 ? next : new Map();
      next = new Map();
      row = r.j;
    }
    const key = `${r.i0}:${r.i1}`;
    const above = open.get(key);
    if (above) {
      above.j1 = r.j;
      next.set(key, above);
    } else {
      const rect = { j0: r.j, j1: r.j, i0: r.i0, i1: r.i1 };
      rects.push(rect);
      next.set(key, rect);
    }
  }
  return rects;
}

export async function forecastGrids(
  db: Db,
  store: GridStore,
  auth: { customerId: number },
  typeCode: string,
  baseTime: string,
): Promise<{ type: { id: number; name: string; code: string }; grids: ForecastGrids }> {
  const type = await db.selectFrom('forecast_type').select(['id', 'code', 'name']).where('code', '=', typeCode).executeTakeFirst();
  if (!type) throw errors.validation('type', 'unknownLayer');
  const rows = await db
    .selectFrom('grid')
    .innerJoin('factor', 'factor.id', 'grid.factor_id')
    .selectAll('grid')
    .select('factor.code as factor_code')
    .where('grid.customer_id', '=', auth.customerId)
    .where('grid.forecast_type_id', '=', type.id)
    .where('grid.base_time', '=', baseTime)
    .execute();
  const byFactor = new Map<string, Map<number, GridRow>>();
  for (const { factor_code, ...row } of rows) {
    if (!byFactor.has(factor_code)) byFactor.set(factor_code, new Map());
    byFactor.get(factor_code)!.set(row.lead_hours, row);
  }
  return { type, grids: new ForecastGrids(store, byFactor) };
}

/** Violations of the forecast of a type at a base time (all, or those involving some leads of one factor). */
export async function checkConsistency(
  deps: { db: Db; store: GridStore },
  auth: { customerId: number },
  q: z.output<typeof ConsistencyQuery> & { only?: { factor: string; leads: readonly number[] } },
): Promise<ConsistencyReport> {
  const baseTime = new Date(q.baseTime).toISOString();
  const { grids } = await forecastGrids(deps.db, deps.store, auth, q.type, baseTime);
  const found = await findings(
    grids,
    q.only ?? (q.factor ? { factor: q.factor, leads: q.lead === undefined ? grids.leads(q.factor) : [q.lead] } : undefined),
  );
  const violations = found.map(describe);
  return { type: q.type, baseTime, violations, cells: violations.reduce((n, v) => n + v.cells, 0) };
}

/** The number of violating cells after a revision or an import of some leads of one factor (for its answer). */
export async function violationCount(
  deps: { db: Db; store: GridStore },
  auth: { customerId: number },
  type: string,
  baseTime: string,
  factor: string,
  leads: readonly number[],
): Promise<number> {
  const report = await checkConsistency(deps, auth, { type, baseTime, only: { factor, leads } });
  return report.cells;
}
