import type { ConsistencyQuery, ConsistencyReport, ConsistencyViolation } from '@agromet/contracts';
import {
  cellLat,
  cellLon,
  cellRuns,
  clipToExtremes,
  clipToRange,
  codeAgainstPrecipitation,
  outsideRange,
  PRECIPITATION_TOLERANCE,
  recodeCells,
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
import { CODE_KINDS, codeFollowingPrecipitation, PRECIPITATION_MM } from './weather-code.js';

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

/**
 * One rule applied to one set of grids (the first is the grid the violation is shown on): which grids, and the rule as a
 * function of their values. Every rule is a test of each cell on its own, so it applies as well to the values of a
 * few cells gathered from the grids as to the whole grids.
 */
interface RuleInstance {
  rule: ConsistencyRule;
  factor: string;
  lead: number;
  grids: Array<[string, number]>;
  rows: GridRow[];
  /** The cells breaking the rule, over arrays of values of the grids (in `grids` order), all of the same cells. */
  cells(values: Float32Array[], nx: number): CellSet;
  /** The fix of those cells, as patches of the grids it changes (it may read other grids of the forecast). */
  fix(
    loaded: Loaded[],
    cells: Uint32Array,
    g: ForecastGrids,
  ): Array<{ loaded: Loaded; patch: Patch }> | Promise<Array<{ loaded: Loaded; patch: Patch }>>;
}

/** The rules that apply to the stored grids (all, or those involving some leads of one factor), without reading values. */
function ruleInstances(g: ForecastGrids, only?: { factor: string; leads: readonly number[] }): RuleInstance[] {
  const out: RuleInstance[] = [];
  const concerns = (factor: string, lead: number, related: Array<[string, number]>) =>
    !only || (factor === only.factor && only.leads.includes(lead)) || related.some(([f, l]) => f === only.factor && only.leads.includes(l));
  const rowsOf = (grids: Array<[string, number]>) => grids.map(([f, l]) => g.rows.get(f)?.get(l));
  const onSameCells = (rows: Array<GridRow | undefined>): rows is GridRow[] =>
    rows.every((r) => r !== undefined && sameGeometry(geometryOfRow(r), geometryOfRow(rows[0]!)));

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
    const grids: Array<[string, number]> = [['tmp', lead], ...related];
    const rows = rowsOf(grids);
    if (!onSameCells(rows)) continue;
    out.push({
      rule: 'temperature',
      factor: 'tmp',
      lead,
      grids,
      rows,
      cells: ([t, tmin, tmax], nx) => temperatureOutsideExtremes(nx, t!, tmin!, tmax!),
      fix: ([t, tmin, tmax], cells) => [{ loaded: t!, patch: clipToExtremes(t!.grid.values, tmin!.grid.values, tmax!.grid.values, cells) }],
    });
  }

  // physical ranges
  for (const [factor, range] of Object.entries(PHYSICAL_RANGES)) {
    for (const lead of g.leads(factor)) {
      if (!concerns(factor, lead, [])) continue;
      const grids: Array<[string, number]> = [[factor, lead]];
      const rows = rowsOf(grids);
      if (!onSameCells(rows)) continue;
      out.push({
        rule: 'range',
        factor,
        lead,
        grids,
        rows,
        cells: ([values], nx) => outsideRange(nx, values!, range.min, range.max),
        fix: ([l], cells) => [{ loaded: l!, patch: clipToRange(l!.grid.values, range.min, range.max, cells) }],
      });
    }
  }

  // the weather-phenomenon code against the 3 h amount of the same lead
  for (const lead of g.leads('wp')) {
    if (!g.has('pre3h', lead)) continue;
    const related: Array<[string, number]> = [['pre3h', lead]];
    if (!concerns('wp', lead, related)) continue;
    const grids: Array<[string, number]> = [['wp', lead], ...related];
    const rows = rowsOf(grids);
    if (!onSameCells(rows)) continue;
    out.push({
      rule: 'weather',
      factor: 'wp',
      lead,
      grids,
      rows,
      cells: ([codes, amounts], nx) => codeAgainstPrecipitation(nx, codes!, amounts!, CODE_KINDS, PRECIPITATION_MM),
      // The code follows the amount: graded rain, sleet or snow by the temperature of the same lead when it is stored;
      // a dry sky by its total cloud when stored.
      fix: async ([code, amount], cells, forecast) => {
        const alongside = async (factor: string) => {
          const l = await forecast.get(factor, lead);
          return l && sameGeometry(geometryOfRow(l.row), geometryOfRow(code!.row)) ? l.grid.values : undefined;
        };
        const tmp = await alongside('tmp');
        const tcc = await alongside('tcc');
        const amounts = amount!.grid.values;
        const patch = recodeCells(code!.grid.values, cells, (k) => codeFollowingPrecipitation(amounts[k]!, tmp?.[k], tcc?.[k]));
        return [{ loaded: code!, patch }];
      },
    });
  }

  // 3 h amounts against their 12 h / 24 h totals
  for (const [factor, total] of Object.entries(TOTALS)) {
    for (const lead of g.leads(factor)) {
      const partLeads: number[] = [];
      for (let l = lead - total.hours + total.step; l <= lead; l += total.step) partLeads.push(l);
      if (partLeads[0]! < 0 || !partLeads.every((l) => g.has(total.parts, l))) continue;
      const related = partLeads.map((l): [string, number] => [total.parts, l]);
      if (!concerns(factor, lead, related)) continue;
      const grids: Array<[string, number]> = [[factor, lead], ...related];
      const rows = rowsOf(grids);
      if (!onSameCells(rows)) continue;
      out.push({
        rule: 'accumulation',
        factor,
        lead,
        grids,
        rows,
        cells: ([whole, ...parts], nx) => sumDiffersFromTotal(nx, parts, whole!, PRECIPITATION_TOLERANCE),
        fix: ([whole, ...parts], cells) =>
          rescaleToTotal(
            parts.map((p) => p.grid.values),
            whole!.grid.values,
            cells,
          ).map((patch, n) => ({ loaded: parts[n]!, patch })),
      });
    }
  }
  return out;
}

export async function findings(g: ForecastGrids, only?: { factor: string; leads: readonly number[] }): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const instance of ruleInstances(g, only)) {
    const loadAll = async () => {
      const loaded: Loaded[] = [];
      for (const [factor, lead] of instance.grids) loaded.push((await g.get(factor, lead))!);
      return loaded;
    };
    const key = instanceKey(instance);
    let cells = foundCells.get(key);
    if (!cells) {
      const loaded = await loadAll();
      cells = instance.cells(
        loaded.map((l) => l.grid.values),
        loaded[0]!.grid.nx,
      );
      rememberCells(key, cells);
      rememberCount(key, cells.indices.length);
    }
    if (cells.indices.length === 0) continue;
    const found = cells;
    out.push({
      rule: instance.rule,
      factor: instance.factor,
      lead: instance.lead,
      grids: instance.grids,
      cells: found,
      geometry: geometryOfRow(instance.rows[0]!),
      fix: async (forecast) => instance.fix(await loadAll(), found.indices, forecast),
    });
  }
  return out;
}

/** A rule instance by its rule and the file keys of its grids' versions (a key names one version's values for good). */
const instanceKey = (instance: RuleInstance) => `${instance.rule} ${instance.rows.map((r) => r.storage_key).join(' ')}`;

/**
 * The cells each rule instance found, by instanceKey: the check after a revision runs again only the rules of the grids
 * it changed (the check of a national forecast reads every lead's grids in full: tens of milliseconds of the request
 * thread each time). Bounded by the cells kept; the oldest entries go first.
 */
const foundCells = new Map<string, CellSet>();
const KEPT_CELLS = 8_000_000;
let keptCells = 0;

function rememberCells(key: string, cells: CellSet): void {
  if (cells.indices.length > KEPT_CELLS / 4) return;
  const before = foundCells.get(key);
  if (before) keptCells -= before.indices.length;
  foundCells.delete(key);
  foundCells.set(key, cells);
  keptCells += cells.indices.length;
  while (keptCells > KEPT_CELLS || foundCells.size > KEPT_COUNTS) {
    const [oldest, set] = foundCells.entries().next().value!;
    foundCells.delete(oldest);
    keptCells -= set.indices.length;
  }
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

/** A forecast type by its code, or as the caller already read it. */
export type ForecastTypeRef = string | { id: number; name: string; code: string };

export async function forecastGrids(
  db: Db,
  store: GridStore,
  auth: { customerId: number },
  typeRef: ForecastTypeRef,
  baseTime: string,
): Promise<{ type: { id: number; name: string; code: string }; grids: ForecastGrids }> {
  const type =
    typeof typeRef === 'string'
      ? await db.selectFrom('forecast_type').select(['id', 'code', 'name']).where('code', '=', typeRef).executeTakeFirst()
      : typeRef;
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

/** A grid a revision changes: the file key of the version it started from, and its patch. */
export interface RevisedGrid {
  factor: string;
  lead: number;
  previousKey: string;
  patch: Patch;
}

/**
 * Violating cells of each rule instance, by the rule and the file keys of its grids (a key names one version's values
 * for good): what a revision's answer adds up, kept so that the next revision of one of the grids only looks at the
 * cells it changed. Bounded; the oldest entries go first.
 */
const counts = new Map<string, number>();
const KEPT_COUNTS = 20_000;

function rememberCount(key: string, count: number): void {
  counts.delete(key);
  counts.set(key, count);
  if (counts.size > KEPT_COUNTS) counts.delete(counts.keys().next().value!);
}

/**
 * The number of violating cells after a revision or an import of some leads of one factor (for its answer).
 *
 * A revision's count is made while its save writes the new files (`revision.saved` settles once the save has
 * committed, with the saved rows in `revision.grids` order): a rule whose count was known for the versions
 * the revision started from needs only the changed cells, the count before minus the cells that broke it there before
 * plus those that break it now (each cell is tested on its own, so the others are as they were); it is kept under the
 * saved versions' keys once they exist. Any other rule of those grids runs over the whole grids after the save.
 */
export async function violationCount(
  deps: { db: Db; store: GridStore },
  auth: { customerId: number },
  type: ForecastTypeRef,
  baseTime: string,
  factor: string,
  leads: readonly number[],
  revision?: { grids: readonly RevisedGrid[]; saved: Promise<ReadonlyArray<{ storage_key: string }>> },
): Promise<number> {
  const at = new Date(baseTime).toISOString();
  const revised = revision?.grids ?? [];
  const { grids } = await forecastGrids(deps.db, deps.store, auth, type, at);
  const counted: Array<{ instance: RuleInstance; keys: string[]; changes: number[]; count: number }> = [];
  const left = new Set<string>();
  let total = 0;
  for (const instance of ruleInstances(grids, { factor, leads })) {
    const changes = instance.grids.map(([f, l]) => revised.findIndex((r) => r.factor === f && r.lead === l));
    if (changes.every((c) => c < 0)) {
      total += await countOf(deps.store, instance);
      continue;
    }
    const keys = instance.rows.map((r, n) => (changes[n]! >= 0 ? revised[changes[n]!]!.previousKey : r.storage_key));
    const before = counts.get(`${instance.rule} ${keys.join(' ')}`);
    if (before === undefined) {
      left.add(instanceGrids(instance));
      continue;
    }
    const count =
      before +
      changeAtCells(
        instance,
        await valuesOf(deps.store, instance),
        changes.map((c) => (c >= 0 ? revised[c]!.patch : undefined)),
      );
    counted.push({ instance, keys, changes, count });
  }
  if (!revision) return total;
  const savedKeys = (await revision.saved).map((row) => row.storage_key);
  for (const { instance, keys, changes, count } of counted) {
    const after = keys.map((k, n) => (changes[n]! >= 0 ? savedKeys[changes[n]!]! : k));
    // A revised grid read at a version of another call (saved just after this one) is not what the patch made.
    if (instance.rows.some((r, n) => r.storage_key !== keys[n] && r.storage_key !== after[n])) {
      left.add(instanceGrids(instance));
      continue;
    }
    rememberCount(`${instance.rule} ${after.join(' ')}`, count);
    total += count;
  }
  if (left.size === 0) return total;
  // The rules left: over the whole grids as saved.
  const saved = await forecastGrids(deps.db, deps.store, auth, type, at);
  for (const instance of ruleInstances(saved.grids, { factor, leads })) {
    if (left.has(instanceGrids(instance))) total += await countOf(deps.store, instance);
  }
  return total;
}

/** A rule instance by its rule and grids, whichever their versions. */
const instanceGrids = (instance: RuleInstance) => `${instance.rule} ${instance.grids.map(([f, l]) => `${f}@${l}`).join(' ')}`;

/** The count of a rule instance's violating cells: known for its grids' versions, or counted over the whole grids. */
async function countOf(store: GridStore, instance: RuleInstance): Promise<number> {
  const key = instanceKey(instance);
  let count = counts.get(key);
  if (count === undefined) {
    count = instance.cells(await valuesOf(store, instance), instance.rows[0]!.nx).indices.length;
    rememberCount(key, count);
  }
  return count;
}

/** The stored values of a rule instance's grids, in its order (the store's cached arrays, not copies). */
async function valuesOf(store: GridStore, instance: RuleInstance): Promise<Float32Array[]> {
  const values: Float32Array[] = [];
  for (const row of instance.rows) values.push((await store.view(row)).values);
  return values;
}

/**
 * Scratch arrays for the values gathered at a revision's cells, kept between calls and grown as needed: a fifth of the
 * national grid is 335 000 cells, and fresh arrays for each grid's values now and before (about 10 MB a revision) cost
 * more in page faults and collections than the gathering itself. Only read within one synchronous call.
 */
const scratch: Float32Array[] = [];

function scratchArray(slot: number, n: number): Float32Array {
  let buffer = scratch[slot];
  if (!buffer || buffer.length < n) {
    buffer = new Float32Array(Math.max(n, 2 * (buffer?.length ?? 0)));
    scratch[slot] = buffer;
  }
  return buffer.subarray(0, n);
}

/**
 * How many more cells break the rule after the patches than before, counted over the cells they changed: each grid's
 * values at those cells, where a patched grid's own cells take the patch's old and new values. That holds whichever
 * version `values` has of a patched grid, the one the patch started from or the one it made (the store turns the cached
 * array into the new version in place when the save commits), since they differ only at the patch's cells.
 */
function changeAtCells(instance: RuleInstance, values: Float32Array[], patches: Array<Patch | undefined>): number {
  const cells = unionOfIndices(patches.flatMap((p) => (p ? [p.indices] : [])));
  const n = cells.length;
  const now: Float32Array[] = [];
  const before: Float32Array[] = [];
  for (const [g, grid] of values.entries()) {
    const patch = patches[g];
    if (patch && patch.indices === cells) {
      // The only patched grid: its values at the cells are the patch's.
      now.push(patch.newValues);
      before.push(patch.oldValues);
      continue;
    }
    const gathered = gather(scratchArray(2 * g, n), grid, cells);
    if (!patch) {
      now.push(gathered);
      before.push(gathered);
      continue;
    }
    const old = scratchArray(2 * g + 1, n);
    old.set(gathered);
    placePatch(patch, cells, old, gathered);
    now.push(gathered);
    before.push(old);
  }
  const nx = Math.max(1, n);
  return instance.cells(now, nx).indices.length - instance.cells(before, nx).indices.length;
}

// The loops over a revision's cells are functions of their own, each always given the same kinds of arrays: the engine
// then compiles them once and keeps them compiled, where a loop inside a larger function called once a revision ran
// partly uncompiled each time, boxing every value it read (megabytes of garbage a revision).

/** `out[q] = values[cells[q]]`. */
function gather(out: Float32Array, values: Float32Array, cells: Uint32Array): Float32Array {
  for (let q = 0; q < cells.length; q++) out[q] = values[cells[q]!]!;
  return out;
}

/** At the patch's cells (a subset of `cells`, both increasing): its old values into `before`, its new into `after`. */
function placePatch(patch: Patch, cells: Uint32Array, before: Float32Array, after: Float32Array): void {
  const { indices, oldValues, newValues } = patch;
  for (let p = 0, q = 0; p < indices.length; p++) {
    while (cells[q]! < indices[p]!) q++;
    before[q] = oldValues[p]!;
    after[q] = newValues[p]!;
  }
}

/** The sorted union of strictly increasing index lists. */
function unionOfIndices(lists: Uint32Array[]): Uint32Array {
  if (lists.length === 1) return lists[0]!;
  return Uint32Array.from(new Set(lists.flatMap((l) => [...l]))).sort();
}
