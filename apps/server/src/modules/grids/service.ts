import { ColorMapSchema, type FactorInfo, type ForecastTypeInfo } from '@agromet/contracts';
import { gridBBox, type ColorMap, type Grid, type GridGeometry } from '@agromet/grid';
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { FactorTable } from '../../core/db/schema.js';
import { AppError, errors } from '../../core/errors.js';
import { factorName, forecastTypeName } from '../../core/builtin-names.js';
import type { Lang } from '../../core/messages.js';
import type { Derivation, FactorDef } from './catalog.js';
import { computeDerived, derivedFactorId, derivedFactorsOf, derivedTimeRows, type TypeFactors } from './derived.js';
import { layerTimes } from './layer-times.js';
import { geometryOfRow, type GridRow, type GridStore } from './store.js';
import { cachedStoredJson } from '../../core/stored-json.js';

/** A factor as stored: its definition with its row id and its forecast type. */
export interface FactorRecord extends FactorDef {
  id: number;
  typeId: number;
  typeCode: string;
  typeName: string;
  /** Set for a derived element (computed on demand, never stored; id is negative). */
  derivation?: Derivation;
}

export const layerName = (typeCode: string, factorCode: string) => `${typeCode}.${factorCode}`;

/** File name stem of an exported grid: type_factor_YYYYMMDDHH_LLL (base time in UTC, lead in hours). */
export function exportStem(typeCode: string, factorCode: string, baseTime: string, leadHours: number): string {
  const base = new Date(baseTime);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return (
    `${typeCode}_${factorCode}_${base.getUTCFullYear()}${pad(base.getUTCMonth() + 1)}${pad(base.getUTCDate())}` +
    `${pad(base.getUTCHours())}_${pad(leadHours, 3)}`
  );
}

const readColorMap = cachedStoredJson(ColorMapSchema);

/** A colour map as the catalog sends it (the same value; its arrays are only read, then sent as JSON). */
export const colorMapView = (c: ColorMap) => c as ForecastTypeInfo['factors'][number]['colormap'];

/** A factor's stored colour map, checked against the contract's shape (read once per distinct text: WMS reads it per tile). */
export function storedColorMap(text: string, factorId: number): ColorMap {
  return readColorMap(text, { table: 'factor', id: factorId, column: 'colormap' });
}

/** A stored factor of a type as the catalogue answers it: named in `lang` (a built-in one by code), its colours and layer. */
export function factorInfo(typeCode: string, f: Selectable<FactorTable>, lang: Lang): FactorInfo {
  return {
    id: f.id,
    code: f.code,
    name: factorName(lang, f.code, f.name),
    unit: f.unit,
    min: f.min_value,
    max: f.max_value,
    precision: f.precision,
    colormap: colorMapView(storedColorMap(f.colormap, f.id)),
    layer: layerName(typeCode, f.code),
  };
}

export async function factorByLayer(db: Db, typeCode: string, factorCode: string): Promise<FactorRecord | undefined> {
  const row = await db
    .selectFrom('factor')
    .innerJoin('forecast_type', 'forecast_type.id', 'factor.forecast_type_id')
    .select([
      'factor.id',
      'factor.code',
      'factor.name',
      'factor.unit',
      'factor.min_value',
      'factor.max_value',
      'factor.precision',
      'factor.colormap',
      'forecast_type.id as type_id',
      'forecast_type.code as type_code',
      'forecast_type.name as type_name',
    ])
    .where('forecast_type.code', '=', typeCode)
    .where('factor.code', '=', factorCode)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    unit: row.unit,
    min: row.min_value,
    max: row.max_value,
    precision: row.precision,
    colormap: storedColorMap(row.colormap, row.id),
    typeId: row.type_id,
    typeCode: row.type_code,
    typeName: row.type_name,
  };
}

/** Every forecast type with its stored factors (code → id), as the derived elements need them. */
export async function typeFactors(db: Db): Promise<TypeFactors[]> {
  const types = await db.selectFrom('forecast_type').select(['id', 'step_hours']).orderBy('id').execute();
  const factors = await db.selectFrom('factor').select(['id', 'code', 'forecast_type_id']).execute();
  return types.map((t) => ({
    typeId: t.id,
    stepHours: t.step_hours,
    factors: new Map(factors.filter((f) => f.forecast_type_id === t.id).map((f) => [f.code, f.id])),
  }));
}

/** The stored grids' times of a customer (one factor when given) and those of the derived elements they make. */
export async function layerTimeRows(db: Db, customerId: number, factorId?: number) {
  let q = db.selectFrom('grid').select(['factor_id', 'base_time', 'lead_hours']).distinct().where('customer_id', '=', customerId);
  if (factorId !== undefined && factorId > 0) q = q.where('factor_id', '=', factorId);
  const stored = (await q.execute()).map((r) => ({ factorId: r.factor_id, baseTime: r.base_time, lead: r.lead_hours }));
  if (factorId !== undefined && factorId > 0) return stored;
  const derived = derivedTimeRows(await typeFactors(db), stored);
  return factorId === undefined ? [...stored, ...derived] : derived.filter((r) => r.factorId === factorId);
}

/**
 * Forecast types with their factors (derived elements after the stored ones) and the times that have grids for the
 * customer; built-in types' and elements' names in `lang` (as stored when an office renamed them).
 */
export async function gridCatalog(db: Db, customerId: number, lang: Lang = 'zh'): Promise<ForecastTypeInfo[]> {
  const types = await db.selectFrom('forecast_type').selectAll().orderBy('id').execute();
  const factors = await db.selectFrom('factor').selectAll().orderBy('sort').execute();
  const times = await db
    .selectFrom('grid')
    .select(['forecast_type_id', 'factor_id', 'base_time', 'lead_hours'])
    .distinct()
    .where('customer_id', '=', customerId)
    .execute();
  // The extent of each type's newest grid: what a small map of the type shows.
  const geometries = await db
    .selectFrom('grid')
    .select(['forecast_type_id', 'base_time', 'lon0', 'lat0', 'dx', 'dy', 'nx', 'ny'])
    .distinct()
    .where('customer_id', '=', customerId)
    .execute();
  const extentOf = (typeId: number, baseTime: string | undefined) => {
    const g = geometries.find((r) => r.forecast_type_id === typeId && r.base_time === baseTime);
    return g ? gridBBox(g) : null;
  };
  const stored = times.map((g) => ({ factorId: g.factor_id, baseTime: g.base_time, lead: g.lead_hours }));
  const perLayer = layerTimes([...stored, ...derivedTimeRows(await typeFactors(db), stored)]);
  return types.map((t) => {
    const own = factors.filter((f) => f.forecast_type_id === t.id);
    const derived = derivedFactorsOf(own.map((f) => f.code)).map((d) => ({
      id: derivedFactorId(t.id, d),
      code: d.code,
      name: factorName(lang, d.code, d.name),
      unit: d.unit,
      min: d.min,
      max: d.max,
      precision: d.precision,
      colormap: colorMapView(d.colormap),
      layer: layerName(t.code, d.code),
      derived: true,
      ...(perLayer.get(derivedFactorId(t.id, d)) ?? { baseTimes: [], leads: [] }),
    }));
    const mine = times.filter((g) => g.forecast_type_id === t.id);
    const baseTimes = [...new Set(mine.map((g) => g.base_time))].sort().reverse();
    const leads = [...new Set(mine.filter((g) => g.base_time === baseTimes[0]).map((g) => g.lead_hours))].sort((a, b) => a - b);
    return {
      id: t.id,
      code: t.code,
      name: forecastTypeName(lang, t.code, t.name),
      stepHours: t.step_hours,
      maxLeadHours: t.max_lead_hours,
      baseTimes,
      leads,
      extent: extentOf(t.id, baseTimes[0]),
      factors: [
        ...own.map((f) => ({ ...factorInfo(t.code, f, lang), ...(perLayer.get(f.id) ?? { baseTimes: [], leads: [] }) })),
        ...derived,
      ],
    };
  });
}

export interface ResolvedGrid {
  factor: FactorRecord;
  /** The stored row; for a derived element, one standing for it (id 0, the newest version among its sources). */
  row: GridRow;
  grid: Grid;
  /** The stored rows the values come from: the row itself, or a derived element's sources. */
  sources?: GridRow[];
}

/** What a drawing of the grid depends on: its row and version, or every source's for a derived element. */
export function gridTag(resolved: ResolvedGrid): string {
  const rows = resolved.sources ?? [resolved.row];
  return rows.map((r) => `${r.id}v${r.version}`).join('.');
}

/** A factor's and its type's names in `lang` (built-in ones by code; as stored when renamed). */
export function localisedFactor<F extends FactorRecord>(f: F, lang: Lang): F {
  return { ...f, name: factorName(lang, f.code, f.name), typeName: forecastTypeName(lang, f.typeCode, f.typeName) };
}

/** A stored factor or a derived element of a type, by layer name parts; undefined when the type offers neither. */
export async function layerFactorOf(db: Db, typeCode: string, factorCode: string): Promise<FactorRecord | undefined> {
  const stored = await factorByLayer(db, typeCode, factorCode);
  if (stored) return stored;
  const type = await db.selectFrom('forecast_type').select(['id', 'code', 'name']).where('code', '=', typeCode).executeTakeFirst();
  if (!type) return undefined;
  const codes = await db.selectFrom('factor').select('code').where('forecast_type_id', '=', type.id).execute();
  const def = derivedFactorsOf(codes.map((c) => c.code)).find((d) => d.code === factorCode);
  if (!def) return undefined;
  return {
    id: derivedFactorId(type.id, def),
    code: def.code,
    name: def.name,
    unit: def.unit,
    min: def.min,
    max: def.max,
    precision: def.precision,
    colormap: def.colormap,
    typeId: type.id,
    typeCode: type.code,
    typeName: type.name,
    derivation: def.derivation,
  };
}

/**
 * Like resolveGrid, for stored factors and derived elements alike (read calls: WMS, export, point values, meteogram).
 * A derived element is computed from its sources; without a base time the newest run that has it, without a lead its
 * first lead there.
 */
export async function resolveLayerGrid(
  db: Db,
  store: GridStore,
  customerId: number,
  sel: { typeCode: string; factorCode: string; baseTime?: string; lead?: number },
): Promise<ResolvedGrid | undefined> {
  const factor = await layerFactorOf(db, sel.typeCode, sel.factorCode);
  if (!factor) return undefined;
  if (!factor.derivation) return resolveGrid(db, store, customerId, sel);
  const rows = await layerTimeRows(db, customerId, factor.id);
  const candidates = rows
    .filter(
      (r) =>
        (sel.baseTime === undefined || Date.parse(r.baseTime) === Date.parse(sel.baseTime)) &&
        (sel.lead === undefined || r.lead === sel.lead),
    )
    .sort((a, b) => Date.parse(b.baseTime) - Date.parse(a.baseTime) || a.lead - b.lead);
  const at = candidates[0];
  if (!at) return undefined;
  const type = (await typeFactors(db)).find((t) => t.typeId === factor.typeId)!;
  const def = derivedFactorsOf(type.factors.keys()).find((d) => d.code === factor.code)!;
  const made = await computeDerived(db, store, customerId, type, def, at.baseTime, at.lead);
  if (!made) return undefined;
  const newest = made.sources.reduce((a, b) => (b.updated_at > a.updated_at ? b : a));
  const row: GridRow = {
    ...newest,
    id: 0,
    factor_id: factor.id,
    base_time: new Date(at.baseTime).toISOString(),
    lead_hours: at.lead,
    storage_key: '',
    version: Math.max(...made.sources.map((r) => r.version)),
  };
  return { factor, row, grid: made.grid, sources: made.sources };
}

/** Reads of the newest version a revision may overtake (resolveGrid). */
const RESOLVE_ATTEMPTS = 3;

/**
 * The customer's grid for a layer at a base time and lead (its stored values: read them, never change them); undefined when there is none. Without a base time: the
 * newest of this layer (with that lead, when given); without a lead: the first this layer has at that base time.
 */
export async function resolveGrid(
  db: Db,
  store: GridStore,
  customerId: number,
  sel: { typeCode: string; factorCode: string; baseTime?: string; lead?: number },
): Promise<ResolvedGrid | undefined> {
  const factor = await factorByLayer(db, sel.typeCode, sel.factorCode);
  if (!factor) return undefined;
  let q = db.selectFrom('grid').selectAll().where('customer_id', '=', customerId).where('factor_id', '=', factor.id);
  if (sel.lead !== undefined) q = q.where('lead_hours', '=', sel.lead);
  q = sel.baseTime ? q.where('base_time', '=', new Date(sel.baseTime).toISOString()) : q.orderBy('base_time', 'desc');
  const latest = q.orderBy('lead_hours', 'asc').limit(1);
  for (let attempt = 1; ; attempt += 1) {
    const row = await latest.executeTakeFirst();
    if (!row) return undefined;
    try {
      // The stored values themselves, not a copy (6.7 MB for a national grid, on every tile): every caller only reads
      // them, and at once. The store turns them into the next version in place when a revision lands: a caller reading
      // them across an await copies them first (products/making.ts).
      return { factor, row, grid: await store.view(row) };
    } catch (e) {
      // A revision switched the row between its read and its file's (whose file it then removed): these callers want
      // the grid as it is now, so the row is read again; a grid revised faster than it can be read stays a conflict.
      if (attempt >= RESOLVE_ATTEMPTS || !(e instanceof AppError && e.key === 'gridStale')) throw e;
    }
  }
}

/**
 * The grid a customer's forecast type is made on: that of its newest grid (any factor, base time and lead), or null
 * before its first grid. Imports keep every grid of the type on it, so that its factors and leads line up cell for cell.
 */
export async function productGeometry(db: Db, customerId: number, forecastTypeId: number): Promise<GridGeometry | null> {
  const row = await db
    .selectFrom('grid')
    .select(['lon0', 'lat0', 'dx', 'dy', 'nx', 'ny'])
    .where('customer_id', '=', customerId)
    .where('forecast_type_id', '=', forecastTypeId)
    .orderBy('base_time', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? geometryOfRow(row) : null;
}

/** Label width plus a margin, in screen pixels: thinning keeps labels this far apart. */
const LABEL_SPACING_PX = 40;
const MAX_POINTS = 3000;

/** Grid points inside a box, every `stride` cells so that labels at the zoom never overlap. */
export function thinnedPoints(
  resolved: ResolvedGrid,
  box: { west: number; south: number; east: number; north: number; zoom: number; at?: string },
) {
  const g = resolved.grid;
  const geometry = geometryOfRow(resolved.row);
  const degPerPx = 360 / (256 * 2 ** box.zoom);
  let stride = Math.max(1, Math.ceil((LABEL_SPACING_PX * degPerPx) / Math.min(Math.abs(geometry.dx), Math.abs(geometry.dy))));
  const colOf = (lon: number) => (lon - g.lon0) / g.dx;
  const rowOf = (lat: number) => (lat - g.lat0) / g.dy;
  const i0 = Math.max(0, Math.ceil(Math.min(colOf(box.west), colOf(box.east))));
  const i1 = Math.min(g.nx - 1, Math.floor(Math.max(colOf(box.west), colOf(box.east))));
  const j0 = Math.max(0, Math.ceil(Math.min(rowOf(box.south), rowOf(box.north))));
  const j1 = Math.min(g.ny - 1, Math.floor(Math.max(rowOf(box.south), rowOf(box.north))));
  if (i1 < i0 || j1 < j0) return { points: [], stride };
  while (Math.ceil((i1 - i0 + 1) / stride) * Math.ceil((j1 - j0 + 1) / stride) > MAX_POINTS) stride += 1;
  const points: Array<{ lat: number; lon: number; value: number }> = [];
  // The cells of the points asked for (in the box) are labelled themselves; lattice points closer than a stride give way.
  const wanted = cellsAt(box.at, g.nx, g.ny, colOf, rowOf).filter(([i, j]) => i >= i0 && i <= i1 && j >= j0 && j <= j1);
  const near = (i: number, j: number) => wanted.some(([wi, wj]) => Math.abs(wi - i) < stride && Math.abs(wj - j) < stride);
  // Anchor the lattice at multiples of the stride so points stay put while the map pans.
  for (let j = Math.ceil(j0 / stride) * stride; j <= j1; j += stride) {
    for (let i = Math.ceil(i0 / stride) * stride; i <= i1; i += stride) {
      const value = g.values[j * g.nx + i]!;
      if (Number.isNaN(value)) continue;
      if (near(i, j)) continue;
      points.push({ lat: round(g.lat0 + j * g.dy, 5), lon: round(g.lon0 + i * g.dx, 5), value: round(value, 2) });
    }
  }
  for (const [i, j] of wanted) {
    const value = g.values[j * g.nx + i]!;
    if (!Number.isNaN(value)) points.push({ lat: round(g.lat0 + j * g.dy, 5), lon: round(g.lon0 + i * g.dx, 5), value: round(value, 2) });
  }
  return { points, stride };
}

/** The grid cells (column, row) nearest to "lon,lat;lon,lat" points inside the grid, each once. */
export function cellsAt(
  at: string | undefined,
  nx: number,
  ny: number,
  colOf: (lon: number) => number,
  rowOf: (lat: number) => number,
): Array<[number, number]> {
  if (!at) return [];
  const cells = new Map<string, [number, number]>();
  for (const pair of at.split(';')) {
    const [lon, lat] = pair.split(',').map(Number) as [number, number];
    const i = Math.round(colOf(lon));
    const j = Math.round(rowOf(lat));
    if (i >= 0 && i < nx && j >= 0 && j < ny) cells.set(`${i},${j}`, [i, j]);
  }
  return [...cells.values()];
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

export function requireGrid<T>(v: T | undefined): T {
  if (v === undefined) throw errors.notFound();
  return v;
}
