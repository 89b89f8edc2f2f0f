// Risk levels on small hand-computed grids, values exactly on thresholds included (docs/risk.md#levels).
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM } from './geodesy.js';
import type { GridGeometry } from './grid.js';
import {
  checkRiskConditions,
  classifyRisk,
  exposureFromClasses,
  levelAreasKm2,
  reaches,
  RISK_NO_DATA,
  riskLevelOf,
  worstLevels,
  type RiskCondition,
} from './risk.js';

const f32 = (a: number[]) => Float32Array.from(a);
const frost: RiskCondition = { op: 'le', thresholds: [0, -2, -4, -6] };
const heat: RiskCondition = { op: 'ge', thresholds: [null, 35, 37, 40] };
const rain: RiskCondition = { op: 'ge', thresholds: [25, 50, 100, 250] };
const dryHot: RiskCondition[] = [
  { op: 'ge', thresholds: [30, 32, 35, null] },
  { op: 'le', thresholds: [30, 30, 25, null] },
  { op: 'ge', thresholds: [2, 2, 3, null] },
];

describe('risk levels', () => {
  it('frost (≤): a minimum exactly on a threshold reaches its level', () => {
    const tmin = f32([1, 0, -0.1, -2, -2.5, -4, -5.9, -6, -10, Number.NaN, 0.1]);
    expect([...classifyRisk([tmin], [frost])]).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, RISK_NO_DATA, 0]);
  });

  it('heat (≥) with level IV unused: 35 is yellow, 37 orange, 40 red', () => {
    const tmax = f32([34.9, 35, 36.9, 37, 39.99, 40, 45]);
    expect([...classifyRisk([tmax], [heat])]).toEqual([0, 2, 2, 3, 3, 4, 4]);
  });

  it('heavy rain: 25 mm blue, 50 yellow (rainstorm), 100 orange, 250 red, each inclusive', () => {
    const pre = f32([0, 24.9, 25, 49.9, 50, 99.9, 100, 249.9, 250, 400]);
    expect([...classifyRisk([pre], [rain])]).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('dry-hot wind: every condition of a level must hold', () => {
    const tmax = f32([32, 35, 35, 36, 31, 30, 29.9]);
    const rh = f32([30, 26, 25, 31, 20, 30, 10]);
    const wsp = f32([2, 3, 3, 5, 1.9, 2, 9]);
    expect([...classifyRisk([tmax, rh, wsp], dryHot)]).toEqual([2, 2, 3, 0, 0, 1, 0]);
    // a missing condition grid makes the cell missing even when the first already fails
    expect([...classifyRisk([f32([20]), f32([Number.NaN]), f32([5])], dryHot)]).toEqual([RISK_NO_DATA]);
  });

  it('decimal thresholds are compared at single precision: a cell holding 0.3 lies on 0.3', () => {
    expect(reaches(Math.fround(0.3), 'ge', 0.3)).toBe(true);
    expect(reaches(Math.fround(0.3), 'le', 0.3)).toBe(true);
    expect(reaches(Math.fround(-2.2), 'le', -2.2)).toBe(true);
    const tmin = f32([-2.2, -2.1999]);
    expect([...classifyRisk([tmin], [{ op: 'le', thresholds: [0, -2.2, -4, -6] }])]).toEqual([2, 1]);
  });

  it('mask and exposure: outside the mask no data, weight 0 no risk', () => {
    const tmin = f32([-5, -5, -5, -5]);
    const levels = classifyRisk([tmin], [frost], Uint8Array.from([1, 1, 0, 1]), f32([1, 0, 1, 0.5]));
    expect([...levels]).toEqual([3, 0, RISK_NO_DATA, 3]);
  });

  it('riskLevelOf agrees with the grid classification', () => {
    expect(riskLevelOf([-4], [frost])).toBe(3);
    expect(riskLevelOf([36, 25, 3], dryHot)).toBe(3);
    expect(riskLevelOf([Number.NaN], [frost])).toBe(RISK_NO_DATA);
  });

  it('worstLevels keeps the worse level, missing only where both are', () => {
    const a = Uint8Array.from([0, 2, RISK_NO_DATA, RISK_NO_DATA, 4]);
    const b = Uint8Array.from([1, 1, 3, RISK_NO_DATA, 0]);
    expect([...worstLevels(a, b)]).toEqual([1, 2, 3, RISK_NO_DATA, 4]);
  });
});

describe('checkRiskConditions', () => {
  it('accepts the defaults', () => {
    expect(checkRiskConditions([frost])).toEqual([]);
    expect(checkRiskConditions([heat])).toEqual([]);
    expect(checkRiskConditions(dryHot)).toEqual([]);
  });
  it('names the threshold out of order', () => {
    expect(checkRiskConditions([{ op: 'le', thresholds: [0, -2, -1, -6] }])).toEqual([
      { path: ['conditions', 0, 'thresholds', 2], key: 'risk.notDescending' },
    ]);
    expect(checkRiskConditions([{ op: 'ge', thresholds: [25, 50, 50, 250] }])).toEqual([
      { path: ['conditions', 0, 'thresholds', 2], key: 'risk.notAscending' },
    ]);
    // a condition after the first may repeat a threshold, not go backwards
    expect(checkRiskConditions([dryHot[0]!, { op: 'le', thresholds: [30, 31, 25, null] }])).toEqual([
      { path: ['conditions', 1, 'thresholds', 1], key: 'risk.notDescending' },
    ]);
  });
  it('names missing and extra thresholds and empty hazards', () => {
    expect(checkRiskConditions([])).toEqual([{ path: ['conditions'], key: 'risk.noConditions' }]);
    expect(checkRiskConditions([{ op: 'ge', thresholds: [null, null, null, null] }])[0]!.key).toBe('risk.noLevel');
    expect(checkRiskConditions([dryHot[0]!, { op: 'le', thresholds: [30, null, 25, null] }])).toEqual([
      { path: ['conditions', 1, 'thresholds', 1], key: 'risk.thresholdMissing' },
    ]);
    expect(checkRiskConditions([dryHot[0]!, { op: 'le', thresholds: [30, 30, 25, 20] }])).toEqual([
      { path: ['conditions', 1, 'thresholds', 3], key: 'risk.levelUnused' },
    ]);
    expect(checkRiskConditions([{ op: 'ge', thresholds: [1, 2, 3] }])[0]!.key).toBe('risk.thresholdsLength');
    expect(checkRiskConditions([{ op: 'ge', thresholds: [1, 2, Number.POSITIVE_INFINITY, null] }])[0]!.key).toBe('risk.notFinite');
  });
});

describe('areas', () => {
  // 2 × 2 cells of 1°, centres at 0.5/1.5 °E and 0.5/1.5 °N: row 0 spans 0–1 °N, row 1 spans 1–2 °N
  const g: GridGeometry = { lon0: 0.5, lat0: 0.5, dx: 1, dy: 1, nx: 2, ny: 2 };
  const rad = Math.PI / 180;
  const row0 = EARTH_RADIUS_KM ** 2 * rad * (Math.sin(1 * rad) - Math.sin(0));
  const row1 = EARTH_RADIUS_KM ** 2 * rad * (Math.sin(2 * rad) - Math.sin(1 * rad));

  it('counts each level with the true cell areas, per zone', () => {
    const levels = Uint8Array.from([2, 0, 2, RISK_NO_DATA]);
    const r = levelAreasKm2(levels, g, undefined, Int32Array.from([0, 0, 1, 1]), 2);
    expect(r.total[0]).toBeCloseTo(row0, 6);
    expect(r.total[2]).toBeCloseTo(row0 + row1, 6);
    expect(r.total[1]).toBe(0);
    expect(r.byZone![0]![2]).toBeCloseTo(row0, 6);
    expect(r.byZone![1]![2]).toBeCloseTo(row1, 6);
    expect(r.byZone![1]![0]).toBe(0);
  });

  it('weights by exposure: half a cell counts half, an unexposed cell nowhere', () => {
    const levels = Uint8Array.from([4, 4, 1, 0]);
    const r = levelAreasKm2(levels, g, f32([1, 0.5, 0, 1]));
    expect(r.total[4]).toBeCloseTo(1.5 * row0, 6);
    expect(r.total[1]).toBe(0);
    expect(r.total[0]).toBeCloseTo(row1, 6);
  });

  it('exposure from a zoning class grid on other cells: unsuitable and unclassed cells are not exposed', () => {
    // zoning on 0.5° cells over the same box: classes by quarter
    const z: GridGeometry = { lon0: 0.25, lat0: 0.25, dx: 0.5, dy: 0.5, nx: 4, ny: 4 };
    const classes = new Uint8Array(16).fill(3);
    classes[1 * 4 + 1] = 0; // under the centre (0.5, 0.5): (0.5 − 0.25) / 0.5 = 0.5 rounds to cell 1
    classes[1 * 4 + 3] = 2; // under (1.5, 0.5)
    classes[3 * 4 + 1] = 255; // under (0.5, 1.5)
    const w = exposureFromClasses(g, z, classes, (c) => c < 3);
    expect([...w]).toEqual([1, 1, 0, 0]);
  });
});

describe('hazard × vulnerability × exposure (docs/risk.md#combination), worked by hand', () => {
  it('R = H · V · E with cut points 1, 2, 3', async () => {
    const { combinedRiskLevel } = await import('./risk.js');
    expect(combinedRiskLevel(4, 0.8, 0.6)).toBe(2); // 1.92 → III
    expect(combinedRiskLevel(3, 1, 0.8)).toBe(3); // 2.4 → II
    expect(combinedRiskLevel(4, 0.5, 1)).toBe(2); // exactly 2 → III
    expect(combinedRiskLevel(2, 0.5, 1)).toBe(1); // exactly 1 → IV
    expect(combinedRiskLevel(1, 0.2, 0.6)).toBe(1); // 0.12 → IV
    expect(combinedRiskLevel(4, 1, 1)).toBe(4);
    expect(combinedRiskLevel(4, 0, 1)).toBe(0); // a stage the hazard does not harm
    expect(combinedRiskLevel(4, 1, 0)).toBe(0); // unsuitable: not exposed
    expect(combinedRiskLevel(0, 1, 1)).toBe(0);
  });
  it('classifyRiskHve combines cell by cell and keeps missing cells missing', async () => {
    const { classifyRiskHve } = await import('./risk.js');
    const frost = [{ op: 'le' as const, thresholds: [0, -2, -4, -6] }];
    const values = [Float32Array.from([-6, -6, -4, -2, Number.NaN, 1])];
    const vulnerability = Float32Array.from([1, 0.8, 1, 0.5, 1, 1]);
    const exposure = Float32Array.from([0.6, 0.6, 0.8, 1, 1, 1]);
    // H = 4, 4, 3, 2, missing, 0 → R = 2.4, 1.92, 2.4, 1 → II, III, II, IV, missing, none
    expect([...classifyRiskHve(values, frost, { vulnerability, exposure })]).toEqual([3, 2, 3, 1, 255, 0]);
    expect([...classifyRiskHve(values, frost)]).toEqual([4, 4, 3, 2, 255, 0]);
  });
});
