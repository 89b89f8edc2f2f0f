// The zoning engine's one-pass loop against a straightforward cell-by-cell reference, on random
// criteria (every method, 1–6 factors, up to 5 thresholds, any class order, vetoes on some factors)
// and random grids whose values often sit exactly on a threshold or a veto's bound.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_CLASS } from './classify.js';
import type { GridGeometry } from './grid.js';
import {
  breaksVeto,
  cellAreaKm2ByRow,
  checkZoningCriterion,
  classAreasKm2,
  classifyFactor,
  DEFAULT_CLASS_SCORES,
  explainCell,
  membership,
  zone,
  type FactorRule,
  type FactorVeto,
  type ZoningCriterion,
  type ZoningMethod,
} from './zoning.js';

const float = fc.float({ min: -1000, max: 1000, noNaN: true }).map((v) => (v === 0 ? 0 : v));
const sortedDistinct = (min: number, max: number) =>
  fc.uniqueArray(float, { minLength: min, maxLength: max, comparator: 'SameValueZero' }).map((a) => a.sort((x, y) => x - y));

const ruleArb = (factor: string, method: ZoningMethod): fc.Arbitrary<FactorRule> =>
  sortedDistinct(1, 5).chain((breaks) =>
    fc
      .record({
        classes: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: breaks.length + 1, maxLength: breaks.length + 1 }),
        // none, a lower bound, an upper bound or both
        veto: fc.option(
          sortedDistinct(2, 2).chain(([lo, hi]) => fc.constantFrom<FactorVeto>({ lower: lo! }, { upper: hi! }, { lower: lo!, upper: hi! })),
          { nil: undefined, freq: 2 },
        ),
        membership: sortedDistinct(4, 4).chain(([a, b, c, d]) =>
          // a ≤ b ≤ c ≤ d with a < d, sides and top possibly of zero width
          fc.constantFrom<[number, number, number, number]>(
            [a!, b!, c!, d!],
            [a!, a!, c!, d!],
            [a!, b!, d!, d!],
            [a!, b!, b!, d!],
            [a!, a!, d!, d!],
          ),
        ),
      })
      .map(({ classes, membership: m, veto }) => ({
        factor,
        breaks,
        classes,
        ...(method === 'fuzzy' ? { membership: m } : {}),
        ...(veto ? { veto } : {}),
      })),
  );

const criterionArb: fc.Arbitrary<ZoningCriterion> = fc
  .record({ method: fc.constantFrom<ZoningMethod>('limiting', 'weighted', 'fuzzy'), nf: fc.integer({ min: 1, max: 6 }) })
  .chain(({ method, nf }) =>
    fc
      .record({
        factors: fc.tuple(...Array.from({ length: nf }, (_, f) => ruleArb(`f${f}`, method))),
        raw: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: nf, maxLength: nf }),
        scores: fc.option(fc.uniqueArray(fc.integer({ min: -5, max: 10 }), { minLength: 4, maxLength: 4 }), { nil: undefined }),
        cuts: fc.uniqueArray(fc.integer({ min: 0, max: 100 }), { minLength: 3, maxLength: 3 }),
      })
      .map(({ factors, raw, scores, cuts }) => {
        const total = raw.reduce((a, b) => a + b, 0);
        const classScores = scores ? (scores.sort((a, b) => b - a) as [number, number, number, number]) : undefined;
        const [lo, hi] =
          method === 'fuzzy'
            ? [0, 1]
            : [Math.min(...(classScores ?? DEFAULT_CLASS_SCORES)), Math.max(...(classScores ?? DEFAULT_CLASS_SCORES))];
        const cutPoints = cuts.sort((a, b) => b - a).map((c) => lo + ((hi - lo) * c) / 100) as [number, number, number];
        if (method === 'limiting') return { method, factors };
        return {
          method,
          factors: factors.map((f, i) => ({ ...f, weight: raw[i]! / total })),
          cutPoints,
          ...(method === 'weighted' && classScores ? { classScores } : {}),
        };
      }),
  );

/** A criterion, grids for its factors (values on thresholds, near them, anywhere, missing) and maybe a mask. */
const caseArb = criterionArb.chain((criterion) => {
  const thresholds = criterion.factors.flatMap((f) => [
    ...f.breaks,
    ...(f.membership ?? []),
    ...(f.veto?.lower === undefined ? [] : [f.veto.lower]),
    ...(f.veto?.upper === undefined ? [] : [f.veto.upper]),
  ]);
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...thresholds) },
    { weight: 4, arbitrary: float },
    { weight: 1, arbitrary: fc.constant(Number.NaN) },
  );
  return fc.integer({ min: 1, max: 40 }).chain((n) =>
    fc.record({
      criterion: fc.constant(criterion),
      grids: fc.tuple(...criterion.factors.map(() => fc.array(value, { minLength: n, maxLength: n }).map((v) => Float32Array.from(v)))),
      mask: fc.option(
        fc.array(fc.constantFrom(0, 1), { minLength: n, maxLength: n }).map((m) => Uint8Array.from(m)),
        { nil: undefined },
      ),
    }),
  );
});

/** The class of one value by counting the thresholds below it, all at single precision. */
function referenceClass(v: number, rule: FactorRule): number {
  if (Number.isNaN(v)) return NO_CLASS;
  const below = rule.breaks.filter((b) => Math.fround(b) < Math.fround(v)).length;
  return rule.classes[below]!;
}

function referenceCell(
  c: ZoningCriterion,
  values: number[],
  inside: boolean,
): { class: number; limiting: number; score: number; factors: number[] } {
  const factors = c.factors.map((f, i) => (inside ? referenceClass(values[i]!, f) : NO_CLASS));
  if (!inside || factors.includes(NO_CLASS)) return { class: NO_CLASS, limiting: NO_CLASS, score: Number.NaN, factors };
  // the first factor at or below its veto's lower bound or above its upper one, at single precision
  const veto = c.factors.findIndex((f, i) => {
    const v = Math.fround(values[i]!);
    return (
      (f.veto?.lower !== undefined && v <= Math.fround(f.veto.lower)) || (f.veto?.upper !== undefined && v > Math.fround(f.veto.upper))
    );
  });
  if (c.method === 'limiting') {
    const worst = Math.max(...factors);
    if (veto >= 0) return { class: 3, limiting: veto, score: Number.NaN, factors };
    return { class: worst, limiting: factors.indexOf(worst), score: Number.NaN, factors };
  }
  const scores = c.factors.map((f, i) =>
    c.method === 'weighted' ? (c.classScores ?? DEFAULT_CLASS_SCORES)[factors[i]!]! : membership(values[i]!, f.membership!),
  );
  let score = 0;
  c.factors.forEach((f, i) => (score += f.weight! * scores[i]!));
  const cut = c.cutPoints!;
  const cls = cut.findIndex((p) => score >= p - 1e-6);
  if (veto >= 0) return { class: 3, limiting: veto, score, factors };
  return { class: cls === -1 ? 3 : cls, limiting: scores.indexOf(Math.min(...scores)), score, factors };
}

describe('zoning against a cell-by-cell reference', () => {
  it('generated criteria are valid', () => {
    fc.assert(
      fc.property(criterionArb, (c) => {
        expect(checkZoningCriterion(c)).toEqual([]);
      }),
    );
  });

  it('gives every cell the reference classes, limiting factor and score', () => {
    fc.assert(
      fc.property(caseArb, ({ criterion, grids, mask }) => {
        const r = zone(criterion, grids, mask);
        for (let k = 0; k < grids[0]!.length; k++) {
          const ref = referenceCell(
            criterion,
            grids.map((g) => g[k]!),
            !mask || mask[k] === 1,
          );
          expect(r.classes[k]).toBe(ref.class);
          expect(r.limiting[k]).toBe(ref.limiting);
          expect(r.factorClasses.map((fcls) => fcls[k])).toEqual(ref.factors);
          if (criterion.method === 'limiting') expect(r.score).toBeUndefined();
          else expect(r.score![k]).toBe(Math.fround(ref.score));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('classifies each factor as zone does, and explains each cell as zone does', () => {
    fc.assert(
      fc.property(caseArb, ({ criterion, grids, mask }) => {
        const r = zone(criterion, grids, mask);
        criterion.factors.forEach((f, i) => expect(classifyFactor(grids[i]!, f, mask)).toEqual(r.factorClasses[i]));
        for (let k = 0; k < grids[0]!.length; k++) {
          if (mask && mask[k] === 0) continue;
          const e = explainCell(
            criterion,
            grids.map((g) => g[k]!),
          );
          expect(e.class).toBe(r.classes[k]);
          expect(e.limitingFactor).toBe(r.limiting[k]);
          const veto = criterion.factors.findIndex((f, i) => breaksVeto(f.veto, grids[i]![k]!));
          expect(e.vetoFactor).toBe(r.classes[k] === NO_CLASS || veto < 0 ? NO_CLASS : veto);
          expect(e.factors.map((x) => x.class)).toEqual(r.factorClasses.map((fcls) => fcls[k]));
          if (r.score && r.classes[k] !== NO_CLASS) expect(Math.fround(e.score!)).toBe(r.score[k]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('never makes a cell better by making one factor worse (monotone rules, limiting and weighted)', () => {
    // rule classes falling with the value: higher is better; a lower value can only raise the class
    fc.assert(
      fc.property(
        criterionArb.filter((c) => c.method !== 'fuzzy'),
        fc.array(float, { minLength: 6, maxLength: 6 }),
        fc.nat(),
        fc.float({ min: 0, max: 500, noNaN: true }),
        (criterion, values, pick, drop) => {
          // (an upper bound of a veto is not monotone that way: it is dropped)
          const monotone: ZoningCriterion = {
            ...criterion,
            factors: criterion.factors.map(({ veto, ...f }) => ({
              ...f,
              classes: [...f.classes].sort((a, b) => b - a),
              ...(veto?.lower === undefined ? {} : { veto: { lower: veto.lower } }),
            })),
          };
          const v = values.slice(0, monotone.factors.length);
          const f = pick % v.length;
          const worse = v.map((x, i) => (i === f ? x - drop : x));
          expect(explainCell(monotone, worse).class).toBeGreaterThanOrEqual(explainCell(monotone, v).class);
        },
      ),
    );
  });
});

describe('vetoes', () => {
  const withoutVetoes = (c: ZoningCriterion): ZoningCriterion => ({ ...c, factors: c.factors.map(({ veto: _veto, ...f }) => f) });

  it('a cell beyond any veto is always of the lowest class, named by the first vetoing factor', () => {
    fc.assert(
      fc.property(caseArb, ({ criterion, grids, mask }) => {
        const r = zone(criterion, grids, mask);
        for (let k = 0; k < grids[0]!.length; k++) {
          if (r.classes[k] === NO_CLASS) continue;
          const first = criterion.factors.findIndex((f, i) => breaksVeto(f.veto, grids[i]![k]!));
          if (first < 0) continue;
          expect(r.classes[k]).toBe(3);
          expect(r.limiting[k]).toBe(first);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('removing vetoes never lowers a class, and changes no cell within every veto', () => {
    fc.assert(
      fc.property(caseArb, ({ criterion, grids, mask }) => {
        const r = zone(criterion, grids, mask);
        const free = zone(withoutVetoes(criterion), grids, mask);
        for (let k = 0; k < grids[0]!.length; k++) {
          if (r.classes[k] === NO_CLASS) {
            expect(free.classes[k]).toBe(NO_CLASS);
            continue;
          }
          // a smaller class index is a better class
          expect(free.classes[k]).toBeLessThanOrEqual(r.classes[k]!);
          if (!criterion.factors.some((f, i) => breaksVeto(f.veto, grids[i]![k]!))) {
            expect(r.classes[k]).toBe(free.classes[k]);
            expect(r.limiting[k]).toBe(free.limiting[k]);
          }
        }
        expect(r.factorClasses).toEqual(free.factorClasses);
        if (r.score) expect(r.score).toEqual(free.score);
      }),
      { numRuns: 300 },
    );
  });
});

describe('membership', () => {
  it('lies in 0 … 1, is 1 on [b, c], 0 outside (a, d) and rises then falls', () => {
    fc.assert(
      fc.property(sortedDistinct(4, 4), float, float, (t, x, y) => {
        const trapezoid = t as [number, number, number, number];
        const [a, b, c, d] = trapezoid;
        const m = membership(x, trapezoid);
        expect(m).toBeGreaterThanOrEqual(0);
        expect(m).toBeLessThanOrEqual(1);
        if (x >= b && x <= c) expect(m).toBe(1);
        if (x <= a || x >= d) expect(m).toBe(0);
        const [lo, hi] = x < y ? [x, y] : [y, x];
        if (hi <= b) expect(membership(lo, trapezoid)).toBeLessThanOrEqual(membership(hi, trapezoid));
        if (lo >= c) expect(membership(lo, trapezoid)).toBeGreaterThanOrEqual(membership(hi, trapezoid));
      }),
    );
  });
});

describe('class areas', () => {
  const geometryArb: fc.Arbitrary<GridGeometry> = fc.record({
    lon0: fc.integer({ min: -180, max: 179 }),
    lat0: fc.integer({ min: -89, max: 89 }),
    dx: fc.constantFrom(0.05, 0.25, 1, 2.5),
    dy: fc.constantFrom(0.05, -0.05, 0.5, -1, -2.5),
    nx: fc.integer({ min: 1, max: 12 }),
    ny: fc.integer({ min: 1, max: 12 }),
  });

  it('add the cells of each class and of each zone, and the zones add up to the whole', () => {
    fc.assert(
      fc.property(
        geometryArb.chain((g) =>
          fc.record({
            g: fc.constant(g),
            classes: fc.array(fc.constantFrom(0, 1, 2, 3, NO_CLASS), { minLength: g.nx * g.ny, maxLength: g.nx * g.ny }),
            zones: fc.array(fc.integer({ min: -1, max: 3 }), { minLength: g.nx * g.ny, maxLength: g.nx * g.ny }),
          }),
        ),
        ({ g, classes, zones }) => {
          const rows = cellAreaKm2ByRow(g);
          const cls = Uint8Array.from(classes);
          const r = classAreasKm2(cls, g, Int32Array.from(zones), 3);
          const expected = [0, 0, 0, 0];
          const byZone = [0, 1, 2].map(() => [0, 0, 0, 0]);
          classes.forEach((c, k) => {
            if (c === NO_CLASS) return;
            const a = rows[Math.floor(k / g.nx)]!;
            expected[c]! += a;
            if (zones[k]! >= 0 && zones[k]! < 3) byZone[zones[k]!]![c]! += a;
          });
          r.total.forEach((a, c) => expect(a).toBeCloseTo(expected[c]!, 6));
          r.byZone!.forEach((z, i) => z.forEach((a, c) => expect(a).toBeCloseTo(byZone[i]![c]!, 6)));
          // every cell in a zone: the zones add up to the total
          const all = classAreasKm2(cls, g, new Uint16Array(cls.length), 1);
          all.byZone![0]!.forEach((a, c) => expect(a).toBeCloseTo(r.total[c]!, 6));
        },
      ),
    );
  });
});
