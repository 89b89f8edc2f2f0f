// Agro-climatic zoning: each factor's grid classified by its thresholds, the factors combined into
// four suitability classes by the limiting factor, a weighted sum of class scores or weighted fuzzy
// memberships, with vetoes (a factor beyond its own limit makes the cell unsuitable whatever the
// weights); per-class areas on the sphere. One pass over the cells, no allocation per cell.
import { NO_CLASS } from './classify.js';
import { cellAreaKm2ByRow } from './geodesy.js';
import type { GridGeometry } from './grid.js';

// The cells' areas live with the other spherical measures; zoning's callers (and risk.ts) have them from here too.
export { cellAreaKm2ByRow } from './geodesy.js';

/** Classes 0 most suitable, 1 suitable, 2 sub-suitable, 3 unsuitable; NO_CLASS (255) for no data. */
export const ZONING_CLASS_COUNT = 4;
export const ZONING_METHODS = ['limiting', 'weighted', 'fuzzy'] as const;
export type ZoningMethod = (typeof ZONING_METHODS)[number];
/** Class scores of the weighted method when a criterion gives none: most suitable 4 … unsuitable 1. */
export const DEFAULT_CLASS_SCORES: readonly [number, number, number, number] = [4, 3, 2, 1];
/** Most thresholds one factor may have (a factor best in the middle of its range needs 4). */
export const MAX_BREAKS = 8;
/** The lowest class, given to a cell beyond a veto. */
export const UNSUITABLE = ZONING_CLASS_COUNT - 1;
/** Tolerance of the weights' sum and of a combined score against a cut point (decimal weights are not exact in binary). */
export const ZONING_TOLERANCE = 1e-6;

/**
 * A factor's veto (a constraint, FAO's "N" limitation): a cell whose value is at or below `lower` or above `upper`
 * (the factor's unit; either or both) is unsuitable whatever the other factors and the weights give. The bounds
 * follow the thresholds' reading: intervals closed above, compared at the grids' single precision, so the allowed
 * values are (lower, upper].
 */
export interface FactorVeto {
  lower?: number;
  upper?: number;
}

/** The thresholds of one factor. */
export interface FactorRule {
  /** Base-factor code. */
  factor: string;
  /** Strictly ascending thresholds; intervals are closed above: (−∞, b0], (b0, b1], …, (bn, +∞). */
  breaks: number[];
  /** The class (0–3) of each interval, breaks.length + 1 of them. */
  classes: number[];
  /** Weighted and fuzzy methods: > 0, the weights of a criterion sum to 1. */
  weight?: number;
  /** Fuzzy method: trapezoid a ≤ b ≤ c ≤ d, membership 0 outside (a, d), 1 on [b, c]. */
  membership?: [number, number, number, number];
  /** Any method: a limit beyond which the cell is unsuitable (the lowest class) whatever the weights. */
  veto?: FactorVeto;
}

export interface ZoningCriterion {
  method: ZoningMethod;
  factors: FactorRule[];
  /** Weighted method: the score of each class, strictly decreasing (default [4, 3, 2, 1]). */
  classScores?: [number, number, number, number];
  /** Weighted and fuzzy methods, strictly decreasing: score ≥ cut[0] → 0, ≥ cut[1] → 1, ≥ cut[2] → 2, else 3. */
  cutPoints?: [number, number, number];
}

/** A problem of a criterion: where (path inside the criterion), a message key and its parameters. */
export interface CriterionProblem {
  path: (string | number)[];
  key: string;
  params?: Record<string, string | number>;
}

export interface ZoningResult {
  /** Combined class per cell (NO_CLASS where a factor has no data or outside the mask). */
  classes: Uint8Array;
  /** Each factor's class per cell, in the order of criterion.factors. */
  factorClasses: Uint8Array[];
  /**
   * Index of the factor that limited the cell (NO_CLASS where the cell has no class): the first
   * factor whose veto the cell breaks (the cell is then unsuitable); otherwise, limiting method: a
   * factor of the worst class; weighted: the factor of the lowest class score; fuzzy: the factor of
   * the lowest membership. The first such factor on ties.
   */
  limiting: Uint8Array;
  /** Weighted and fuzzy methods: the combined score (NaN where the cell has no class). */
  score?: Float32Array;
}

export interface CellExplanation {
  class: number;
  limitingFactor: number;
  /** The factor whose veto made the cell unsuitable (the first in the criterion's order), NO_CLASS when none did. */
  vetoFactor: number;
  /** `vetoed`: the factor's value is beyond its veto. */
  factors: { value: number; class: number; score?: number; vetoed: boolean }[];
  /** Weighted and fuzzy: the combined score, as computed before any veto. */
  score?: number;
}

/** Whether a value breaks a veto: at or below its lower bound or above its upper bound, at single precision. */
export function breaksVeto(veto: FactorVeto | undefined, value: number): boolean {
  if (!veto || value !== value) return false;
  const v = Math.fround(value);
  return (veto.lower !== undefined && v <= Math.fround(veto.lower)) || (veto.upper !== undefined && v > Math.fround(veto.upper));
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Every problem of a criterion (empty when it is valid). Keys are message keys under `zoning.`;
 * `knownFactors`, when given, are the base-factor codes a criterion may use.
 */
export function checkZoningCriterion(c: ZoningCriterion, knownFactors?: ReadonlySet<string>): CriterionProblem[] {
  const problems: CriterionProblem[] = [];
  const add = (path: (string | number)[], key: string, params?: Record<string, string | number>) =>
    problems.push(params ? { path, key: `zoning.${key}`, params } : { path, key: `zoning.${key}` });
  const method = c.method;
  if (!ZONING_METHODS.includes(method)) add(['method'], 'methodUnknown', { method: String(method) });
  const factors = Array.isArray(c.factors) ? c.factors : [];
  if (factors.length === 0) add(['factors'], 'noFactors');
  if (factors.length > 254) add(['factors'], 'tooManyFactors', { max: 254 });
  const needWeights = method === 'weighted' || method === 'fuzzy';
  const seen = new Set<string>();
  let weightSum = 0;
  let weightsComplete = true;
  factors.forEach((f, i) => {
    const at = (...rest: (string | number)[]) => ['factors', i, ...rest];
    if (typeof f.factor !== 'string' || f.factor === '') add(at('factor'), 'factorMissing');
    else if (knownFactors && !knownFactors.has(f.factor)) add(at('factor'), 'unknownFactor', { factor: f.factor });
    else if (seen.has(f.factor)) add(at('factor'), 'duplicateFactor', { factor: f.factor });
    if (typeof f.factor === 'string') seen.add(f.factor);

    const breaks = Array.isArray(f.breaks) ? f.breaks : [];
    if (breaks.length < 1 || breaks.length > MAX_BREAKS) add(at('breaks'), 'breaksLength', { min: 1, max: MAX_BREAKS });
    breaks.forEach((b, j) => {
      if (!isFiniteNumber(b)) add(at('breaks', j), 'notFinite');
      else if (j > 0 && isFiniteNumber(breaks[j - 1]) && !(Math.fround(b) > Math.fround(breaks[j - 1]!))) {
        add(at('breaks', j), 'breaksNotAscending', { previous: breaks[j - 1]!, value: b });
      }
    });
    const classes = Array.isArray(f.classes) ? f.classes : [];
    if (classes.length !== breaks.length + 1) add(at('classes'), 'classesLength', { expected: breaks.length + 1 });
    classes.forEach((k, j) => {
      if (!Number.isInteger(k) || k < 0 || k >= ZONING_CLASS_COUNT) add(at('classes', j), 'classValue', { max: ZONING_CLASS_COUNT - 1 });
    });

    if (needWeights) {
      if (f.weight === undefined || f.weight === null) {
        add(at('weight'), 'weightMissing');
        weightsComplete = false;
      } else if (!isFiniteNumber(f.weight) || !(f.weight > 0)) {
        add(at('weight'), 'weightPositive');
        weightsComplete = false;
      } else weightSum += f.weight;
    }
    if (f.veto !== undefined) {
      const v = f.veto;
      if (v === null || typeof v !== 'object' || Array.isArray(v)) add(at('veto'), 'vetoEmpty');
      else {
        const bounds = (['lower', 'upper'] as const).filter((b) => v[b] !== undefined && v[b] !== null);
        if (bounds.length === 0) add(at('veto'), 'vetoEmpty');
        bounds.forEach((b) => {
          if (!isFiniteNumber(v[b])) add(at('veto', b), 'notFinite');
        });
        if (isFiniteNumber(v.lower) && isFiniteNumber(v.upper) && !(Math.fround(v.lower) < Math.fround(v.upper))) {
          add(at('veto', 'upper'), 'vetoOrder', { lower: v.lower, upper: v.upper });
        }
      }
    }
    if (method === 'fuzzy') {
      const m = f.membership;
      if (!Array.isArray(m) || m.length !== 4) add(at('membership'), 'membershipMissing');
      else if (!m.every(isFiniteNumber)) add(at('membership'), 'notFinite');
      else if (!(m[0] <= m[1] && m[1] <= m[2] && m[2] <= m[3]) || !(m[0] < m[3])) add(at('membership'), 'trapezoidOrder');
    }
  });
  if (needWeights && weightsComplete && factors.length > 0 && Math.abs(weightSum - 1) > ZONING_TOLERANCE) {
    add(['factors'], 'weightsSum', { sum: Math.round(weightSum * 1e6) / 1e6 });
  }

  const scores = c.classScores ?? DEFAULT_CLASS_SCORES;
  if (method === 'weighted' && c.classScores !== undefined) {
    if (!Array.isArray(c.classScores) || c.classScores.length !== ZONING_CLASS_COUNT || !c.classScores.every(isFiniteNumber)) {
      add(['classScores'], 'classScoresLength', { expected: ZONING_CLASS_COUNT });
    } else if (!c.classScores.every((s, k) => k === 0 || s < c.classScores![k - 1]!)) add(['classScores'], 'classScoresOrder');
  }
  if (needWeights) {
    const cut = c.cutPoints;
    if (cut === undefined || cut === null) add(['cutPoints'], 'cutPointsMissing');
    else if (!Array.isArray(cut) || cut.length !== ZONING_CLASS_COUNT - 1 || !cut.every(isFiniteNumber)) {
      add(['cutPoints'], 'cutPointsLength', { expected: ZONING_CLASS_COUNT - 1 });
    } else if (!(cut[0] > cut[1] && cut[1] > cut[2])) add(['cutPoints'], 'cutPointsOrder');
    else {
      // the combined score lies within [lowest, highest] class score (weighted) or [0, 1] (fuzzy)
      const [lo, hi] = method === 'fuzzy' ? [0, 1] : [Math.min(...scores), Math.max(...scores)];
      cut.forEach((v, j) => {
        if (v < lo || v > hi) add(['cutPoints', j], 'cutPointsRange', { min: lo, max: hi });
      });
    }
  }
  return problems;
}

/**
 * The class of each cell of one factor by its rule (intervals closed above). Thresholds are
 * compared at the grids' single precision, so that a cell holding a threshold's value lies on
 * the threshold. Missing values and cells outside the mask (mask[k] = 0) get NO_CLASS.
 */
export function classifyFactor(values: Float32Array, rule: FactorRule, mask?: Uint8Array): Uint8Array {
  const problems = checkZoningCriterion({ method: 'limiting', factors: [rule] });
  if (problems.length > 0) throw new RangeError(describe(problems[0]!));
  if (mask && mask.length !== values.length) throw new RangeError('mask and values differ in size');
  const breaks = Float64Array.from(rule.breaks, Math.fround);
  const classes = Uint8Array.from(rule.classes);
  const nb = breaks.length;
  const out = new Uint8Array(values.length);
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if ((mask && mask[k] === 0) || v !== v) {
      out[k] = NO_CLASS;
      continue;
    }
    let i = 0;
    while (i < nb && v > breaks[i]!) i++;
    out[k] = classes[i]!;
  }
  return out;
}

/** Trapezoidal membership: 0 at or outside a and d, rising from a to b, 1 from b to c, falling from c to d. */
export function membership(value: number, trapezoid: readonly [number, number, number, number]): number {
  const [a, b, c, d] = trapezoid;
  if (value >= b && value <= c) return 1;
  if (value <= a || value >= d) return 0;
  return value < b ? (value - a) / (b - a) : (d - value) / (d - c);
}

/** A criterion as the tables zone() reads per cell: every factor's thresholds, interval classes, weights, membership and vetoes. */
function compileCriterion(criterion: ZoningCriterion) {
  const nf = criterion.factors.length;
  // thresholds of all factors in one array: factor f's are breaks[offset[f] … offset[f + 1])
  const offset = new Int32Array(nf + 1);
  criterion.factors.forEach((f, i) => (offset[i + 1] = offset[i]! + f.breaks.length));
  const breaks = new Float64Array(offset[nf]!);
  const intervalClass = new Uint8Array(offset[nf]! + nf);
  criterion.factors.forEach((f, i) => {
    f.breaks.forEach((b, j) => (breaks[offset[i]! + j] = Math.fround(b)));
    f.classes.forEach((c, j) => (intervalClass[offset[i]! + i + j] = c));
  });
  const method = criterion.method;
  const weights = Float64Array.from(criterion.factors, (f) => f.weight ?? 0);
  const classScores = Float64Array.from(criterion.classScores ?? DEFAULT_CLASS_SCORES);
  const cut = Float64Array.from(criterion.cutPoints ?? [0, 0, 0], (c) => c - ZONING_TOLERANCE);
  const trapezoids = Float64Array.from(criterion.factors.flatMap((f) => f.membership ?? [0, 0, 0, 0]));
  // vetoes at single precision: a value ≤ vetoLow or > vetoHigh vetoes the cell (±∞ where a factor has no bound)
  const vetoLow = Float64Array.from(criterion.factors, (f) =>
    f.veto?.lower === undefined ? Number.NEGATIVE_INFINITY : Math.fround(f.veto.lower),
  );
  const vetoHigh = Float64Array.from(criterion.factors, (f) =>
    f.veto?.upper === undefined ? Number.POSITIVE_INFINITY : Math.fround(f.veto.upper),
  );

  return { offset, breaks, intervalClass, method, weights, classScores, cut, trapezoids, vetoLow, vetoHigh };
}

/** The cells start … end − 1 of a tile: their class, limiting factor and score from what the factors left in the tile. */
function combineTile(
  result: { classes: Uint8Array; limiting: Uint8Array; factorClasses: Uint8Array[]; score: Float32Array | undefined },
  tile: { worst: Float64Array; limit: Uint8Array; sum: Float64Array; missing: Uint8Array; vetoBy: Uint8Array },
  start: number,
  end: number,
  cut: Float64Array,
  mask: Uint8Array | undefined,
): void {
  const { classes, limiting, factorClasses, score } = result;
  const { worst, limit, sum, missing, vetoBy } = tile;
  const nf = factorClasses.length;
  for (let k = start, t = 0; k < end; k++, t++) {
    if (missing[t] || (mask && mask[k] === 0)) {
      classes[k] = NO_CLASS;
      limiting[k] = NO_CLASS;
      if (score) score[k] = Number.NaN;
      if (mask && mask[k] === 0) for (let f = 0; f < nf; f++) factorClasses[f]![k] = NO_CLASS;
      continue;
    }
    const vetoed = vetoBy[t]! !== NO_CLASS;
    limiting[k] = vetoed ? vetoBy[t]! : limit[t]!;
    if (score) {
      const x = sum[t]!;
      score[k] = x;
      classes[k] = vetoed ? UNSUITABLE : x >= cut[0]! ? 0 : x >= cut[1]! ? 1 : x >= cut[2]! ? 2 : 3;
    } else classes[k] = vetoed ? UNSUITABLE : -worst[t]!;
  }
}

/**
 * Zones every cell. `factorValues[f]` holds the grid of `criterion.factors[f]`, all of one size;
 * a cell is classed only where every factor has a value and the mask (if any) is non-zero.
 * `onProgress` gets the fraction done every 65 536 cells and 1 at the end.
 */
export function zone(
  criterion: ZoningCriterion,
  factorValues: Float32Array[],
  mask?: Uint8Array,
  onProgress?: (fraction: number) => void,
): ZoningResult {
  const problems = checkZoningCriterion(criterion);
  if (problems.length > 0) throw new RangeError(describe(problems[0]!));
  const nf = criterion.factors.length;
  if (factorValues.length !== nf) throw new RangeError(`the criterion has ${nf} factors, ${factorValues.length} grids were given`);
  const n = factorValues[0]!.length;
  if (factorValues.some((v) => v.length !== n)) throw new RangeError('the factor grids differ in size');
  if (mask && mask.length !== n) throw new RangeError('mask and factor grids differ in size');

  const { offset, breaks, intervalClass, method, weights, classScores, cut, trapezoids, vetoLow, vetoHigh } = compileCriterion(criterion);

  const classes = new Uint8Array(n);
  const limiting = new Uint8Array(n);
  const factorClasses = Array.from({ length: nf }, () => new Uint8Array(n));
  const score = method === 'limiting' ? undefined : new Float32Array(n);
  // Cells are taken a tile at a time, factor by factor within the tile (the tile's values and classes stay in
  // cache): per cell, the worst class or lowest score so far, the factor it came from and the score's sum.
  const TILE = 2048;
  const worst = new Float64Array(TILE); // limiting: −(worst class); weighted, fuzzy: lowest score
  const limit = new Uint8Array(TILE);
  const sum = new Float64Array(TILE);
  const missing = new Uint8Array(TILE);
  const vetoBy = new Uint8Array(TILE); // the first factor whose veto the cell breaks, NO_CLASS for none
  const PROGRESS_EVERY = 65536;
  for (let start = 0; start < n; start += TILE) {
    const end = Math.min(n, start + TILE);
    const m = end - start;
    worst.fill(Number.POSITIVE_INFINITY, 0, m);
    limit.fill(0, 0, m);
    sum.fill(0, 0, m);
    missing.fill(0, 0, m);
    vetoBy.fill(NO_CLASS, 0, m);
    for (let f = 0; f < nf; f++) {
      const values = factorValues[f]!;
      const out = factorClasses[f]!;
      const o = offset[f]!;
      const e = offset[f + 1]!;
      const w = weights[f]!;
      const ta = trapezoids[4 * f]!;
      const tb = trapezoids[4 * f + 1]!;
      const tc = trapezoids[4 * f + 2]!;
      const td = trapezoids[4 * f + 3]!;
      const hasVeto = criterion.factors[f]!.veto !== undefined;
      const vlo = vetoLow[f]!;
      const vhi = vetoHigh[f]!;
      // one loop per method, so that the loop body has no method test; the lowest of −class (limiting), class
      // score (weighted) or membership (fuzzy) is kept, the first factor on ties
      if (method === 'limiting') {
        for (let k = start, t = 0; k < end; k++, t++) {
          const v = values[k]!;
          if (v !== v) {
            out[k] = NO_CLASS;
            missing[t] = 1;
            continue;
          }
          if (hasVeto && vetoBy[t] === NO_CLASS && (v <= vlo || v > vhi)) vetoBy[t] = f;
          let i = o;
          while (i < e && v > breaks[i]!) i++;
          const c = intervalClass[i + f]!;
          out[k] = c;
          if (-c < worst[t]!) {
            worst[t] = -c;
            limit[t] = f;
          }
        }
      } else if (method === 'weighted') {
        for (let k = start, t = 0; k < end; k++, t++) {
          const v = values[k]!;
          if (v !== v) {
            out[k] = NO_CLASS;
            missing[t] = 1;
            continue;
          }
          if (hasVeto && vetoBy[t] === NO_CLASS && (v <= vlo || v > vhi)) vetoBy[t] = f;
          let i = o;
          while (i < e && v > breaks[i]!) i++;
          const c = intervalClass[i + f]!;
          out[k] = c;
          const s = classScores[c]!;
          sum[t]! += w * s;
          if (s < worst[t]!) {
            worst[t] = s;
            limit[t] = f;
          }
        }
      } else {
        for (let k = start, t = 0; k < end; k++, t++) {
          const v = values[k]!;
          if (v !== v) {
            out[k] = NO_CLASS;
            missing[t] = 1;
            continue;
          }
          if (hasVeto && vetoBy[t] === NO_CLASS && (v <= vlo || v > vhi)) vetoBy[t] = f;
          let i = o;
          while (i < e && v > breaks[i]!) i++;
          out[k] = intervalClass[i + f]!;
          const s = v >= tb && v <= tc ? 1 : v <= ta || v >= td ? 0 : v < tb ? (v - ta) / (tb - ta) : (td - v) / (td - tc);
          sum[t]! += w * s;
          if (s < worst[t]!) {
            worst[t] = s;
            limit[t] = f;
          }
        }
      }
    }
    combineTile({ classes, limiting, factorClasses, score }, { worst, limit, sum, missing, vetoBy }, start, end, cut, mask);
    if (end % PROGRESS_EVERY === 0 || end === n) onProgress?.(end / n);
  }
  if (n === 0) onProgress?.(1);
  return score ? { classes, factorClasses, limiting, score } : { classes, factorClasses, limiting };
}

/**
 * Why one cell got its class: each factor's value, class and score (weighted: class score; fuzzy:
 * membership), the limiting factor and the combined class, exactly as `zone` computes them
 * (values are taken at the grids' single precision).
 */
export function explainCell(criterion: ZoningCriterion, values: number[]): CellExplanation {
  const r = zone(
    criterion,
    values.map((v) => Float32Array.of(v)),
  );
  const classScores = criterion.classScores ?? DEFAULT_CLASS_SCORES;
  const factors = criterion.factors.map((f, i) => {
    const c = r.factorClasses[i]![0]!;
    const value = values[i]!;
    const vetoed = c !== NO_CLASS && breaksVeto(f.veto, value);
    if (criterion.method === 'limiting' || c === NO_CLASS) return { value, class: c, vetoed };
    const s = criterion.method === 'weighted' ? classScores[c]! : membership(Math.fround(value), f.membership!);
    return { value, class: c, score: s, vetoed };
  });
  const cls = r.classes[0]!;
  const vetoFactor = cls === NO_CLASS ? NO_CLASS : factors.findIndex((x) => x.vetoed);
  const out: CellExplanation = {
    class: cls,
    limitingFactor: r.limiting[0]!,
    vetoFactor: vetoFactor < 0 ? NO_CLASS : vetoFactor,
    factors,
  };
  if (r.score)
    out.score = r.classes[0] === NO_CLASS ? Number.NaN : criterion.factors.reduce((s, f, i) => s + f.weight! * factors[i]!.score!, 0);
  return out;
}

/**
 * km² of each class (ZONING_CLASS_COUNT entries) over the grid, and per zone when `zoneIds` gives
 * each cell's zone (0 … zoneCount − 1; other ids, e.g. −1 or 65 535, belong to no zone).
 * Cells of NO_CLASS count nowhere.
 */
export function classAreasKm2(
  classes: Uint8Array,
  geometry: GridGeometry,
  zoneIds?: Uint16Array | Int32Array,
  zoneCount?: number,
): { total: number[]; byZone?: number[][] } {
  const { nx, ny } = geometry;
  if (classes.length !== nx * ny) throw new RangeError('classes and grid differ in size');
  if (zoneIds && zoneIds.length !== classes.length) throw new RangeError('zone ids and classes differ in size');
  const zones = zoneIds ? (zoneCount ?? 0) : 0;
  if (!Number.isInteger(zones) || zones < 0) throw new RangeError('zoneCount must be a non-negative integer');
  const rowArea = cellAreaKm2ByRow(geometry);
  const total = new Float64Array(ZONING_CLASS_COUNT);
  const byZone = new Float64Array(zones * ZONING_CLASS_COUNT);
  const counts = new Int32Array(256);
  // per row: cells counted per class, then times the row's cell area (exact counts, one multiplication)
  for (let j = 0; j < ny; j++) {
    counts.fill(0, 0, ZONING_CLASS_COUNT);
    const a = rowArea[j]!;
    const row = j * nx;
    for (let k = row; k < row + nx; k++) {
      const c = classes[k]!;
      counts[c]!++;
      if (zones > 0 && c < ZONING_CLASS_COUNT) {
        const z = zoneIds![k]!;
        if (z >= 0 && z < zones) byZone[z * ZONING_CLASS_COUNT + c]! += a;
      }
    }
    for (let c = 0; c < ZONING_CLASS_COUNT; c++) total[c]! += counts[c]! * a;
  }
  const result: { total: number[]; byZone?: number[][] } = { total: [...total] };
  if (zoneIds) {
    result.byZone = Array.from({ length: zones }, (_, z) => [...byZone.subarray(z * ZONING_CLASS_COUNT, (z + 1) * ZONING_CLASS_COUNT)]);
  }
  return result;
}

function describe(p: CriterionProblem): string {
  const params = p.params ? ` ${JSON.stringify(p.params)}` : '';
  return `invalid zoning criterion at ${p.path.join('.') || '(root)'}: ${p.key}${params}`;
}
