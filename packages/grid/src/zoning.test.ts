import { describe, expect, it } from 'vitest';
import { NO_CLASS } from './classify.js';
import { EARTH_RADIUS_KM } from './geodesy.js';
import type { GridGeometry } from './grid.js';
import {
  breaksVeto,
  cellAreaKm2ByRow,
  checkZoningCriterion,
  classAreasKm2,
  classifyFactor,
  explainCell,
  membership,
  zone,
  type FactorRule,
  type ZoningCriterion,
} from './zoning.js';

const f32 = (values: number[]) => Float32Array.from(values);

/** The next single-precision number above x (towards +∞). */
function nextUp(x: number): number {
  const a = Float32Array.of(x);
  const bits = new Int32Array(a.buffer);
  if (x === 0) return 1.401298464324817e-45;
  bits[0]! += x > 0 ? 1 : -1;
  return a[0]!;
}

// Tea, mainland China (Tang et al. 2021, J. Appl. Meteor. Sci.): intervals closed above, so
// "> −7.8" is most suitable and −7.8 itself suitable; "≤ 20" most suitable and 20.x suitable.
const tea: FactorRule[] = [
  { factor: 'extremeMin', breaks: [-14.7, -9.2, -7.8], classes: [3, 2, 1, 0] },
  { factor: 'springFrost', breaks: [20, 27, 43], classes: [0, 1, 2, 3] },
  { factor: 'meanTemp', breaks: [12.4, 14.4, 15.5], classes: [3, 2, 1, 0] },
  { factor: 'precipitation', breaks: [650, 810, 1010], classes: [3, 2, 1, 0] },
  { factor: 'rhMarSep', breaks: [67, 73, 76], classes: [3, 2, 1, 0] },
];

describe('the tea table', () => {
  // every boundary of the published table with the class it belongs to, and the value just above it
  const table: Record<string, [number, number, number][]> = {
    // value, class at the value, class just above it
    extremeMin: [
      [-14.7, 3, 2], // ≤ −14.7 unsuitable
      [-9.2, 2, 1], // −14.7 … −9.2 sub-suitable
      [-7.8, 1, 0], // −9.2 … −7.8 suitable, > −7.8 most suitable
    ],
    springFrost: [
      [20, 0, 1], // ≤ 20 most suitable
      [27, 1, 2], // 20 … 27 suitable
      [43, 2, 3], // 27 … 43 sub-suitable, > 43 unsuitable
    ],
    meanTemp: [
      [12.4, 3, 2],
      [14.4, 2, 1],
      [15.5, 1, 0],
    ],
    precipitation: [
      [650, 3, 2],
      [810, 2, 1],
      [1010, 1, 0],
    ],
    rhMarSep: [
      [67, 3, 2],
      [73, 2, 1],
      [76, 1, 0],
    ],
  };

  it('classifies each boundary value as published, and the next representable value above it one class on', () => {
    for (const rule of tea) {
      const rows = table[rule.factor]!;
      const values = rows.flatMap(([v]) => [v, nextUp(v)]);
      const expected = rows.flatMap(([, at, above]) => [at, above]);
      expect([...classifyFactor(f32(values), rule)], rule.factor).toEqual(expected);
    }
  });

  it('classifies values inside each interval', () => {
    const inside: Record<string, [number, number][]> = {
      extremeMin: [
        [-20, 3],
        [-12, 2],
        [-8.5, 1],
        [-3, 0],
      ],
      springFrost: [
        [5, 0],
        [23.5, 1],
        [35, 2],
        [60, 3],
      ],
      meanTemp: [
        [10, 3],
        [13, 2],
        [15, 1],
        [17, 0],
      ],
      precipitation: [
        [500, 3],
        [700, 2],
        [900, 1],
        [1500, 0],
      ],
      rhMarSep: [
        [60, 3],
        [70, 2],
        [75, 1],
        [80, 0],
      ],
    };
    for (const rule of tea) {
      const rows = inside[rule.factor]!;
      expect([...classifyFactor(f32(rows.map(([v]) => v)), rule)], rule.factor).toEqual(rows.map(([, c]) => c));
    }
  });

  it('is a valid limiting criterion, and one unsuitable factor makes a cell unsuitable', () => {
    const criterion: ZoningCriterion = { method: 'limiting', factors: tea };
    expect(checkZoningCriterion(criterion, new Set(tea.map((f) => f.factor)))).toEqual([]);
    // cell 0: all most suitable; cell 1: frost on 43.01 %; cell 2: −7.8 °C and 14.4 °C (suitable, sub-suitable)
    const cells = [
      [-5, 10, 16, 1200, 80],
      [-5, 43.01, 16, 1200, 80],
      [-7.8, 10, 14.4, 1200, 80],
    ];
    const r = zone(
      criterion,
      tea.map((_, f) => f32(cells.map((c) => c[f]!))),
    );
    expect([...r.classes]).toEqual([0, 3, 2]);
    expect([...r.limiting]).toEqual([0, 1, 2]);
    expect(r.factorClasses.map((c) => c[2])).toEqual([1, 0, 2, 0, 0]);
  });
});

describe('classifying one factor', () => {
  it('closes intervals above, takes any class order and leaves missing and masked cells unclassed', () => {
    // kiwifruit-like: best 13–17, suitable 10–13 and 17–18, unsuitable outside
    const rule: FactorRule = { factor: 't', breaks: [10, 13, 17, 18], classes: [3, 1, 0, 1, 3] };
    const values = f32([9, 10, 10.5, 13, 15, 17, 17.5, 18, 18.5, Number.NaN, 15]);
    const mask = Uint8Array.from([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
    expect([...classifyFactor(values, rule, mask)]).toEqual([3, 3, 1, 1, 0, 0, 1, 1, 3, NO_CLASS, NO_CLASS]);
  });

  it('compares at single precision, so a threshold of 0.1 holds a cell of 0.1', () => {
    const rule: FactorRule = { factor: 'x', breaks: [0.1, 0.2, 0.3], classes: [0, 1, 2, 3] };
    // Math.fround(0.1) > 0.1 and Math.fround(0.3) > 0.3 in double precision: a cell of 0.3 would land above 0.3
    expect([...classifyFactor(f32([0.1, 0.2, 0.3, nextUp(0.3)]), rule)]).toEqual([0, 1, 2, 3]);
  });

  it('refuses an invalid rule', () => {
    expect(() => classifyFactor(f32([1]), { factor: 'x', breaks: [2, 1], classes: [0, 1, 2] })).toThrow(/breaksNotAscending/);
  });
});

describe('membership', () => {
  it('is a trapezoid', () => {
    const t = [10, 13, 17, 20] as const;
    expect([5, 10, 11.5, 13, 15, 17, 18.5, 20, 25].map((v) => membership(v, t))).toEqual([0, 0, 0.5, 1, 1, 1, 0.5, 0, 0]);
    // degenerate sides are steps
    expect([0, 1, 2, 3, 4].map((v) => membership(v, [1, 1, 3, 3]))).toEqual([0, 1, 1, 1, 0]);
  });
});

// A hand-worked 3 × 2 grid with two factors: temperature (higher better) and frost (lower better).
const temperature: FactorRule = { factor: 'T', breaks: [12, 14, 16], classes: [3, 2, 1, 0] };
const frost: FactorRule = { factor: 'F', breaks: [10, 20, 30], classes: [0, 1, 2, 3] };
//                cell:  0      1      2     3     4     5
const tValues = f32([17, 16, 13, 12, 15, Number.NaN]);
const fValues = f32([5, 20, 10, 35, 30, 5]);
// classes by hand:      T: 0, 1, 2, 3, 1, —    F: 0, 1, 0, 3, 2, 0

describe('the limiting-factor method', () => {
  it('gives each cell its worst class and the first factor of that class', () => {
    const r = zone({ method: 'limiting', factors: [temperature, frost] }, [tValues, fValues]);
    expect([...r.factorClasses[0]!]).toEqual([0, 1, 2, 3, 1, NO_CLASS]);
    expect([...r.factorClasses[1]!]).toEqual([0, 1, 0, 3, 2, 0]);
    expect([...r.classes]).toEqual([0, 1, 2, 3, 2, NO_CLASS]);
    expect([...r.limiting]).toEqual([0, 0, 0, 0, 1, NO_CLASS]);
    expect(r.score).toBeUndefined();
  });

  it('leaves cells outside the mask unclassed', () => {
    const r = zone({ method: 'limiting', factors: [temperature, frost] }, [tValues, fValues], Uint8Array.from([0, 1, 1, 1, 1, 1]));
    expect(r.classes[0]).toBe(NO_CLASS);
    expect(r.factorClasses.map((c) => c[0])).toEqual([NO_CLASS, NO_CLASS]);
    expect(r.limiting[0]).toBe(NO_CLASS);
  });
});

describe('the weighted method', () => {
  // scores 4, 3, 2, 1; weights 0.6 T, 0.4 F; cut points 3.5, 2.5, 1.5
  const criterion: ZoningCriterion = {
    method: 'weighted',
    factors: [
      { ...temperature, weight: 0.6 },
      { ...frost, weight: 0.4 },
    ],
    cutPoints: [3.5, 2.5, 1.5],
  };

  it('cuts the weighted sum of class scores', () => {
    const r = zone(criterion, [tValues, fValues]);
    // cell 0: .6·4 + .4·4 = 4 → 0; 1: .6·3 + .4·3 = 3 → 1; 2: .6·2 + .4·4 = 2.8 → 1;
    // 3: .6·1 + .4·1 = 1 → 3; 4: .6·3 + .4·2 = 2.6 → 1; 5: missing
    expect([...r.score!].slice(0, 5)).toEqual([4, 3, 2.8, 1, 2.6].map(Math.fround));
    expect(r.score![5]).toBeNaN();
    expect([...r.classes]).toEqual([0, 1, 1, 3, 1, NO_CLASS]);
    // lowest class score, first on ties: cell 0 tie → T; 2: T (2 < 4); 4: F (2 < 3)
    expect([...r.limiting]).toEqual([0, 0, 0, 0, 1, NO_CLASS]);
  });

  it('puts a score exactly on a cut point in the better class, decimal weights included', () => {
    // weights 0.1, 0.2, 0.7 (not exact in binary): 0.1·2 + 0.2·2 + 0.7·3 is 2.6999999999999997 in doubles
    const c: ZoningCriterion = {
      method: 'weighted',
      factors: [
        { factor: 'a', breaks: [0, 1, 2], classes: [0, 1, 2, 3], weight: 0.1 },
        { factor: 'b', breaks: [0, 1, 2], classes: [0, 1, 2, 3], weight: 0.2 },
        { factor: 'c', breaks: [0, 1, 2], classes: [0, 1, 2, 3], weight: 0.7 },
      ],
      classScores: [3, 2, 1, 0],
      cutPoints: [2.9, 2.7, 1.3],
    };
    // a class 0 (3), b class 0 (3), c class 0 (3) → 3 → class 0
    // a 1 (2), b 1 (2), c 0 (3): .2 + .4 + 2.1 = 2.7 exactly on a cut → 1
    // a 0 (3), b 0 (3), c 2 (1): .3 + .6 + .7 = 1.6 → 2
    // a 3 (0), b 0 (3), c 2 (1): 0 + .6 + .7 = 1.3 exactly on the last cut → 2
    // a 0 (3), b 3 (0), c 1 (2): .3 + 0 + 1.4 = 1.7 → 2
    // a 1 (2), b 1 (2), c 3 (0): .2 + .4 + 0 = 0.6 → 3
    const cells = [
      [0, 0, 0],
      [1, 1, 0],
      [0, 0, 2],
      [3, 0, 2],
      [0, 3, 1],
      [1, 1, 3],
    ];
    const r = zone(
      c,
      [0, 1, 2].map((f) => f32(cells.map((cell) => cell[f]!))),
    );
    expect([...r.classes]).toEqual([0, 1, 2, 2, 2, 3]);
  });
});

describe('the fuzzy method', () => {
  const criterion: ZoningCriterion = {
    method: 'fuzzy',
    factors: [
      { ...temperature, weight: 0.5, membership: [12, 16, 30, 40] },
      { ...frost, weight: 0.5, membership: [-10, 0, 10, 30] },
    ],
    cutPoints: [0.9, 0.6, 0.3],
  };

  it('cuts the weighted memberships', () => {
    const r = zone(criterion, [tValues, fValues]);
    // μT: 17 → 1, 16 → 1, 13 → 0.25, 12 → 0, 15 → 0.75; μF: 5 → 1, 20 → 0.5, 10 → 1, 35 → 0, 30 → 0
    // score: 1 → 0; 0.75 → 1; 0.625 → 1; 0 → 3; 0.375 → 2
    expect([...r.score!].slice(0, 5)).toEqual([1, 0.75, 0.625, 0, 0.375]);
    expect([...r.classes]).toEqual([0, 1, 1, 3, 2, NO_CLASS]);
    // lowest membership, first on ties: 0 tie → T; 1: F (0.5); 2: T (0.25); 3: tie → T; 4: F (0)
    expect([...r.limiting]).toEqual([0, 1, 0, 0, 1, NO_CLASS]);
    // factor classes still by the thresholds
    expect([...r.factorClasses[1]!]).toEqual([0, 1, 0, 3, 2, 0]);
  });

  it('explains a cell as zone computes it', () => {
    const e = explainCell(criterion, [15, 30]);
    expect(e).toEqual({
      class: 2,
      limitingFactor: 1,
      vetoFactor: NO_CLASS,
      score: 0.375,
      factors: [
        { value: 15, class: 1, score: 0.75, vetoed: false },
        { value: 30, class: 2, score: 0, vetoed: false },
      ],
    });
    expect(explainCell(criterion, [Number.NaN, 30]).class).toBe(NO_CLASS);
  });
});

describe('vetoes', () => {
  // Kiwifruit-like, weighted: mean temperature 0.5, extreme minimum 0.3, precipitation 0.2; scores 4, 3, 2, 1;
  // cut points 3.6, 3.0, 2.2. Extreme minimum vetoed at or below −19 °C, precipitation at or below 800 mm.
  const kiwi: ZoningCriterion = {
    method: 'weighted',
    factors: [
      { factor: 'tmean', breaks: [10, 13, 17, 18], classes: [3, 1, 0, 1, 3], weight: 0.5 },
      { factor: 'textmin', breaks: [-19], classes: [3, 0], weight: 0.3, veto: { lower: -19 } },
      { factor: 'precip', breaks: [800, 1000, 1500], classes: [3, 1, 0, 1], weight: 0.2, veto: { lower: 800 } },
    ],
    classScores: [4, 3, 2, 1],
    cutPoints: [3.6, 3, 2.2],
  };
  const noVetoes: ZoningCriterion = { ...kiwi, factors: kiwi.factors.map(({ veto: _veto, ...f }) => f) };

  it('make a cell unsuitable under weights that would rate it suitable (worked by hand)', () => {
    // cell 0: 15 °C (class 0, score 4), −20 °C (class 3, score 1), 1200 mm (class 0, score 4):
    //   0.5·4 + 0.3·1 + 0.2·4 = 3.1 ≥ 3.0 → suitable without the veto; −20 ≤ −19 → unsuitable with it
    // cell 1: 15 °C (4), −10 °C (4), 700 mm (class 3, 1): 2 + 1.2 + 0.2 = 3.4 → suitable; 700 ≤ 800 → unsuitable
    // cell 2: 15 °C, −19 °C exactly (on the bound: vetoed, as the closed-above class table puts it in class 3), 1200 mm
    // cell 3: 15 °C, −18.9 °C (class 0, 4), 800.1 mm (class 1, 3): 2 + 1.2 + 0.6 = 3.8 → most suitable, no veto
    // cell 4: 15 °C, −25 °C and 500 mm: 2 + 0.3 + 0.2 = 2.5 → sub-suitable; both vetoes, the first in the criterion's
    //   order names the cell
    const values = [f32([15, 15, 15, 15, 15]), f32([-20, -10, -19, -18.9, -25]), f32([1200, 700, 1200, 800.1, 500])];
    const without = zone(noVetoes, values);
    expect([...without.score!]).toEqual([3.1, 3.4, 3.1, 3.8, 2.5].map(Math.fround));
    expect([...without.classes]).toEqual([1, 1, 1, 0, 2]);
    const r = zone(kiwi, values);
    expect([...r.classes]).toEqual([3, 3, 3, 0, 3]);
    // the vetoing factor limits the cell; the score stays what the weights give
    expect([...r.limiting]).toEqual([1, 2, 1, without.limiting[3], 1]);
    expect([...r.score!]).toEqual([...without.score!]);
    // each factor keeps the class of its own thresholds
    expect(r.factorClasses).toEqual(without.factorClasses);
  });

  it('take an upper bound, a range and the fuzzy method', () => {
    const fuzzy: ZoningCriterion = {
      method: 'fuzzy',
      factors: [
        { factor: 'a', breaks: [10, 20], classes: [2, 0, 1], weight: 0.8, membership: [0, 10, 20, 30], veto: { lower: 2, upper: 25 } },
        { factor: 'b', breaks: [0], classes: [1, 0], weight: 0.2, membership: [-1, 0, 1, 2] },
      ],
      cutPoints: [0.9, 0.6, 0.3],
    };
    // a = 15: μ 1 → 0.8 + 0.2 = 1 → 0; a = 25 exactly: allowed (the range is (2, 25]), μ 0.5 → 0.6 → 1;
    // a = 25.5: above the upper bound → 3; a = 2: on the lower bound → 3 (its score 0.2·1 + 0.8·0.2 = 0.36 would give 2)
    const r = zone(fuzzy, [f32([15, 25, 25.5, 2]), f32([0.5, 0.5, 0.5, 0.5])]);
    expect([...r.classes]).toEqual([0, 1, 3, 3]);
    expect([...r.limiting]).toEqual([0, 0, 0, 0]);
    expect(r.score![3]).toBeCloseTo(0.36, 6);
  });

  it('are compared at single precision: a cell showing the bound lies on it', () => {
    const c: ZoningCriterion = {
      method: 'weighted',
      factors: [{ factor: 'x', breaks: [0.5], classes: [1, 0], weight: 1, veto: { lower: 0.3 } }],
      cutPoints: [3.5, 2.5, 1.5],
    };
    expect([...zone(c, [f32([0.3, nextUp(0.3)])]).classes]).toEqual([3, 1]);
    expect(breaksVeto({ lower: 0.3 }, Math.fround(0.3))).toBe(true);
    expect(breaksVeto({ upper: 0.3 }, Math.fround(0.3))).toBe(false);
    expect(breaksVeto({ upper: 0.3 }, nextUp(0.3))).toBe(true);
    expect(breaksVeto(undefined, -1e9)).toBe(false);
    expect(breaksVeto({ lower: 0 }, Number.NaN)).toBe(false);
  });

  it('under the limiting method add a limit of their own and name the cell', () => {
    const c: ZoningCriterion = {
      method: 'limiting',
      factors: [
        { factor: 'frost', breaks: [20, 43], classes: [0, 1, 3] },
        { factor: 'precip', breaks: [650, 1010], classes: [3, 1, 0], veto: { lower: 700 } },
      ],
    };
    // cell 0: frost 50 (3) and precip 600 (3, vetoed): the veto names it although frost comes first
    // cell 1: precip 690 (class 1 by its thresholds) is beyond the stricter veto → 3
    const r = zone(c, [f32([50, 10, 10]), f32([600, 690, 1100])]);
    expect([...r.classes]).toEqual([3, 3, 0]);
    expect([...r.limiting]).toEqual([1, 1, 0]);
  });

  it('are explained: the vetoing factor and each factor beyond its veto', () => {
    const e = explainCell(kiwi, [15, -20, 700]);
    expect(e.class).toBe(3);
    expect(e.vetoFactor).toBe(1);
    expect(e.limitingFactor).toBe(1);
    expect(e.factors.map((x) => x.vetoed)).toEqual([false, true, true]);
    expect(e.score).toBeCloseTo(0.5 * 4 + 0.3 * 1 + 0.2 * 1, 9);
    expect(explainCell(kiwi, [15, -10, 1200]).vetoFactor).toBe(NO_CLASS);
    expect(explainCell(kiwi, [Number.NaN, -20, 1200])).toMatchObject({ class: NO_CLASS, vetoFactor: NO_CLASS });
  });

  it('are checked: a bound at least, finite, the lower below the upper', () => {
    const keys = (veto: unknown) =>
      checkZoningCriterion({
        method: 'weighted',
        factors: [{ ...kiwi.factors[0]!, weight: 1, veto: veto as FactorRule['veto'] }],
        cutPoints: [3.5, 2.5, 1.5],
      }).map((p) => [p.path.join('.'), p.key]);
    expect(keys({ lower: 5 })).toEqual([]);
    expect(keys({ upper: 5 })).toEqual([]);
    expect(keys({ lower: 5, upper: 6 })).toEqual([]);
    expect(keys({})).toEqual([['factors.0.veto', 'zoning.vetoEmpty']]);
    expect(keys(null)).toEqual([['factors.0.veto', 'zoning.vetoEmpty']]);
    expect(keys({ lower: Number.NaN })).toEqual([['factors.0.veto.lower', 'zoning.notFinite']]);
    expect(keys({ lower: 6, upper: 6 })).toEqual([['factors.0.veto.upper', 'zoning.vetoOrder']]);
    expect(keys({ lower: 7, upper: 6 })).toEqual([['factors.0.veto.upper', 'zoning.vetoOrder']]);
  });
});

describe('zoning', () => {
  it('reports progress up to 1', () => {
    const n = 200_000;
    const values = new Float32Array(n).fill(15);
    const seen: number[] = [];
    zone({ method: 'limiting', factors: [temperature] }, [values], undefined, (p) => seen.push(p));
    expect(seen.length).toBe(Math.ceil(n / 65536));
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((p, k) => k === 0 || p > seen[k - 1]!)).toBe(true);
  });

  it('refuses grids that do not fit the criterion', () => {
    const c: ZoningCriterion = { method: 'limiting', factors: [temperature, frost] };
    expect(() => zone(c, [tValues])).toThrow(/2 factors/);
    expect(() => zone(c, [tValues, f32([1])])).toThrow(/differ in size/);
    expect(() => zone({ method: 'weighted', factors: [temperature] }, [tValues])).toThrow(/weightMissing/);
  });
});

describe('checking a criterion', () => {
  const keys = (c: ZoningCriterion, known?: ReadonlySet<string>) => checkZoningCriterion(c, known).map((p) => [p.path.join('.'), p.key]);

  it('names each problem and where it is', () => {
    expect(
      keys(
        {
          method: 'weighted',
          factors: [
            { factor: 'T', breaks: [12, 12, 16], classes: [3, 2, 1], weight: 0.5 },
            { factor: 'X', breaks: [1, 2, Number.NaN], classes: [0, 1, 2, 4], weight: 0 },
            { factor: 'T', breaks: [], classes: [0], weight: 0.2 },
          ],
          cutPoints: [2, 3, 1],
          classScores: [4, 3, 3, 1],
        },
        new Set(['T']),
      ),
    ).toEqual([
      ['factors.0.breaks.1', 'zoning.breaksNotAscending'],
      ['factors.0.classes', 'zoning.classesLength'],
      ['factors.1.factor', 'zoning.unknownFactor'],
      ['factors.1.breaks.2', 'zoning.notFinite'],
      ['factors.1.classes.3', 'zoning.classValue'],
      ['factors.1.weight', 'zoning.weightPositive'],
      ['factors.2.factor', 'zoning.duplicateFactor'],
      ['factors.2.breaks', 'zoning.breaksLength'],
      ['classScores', 'zoning.classScoresOrder'],
      ['cutPoints', 'zoning.cutPointsOrder'],
    ]);
  });

  it('checks the weights, cut points and trapezoids of the fuzzy method', () => {
    const f = (weight: number, membership?: [number, number, number, number]): FactorRule => ({
      factor: `f${weight}`,
      breaks: [1, 2, 3],
      classes: [0, 1, 2, 3],
      weight,
      ...(membership ? { membership } : {}),
    });
    expect(keys({ method: 'fuzzy', factors: [f(0.5, [0, 1, 2, 3]), f(0.4, [0, 2, 1, 3])], cutPoints: [0.9, 0.5, 0.2] })).toEqual([
      ['factors.1.membership', 'zoning.trapezoidOrder'],
      ['factors', 'zoning.weightsSum'],
    ]);
    expect(keys({ method: 'fuzzy', factors: [f(1)], cutPoints: [1.5, 0.5, 0.2] })).toEqual([
      ['factors.0.membership', 'zoning.membershipMissing'],
      ['cutPoints.0', 'zoning.cutPointsRange'],
    ]);
    expect(keys({ method: 'fuzzy', factors: [f(0.3, [0, 0, 1, 1]), f(0.7, [0, 1, 1, 2])] })).toEqual([
      ['cutPoints', 'zoning.cutPointsMissing'],
    ]);
    // 0.1 + 0.2 + 0.7 is not 1 in binary, but within the tolerance
    expect(keys({ method: 'weighted', factors: [f(0.1), f(0.2), f(0.7)], cutPoints: [3.5, 2.5, 1.5] })).toEqual([]);
    expect(
      checkZoningCriterion({ method: 'fuzzy', factors: [f(0.5, [0, 1, 2, 3]), f(0.4, [0, 1, 2, 3])], cutPoints: [0.9, 0.5, 0.2] })[0]!
        .params,
    ).toEqual({
      sum: 0.9,
    });
  });

  it('needs no weights for the limiting method but at least one factor', () => {
    expect(keys({ method: 'limiting', factors: [temperature, frost] })).toEqual([]);
    expect(keys({ method: 'limiting', factors: [] })).toEqual([['factors', 'zoning.noFactors']]);
    expect(keys({ method: 'other' as 'limiting', factors: [temperature] })).toEqual([['method', 'zoning.methodUnknown']]);
  });
});

describe('areas', () => {
  const R2 = EARTH_RADIUS_KM * EARTH_RADIUS_KM;
  /** ∫∫ R² cos φ dφ dλ over a cell by 8-point Gauss–Legendre quadrature in latitude (independent of the sine formula). */
  function quadratureKm2(latSouth: number, latNorth: number, dLonDeg: number): number {
    const nodes = [
      [-0.9602898564975363, 0.1012285362903763],
      [-0.7966664774136267, 0.2223810344533745],
      [-0.525532409916329, 0.3137066458778873],
      [-0.1834346424956498, 0.362683783378362],
      [0.1834346424956498, 0.362683783378362],
      [0.525532409916329, 0.3137066458778873],
      [0.7966664774136267, 0.2223810344533745],
      [0.9602898564975363, 0.1012285362903763],
    ];
    const a = (latSouth * Math.PI) / 180;
    const b = (latNorth * Math.PI) / 180;
    const integral = nodes.reduce((s, [x, w]) => s + w! * Math.cos(((b - a) / 2) * x! + (a + b) / 2), 0) * ((b - a) / 2);
    return R2 * ((dLonDeg * Math.PI) / 180) * integral;
  }

  it('gives each row the area of its cells on the sphere', () => {
    const g: GridGeometry = { lon0: 70, lat0: 60, dx: 0.05, dy: -0.05, nx: 1401, ny: 1201 };
    const rows = cellAreaKm2ByRow(g);
    for (const j of [0, 1, 600, 1199, 1200]) {
      const lat = 60 - 0.05 * j;
      expect(rows[j]! / quadratureKm2(lat - 0.025, lat + 0.025, 0.05)).toBeCloseTo(1, 12);
    }
    // a cell of 0.05° at the equator: about 5.56 km square
    expect(rows[1200]).toBeCloseTo(((0.05 * Math.PI) / 180) ** 2 * R2, 3);
  });

  it('of the whole sphere and of a latitude zone sum to the spherical formulas', () => {
    const globe: GridGeometry = { lon0: -179.5, lat0: 89.5, dx: 1, dy: -1, nx: 360, ny: 180 };
    const all = classAreasKm2(new Uint8Array(360 * 180), globe).total;
    expect(all[0]! / (4 * Math.PI * R2)).toBeCloseTo(1, 12);
    // the national grid's extent, 69.975–140.025°E, −0.025–60.025°N: 2πR²(sin φ₂ − sin φ₁)·Δλ/360°
    const g: GridGeometry = { lon0: 70, lat0: 60, dx: 0.05, dy: -0.05, nx: 1401, ny: 1201 };
    const classes = new Uint8Array(g.nx * g.ny);
    const zoneArea = (s: number, n: number) =>
      2 * Math.PI * R2 * (Math.sin((n * Math.PI) / 180) - Math.sin((s * Math.PI) / 180)) * ((1401 * 0.05) / 360);
    // north of 30.025°N (rows 0–599) class 1, the rest class 2, one row of no class
    classes.fill(1, 0, 600 * g.nx);
    classes.fill(2, 600 * g.nx);
    classes.fill(NO_CLASS, 1200 * g.nx);
    const { total } = classAreasKm2(classes, g);
    expect(total[0]).toBe(0);
    expect(total[1]! / zoneArea(30.025, 60.025)).toBeCloseTo(1, 10);
    expect(total[2]! / zoneArea(0.025, 30.025)).toBeCloseTo(1, 10);
    expect(total[3]).toBe(0);
  });

  it('per zone add up to the classes of each zone', () => {
    const g: GridGeometry = { lon0: 100, lat0: 30, dx: 1, dy: 1, nx: 3, ny: 2 };
    const rows = cellAreaKm2ByRow(g);
    const classes = Uint8Array.from([0, 1, 1, 3, NO_CLASS, 0]);
    const zones = Int32Array.from([0, 0, 1, 1, 1, -1]);
    const r = classAreasKm2(classes, g, zones, 2);
    expect(r.total).toEqual([rows[0]! + rows[1]!, 2 * rows[0]!, 0, rows[1]!]);
    expect(r.byZone).toEqual([
      [rows[0], rows[0], 0, 0],
      [0, rows[0], 0, rows[1]],
    ]);
    // rows north to south: the same cells, the same areas
    expect(rows[1]).toBeLessThan(rows[0]!);
    expect(cellAreaKm2ByRow({ ...g, lat0: 31, dy: -1 })[0]).toBe(rows[1]);
  });
});
