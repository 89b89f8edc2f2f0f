import { z } from 'zod';
import { FactorInfo } from './grids.js';
import { pageFields } from './system.js';
import { REVISE_LIMITS, AREA_OPERATIONS, EDGE_MODES, REVISION_KINDS, FILE_STATES, ISSUE_FORMATS } from './constants.js';

// Data revision (stations are in stations.ts): forecaster allocation, revising grids (point and polygon), the revision
// record with recovery, and submission (issuing) of revised forecasts as files.

const version = z.number().int().positive();
const queryId = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max).default('');
const isoTime = z.iso.datetime({ offset: true });

// ---- forecast types and allocation ---------------------------------------------------------------

export const ForecastTypeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  stepHours: z.number().int(),
  maxLeadHours: z.number().int(),
  factors: z.array(FactorInfo),
});
export type ForecastTypeRow = z.infer<typeof ForecastTypeRow>;

export const FactorQuery = z.strictObject({ fTId: queryId });
export const AllocationInsertQuery = z.strictObject({ uid: queryId, fTId: queryId });
export const AllocationIdQuery = z.strictObject({ id: queryId });

/** A forecast type allocated to a forecaster (uid, fTId as the console's allocation calls name them). */
export const Allocation = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  fTId: z.number().int(),
  username: z.string(),
  name: z.string(),
  typeCode: z.string(),
  typeName: z.string(),
  createdAt: z.string(),
});
export type Allocation = z.infer<typeof Allocation>;

/** The allocation page: the customer's users × forecast types, with the allocation ids to delete. */
export const AllocationMatrix = z.object({
  types: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  users: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      name: z.string(),
      enabled: z.boolean(),
      /** Holds a code that revises grids (point or polygon revision, or admin). */
      forecaster: z.boolean(),
      allocations: z.array(z.object({ id: z.number().int(), fTId: z.number().int() })),
    }),
  ),
});
export type AllocationMatrix = z.infer<typeof AllocationMatrix>;

// ---- the grid the forecaster edits ---------------------------------------------------------------

const typeCode = z.string().trim().min(1).max(64);
const lead = z.number().int().min(0).max(10_000);

export const ReviseDataQuery = z.strictObject({
  type: typeCode,
  factor: typeCode,
  /** Absent: the newest base time with a grid at this lead. */
  baseTime: isoTime.optional(),
  lead: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const LeadVersion = z.object({ lead: z.number().int(), version: z.number().int(), updatedBy: z.string(), updatedAt: z.string() });

/**
 * The grid to revise without its values: those come as bytes from `reviseGrid` (GET /api/forecaster/getGrid, the same
 * query; docs/grids.md#grid-values-over-http), whose version must equal `version` here.
 */
export const ReviseGridData = z.object({
  type: z.string(),
  typeName: z.string(),
  factor: z.string(),
  factorName: z.string(),
  baseTime: z.string(),
  lead: z.number().int(),
  lon0: z.number(),
  lat0: z.number(),
  dx: z.number(),
  dy: z.number(),
  nx: z.number().int(),
  ny: z.number().int(),
  version: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.string(),
  unit: z.string(),
  min: z.number(),
  max: z.number(),
  precision: z.number().int(),
  /** Whether the caller may revise this type (allocated, or admin). */
  allocated: z.boolean(),
  /** Every lead of this factor at this base time with its version: the expectedVersions of a multi-lead revision. */
  leads: z.array(LeadVersion),
});
export type ReviseGridData = z.infer<typeof ReviseGridData>;

// ---- revisions ----------------------------------------------------------------------------------

/**
 * Versions the caller saw, per lead: an object { "24": 3, "27": 1 } or an array in the order of `leads`.
 * A lead whose grid changed since is refused with 4009 and nothing is applied.
 */
export const ExpectedVersions = z.union([
  z.record(z.string().regex(/^\d+$/, 'lead hours'), version),
  z.array(version).max(REVISE_LIMITS.leads),
]);

const reviseTarget = {
  type: typeCode,
  factor: typeCode,
  baseTime: isoTime,
  /** Lead hours to apply the same revision to (at least one). */
  leads: z.array(lead).min(1).max(REVISE_LIMITS.leads),
  expectedVersions: ExpectedVersions,
};

/** The version the caller saw for `leadHours`, or undefined. */
export function expectedVersionOf(
  body: { leads: number[]; expectedVersions: z.infer<typeof ExpectedVersions> },
  leadHours: number,
): number | undefined {
  const ev = body.expectedVersions;
  if (Array.isArray(ev)) {
    const k = body.leads.indexOf(leadHours);
    return k >= 0 ? ev[k] : undefined;
  }
  return ev[String(leadHours)];
}

function checkLeads(body: { leads: number[]; expectedVersions: z.infer<typeof ExpectedVersions> }, ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  body.leads.forEach((l, k) => {
    if (seen.has(l)) ctx.addIssue({ code: 'custom', path: ['leads', k], message: 'duplicateLead' });
    seen.add(l);
  });
  if (Array.isArray(body.expectedVersions) && body.expectedVersions.length !== body.leads.length) {
    ctx.addIssue({ code: 'custom', path: ['expectedVersions'], message: 'expectedVersionsLength' });
    return;
  }
  for (const l of body.leads) {
    if (expectedVersionOf(body, l) === undefined)
      ctx.addIssue({ code: 'custom', path: ['expectedVersions', String(l)], message: 'expectedVersionMissing' });
  }
}

export const RevisePoint = z.strictObject({
  lon: z.number().min(-180).max(360),
  lat: z.number().min(-90).max(90),
  /** The value the forecaster wants at the point (clipped to the factor's valid range). */
  value: z.number().min(-1e6).max(1e6),
  /** Radius of influence, km: the change fades to 0 there (Cressman weight). */
  radiusKm: z.number().min(REVISE_LIMITS.radiusKm[0]).max(REVISE_LIMITS.radiusKm[1]),
});
export type RevisePoint = z.infer<typeof RevisePoint>;

export const PointReviseBody = z
  .strictObject({
    ...reviseTarget,
    points: z.array(RevisePoint).min(1).max(REVISE_LIMITS.points),
  })
  .superRefine(checkLeads);
export type PointReviseBody = z.input<typeof PointReviseBody>;

const position = z.tuple([z.number().min(-180).max(360), z.number().min(-90).max(90)]);
/** A linear ring: at least 4 positions, the last equal to the first. */
const ring = z
  .array(position)
  .min(4)
  .max(REVISE_LIMITS.ringPositions)
  .superRefine((r, ctx) => {
    const a = r[0];
    const b = r[r.length - 1];
    if (a && b && (a[0] !== b[0] || a[1] !== b[1])) ctx.addIssue({ code: 'custom', message: 'ringNotClosed' });
  });
const polygonRings = z.array(ring).min(1).max(REVISE_LIMITS.polygons);

/**
 * The area: a GeoJSON Polygon or MultiPolygon geometry (holes allowed), or a plain array of rings, each ring a
 * separate polygon (the areas drawn on the map, united).
 */
export const ReviseArea = z
  .union([
    z.strictObject({ type: z.literal('Polygon'), coordinates: polygonRings }),
    z.strictObject({ type: z.literal('MultiPolygon'), coordinates: z.array(polygonRings).min(1).max(REVISE_LIMITS.polygons) }),
    z.array(ring).min(1).max(REVISE_LIMITS.polygons),
  ])
  .superRefine((area, ctx) => {
    const rings = Array.isArray(area) ? area : area.type === 'Polygon' ? area.coordinates : area.coordinates.flat();
    const total = rings.reduce((n, r) => n + r.length, 0);
    if (total > REVISE_LIMITS.totalPositions) ctx.addIssue({ code: 'custom', message: 'tooManyPositions' });
  });
export type ReviseArea = z.infer<typeof ReviseArea>;

export const ReviseEdge = z.strictObject({
  mode: z.enum(EDGE_MODES),
  /** Width of the ramp in cells (ramp only; default 3). */
  cells: z.number().int().min(1).max(REVISE_LIMITS.rampCells).optional(),
});

export const PolygonReviseBody = z
  .strictObject({
    ...reviseTarget,
    polygons: ReviseArea,
    operation: z.enum(AREA_OPERATIONS),
    /** Value to assign, delta to add or subtract, factor to multiply or divide by (not 0 for divide). */
    value: z.number().min(-1e6).max(1e6),
    edge: ReviseEdge.default({ mode: 'flat' }),
    /** Smooth the edited area afterwards with the mean of an N × N neighbourhood. */
    smooth: z
      .number()
      .int()
      .min(3)
      .max(9)
      .refine((n) => n % 2 === 1, 'smoothOdd')
      .optional(),
  })
  .superRefine((body, ctx) => {
    checkLeads(body, ctx);
    if (body.operation === 'divide' && !(body.value > 0)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'divideByZero' });
  });
export type PolygonReviseBody = z.input<typeof PolygonReviseBody>;

export const CellBox = z.object({ i0: z.number().int(), i1: z.number().int(), j0: z.number().int(), j1: z.number().int() });
export const LonLatBox = z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() });

export const LeadRevision = z.object({
  lead: z.number().int(),
  /** The grid's version after the call (unchanged when no cell changed). */
  version: z.number().int(),
  previousVersion: z.number().int(),
  cellsChanged: z.number().int(),
  /** The revision record, null when nothing changed. */
  recordId: z.number().int().nullable(),
  bbox: LonLatBox.nullable(),
  /**
   * The saved patch's digest (patchDigest of @agromet/grid), null when nothing changed: a page holding the very same
   * patch (its preview, made from the version the revision started from) applies it without fetching the record's.
   */
  patchDigest: z.string().nullable(),
});
export const ReviseResult = z.object({
  /** One id for all leads of the call. */
  batchId: z.string(),
  leads: z.array(LeadRevision),
  /** Cells violating a consistency rule involving the revised leads, after the revision (see consistencyCheck). */
  violations: z.number().int().optional(),
});
export type ReviseResult = z.infer<typeof ReviseResult>;

// ---- revision records and recovery -----------------------------------------------------------------

export const RevisionRecord = z.object({
  id: z.number().int(),
  batchId: z.string(),
  kind: z.enum(REVISION_KINDS),
  type: z.string(),
  typeName: z.string(),
  factor: z.string(),
  factorName: z.string(),
  unit: z.string(),
  baseTime: z.string(),
  lead: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string(),
  createdAt: z.string(),
  /** The call's parameters: points, or polygons with operation, value, edge and smooth; for recovery the record recovered. */
  parameters: z.record(z.string(), z.unknown()),
  cellsChanged: z.number().int(),
  cellBox: CellBox.nullable(),
  /** Extent of the changed cells (cell edges). */
  bbox: LonLatBox.nullable(),
  versionBefore: z.number().int(),
  versionAfter: z.number().int(),
  /** Undone by a later recovery. */
  recovered: z.boolean(),
  recoveredBy: z.number().int().nullable(),
  /** For a recovery: the record it undid. */
  recovers: z.number().int().nullable(),
});
export type RevisionRecord = z.infer<typeof RevisionRecord>;

export const RecordQuery = z.strictObject({
  ...pageFields,
  type: typeCode.optional(),
  factor: typeCode.optional(),
  /** Name or username (partial). */
  user: z.string().trim().max(64).optional(),
  userId: queryId.optional(),
  kind: z.enum(REVISION_KINDS).optional(),
  baseTime: isoTime.optional(),
  lead: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Time of the revision, inclusive. */
  from: isoTime.optional(),
  to: isoTime.optional(),
});
export const RecordIdQuery = z.strictObject({ id: queryId });

export const RecordDetail = RevisionRecord.extend({
  /**
   * The changed area for the map: a GeoJSON Feature whose MultiPolygon covers the changed cells, coarsened to at most
   * 64 × 64 blocks over the changed box (a block is drawn when any of its cells changed).
   */
  area: z
    .object({
      type: z.literal('Feature'),
      properties: z.object({ blockCells: z.number().int() }),
      geometry: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.array(z.number())))) }),
    })
    .nullable(),
  /** Change (new − old) over the changed cells. */
  delta: z.object({ min: z.number(), max: z.number(), mean: z.number() }).nullable(),
  /** Later, not recovered revisions of the same cells: they must be recovered before this one. */
  blockedBy: z.array(z.object({ id: z.number().int(), userName: z.string(), createdAt: z.string() })),
});
export type RecordDetail = z.infer<typeof RecordDetail>;

export const RecoveryResult = z.object({
  /** The new record (kind recovery). */
  recordId: z.number().int(),
  recovered: z.number().int(),
  lead: z.number().int(),
  version: z.number().int(),
  cellsChanged: z.number().int(),
});
export type RecoveryResult = z.infer<typeof RecoveryResult>;

/** `data` of the 4009 refusing a recovery: the later records to recover first. */
export const RecoveryBlocked = z.object({
  blocking: z.array(z.object({ id: z.number().int(), userName: z.string(), createdAt: z.string(), kind: z.enum(REVISION_KINDS) })),
});

// ---- submission (issue) and file states -------------------------------------------------------------

export const SubmitBody = z.strictObject({
  type: typeCode,
  baseTime: isoTime,
  /** Factor codes to issue; all factors with grids when absent. */
  factors: z.array(typeCode).min(1).max(50).optional(),
  remark: text(256),
  /** Issue even though the forecast violates consistency rules (else 4009 listing them). */
  confirmViolations: z.boolean().optional(),
});
export type SubmitBody = z.input<typeof SubmitBody>;

// ---- consistency of a forecast ---------------------------------------------------------------------

export const CONSISTENCY_RULES = ['temperature', 'range', 'accumulation', 'weather'] as const;

export const ConsistencyQuery = z.strictObject({
  type: typeCode,
  baseTime: isoTime,
  /** Only the violations involving this factor (and lead). */
  factor: typeCode.optional(),
  lead: z.coerce.number().int().min(0).max(10_000).optional(),
});

export const ConsistencyViolation = z.object({
  /**
   * temperature: tmin ≤ t ≤ tmax; range: a physical range (precipitation ≥ 0, RH 0–100); accumulation: 3 h sums vs a
   * total; weather: the weather code (wp) against the 3 h precipitation of its lead.
   */
  rule: z.enum(CONSISTENCY_RULES),
  /** The grid the violation is shown on. */
  factor: z.string(),
  lead: z.number().int(),
  /** Every grid the rule compared (factor, lead). */
  grids: z.array(z.object({ factor: z.string(), lead: z.number().int() })),
  cells: z.number().int(),
  /** The first 500 cell indices (j·nx + i). */
  cellIndices: z.array(z.number().int()),
  bbox: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }),
  /** The violating cells as rectangles (a run of cells of a row each). */
  outline: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.array(z.number())))) }),
  outlineComplete: z.boolean(),
});
export type ConsistencyViolation = z.infer<typeof ConsistencyViolation>;

export const ConsistencyReport = z.object({
  type: z.string(),
  baseTime: z.string(),
  violations: z.array(ConsistencyViolation),
  /** Violating cells in all. */
  cells: z.number().int(),
});
export type ConsistencyReport = z.infer<typeof ConsistencyReport>;

export const ConsistencyFixBody = z.strictObject({
  type: typeCode,
  baseTime: isoTime,
  /** Fix only this rule / factor / lead; everything when absent. */
  rule: z.enum(CONSISTENCY_RULES).optional(),
  factor: typeCode.optional(),
  lead: lead.optional(),
});
export type ConsistencyFixBody = z.input<typeof ConsistencyFixBody>;

export const ConsistencyFixResult = z.object({
  batchId: z.string(),
  /** Violations fixed. */
  fixed: z.number().int(),
  /** One revision record per changed grid (kind consistency, undoable by recovery). */
  records: z.array(
    z.object({
      factor: z.string(),
      lead: z.number().int(),
      recordId: z.number().int(),
      version: z.number().int(),
      cellsChanged: z.number().int(),
    }),
  ),
});

/** `data` of the 4009 refusing to issue a forecast with violations. */
export const IssueViolations = z.object({
  violations: z.array(z.object({ rule: z.enum(CONSISTENCY_RULES), factor: z.string(), lead: z.number().int(), cells: z.number().int() })),
});

export const SubmitResult = z.object({ issueId: z.number().int(), seq: z.number().int(), jobId: z.string(), grids: z.number().int() });

export const IssueFile = z.object({
  id: z.number().int(),
  name: z.string(),
  format: z.enum(ISSUE_FORMATS),
  factor: z.string(),
  lead: z.number().int(),
  size: z.number().int(),
});

export const FileState = z.object({
  /** The issue (one submission). */
  id: z.number().int(),
  /** 1 for the first issue of this type and base time, then 2, 3 … */
  seq: z.number().int(),
  type: z.string(),
  typeName: z.string(),
  baseTime: z.string(),
  status: z.enum(FILE_STATES),
  error: z.string().nullable(),
  userName: z.string(),
  remark: z.string(),
  jobId: z.string(),
  gridCount: z.number().int(),
  files: z.array(IssueFile),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileState = z.infer<typeof FileState>;

export const FileStateQuery = z.strictObject({
  ...pageFields,
  status: z.enum(FILE_STATES).optional(),
  type: typeCode.optional(),
  baseTime: isoTime.optional(),
});
export const FileIdQuery = z.strictObject({ id: queryId });
