import { randomUUID } from 'node:crypto';
import type { BaseFactor, BaseFactorFit, Histogram, StationNormals } from '@agromet/contracts';
import {
  cellLat,
  createGrid,
  EARTH_RADIUS_KM,
  geometryOf,
  gridFromValues,
  type Grid,
  type GridGeometry,
  type Station,
} from '@agromet/grid';
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { ZoningBaseFactorTable } from '../../core/db/schema.js';
import { errors } from '../../core/errors.js';
import { JobError } from '../../core/jobs.js';
import type { Lang } from '../../core/messages.js';
import { removeFiles, type CleanupLog, type FileStorage } from '../../core/storage.js';
import { decodeValues, encodeValues } from '../grids/store.js';
import { factorDef, FACTORS, griddingBounds, type FactorDef } from './factors.js';
import { gridInline, type GridCompute } from './gridding.js';
import { storedFit } from './stored.js';

// Base climate factors (docs/zoning.md#base-factors): one grid per factor and customer, all on the cells of the
// customer's altitude grid. A grid is a Float32 file in storage written before the row that names it; a new grid is a
// new file and a new version (products record the versions they used), and the old file is removed after the switch.

export type BaseFactorRow = Selectable<ZoningBaseFactorTable>;

/** Gridding by regression needs 4 stations; its leave-one-out check needs 5. */
export const MIN_STATIONS = 5;

export const factorStorageKey = (customerId: number, code: string) => `zoning/${customerId}/factors/${code}/${randomUUID()}.f32`;

export const geometryOfFactorRow = (r: Pick<BaseFactorRow, 'lon0' | 'lat0' | 'dx' | 'dy' | 'nx' | 'ny'>): GridGeometry => ({
  lon0: r.lon0,
  lat0: r.lat0,
  dx: r.dx,
  dy: r.dy,
  nx: r.nx,
  ny: r.ny,
});

export async function factorRow(db: Db, customerId: number, code: string): Promise<BaseFactorRow | undefined> {
  return db.selectFrom('zoning_base_factor').selectAll().where('customer_id', '=', customerId).where('code', '=', code).executeTakeFirst();
}

export async function readFactorGrid(
  db: Db,
  storage: FileStorage,
  customerId: number,
  code: string,
): Promise<{ row: BaseFactorRow; grid: Grid } | null> {
  const row = await factorRow(db, customerId, code);
  if (!row) return null;
  const data = await storage.get(row.storage_key);
  if (!data) throw new Error(`the file of base factor ${code} (customer ${customerId}) is missing: ${row.storage_key}`);
  return { row, grid: gridFromValues(geometryOfFactorRow(row), decodeValues(data)) };
}

function valueRange(values: Float32Array): { min: number | null; max: number | null } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return Number.isFinite(min) ? { min, max } : { min: null, max: null };
}

/**
 * Stores a factor's grid: the file first, then the row (a new version when one exists), then the old file goes. A
 * row that cannot be written takes its new file with it.
 */
export async function saveFactorGrid(
  db: Db,
  storage: FileStorage,
  log: CleanupLog,
  customerId: number,
  code: string,
  grid: Grid,
  meta: { source: BaseFactorRow['source']; fit: BaseFactorFit | null; by: string },
): Promise<BaseFactorRow> {
  const key = factorStorageKey(customerId, code);
  await storage.put(key, encodeValues(grid.values));
  const { min, max } = valueRange(grid.values);
  const values = {
    ...geometryOf(grid),
    source: meta.source,
    storage_key: key,
    grid_min: min,
    grid_max: max,
    fit: meta.fit ? JSON.stringify(meta.fit) : null,
    updated_by_name: meta.by.slice(0, 64),
    updated_at: nowIso(),
  };
  let old: string | null = null;
  let row: BaseFactorRow;
  try {
    row = await db.transaction().execute(async (tx) => {
      const existing = await tx
        .selectFrom('zoning_base_factor')
        .select(['id', 'storage_key'])
        .where('customer_id', '=', customerId)
        .where('code', '=', code)
        .executeTakeFirst();
      if (existing) {
        old = existing.storage_key;
        return tx
          .updateTable('zoning_base_factor')
          .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      return tx
        .insertInto('zoning_base_factor')
        .values({ customer_id: customerId, code, ...values, version: 1 })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  } catch (e) {
    await removeFiles(storage, [key], log, 'the file of a base factor grid that was not saved');
    throw e;
  }
  if (old) await removeFiles(storage, [old], log, 'the replaced file of a base factor grid');
  return row;
}

/** Every factor of the catalogue, with its grid's version, range and fit where it has one. */
export async function listBaseFactors(db: Db, customerId: number, lang: Lang): Promise<BaseFactor[]> {
  const rows = await db.selectFrom('zoning_base_factor').selectAll().where('customer_id', '=', customerId).execute();
  const counts = await db
    .selectFrom('zoning_station_normal')
    .select(['factor', (eb) => eb.fn.countAll<number>().as('n')])
    .where('customer_id', '=', customerId)
    .groupBy('factor')
    .execute();
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const countOf = new Map(counts.map((c) => [c.factor, Number(c.n)]));
  return FACTORS.map((f) => {
    const row = byCode.get(f.code);
    return {
      code: f.code,
      name: f.names[lang],
      unit: f.unit,
      min: f.min,
      max: f.max,
      source: row?.source ?? f.source,
      hasGrid: row !== undefined,
      version: row?.version ?? null,
      updatedAt: row?.updated_at ?? null,
      gridMin: row?.grid_min ?? null,
      gridMax: row?.grid_max ?? null,
      stationCount: countOf.get(f.code) ?? 0,
      fit: row?.fit ? storedFit(row.fit, row.id) : null,
      geometry: row ? geometryOfFactorRow(row) : null,
    };
  });
}

/** Equal bins between the grid's smallest and largest value (one bin's width of 1 when all values are equal). */
export function histogramOf(values: Float32Array, bins: number): Omit<Histogram, 'code'> {
  const { min, max } = valueRange(values);
  if (min === null || max === null) return { edges: [], counts: [], total: 0 };
  const width = max > min ? (max - min) / bins : 1;
  const edges = Array.from({ length: bins + 1 }, (_, k) => (k === bins && max > min ? max : min + k * width));
  const counts = new Array<number>(bins).fill(0);
  let total = 0;
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if (Number.isNaN(v)) continue;
    counts[Math.min(bins - 1, Math.floor((v - min) / width))]! += 1;
    total++;
  }
  return { edges, counts, total };
}

export async function factorHistogram(db: Db, storage: FileStorage, customerId: number, code: string, bins: number): Promise<Histogram> {
  const stored = await readFactorGrid(db, storage, customerId, code);
  if (!stored) throw errors.notFound();
  return { code: code as Histogram['code'], ...histogramOf(stored.grid.values, bins) };
}

/**
 * Slope in degrees from the altitude grid: central differences (one-sided at edges and next to missing cells), cell
 * sizes in metres on the sphere (east–west shrinking with the cosine of latitude).
 */
export function slopeOf(elevation: Grid): Grid {
  const { nx, ny, values } = elevation;
  const out = createGrid(geometryOf(elevation));
  const metresPerDegree = (EARTH_RADIUS_KM * 1000 * Math.PI) / 180;
  const dyM = Math.abs(elevation.dy) * metresPerDegree;
  const at = (i: number, j: number) => (i >= 0 && i < nx && j >= 0 && j < ny ? values[j * nx + i]! : Number.NaN);
  const gradient = (a: number, centre: number, b: number, step: number) => {
    if (!Number.isNaN(a) && !Number.isNaN(b)) return (b - a) / (2 * step);
    if (!Number.isNaN(b)) return (b - centre) / step;
    if (!Number.isNaN(a)) return (centre - a) / step;
    return 0;
  };
  for (let j = 0; j < ny; j++) {
    const dxM = elevation.dx * metresPerDegree * Math.cos((cellLat(elevation, j) * Math.PI) / 180);
    for (let i = 0; i < nx; i++) {
      const h = values[j * nx + i]!;
      if (Number.isNaN(h)) continue;
      const gx = gradient(at(i - 1, j), h, at(i + 1, j), dxM);
      const gy = gradient(at(i, j - 1), h, at(i, j + 1), dyM);
      out.values[j * nx + i] = (Math.atan(Math.hypot(gx, gy)) * 180) / Math.PI;
    }
  }
  return out;
}

/**
 * Values outside the factor's valid range are set to its bounds. A share never needs it (it is gridded on the logit
 * scale, strictly inside its range); an amount's range is a wide physical bound that a regression only passes on a
 * wrong import.
 */
function clampToRange(grid: Grid, def: FactorDef): void {
  const v = grid.values;
  for (let k = 0; k < v.length; k++) {
    if (v[k]! < def.min) v[k] = def.min;
    else if (v[k]! > def.max) v[k] = def.max;
  }
}

/** Station normals of a customer, grouped by factor, with each station's position and altitude. */
async function normalsByFactor(db: Db, customerId: number): Promise<Map<string, Station[]>> {
  const rows = await db
    .selectFrom('zoning_station_normal')
    .innerJoin('station', 'station.id', 'zoning_station_normal.station_id')
    .select(['zoning_station_normal.factor', 'zoning_station_normal.value', 'station.longitude', 'station.latitude', 'station.altitude'])
    .where('zoning_station_normal.customer_id', '=', customerId)
    .orderBy('station.station_number')
    .execute();
  const out = new Map<string, Station[]>();
  for (const r of rows) {
    const list = out.get(r.factor) ?? [];
    list.push({ lon: r.longitude, lat: r.latitude, altitude: r.altitude, value: r.value });
    out.set(r.factor, list);
  }
  return out;
}

export interface RegridOutcome {
  code: string;
  version: number;
  fit: BaseFactorFit | null;
}

/**
 * Grids factors from station normals on the altitude grid (docs/zoning.md#base-factors-from-stations-gridding-and-cross-validation): regression on longitude, latitude
 * and the stations' own altitudes (on the logit scale for a share), plus inverse-distance residuals where leave-one-out
 * cross-validation says they help (gridWithCrossValidation), with the regression's R² and both leave-one-out RMSEs. `codes` names the factors to grid (each needs MIN_STATIONS stations); 'all' grids
 * every factor with enough normals and skips the others.
 */
export async function regridFromNormals(
  db: Db,
  storage: FileStorage,
  log: CleanupLog,
  customerId: number,
  codes: readonly string[] | 'all',
  by: string,
  onProgress: (fraction: number) => Promise<void> = async () => {},
  lang: Lang = 'zh',
  compute: GridCompute = gridInline,
): Promise<RegridOutcome[]> {
  const altitude = await readFactorGrid(db, storage, customerId, 'altitude');
  if (!altitude) throw new JobError('zoning.noAltitude');
  const normals = await normalsByFactor(db, customerId);
  const wanted =
    codes === 'all'
      ? FACTORS.filter((f) => f.source === 'stations' && (normals.get(f.code)?.length ?? 0) >= MIN_STATIONS).map((f) => f.code)
      : [...codes];
  const out: RegridOutcome[] = [];
  for (const [k, code] of wanted.entries()) {
    const def = factorDef(code);
    if (!def || def.source !== 'stations') continue;
    const stations = normals.get(code) ?? [];
    if (stations.length < MIN_STATIONS) {
      throw new JobError('zoning.tooFewStations', { factor: def.names[lang], count: stations.length, min: MIN_STATIONS });
    }
    let grid: Grid;
    let fit: BaseFactorFit;
    try {
      const gridded = await compute(stations, altitude.grid, griddingBounds(def));
      grid = gridFromValues(geometryOf(altitude.grid), gridded.values);
      fit = gridded.fit;
    } catch (e) {
      if (e instanceof RangeError) throw new JobError('zoning.regridFailed', { factor: def.names[lang], reason: e.message });
      throw e;
    }
    clampToRange(grid, def);
    const row = await saveFactorGrid(db, storage, log, customerId, code, grid, { source: 'stations', fit, by });
    out.push({ code, version: row.version, fit });
    await onProgress((k + 1) / wanted.length);
  }
  return out;
}

/** Stores the altitude grid and derives slope from it. */
export async function saveAltitude(
  db: Db,
  storage: FileStorage,
  log: CleanupLog,
  customerId: number,
  elevation: Grid,
  by: string,
): Promise<RegridOutcome[]> {
  const a = await saveFactorGrid(db, storage, log, customerId, 'altitude', elevation, { source: 'import', fit: null, by });
  const s = await saveFactorGrid(db, storage, log, customerId, 'slope', slopeOf(elevation), { source: 'derived', fit: null, by });
  return [
    { code: 'altitude', version: a.version, fit: null },
    { code: 'slope', version: s.version, fit: null },
  ];
}

/** The customer's stations with their normals (the base-factor panel's table). */
export async function stationNormals(db: Db, customerId: number): Promise<StationNormals[]> {
  const stations = await db
    .selectFrom('station')
    .select(['id', 'station_number', 'name', 'longitude', 'latitude', 'altitude'])
    .where('customer_id', '=', customerId)
    .orderBy('station_number')
    .execute();
  const normals = await db
    .selectFrom('zoning_station_normal')
    .select(['station_id', 'factor', 'value'])
    .where('customer_id', '=', customerId)
    .execute();
  const byStation = new Map<number, Record<string, number>>();
  for (const n of normals) {
    const values = byStation.get(n.station_id) ?? {};
    values[n.factor] = n.value;
    byStation.set(n.station_id, values);
  }
  return stations.map((s) => ({
    stationNumber: s.station_number,
    name: s.name,
    longitude: s.longitude,
    latitude: s.latitude,
    altitude: s.altitude,
    values: byStation.get(s.id) ?? {},
  }));
}
