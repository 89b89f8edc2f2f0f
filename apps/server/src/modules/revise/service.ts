import { createHash, randomUUID } from 'node:crypto';
import {
  encodeGridMeta,
  ErrorCode,
  expectedVersionOf,
  GRID_BINARY_TYPE,
  GRID_META_HEADER,
  type PointReviseBody,
  type PolygonReviseBody,
  type ReviseArea,
  type ReviseGridData,
  type ReviseResult,
} from '@agromet/contracts';
import {
  patchDigest,
  rasterizeArea,
  reviseArea,
  revisePoints,
  type AreaShape,
  type EdgeMode,
  type Grid,
  type Mask,
  type Patch,
} from '@agromet/grid';
import type { z } from 'zod';
import { actorName } from '../../core/builtin-names.js';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { AppError, errors } from '../../core/errors.js';
import type { Lang } from '../../core/messages.js';
import type { FileAnswer } from '../../core/route.js';
import { assertAllocated, isAllocated } from '../allocation/service.js';
import { exportStem, factorByLayer, localisedFactor, requireGrid, resolveGrid, type FactorRecord } from '../grids/service.js';
import { encodeValues, geometryOfRow, type GridKey, type GridRow, type GridStore } from '../grids/store.js';
import { violationCount } from './consistency.js';
import { insertBatch, insertRecord } from './record-rows.js';
import { patchExtent } from './records.js';

export interface ReviseDeps {
  db: Db;
  store: GridStore;
  /**
   * Runs inside a revision's transaction after every write, just before the commit. For tests that simulate a crash
   * at that moment (a child process blocks here and is killed); never set in production.
   */
  beforeCommit?: (tx: Db) => Promise<void>;
}

type PointInput = z.output<typeof PointReviseBody>;
type PolygonInput = z.output<typeof PolygonReviseBody>;

async function requireFactor(db: Db, type: string, factor: string): Promise<FactorRecord> {
  const found = await factorByLayer(db, type, factor);
  if (!found) throw errors.validation('factor', 'unknownLayer');
  return found;
}

/**
 * The grid a forecaster revises, with the versions of every lead at its base time (for multi-lead revisions); the type
 * and element named in the reader's language.
 */
export async function reviseData(
  deps: ReviseDeps,
  auth: AuthContext,
  q: { type: string; factor: string; baseTime?: string; lead: number },
  lang: Lang = 'zh',
): Promise<ReviseGridData> {
  const { db, store } = deps;
  const factor = await requireFactor(db, q.type, q.factor);
  const named = localisedFactor(factor, lang);
  const { row } = requireGrid(
    await resolveGrid(db, store, auth.customerId, {
      typeCode: q.type,
      factorCode: q.factor,
      baseTime: q.baseTime,
      lead: q.lead,
    }),
  );
  const leads = await db
    .selectFrom('grid')
    .select(['lead_hours', 'version', 'updated_by_name', 'updated_at'])
    .where('customer_id', '=', auth.customerId)
    .where('factor_id', '=', factor.id)
    .where('base_time', '=', row.base_time)
    .orderBy('lead_hours')
    .execute();
  return {
    type: factor.typeCode,
    typeName: named.typeName,
    factor: factor.code,
    factorName: named.name,
    baseTime: row.base_time,
    lead: row.lead_hours,
    ...geometryOfRow(row),
    version: row.version,
    updatedBy: actorName(lang, row.updated_by_name),
    updatedAt: row.updated_at,
    unit: factor.unit,
    min: factor.min,
    max: factor.max,
    precision: factor.precision,
    allocated: await isAllocated(db, auth, factor.typeId),
    leads: leads.map((l) => ({
      lead: l.lead_hours,
      version: l.version,
      updatedBy: actorName(lang, l.updated_by_name),
      updatedAt: l.updated_at,
    })),
  };
}

/**
 * The values of the grid `reviseData` describes (same query), as bytes (docs/grids.md#grid-values-over-http): the stored
 * little-endian Float32 bits, the georeference and version in x-grid-meta, and an ETag naming the stored file, so a
 * browser that already holds this version revalidates with 304 instead of downloading it again.
 */
export async function reviseGridValues(
  deps: ReviseDeps,
  auth: AuthContext,
  q: { type: string; factor: string; baseTime?: string; lead: number },
): Promise<FileAnswer> {
  const { db, store } = deps;
  const factor = await requireFactor(db, q.type, q.factor);
  const { row, grid } = requireGrid(
    await resolveGrid(db, store, auth.customerId, {
      typeCode: q.type,
      factorCode: q.factor,
      baseTime: q.baseTime,
      lead: q.lead,
    }),
  );
  const meta = encodeGridMeta({
    type: factor.typeCode,
    factor: factor.code,
    baseTime: row.base_time,
    lead: row.lead_hours,
    version: row.version,
    unit: factor.unit,
    ...geometryOfRow(row),
  });
  // Each version is its own file (a random key): its hash tells these bytes from any other grid's or version's.
  const tag = createHash('sha256').update(row.storage_key).digest('base64url').slice(0, 22);
  return {
    contentType: GRID_BINARY_TYPE,
    filename: `${exportStem(factor.typeCode, factor.code, row.base_time, row.lead_hours)}.f32`,
    inline: true,
    body: encodeValues(grid.values),
    headers: { [GRID_META_HEADER]: meta },
    etag: `"${row.version}-${tag}"`,
    cacheControl: 'private, no-cache',
  };
}

/** 4009 for one lead of a revision: who changed it, when, and the version to reload. */
function staleLead(current: Pick<GridRow, 'version' | 'updated_by_name' | 'updated_at' | 'lead_hours'>): AppError {
  return errors.conflict(
    'gridStaleLead',
    {
      lead: current.lead_hours,
      name: current.updated_by_name || '?',
      time: current.updated_at,
      version: current.version,
    },
    { currentVersion: current.version, updatedBy: current.updated_by_name, updatedAt: current.updated_at, lead: current.lead_hours },
  );
}

/** GridStore's 4009 (found inside the transaction, when another save won the race) reworded with the lead. */
export function withLead(e: unknown): unknown {
  if (e instanceof AppError && e.code === ErrorCode.CONFLICT && e.key === 'gridStale') {
    const d = e.data as { currentVersion: number; updatedBy: string; updatedAt: string; lead: number };
    return staleLead({ version: d.currentVersion, updated_by_name: d.updatedBy, updated_at: d.updatedAt, lead_hours: d.lead });
  }
  return e;
}

/**
 * One revision call: for every lead, the grid at the version the caller saw, the patch of the edit, then every
 * changed grid saved together with its record in one transaction (GridStore.saveMany): a stale lead refuses the whole
 * call (4009) and nothing is applied.
 */
async function revise(
  deps: ReviseDeps,
  auth: AuthContext,
  kind: 'point' | 'polygon',
  body: { type: string; factor: string; baseTime: string; leads: number[]; expectedVersions: PointInput['expectedVersions'] },
  parameters: Record<string, unknown>,
  edit: (grid: Grid, factor: FactorRecord) => Patch,
): Promise<ReviseResult> {
  const { db, store } = deps;
  const factor = await requireFactor(db, body.type, body.factor);
  await assertAllocated(db, auth, { id: factor.typeId, name: factor.typeName });
  const baseTime = new Date(body.baseTime).toISOString();

  const edits: LeadEdit[] = [];
  for (const lead of body.leads) {
    const key: GridKey = { customerId: auth.customerId, forecastTypeId: factor.typeId, factorId: factor.id, baseTime, leadHours: lead };
    const row = await store.find(key);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'gridNotFound', { factor: factor.name, baseTime, lead });
    if (row.version !== expectedVersionOf(body, lead)) throw staleLead(row);
    // The stored values themselves (no copy): the edit only reads them, and the save writes only its patch. A save of
    // another call may switch the row meanwhile (4009 with this lead).
    let grid: Grid;
    try {
      grid = await store.view(row);
    } catch (e) {
      throw withLead(e);
    }
    const patch = edit(grid, factor);
    edits.push({ lead, row, key, patch, extent: patchExtent(geometryOfRow(row), patch) });
  }

  const changed = edits.filter((e) => e.patch.indices.length > 0);
  const batch = { id: randomUUID(), kind, parameters: { ...parameters, leads: body.leads } };
  const saving = changed.length === 0 ? Promise.resolve([]) : saveEdits(deps, auth, batch, changed);
  // While the save writes its files: the consistency of what the revision touched, for the forecaster to see at once
  // (docs/grids.md#consistency; a rule counted before the revision is counted again only at the cells it changed), and
  // the patches' digests.
  const counting = violationCount(
    deps,
    auth,
    { id: factor.typeId, code: factor.typeCode, name: factor.typeName },
    baseTime,
    factor.code,
    body.leads,
    {
      grids: changed.map((e) => ({ factor: factor.code, lead: e.lead, previousKey: e.row.storage_key, patch: e.patch })),
      saved: saving,
    },
  );
  const digests = new Map(changed.map((e) => [e.lead, patchDigest(e.patch)]));
  const [saved, violations] = await Promise.all([saving, counting]);
  const savedLead = new Map(changed.map((e, k) => [e.lead, saved[k]!]));
  return {
    batchId: batch.id,
    violations,
    leads: edits.map((e) => {
      const extent = e.extent;
      return {
        lead: e.lead,
        previousVersion: e.row.version,
        version: savedLead.get(e.lead)?.version ?? e.row.version,
        cellsChanged: e.patch.indices.length,
        recordId: savedLead.get(e.lead)?.recordId ?? null,
        bbox: extent?.box ?? null,
        patchDigest: digests.get(e.lead) ?? null,
      };
    }),
  };
}

interface LeadEdit {
  lead: number;
  row: GridRow;
  key: GridKey;
  patch: Patch;
  extent: ReturnType<typeof patchExtent>;
}

/**
 * Saves the changed leads' grids with the call's batch and a record for each, in one transaction (a stale lead refuses
 * them all: 4009 naming it); answers each lead's saved row with its record's id.
 */
async function saveEdits(
  deps: ReviseDeps,
  auth: AuthContext,
  batch: { id: string; kind: 'point' | 'polygon'; parameters: Record<string, unknown> },
  changed: readonly LeadEdit[],
): Promise<Array<GridRow & { recordId: number }>> {
  const recordIds: number[] = [];
  try {
    const rows = await deps.store.savePatches(
      changed.map((e) => ({ key: e.key, row: e.row, patch: e.patch })),
      { userId: auth.userId, name: auth.name },
      {
        inTransaction: async (tx, saved) => {
          const now = nowIso();
          await insertBatch(tx, auth, batch, now);
          // A transaction run again after a write race starts its records again.
          recordIds.length = 0;
          for (const [k, e] of changed.entries()) {
            const record = {
              kind: batch.kind,
              row: e.row,
              geometry: geometryOfRow(e.row),
              versionBefore: e.row.version,
              patch: e.patch,
              extent: e.extent,
            };
            recordIds.push(await insertRecord(tx, auth, batch.id, record, saved[k]!, now));
          }
          if (deps.beforeCommit) await deps.beforeCommit(tx);
        },
      },
    );
    return rows.map((row, k) => ({ ...row, recordId: recordIds[k]! }));
  } catch (e) {
    throw withLead(e);
  }
}

export function pointRevise(deps: ReviseDeps, auth: AuthContext, body: PointInput): Promise<ReviseResult> {
  return revise(deps, auth, 'point', body, { points: body.points }, (grid, factor) =>
    revisePoints(grid, body.points, { min: factor.min, max: factor.max }),
  );
}

/** The contract's area as @agromet/grid takes it: a plain list of rings is a list of separate polygons. */
export function areaShape(area: ReviseArea): AreaShape {
  if (Array.isArray(area)) return area.map((ring) => ({ type: 'Polygon' as const, coordinates: [ring] }));
  return area as AreaShape;
}

export function edgeMode(edge: PolygonInput['edge']): EdgeMode {
  if (edge.mode === 'ramp') return { type: 'ramp', cells: edge.cells ?? 3 };
  return { type: edge.mode };
}

export function polygonRevise(deps: ReviseDeps, auth: AuthContext, body: PolygonInput): Promise<ReviseResult> {
  const shape = areaShape(body.polygons);
  const masks = new Map<string, Mask>();
  const parameters = {
    operation: body.operation,
    value: body.value,
    edge: body.edge,
    ...(body.smooth ? { smooth: body.smooth } : {}),
    polygons: body.polygons,
  };
  return revise(deps, auth, 'polygon', body, parameters, (grid, factor) => {
    // The leads of a call usually share one geometry: rasterise once.
    const geometryKey = JSON.stringify(geometryOfRow(grid));
    let mask = masks.get(geometryKey);
    if (!mask) {
      mask = rasterizeArea(grid, shape);
      masks.set(geometryKey, mask);
    }
    return reviseArea(grid, mask, {
      operation: body.operation,
      value: body.value,
      edge: edgeMode(body.edge),
      ...(body.smooth ? { smooth: body.smooth } : {}),
      range: { min: factor.min, max: factor.max },
    });
  });
}
