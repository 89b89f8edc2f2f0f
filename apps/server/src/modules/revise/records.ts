import { encodeGridMeta, GRID_BINARY_TYPE, GRID_META_HEADER, type RecordDetail, type RevisionRecord } from '@agromet/contracts';
import { decodePatch, type GridGeometry, type Patch } from '@agromet/grid';
import type { Selectable } from 'kysely';
import type { AuthContext } from '../../core/auth/context.js';
import { factorName, forecastTypeName } from '../../core/builtin-names.js';
import type { Db } from '../../core/db/index.js';
import type { RevisionTable } from '../../core/db/schema.js';
import { errors } from '../../core/errors.js';
import type { Lang } from '../../core/messages.js';
import type { FileAnswer } from '../../core/route.js';
import { contains } from '../../core/db/like.js';
import { z } from 'zod';
import { parseStoredJson } from '../../core/stored-json.js';
import { paged } from '../../core/paging.js';

type RevisionRow = Selectable<RevisionTable>;

/** The changed cells' index box and its extent in degrees (cell edges); null for an empty patch. */
export function patchExtent(g: GridGeometry, patch: Patch) {
  const n = patch.indices.length;
  if (n === 0) return null;
  let i0 = Number.POSITIVE_INFINITY;
  let i1 = -1;
  // Indices increase, so the first and last give the rows.
  const j0 = Math.floor(patch.indices[0]! / g.nx);
  const j1 = Math.floor(patch.indices[n - 1]! / g.nx);
  for (let k = 0; k < n; k++) {
    const i = patch.indices[k]! % g.nx;
    if (i < i0) i0 = i;
    if (i > i1) i1 = i;
  }
  return { cells: { i0, i1, j0, j1 }, box: cellBox(g, i0, i1, j0, j1) };
}

function cellBox(g: GridGeometry, i0: number, i1: number, j0: number, j1: number) {
  const latA = g.lat0 + j0 * g.dy;
  const latB = g.lat0 + j1 * g.dy;
  const halfY = Math.abs(g.dy) / 2;
  const r = (v: number) => Number(v.toFixed(6));
  return {
    west: r(g.lon0 + i0 * g.dx - g.dx / 2),
    east: r(g.lon0 + i1 * g.dx + g.dx / 2),
    south: r(Math.min(latA, latB) - halfY),
    north: r(Math.max(latA, latB) + halfY),
  };
}

const geometryOf = (r: RevisionRow): GridGeometry => ({ lon0: r.lon0, lat0: r.lat0, dx: r.dx, dy: r.dy, nx: r.nx, ny: r.ny });

/** Whether two increasing index lists share an index. */
function intersects(a: Uint32Array, b: Uint32Array): boolean {
  let p = 0;
  let q = 0;
  while (p < a.length && q < b.length) {
    if (a[p] === b[q]) return true;
    if (a[p]! < b[q]!) p++;
    else q++;
  }
  return false;
}

/**
 * Later revisions of the same grid, not recovered and not recoveries themselves, that changed any cell of `rec`:
 * recovering `rec` first would silently undo part of them. (A recovered revision and its recovery cancel out.)
 */
export async function blockingRecords(db: Db, rec: RevisionRow): Promise<RevisionRow[]> {
  if (rec.i0 === null || rec.i1 === null || rec.j0 === null || rec.j1 === null) return [];
  const candidates = await db
    .selectFrom('revision')
    .selectAll()
    .where('grid_id', '=', rec.grid_id)
    .where('id', '>', rec.id)
    .where('kind', '!=', 'recovery')
    .where('recovered_by_id', 'is', null)
    .where('i0', '<=', rec.i1)
    .where('i1', '>=', rec.i0)
    .where('j0', '<=', rec.j1)
    .where('j1', '>=', rec.j0)
    .orderBy('id')
    .execute();
  if (candidates.length === 0) return [];
  const mine = decodePatch(rec.patch).indices;
  return candidates.filter((c) => c.nx !== rec.nx || c.ny !== rec.ny || intersects(mine, decodePatch(c.patch).indices));
}

export function describeBlocking(rows: RevisionRow[]): string {
  // Minutes in UTC: the server does not know the reader's time zone (the web shows data.blocking in it).
  return rows.map((b) => `#${b.id}（${b.user_name}，${b.created_at.slice(0, 16).replace('T', ' ')} UTC）`).join('，');
}

const recordColumns = [
  'revision.id',
  'revision.batch_id',
  'revision.kind',
  'revision.base_time',
  'revision.lead_hours',
  'revision.user_id',
  'revision.user_name',
  'revision.created_at',
  'revision.cells_changed',
  'revision.i0',
  'revision.i1',
  'revision.j0',
  'revision.j1',
  'revision.west',
  'revision.south',
  'revision.east',
  'revision.north',
  'revision.version_before',
  'revision.version_after',
  'revision.recovered_by_id',
  'revision.recovers_id',
  'revision_batch.parameters',
  'factor.code as factor_code',
  'factor.name as factor_name',
  'factor.unit',
  'forecast_type.code as type_code',
  'forecast_type.name as type_name',
] as const;

function recordQuery(db: Db, customerId: number) {
  return db
    .selectFrom('revision')
    .innerJoin('revision_batch', 'revision_batch.id', 'revision.batch_id')
    .innerJoin('factor', 'factor.id', 'revision.factor_id')
    .innerJoin('forecast_type', 'forecast_type.id', 'revision.forecast_type_id')
    .where('revision.customer_id', '=', customerId);
}

/** One revision of the customer's as recordColumns read it (undefined: none of that id). */
function listedRecord(db: Db, customerId: number, id: number) {
  return recordQuery(db, customerId).select(recordColumns).where('revision.id', '=', id).executeTakeFirst();
}

type ListedRecord = NonNullable<Awaited<ReturnType<typeof listedRecord>>>;

/** A revision call's parameters as stored (an object; its fields differ by kind of revision). */
const Parameters = z.record(z.string(), z.unknown());

/** A revision as answered: its type and element named in the reader's language (built-in ones by code). */
function toRecord(row: ListedRecord, lang: Lang): RevisionRecord {
  const hasBox = row.i0 !== null && row.i1 !== null && row.j0 !== null && row.j1 !== null;
  return {
    id: row.id,
    batchId: row.batch_id,
    kind: row.kind,
    type: row.type_code,
    typeName: forecastTypeName(lang, row.type_code, row.type_name),
    factor: row.factor_code,
    factorName: factorName(lang, row.factor_code, row.factor_name),
    unit: row.unit,
    baseTime: row.base_time,
    lead: row.lead_hours,
    userId: row.user_id,
    userName: row.user_name,
    createdAt: row.created_at,
    parameters: parseStoredJson(Parameters, row.parameters, { table: 'revision_batch', id: row.batch_id, column: 'parameters' }),
    cellsChanged: row.cells_changed,
    cellBox: hasBox ? { i0: row.i0!, i1: row.i1!, j0: row.j0!, j1: row.j1! } : null,
    bbox:
      row.west !== null && row.south !== null && row.east !== null && row.north !== null
        ? { west: row.west, south: row.south, east: row.east, north: row.north }
        : null,
    versionBefore: row.version_before,
    versionAfter: row.version_after,
    recovered: row.recovered_by_id !== null,
    recoveredBy: row.recovered_by_id,
    recovers: row.recovers_id,
  };
}

export interface RecordFilters {
  page: number;
  size: number;
  type?: string;
  factor?: string;
  user?: string;
  userId?: number;
  kind?: RevisionRecord['kind'];
  baseTime?: string;
  lead?: number;
  from?: string;
  to?: string;
}

export async function listRecords(db: Db, auth: AuthContext, q: RecordFilters, lang: Lang = 'zh') {
  let base = recordQuery(db, auth.customerId);
  if (q.type) base = base.where('forecast_type.code', '=', q.type);
  if (q.factor) base = base.where('factor.code', '=', q.factor);
  if (q.userId) base = base.where('revision.user_id', '=', q.userId);
  if (q.user) {
    const user = q.user;
    const users = db
      .selectFrom('app_user')
      .select('id')
      .where((eb) => eb.or([contains('username', user), contains('name', user)]));
    base = base.where((eb) => eb.or([contains('revision.user_name', user), eb('revision.user_id', 'in', users)]));
  }
  if (q.kind) base = base.where('revision.kind', '=', q.kind);
  if (q.baseTime) base = base.where('revision.base_time', '=', new Date(q.baseTime).toISOString());
  if (q.lead !== undefined) base = base.where('revision.lead_hours', '=', q.lead);
  // Stored times are ISO strings in UTC: normalised bounds compare correctly as text.
  if (q.from) base = base.where('revision.created_at', '>=', new Date(q.from).toISOString());
  if (q.to) base = base.where('revision.created_at', '<=', new Date(q.to).toISOString());
  return paged(
    base,
    q,
    (b) => b.select(recordColumns).orderBy('revision.id', 'desc'),
    (rows) => rows.map((row) => toRecord(row, lang)),
  );
}

const AREA_BLOCKS = 64;

/** Changed cells as rectangles of blocks (at most 64 × 64 blocks over their box), row runs merged. */
export function coarseArea(g: GridGeometry, patch: Patch) {
  const extent = patchExtent(g, patch);
  if (!extent) return null;
  const { i0, i1, j0, j1 } = extent.cells;
  const width = i1 - i0 + 1;
  const height = j1 - j0 + 1;
  const block = Math.max(1, Math.ceil(Math.max(width, height) / AREA_BLOCKS));
  const bw = Math.ceil(width / block);
  const bh = Math.ceil(height / block);
  const marked = new Uint8Array(bw * bh);
  for (const index of patch.indices) {
    const i = index % g.nx;
    const j = (index - i) / g.nx;
    marked[Math.floor((j - j0) / block) * bw + Math.floor((i - i0) / block)] = 1;
  }
  const polygons: number[][][][] = [];
  for (let by = 0; by < bh; by++) {
    let bx = 0;
    while (bx < bw) {
      if (!marked[by * bw + bx]) {
        bx++;
        continue;
      }
      const start = bx;
      while (bx < bw && marked[by * bw + bx]) bx++;
      const box = cellBox(
        g,
        i0 + start * block,
        Math.min(i1, i0 + bx * block - 1),
        j0 + by * block,
        Math.min(j1, j0 + (by + 1) * block - 1),
      );
      polygons.push([
        [
          [box.west, box.south],
          [box.east, box.south],
          [box.east, box.north],
          [box.west, box.north],
          [box.west, box.south],
        ],
      ]);
    }
  }
  return {
    type: 'Feature' as const,
    properties: { blockCells: block },
    geometry: { type: 'MultiPolygon' as const, coordinates: polygons },
  };
}

function deltaStats(patch: Patch) {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let n = 0;
  for (let k = 0; k < patch.indices.length; k++) {
    const d = patch.newValues[k]! - patch.oldValues[k]!;
    if (!Number.isFinite(d)) continue;
    if (d < min) min = d;
    if (d > max) max = d;
    sum += d;
    n++;
  }
  const r = (v: number) => Number(v.toPrecision(7));
  return n === 0 ? null : { min: r(min), max: r(max), mean: r(sum / n) };
}

export async function recordDetail(db: Db, auth: AuthContext, id: number, lang: Lang = 'zh'): Promise<RecordDetail> {
  const listed = await listedRecord(db, auth.customerId, id);
  if (!listed) throw errors.notFound();
  const full = await db.selectFrom('revision').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const patch = decodePatch(full.patch);
  const blocked = full.kind === 'recovery' || full.recovered_by_id !== null ? [] : await blockingRecords(db, full);
  return {
    ...toRecord(listed, lang),
    area: coarseArea(geometryOf(full), patch),
    delta: deltaStats(patch),
    blockedBy: blocked.map((b) => ({ id: b.id, userName: b.user_name, createdAt: b.created_at })),
  };
}

/**
 * The exact patch of a record as bytes (encodePatch, docs/grids.md#patches-and-records), with the grid it applies to in
 * x-grid-meta: its georeference when recorded and the version the patch produced.
 */
export async function recordPatch(db: Db, auth: AuthContext, id: number): Promise<FileAnswer> {
  const listed = await listedRecord(db, auth.customerId, id);
  if (!listed) throw errors.notFound();
  const full = await db.selectFrom('revision').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const meta = encodeGridMeta({
    type: listed.type_code,
    factor: listed.factor_code,
    baseTime: listed.base_time,
    lead: listed.lead_hours,
    version: listed.version_after,
    unit: listed.unit,
    ...geometryOf(full),
  });
  return {
    contentType: GRID_BINARY_TYPE,
    filename: `revision-${id}.agp`,
    body: full.patch,
    headers: { [GRID_META_HEADER]: meta },
  };
}
