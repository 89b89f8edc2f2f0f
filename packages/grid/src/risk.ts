// Crop risk levels (docs/risk.md): forecast grids classified against a hazard's thresholds into the four warning
// levels IV (blue), III (yellow), II (orange) and I (red), optionally weighted by the crop's exposure, with the area of
// each level per zone on the sphere. Pure: the server's risk job and the editor's checks run the same code.
import { NO_CLASS } from './classify.js';
import { cellAt, cellCentre, type GridGeometry } from './grid.js';
import { cellAreaKm2ByRow } from './zoning.js';

/** Levels of a cell: 0 no risk (or not exposed), 1 = IV blue, 2 = III yellow, 3 = II orange, 4 = I red; 255 no data. */
export const RISK_LEVEL_COUNT = 4;
export const RISK_NONE = 0;
export const RISK_NO_DATA = NO_CLASS;

/**
 * How a value reaches a threshold: `le` (hazards of low values: frost, drought) when value ≤ threshold, `ge` (hazards
 * of high values: heat, rain, wind) when value ≥ threshold. A value exactly on a threshold reaches it, as the
 * national standards read ("0 °C or below", "≥ 50 mm is a rainstorm").
 */
export type RiskOp = 'le' | 'ge';

/**
 * One condition of a hazard: a grid's values against four thresholds, one per level IV, III, II, I (null: the level is
 * not used). Thresholds get more severe with the level: descending for `le`, ascending for `ge`.
 */
export interface RiskCondition {
  op: RiskOp;
  thresholds: readonly (number | null)[];
}

export interface RiskProblem {
  path: (string | number)[];
  key: string;
  params?: Record<string, string | number>;
}

/** Most conditions of one hazard (dry-hot wind needs three: temperature, humidity, wind). */
export const MAX_RISK_CONDITIONS = 4;

/**
 * Problems of a hazard's conditions, each with its path (`conditions.1.thresholds.2`), a message key (`risk.` + …) and
 * parameters. The first condition's thresholds of the levels in use must be strictly more severe level by level; the
 * other conditions' may repeat (dry-hot wind: humidity ≤ 30 % at two levels). A level is used when the first
 * condition has a threshold for it; every condition then needs one.
 */
export function checkRiskConditions(conditions: readonly RiskCondition[]): RiskProblem[] {
  const out: RiskProblem[] = [];
  if (conditions.length === 0) return [{ path: ['conditions'], key: 'risk.noConditions' }];
  if (conditions.length > MAX_RISK_CONDITIONS)
    return [{ path: ['conditions'], key: 'risk.tooManyConditions', params: { max: MAX_RISK_CONDITIONS } }];
  const used = (conditions[0]!.thresholds ?? []).map((t) => t !== null && t !== undefined);
  if (!used.some(Boolean)) out.push({ path: ['conditions', 0, 'thresholds'], key: 'risk.noLevel' });
  conditions.forEach((c, ci) => {
    const path = ['conditions', ci, 'thresholds'];
    if (c.op !== 'le' && c.op !== 'ge') {
      out.push({ path: ['conditions', ci, 'op'], key: 'risk.opUnknown' });
      return;
    }
    if (!Array.isArray(c.thresholds) || c.thresholds.length !== RISK_LEVEL_COUNT) {
      out.push({ path, key: 'risk.thresholdsLength', params: { count: RISK_LEVEL_COUNT } });
      return;
    }
    let previous: number | null = null;
    c.thresholds.forEach((t, level) => {
      if (t === null || t === undefined) {
        if (used[level] && ci > 0) out.push({ path: [...path, level], key: 'risk.thresholdMissing' });
        return;
      }
      if (!Number.isFinite(t)) {
        out.push({ path: [...path, level], key: 'risk.notFinite' });
        return;
      }
      if (!used[level]) {
        out.push({ path: [...path, level], key: 'risk.levelUnused' });
        return;
      }
      const v = Math.fround(t);
      if (previous !== null) {
        const worse = c.op === 'ge' ? v - previous : previous - v;
        if (worse < 0 || (ci === 0 && worse === 0))
          out.push({ path: [...path, level], key: c.op === 'ge' ? 'risk.notAscending' : 'risk.notDescending' });
      }
      previous = v;
    });
  });
  return out;
}

/** Whether a value reaches a threshold, compared at the grids' single precision (a cell showing −2 lies on −2). */
export function reaches(value: number, op: RiskOp, threshold: number): boolean {
  const t = Math.fround(threshold);
  return op === 'ge' ? value >= t : value <= t;
}

/**
 * The level of one cell from its values (one per condition): the highest level whose every condition is reached;
 * RISK_NONE when none is, RISK_NO_DATA when a value is missing.
 */
export function riskLevelOf(values: readonly number[], conditions: readonly RiskCondition[]): number {
  for (const v of values) if (Number.isNaN(v)) return RISK_NO_DATA;
  for (let level = RISK_LEVEL_COUNT; level >= 1; level--) {
    let all = conditions[0]!.thresholds[level - 1] != null;
    for (let c = 0; all && c < conditions.length; c++) {
      const t = conditions[c]!.thresholds[level - 1];
      all = t !== null && t !== undefined && reaches(values[c]!, conditions[c]!.op, t);
    }
    if (all) return level;
  }
  return RISK_NONE;
}

/**
 * Level per cell of one time: `values[c]` is condition c's grid. Cells where `mask` is 0 or a value is missing get
 * RISK_NO_DATA; cells whose exposure `weights` is 0 (the crop does not grow there) get RISK_NONE.
 */
export function classifyRisk(
  values: readonly Float32Array[],
  conditions: readonly RiskCondition[],
  mask?: Uint8Array,
  weights?: Float32Array,
): Uint8Array {
  const problems = checkRiskConditions(conditions);
  if (problems.length > 0) throw new RangeError(`invalid risk conditions at ${problems[0]!.path.join('.')}: ${problems[0]!.key}`);
  if (values.length !== conditions.length) throw new RangeError('one grid per condition');
  const n = values[0]!.length;
  for (const v of values) if (v.length !== n) throw new RangeError('grids differ in size');
  if (mask && mask.length !== n) throw new RangeError('mask and grids differ in size');
  if (weights && weights.length !== n) throw new RangeError('weights and grids differ in size');
  // Thresholds at single precision, NaN for a level not used (never reached).
  const t = conditions.map((c) => Float64Array.from(c.thresholds, (x) => (x === null || x === undefined ? Number.NaN : Math.fround(x))));
  const ge = conditions.map((c) => c.op === 'ge');
  const out = new Uint8Array(n);
  const m = conditions.length;
  for (let k = 0; k < n; k++) {
    if (mask && !mask[k]) {
      out[k] = RISK_NO_DATA;
      continue;
    }
    let level = RISK_LEVEL_COUNT;
    for (let c = 0; c < m; c++) {
      const v = values[c]![k]!;
      if (Number.isNaN(v)) {
        level = -1;
        break;
      }
      // the highest level this condition reaches (thresholds are monotonic), capped by the others
      const tc = t[c]!;
      let reached = 0;
      for (let l = level; l >= 1; l--) {
        const x = tc[l - 1]!;
        if (x === x && (ge[c] ? v >= x : v <= x)) {
          reached = l;
          break;
        }
      }
      level = reached;
      if (level === 0) {
        // a missing value further on still makes the cell missing
        for (let d = c + 1; d < m; d++)
          if (Number.isNaN(values[d]![k]!)) {
            level = -1;
            break;
          }
        break;
      }
    }
    if (level < 0) out[k] = RISK_NO_DATA;
    else if (weights && !(weights[k]! > 0)) out[k] = RISK_NONE;
    else out[k] = level;
  }
  return out;
}

/** The worse of two level grids cell by cell (several lead times into one): missing only where both are. */
export function worstLevels(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length !== b.length) throw new RangeError('level grids differ in size');
  const out = new Uint8Array(a.length);
  for (let k = 0; k < a.length; k++) {
    const x = a[k]!;
    const y = b[k]!;
    out[k] = x === RISK_NO_DATA ? y : y === RISK_NO_DATA ? x : x > y ? x : y;
  }
  return out;
}

/**
 * Exposure weights on `target` from a class grid on `source` (a zoning product): each target cell takes the class of
 * the source cell under its centre; weight 1 where `exposed(class)` holds, 0 elsewhere (also outside the source grid
 * and for cells without class).
 */
export function exposureFromClasses(
  target: GridGeometry,
  source: GridGeometry,
  classes: Uint8Array,
  exposed: (cls: number) => boolean,
): Float32Array {
  return exposureFromClassesWeighted(target, source, classes, (cls) => (exposed(cls) ? 1 : 0));
}

export interface LevelAreas {
  /** km² per level 0 (no risk) … 4 (I): each cell's true area on the sphere times its exposure weight. */
  total: number[];
  /** Per zone when zone ids are given. */
  byZone?: number[][];
}

/**
 * Area of each level (RISK_LEVEL_COUNT + 1 entries, no risk first) over the grid, and per zone when `zoneIds` gives each
 * cell's zone (0 … zoneCount − 1; any other id is no zone). A cell counts its area on the sphere (cellAreaKm2ByRow)
 * times its exposure weight (1 without weights): the areas are those of the exposed crop, and a cell of weight 0 counts
 * nowhere. Missing cells count nowhere.
 */
export function levelAreasKm2(
  levels: Uint8Array,
  geometry: GridGeometry,
  weights?: Float32Array,
  zoneIds?: Int32Array,
  zoneCount = 0,
): LevelAreas {
  const { nx, ny } = geometry;
  if (levels.length !== nx * ny) throw new RangeError('levels and grid differ in size');
  if (weights && weights.length !== levels.length) throw new RangeError('weights and levels differ in size');
  if (zoneIds && zoneIds.length !== levels.length) throw new RangeError('zone ids and levels differ in size');
  const zones = zoneIds ? zoneCount : 0;
  const L = RISK_LEVEL_COUNT + 1;
  const rowArea = cellAreaKm2ByRow(geometry);
  const total = new Float64Array(L);
  const byZone = new Float64Array(zones * L);
  for (let j = 0; j < ny; j++) {
    const a = rowArea[j]!;
    for (let k = j * nx; k < (j + 1) * nx; k++) {
      const level = levels[k]!;
      if (level >= L) continue;
      const w = weights ? weights[k]! : 1;
      // the exposed part of the cell only: where the crop does not grow nothing counts
      if (!(w > 0)) continue;
      const area = a * w;
      total[level]! += area;
      if (zones > 0) {
        const z = zoneIds![k]!;
        if (z >= 0 && z < zones) byZone[z * L + level]! += area;
      }
    }
  }
  const out: LevelAreas = { total: [...total] };
  if (zoneIds) out.byZone = Array.from({ length: zones }, (_, z) => [...byZone.subarray(z * L, (z + 1) * L)]);
  return out;
}

// ---- risk as hazard × vulnerability × exposure (docs/risk.md#combination) ------------------------------------------

/**
 * Exposure weight of each zoning class (0 most suitable, 1 suitable, 2 sub-suitable, 3 unsuitable): where the crop grows
 * best it is most exposed; unsuitable land is taken as not growing the crop (weight 0).
 */
export const EXPOSURE_WEIGHTS: readonly number[] = [1, 0.8, 0.6, 0];

/**
 * The risk level of a cell from its hazard level H (0 none, 1 = IV … 4 = I), its vulnerability V and exposure E (both in
 * [0, 1]): the risk index R = H · V · E, and the level the smallest whole number not below R (cut points 1, 2 and 3:
 * R ≤ 1 → IV, ≤ 2 → III, ≤ 3 → II, above → I); 0 when any factor is 0. A level is never above the hazard's, and a
 * fully vulnerable, fully exposed crop keeps the hazard's level. R is compared with a tolerance of 1e-9 so that
 * 4 × 0.5 × 1 is exactly III.
 */
export function combinedRiskLevel(hazardLevel: number, vulnerability: number, exposure: number): number {
  if (!(hazardLevel > 0) || !(vulnerability > 0) || !(exposure > 0)) return RISK_NONE;
  const r = hazardLevel * Math.min(1, vulnerability) * Math.min(1, exposure);
  return Math.max(1, Math.min(RISK_LEVEL_COUNT, Math.ceil(r - 1e-9)));
}

/**
 * Risk levels of one time: the hazard levels of `values` (classifyRisk, missing cells stay RISK_NO_DATA) combined cell by
 * cell with the vulnerability of the crop's stage there (`vulnerability`; none: 1 everywhere) and the exposure weight
 * (`exposure`; none: 1 everywhere) by combinedRiskLevel.
 */
export function classifyRiskHve(
  values: readonly Float32Array[],
  conditions: readonly RiskCondition[],
  opts: { mask?: Uint8Array; vulnerability?: Float32Array; exposure?: Float32Array } = {},
): Uint8Array {
  const hazard = classifyRisk(values, conditions, opts.mask);
  const { vulnerability: v, exposure: e } = opts;
  if (v && v.length !== hazard.length) throw new RangeError('vulnerability and grids differ in size');
  if (e && e.length !== hazard.length) throw new RangeError('exposure and grids differ in size');
  if (!v && !e) return hazard;
  for (let k = 0; k < hazard.length; k++) {
    const h = hazard[k]!;
    if (h === RISK_NO_DATA || h === RISK_NONE) continue;
    hazard[k] = combinedRiskLevel(h, v ? v[k]! : 1, e ? e[k]! : 1);
  }
  return hazard;
}

/**
 * Exposure weights on `target` from a class grid on `source` (a zoning product): each target cell takes the weight of
 * the class of the source cell under its centre (`weights[class]`, EXPOSURE_WEIGHTS by default); 0 outside the source
 * grid, for cells without class and for classes beyond the table.
 */
export function exposureWeightsFromClasses(
  target: GridGeometry,
  source: GridGeometry,
  classes: Uint8Array,
  weights: readonly number[] = EXPOSURE_WEIGHTS,
): Float32Array {
  return exposureFromClassesWeighted(target, source, classes, (cls) => weights[cls] ?? 0);
}

function exposureFromClassesWeighted(
  target: GridGeometry,
  source: GridGeometry,
  classes: Uint8Array,
  weightOf: (cls: number) => number,
): Float32Array {
  if (classes.length !== source.nx * source.ny) throw new RangeError('classes and source grid differ in size');
  const out = new Float32Array(target.nx * target.ny);
  for (let j = 0; j < target.ny; j++) {
    for (let i = 0; i < target.nx; i++) {
      const c = cellCentre(target, i, j);
      const at = cellAt(source, c.lon, c.lat);
      if (!at) continue;
      const cls = classes[at.j * source.nx + at.i]!;
      if (cls !== NO_CLASS) out[j * target.nx + i] = weightOf(cls);
    }
  }
  return out;
}

/** Where a weight grid is above 0: 1, elsewhere 0 (the cells whose whole area counts in levelAreasKm2). */
export function presence(weights: Float32Array): Float32Array {
  const out = new Float32Array(weights.length);
  for (let k = 0; k < weights.length; k++) out[k] = weights[k]! > 0 ? 1 : 0;
  return out;
}
