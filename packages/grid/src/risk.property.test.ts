// The risk classification against a cell-by-cell reference on random hazards (1–3 conditions, levels in use or not)
// and random values that often sit exactly on a threshold; monotonicity and area sums.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GridGeometry } from './grid.js';
import {
  checkRiskConditions,
  classifyRisk,
  levelAreasKm2,
  RISK_LEVEL_COUNT,
  RISK_NO_DATA,
  riskLevelOf,
  worstLevels,
  type RiskCondition,
  type RiskOp,
} from './risk.js';

const value = fc.float({ min: -100, max: 100, noNaN: true, noDefaultInfinity: true });

/** Four thresholds more severe level by level (strictly for the first condition), with the levels in use. */
const conditionArb = (op: RiskOp, used: boolean[], strict: boolean): fc.Arbitrary<RiskCondition> =>
  fc.array(value, { minLength: 4, maxLength: 4 }).map((vals) => {
    const sorted = [...new Set(vals.map(Math.fround))].sort((a, b) => (op === 'ge' ? a - b : b - a));
    while (sorted.length < 4) sorted.push(op === 'ge' ? sorted[sorted.length - 1]! + 1 : sorted[sorted.length - 1]! - 1);
    const t = sorted.slice(0, 4);
    if (!strict) t[2] = t[1]!; // later conditions may repeat
    const thresholds = t.map((x, l) => (used[l] ? x : null));
    return { op, thresholds };
  });

const hazardArb = fc
  .tuple(fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), fc.integer({ min: 1, max: 3 }))
  .filter(([used]) => used.some(Boolean))
  .chain(([used, m]) =>
    fc.tuple(...Array.from({ length: m }, (_, c) => fc.constantFrom<RiskOp>('le', 'ge').chain((op) => conditionArb(op, used, c === 0)))),
  );

/** Values of each condition: random, a threshold exactly, or missing. */
const cellsArb = (conditions: RiskCondition[], n: number) =>
  fc.tuple(
    ...conditions.map((c) =>
      fc.array(fc.oneof(value, fc.constantFrom(...c.thresholds.filter((t): t is number => t !== null)), fc.constant(Number.NaN)), {
        minLength: n,
        maxLength: n,
      }),
    ),
  );

describe('risk classification (property)', () => {
  it('equals the per-cell reference, and the level is the least the conditions reach', () => {
    fc.assert(
      fc.property(
        hazardArb.chain((conds) => fc.tuple(fc.constant(conds), cellsArb(conds, 12))),
        ([conds, cols]) => {
          expect(checkRiskConditions(conds)).toEqual([]);
          const grids = cols.map((c) => Float32Array.from(c));
          const levels = classifyRisk(grids, conds);
          for (let k = 0; k < 12; k++) {
            const vals = grids.map((g) => g[k]!);
            const ref = riskLevelOf(vals, conds);
            expect(levels[k]).toBe(ref);
            if (ref === RISK_NO_DATA) continue;
            // min over conditions of the highest used level each reaches
            const per = conds.map((c, ci) => {
              for (let l = RISK_LEVEL_COUNT; l >= 1; l--) {
                const t = c.thresholds[l - 1];
                if (t !== null && t !== undefined && conds[0]!.thresholds[l - 1] !== null) {
                  const v = vals[ci]!;
                  if (c.op === 'ge' ? v >= Math.fround(t) : v <= Math.fround(t)) return l;
                }
              }
              return 0;
            });
            expect(ref).toBe(Math.min(...per));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a more severe value never lowers the level', () => {
    fc.assert(
      fc.property(
        hazardArb,
        fc.array(value, { minLength: 3, maxLength: 3 }),
        fc.float({ min: 0, max: 50, noNaN: true }),
        (conds, vals, d) => {
          const base = vals.slice(0, conds.length);
          const worse = base.map((v, c) => Math.fround(conds[c]!.op === 'ge' ? v + d : v - d));
          expect(riskLevelOf(worse, conds)).toBeGreaterThanOrEqual(riskLevelOf(base.map(Math.fround), conds));
        },
      ),
    );
  });

  it('areas: levels add up to the exposed area of the cells with data; zones never exceed the total', () => {
    const g: GridGeometry = { lon0: 100, lat0: 30, dx: 0.5, dy: 0.5, nx: 4, ny: 3 };
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(0, 1, 2, 3, 4, RISK_NO_DATA), { minLength: 12, maxLength: 12 }),
        fc.array(fc.float({ min: 0, max: 1, noNaN: true }), { minLength: 12, maxLength: 12 }),
        fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 12, maxLength: 12 }),
        (lv, w, z) => {
          const levels = Uint8Array.from(lv);
          const weights = Float32Array.from(w);
          const r = levelAreasKm2(levels, g, weights, Int32Array.from(z), 3);
          const unit = levelAreasKm2(new Uint8Array(12), g).total[0]!; // all cells, weight 1
          const rows = levelAreasKm2(
            new Uint8Array(12),
            g,
            undefined,
            Int32Array.from({ length: 12 }, (_, k) => k),
            12,
          ).byZone!;
          let expected = 0;
          for (let k = 0; k < 12; k++) if (levels[k] !== RISK_NO_DATA) expected += rows[k]![0]! * weights[k]!;
          const sum = r.total.reduce((s, v) => s + v, 0);
          expect(sum).toBeCloseTo(expected, 6);
          expect(sum).toBeLessThanOrEqual(unit + 1e-9);
          for (let l = 0; l <= RISK_LEVEL_COUNT; l++) {
            const zones = r.byZone!.reduce((s, a) => s + a[l]!, 0);
            expect(zones).toBeLessThanOrEqual(r.total[l]! + 1e-9);
          }
        },
      ),
    );
  });

  it('worstLevels is commutative and never below either side', () => {
    const lv = fc.array(fc.constantFrom(0, 1, 2, 3, 4, RISK_NO_DATA), { minLength: 8, maxLength: 8 });
    fc.assert(
      fc.property(lv, lv, (a, b) => {
        const x = worstLevels(Uint8Array.from(a), Uint8Array.from(b));
        expect([...x]).toEqual([...worstLevels(Uint8Array.from(b), Uint8Array.from(a))]);
        x.forEach((v, k) => {
          if (a[k] !== RISK_NO_DATA) expect(v).toBeGreaterThanOrEqual(a[k]!);
          if (b[k] !== RISK_NO_DATA) expect(v).toBeGreaterThanOrEqual(b[k]!);
        });
      }),
    );
  });
});

describe('hazard × vulnerability × exposure', () => {
  const unit = fc.double({ min: 0, max: 1, noNaN: true });
  it('is never above the hazard, keeps it at V = E = 1, and never falls when V, E or H grow', async () => {
    const { combinedRiskLevel } = await import('./risk.js');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), unit, unit, unit, unit, (h, v, e, dv, de) => {
        const l = combinedRiskLevel(h, v, e);
        expect(l).toBeLessThanOrEqual(h);
        expect(combinedRiskLevel(h, 1, 1)).toBe(h);
        expect(combinedRiskLevel(h, Math.min(1, v + dv), Math.min(1, e + de))).toBeGreaterThanOrEqual(l);
        if (h < 4) expect(combinedRiskLevel(h + 1, v, e)).toBeGreaterThanOrEqual(l);
        // any hazard on a harmed stage where the crop grows is at least IV
        if (h > 0 && v > 0 && e > 0) expect(l).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});
