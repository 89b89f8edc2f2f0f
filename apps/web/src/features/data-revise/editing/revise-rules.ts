import type { GridMeta, PointReviseBody, PolygonReviseBody, ReviseGridData } from '@agromet/contracts';
import { REVISE_LIMITS } from '@agromet/contracts/web';
import { gridFromValues, type AreaShape, type EdgeMode, type Grid, type Patch } from '@agromet/grid';
import type { Ring } from '../../../components/map/ring';

// The pages and parts of revision name rings from here, beside the other rules they use.
export type { Ring };

/** The grid of /forecaster/getGrid as @agromet/grid takes it: its georeference and the values as they came (no copy). */
export function gridOfAnswer(answer: { meta: Pick<GridMeta, 'lon0' | 'lat0' | 'dx' | 'dy' | 'nx' | 'ny'>; values: Float32Array }): Grid {
  const { lon0, lat0, dx, dy, nx, ny } = answer.meta;
  return gridFromValues({ lon0, lat0, dx, dy, nx, ny }, answer.values);
}

/**
 * Whether the values (/forecaster/getGrid) belong to the grid /forecaster/getData described: the same grid at the same
 * version and on the same cells. The two calls run side by side; a save landing between them makes them differ.
 */
export function sameGridVersion(
  data: Pick<ReviseGridData, 'type' | 'factor' | 'baseTime' | 'lead' | 'version' | 'lon0' | 'lat0' | 'dx' | 'dy' | 'nx' | 'ny'>,
  meta: GridMeta,
): boolean {
  return (['type', 'factor', 'baseTime', 'lead', 'version', 'lon0', 'lat0', 'dx', 'dy', 'nx', 'ny'] as const).every(
    (k) => data[k] === meta[k],
  );
}

/** The versions the forecaster saw, per lead (expectedVersions of a revision). */
export function expectedVersionsOf(
  leads: readonly number[],
  versions: readonly Pick<ReviseGridData['leads'][number], 'lead' | 'version'>[],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const lead of leads) {
    const v = versions.find((x) => x.lead === lead);
    if (v) out[String(lead)] = v.version;
  }
  return out;
}

/** A value rounded to the factor's precision (decimals), as forms show it. */
export function roundTo(value: number, precision: number): number {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** Math.max(0, Math.min(6, precision));
  return Math.round(value * f) / f;
}

export interface RevisionPoint {
  key: string;
  lon: number;
  lat: number;
  value: number;
  radiusKm: number;
  /** Station the point came from, when picked from the station list. */
  station?: string;
}

type GridSeen = Pick<ReviseGridData, 'type' | 'factor' | 'baseTime' | 'leads'>;

/** What every revision names: the grid, the leads to apply to and the versions seen of them. */
function targetOf(data: GridSeen, leads: readonly number[]) {
  return {
    type: data.type,
    factor: data.factor,
    baseTime: data.baseTime,
    leads: [...leads],
    expectedVersions: expectedVersionsOf(leads, data.leads),
  };
}

export function pointBody(data: GridSeen, leads: readonly number[], points: readonly RevisionPoint[]): PointReviseBody {
  return {
    ...targetOf(data, leads),
    points: points.map((p) => ({ lon: p.lon, lat: p.lat, value: p.value, radiusKm: p.radiusKm })),
  };
}

export interface AreaSettings {
  operation: PolygonReviseBody['operation'];
  value: number;
  edge: 'flat' | 'ramp' | 'taper';
  edgeCells: number;
  smooth: number | null;
}

export function edgeOf(settings: Pick<AreaSettings, 'edge' | 'edgeCells'>): { mode: AreaSettings['edge']; cells?: number } {
  return settings.edge === 'ramp' ? { mode: 'ramp', cells: settings.edgeCells } : { mode: settings.edge };
}

export function polygonBody(data: GridSeen, leads: readonly number[], rings: readonly Ring[], settings: AreaSettings): PolygonReviseBody {
  return {
    ...targetOf(data, leads),
    polygons: rings.map((r) => r.map(([x, y]) => [x, y] as [number, number])),
    operation: settings.operation,
    value: settings.value,
    edge: edgeOf(settings),
    ...(settings.smooth ? { smooth: settings.smooth } : {}),
  };
}

/** The drawn rings as @agromet/grid's area: each ring a separate polygon (as the server reads a list of rings). */
export function areaShapeOf(rings: readonly Ring[]): AreaShape {
  return rings.map((ring) => ({ type: 'Polygon' as const, coordinates: [ring] }));
}

/** The edge of the settings as @agromet/grid's edge mode (ramp 3 cells by default, as the server). */
export function edgeModeOf(settings: Pick<AreaSettings, 'edge' | 'edgeCells'>): EdgeMode {
  return settings.edge === 'ramp' ? { type: 'ramp', cells: settings.edgeCells || 3 } : { type: settings.edge };
}

/** Whether rings stay within the server's limits (positions per ring, in all, and ring count). */
export function ringsWithinLimits(rings: readonly Ring[]): boolean {
  const total = rings.reduce((n, r) => n + r.length, 0);
  return (
    rings.length <= REVISE_LIMITS.polygons &&
    total <= REVISE_LIMITS.totalPositions &&
    rings.every((r) => r.length >= 4 && r.length <= REVISE_LIMITS.ringPositions)
  );
}

export interface PatchSummary {
  cells: number;
  minChange: number;
  maxChange: number;
  /** Cell box of the changed cells (inclusive), null when nothing changed. */
  box: { i0: number; i1: number; j0: number; j1: number } | null;
}

/** How many cells a patch changes, by how much, and where. */
export function summarizePatch(patch: Patch, nx: number): PatchSummary {
  const n = patch.indices.length;
  if (n === 0) return { cells: 0, minChange: 0, maxChange: 0, box: null };
  let minChange = Number.POSITIVE_INFINITY;
  let maxChange = Number.NEGATIVE_INFINITY;
  let i0 = Number.POSITIVE_INFINITY;
  let i1 = -1;
  let j0 = Number.POSITIVE_INFINITY;
  let j1 = -1;
  for (let k = 0; k < n; k++) {
    const d = patch.newValues[k]! - patch.oldValues[k]!;
    if (d < minChange) minChange = d;
    if (d > maxChange) maxChange = d;
    const idx = patch.indices[k]!;
    const i = idx % nx;
    const j = (idx - i) / nx;
    if (i < i0) i0 = i;
    if (i > i1) i1 = i;
    if (j < j0) j0 = j;
    if (j > j1) j1 = j;
  }
  return { cells: n, minChange, maxChange, box: { i0, i1, j0, j1 } };
}

/** Who changed the grid and when, from a 4009 answer's data. */
export function conflictOf(data: unknown): { name: string; time: string } | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as { updatedBy?: unknown; updatedAt?: unknown };
  if (typeof d.updatedBy !== 'string' || typeof d.updatedAt !== 'string') return null;
  return { name: d.updatedBy, time: d.updatedAt };
}
