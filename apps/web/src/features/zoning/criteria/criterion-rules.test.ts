import { ZONING_LIMITS } from '@agromet/contracts/web';
import { checkZoningCriterion, classifyFactor, type FactorRule, type ZoningCriterion } from '@agromet/grid';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keysOf } from '../../../test/locale-tree';
import { problemKey } from '../i18n';
import zh from '../i18n/zh';
import {
  addBreak,
  classIntervals,
  criterionBody,
  defaultTrapezoid,
  defaultVeto,
  draftOf,
  draftProblems,
  equalWeights,
  formatInterval,
  formatThreshold,
  formatVeto,
  newFactorRule,
  problemsByPath,
  removeBreak,
  serverIssuePath,
  setVetoBound,
  switchMethod,
  toggleVeto,
  type CriterionDraft,
} from './criterion-rules';

const ranges = [
  { code: 'tmean', min: -10, max: 30 },
  { code: 'springFrost', min: 0, max: 100 },
  { code: 'precip', min: 0, max: 3000 },
];

const draft = (patch: Partial<CriterionDraft> = {}): CriterionDraft => ({ ...draftOf(null, 1), name: 'Tea', ...patch });

describe('classIntervals', () => {
  it('gives the tea table of annual mean temperature: ≤12.4 unsuitable … >15.5 most suitable', () => {
    const byClass = classIntervals({ breaks: [12.4, 14.4, 15.5], classes: [3, 2, 1, 0] });
    const text = byClass.map((list) => list.map((i) => formatInterval(i, formatThreshold, 'all')));
    expect(text).toEqual([['> 15.5'], ['(14.4, 15.5]'], ['(12.4, 14.4]'], ['≤ 12.4']]);
  });

  it('merges neighbouring intervals of one class and keeps separate ones apart (best in the middle)', () => {
    const byClass = classIntervals({ breaks: [5, 10, 20, 25], classes: [3, 1, 0, 1, 3] });
    expect(byClass[0]).toEqual([{ lower: 10, upper: 20 }]);
    expect(byClass[1]).toEqual([
      { lower: 5, upper: 10 },
      { lower: 20, upper: 25 },
    ]);
    expect(byClass[2]).toEqual([]);
    expect(byClass[3]).toEqual([
      { lower: null, upper: 5 },
      { lower: 25, upper: null },
    ]);
    expect(classIntervals({ breaks: [5], classes: [0, 0] })[0]).toEqual([{ lower: null, upper: null }]);
  });

  it('agrees with the engine: a value lies in the interval of the class classifyFactor gives it (property)', () => {
    const rule = fc.uniqueArray(fc.integer({ min: -500, max: 500 }), { minLength: 1, maxLength: 6 }).chain((raw) => {
      const breaks = [...raw].sort((a, b) => a - b).map((v) => v / 10);
      return fc.record({
        breaks: fc.constant(breaks),
        classes: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: breaks.length + 1, maxLength: breaks.length + 1 }),
      });
    });
    fc.assert(
      fc.property(rule, fc.integer({ min: -600, max: 600 }), (r, tenth) => {
        const value = tenth / 10;
        const cls = classifyFactor(Float32Array.of(value), { factor: 'x', ...r })[0]!;
        const hit = classIntervals(r)[cls]!.some(
          (i) =>
            (i.lower === null || Math.fround(value) > Math.fround(i.lower)) &&
            (i.upper === null || Math.fround(value) <= Math.fround(i.upper)),
        );
        expect(hit).toBe(true);
      }),
    );
  });
});

describe('new factors and thresholds', () => {
  it('proposes three rounded thresholds at the quarters of the range, higher values better', () => {
    expect(newFactorRule(ranges[0]!, 'limiting')).toEqual({ factor: 'tmean', breaks: [0, 10, 20], classes: [3, 2, 1, 0] });
    const fuzzy = newFactorRule(ranges[2]!, 'fuzzy');
    expect(fuzzy.breaks).toEqual([800, 1500, 2300]);
    expect(Number.isNaN(fuzzy.weight)).toBe(true);
    expect(fuzzy.membership).toEqual([1600, 2300, 3000, 3000]);
  });

  it('adds and removes thresholds keeping one class more than thresholds', () => {
    const rule: FactorRule = { factor: 'tmean', breaks: [0, 10], classes: [3, 1, 0] };
    const added = addBreak(rule, ranges[0]);
    expect(added.breaks).toEqual([0, 10, 14]);
    expect(added.classes).toEqual([3, 1, 0, 0]);
    expect(removeBreak(added, 0)).toEqual({ factor: 'tmean', breaks: [10, 14], classes: [3, 0, 0] });
    expect(removeBreak({ factor: 'x', breaks: [1], classes: [0, 1] }, 0).breaks).toEqual([1]);
    let full = rule;
    for (let k = 0; k < 20; k++) full = addBreak(full, ranges[0]);
    expect(full.breaks).toHaveLength(ZONING_LIMITS.breaks);
  });

  it('makes a trapezoid around the best interval within the range', () => {
    expect(defaultTrapezoid({ breaks: [10, 20], classes: [2, 0, 2] }, ranges[0]!)).toEqual([0, 10, 20, 30]);
    const t = defaultTrapezoid({ breaks: [5], classes: [3, 3] }, { code: 'x', min: 0, max: 0 });
    expect(t[0]).toBeLessThan(t[3]);
  });

  it('shares weights equally, summing exactly to 1 at 4 decimals', () => {
    for (let n = 1; n <= 12; n++) {
      const w = equalWeights(n);
      expect(w).toHaveLength(n);
      expect(Math.abs(w.reduce((s, x) => s + x, 0) - 1)).toBeLessThan(1e-9);
      expect(w.every((x) => x > 0)).toBe(true);
    }
    expect(equalWeights(3)).toEqual([0.3333, 0.3333, 0.3334]);
  });

  it('switching method adds weights (kept when present) and trapezoids, and drops them again', () => {
    const factors: FactorRule[] = [
      { factor: 'tmean', breaks: [12.4, 14.4, 15.5], classes: [3, 2, 1, 0] },
      { factor: 'springFrost', breaks: [20, 27, 43], classes: [0, 1, 2, 3], weight: 0.7 },
    ];
    const fuzzy = switchMethod(factors, 'fuzzy', ranges);
    expect(fuzzy.map((f) => f.weight)).toEqual([0.5, 0.7]);
    expect(fuzzy.every((f) => f.membership)).toBe(true);
    expect(switchMethod(fuzzy, 'limiting', ranges)).toEqual(factors.map(({ weight: _w, ...f }) => f));
  });
});

describe('the body sent to the server', () => {
  it('carries only what the method uses', () => {
    const factors: FactorRule[] = [
      { factor: 'tmean', breaks: [12.4, 14.4, 15.5], classes: [3, 2, 1, 0], weight: 0.6, membership: [10, 15, 30, 30] },
      { factor: 'springFrost', breaks: [20, 27, 43], classes: [0, 1, 2, 3], weight: 0.4, membership: [0, 0, 20, 50] },
    ];
    const limiting = criterionBody(draft({ factors, name: '  Tea  ', classNames: [' A ', '', '', ''] }));
    expect(limiting).toEqual({
      name: 'Tea',
      cropId: 1,
      description: '',
      method: 'limiting',
      factors: factors.map(({ factor, breaks, classes }) => ({ factor, breaks, classes })),
      classNames: ['A', '', '', ''],
    });
    const weighted = criterionBody(draft({ factors, method: 'weighted' }));
    expect(weighted.factors.map((f) => [f.weight, f.membership])).toEqual([
      [0.6, undefined],
      [0.4, undefined],
    ]);
    expect([weighted.classScores, weighted.cutPoints]).toEqual([
      [4, 3, 2, 1],
      [3.5, 2.5, 1.5],
    ]);
    const fuzzy = criterionBody(draft({ factors, method: 'fuzzy', cutPoints: [0.8, 0.6, 0.4] }));
    expect(fuzzy.classScores).toBeUndefined();
    expect(fuzzy.factors[1]!.membership).toEqual([0, 0, 20, 50]);
    expect(fuzzy.cutPoints).toEqual([0.8, 0.6, 0.4]);
  });

  it('round-trips a stored criterion through the editor unchanged', () => {
    const stored = {
      id: 3,
      name: 'Kiwi',
      cropId: 5,
      cropName: 'Kiwifruit',
      description: 'd',
      method: 'weighted' as const,
      factors: [
        { factor: 'tmean', breaks: [10, 13, 17, 18], classes: [3, 1, 0, 1, 3], weight: 0.5 },
        { factor: 'precip', breaks: [800, 1000], classes: [3, 1, 0], weight: 0.5, veto: { lower: 800 } },
      ],
      classNames: ['', '', '', ''],
      classScores: [4, 3, 2, 1] as [number, number, number, number],
      cutPoints: [3.4, 2.6, 1.8] as [number, number, number],
      example: true,
      productCount: 0,
      version: 2,
      createTime: '',
      creator: '',
    };
    const { id: _id, cropName: _c, example: _e, productCount: _p, version: _v, createTime: _t, creator: _cr, ...body } = stored;
    expect(criterionBody(draftOf(stored))).toEqual(body);
  });
});

describe('vetoes', () => {
  const kiwiPrecip: FactorRule = { factor: 'precip', breaks: [800, 1000, 1500], classes: [3, 1, 0, 1] };

  it('proposes the edge of the unsuitable end when a factor is marked, and drops the veto when unmarked', () => {
    expect(defaultVeto(kiwiPrecip)).toEqual({ lower: 800 });
    expect(defaultVeto({ breaks: [20, 43], classes: [0, 1, 3] })).toEqual({ upper: 43 });
    expect(defaultVeto({ breaks: [10, 13, 17, 18], classes: [3, 1, 0, 1, 3] })).toEqual({ lower: 10, upper: 18 });
    expect(defaultVeto({ breaks: [5, 9], classes: [1, 0, 2] })).toEqual({ lower: 5 });
    const marked = toggleVeto(kiwiPrecip, true);
    expect(marked.veto).toEqual({ lower: 800 });
    // marking again keeps what was entered
    expect(toggleVeto(setVetoBound(marked, 'lower', 750), true).veto).toEqual({ lower: 750 });
    expect(toggleVeto(marked, false)).toEqual(kiwiPrecip);
  });

  it('sets and clears each bound, keeping the other', () => {
    const both = setVetoBound(setVetoBound(kiwiPrecip, 'lower', 800), 'upper', 3000);
    expect(both.veto).toEqual({ lower: 800, upper: 3000 });
    expect(setVetoBound(both, 'lower', null).veto).toEqual({ upper: 3000 });
    expect(formatVeto(both.veto, formatThreshold)).toBe('≤ 800; > 3000');
    expect(formatVeto({ lower: -19 }, formatThreshold)).toBe('≤ -19');
    expect(formatVeto(undefined, formatThreshold)).toBe('');
  });

  it('are sent with any method and checked beside their fields', () => {
    const factors: FactorRule[] = [
      { factor: 'tmean', breaks: [12.4, 14.4, 15.5], classes: [3, 2, 1, 0], weight: 0.6 },
      { ...kiwiPrecip, weight: 0.4, veto: { lower: 800 } },
    ];
    expect(criterionBody(draft({ method: 'weighted', factors })).factors[1]!.veto).toEqual({ lower: 800 });
    expect(criterionBody(draft({ method: 'limiting', factors })).factors[1]).toEqual({ ...kiwiPrecip, veto: { lower: 800 } });
    expect(draftProblems(draft({ method: 'weighted', factors }), ranges)).toEqual([]);
    const bad = (veto: FactorRule['veto']) =>
      Object.fromEntries(
        [...problemsByPath(draftProblems(draft({ method: 'weighted', factors: [factors[0]!, { ...factors[1]!, veto }] }), ranges))].map(
          ([k, p]) => [k, p.key],
        ),
      );
    expect(bad({})).toEqual({ 'factors.1.veto': 'zoning.vetoEmpty' });
    expect(bad({ lower: 900, upper: 800 })).toEqual({ 'factors.1.veto.upper': 'zoning.vetoOrder' });
    expect(bad({ lower: -1 })).toEqual({ 'factors.1.veto.lower': 'zoning.vetoOutOfRange' });
    expect(bad({ upper: 4000 })).toEqual({ 'factors.1.veto.upper': 'zoning.vetoOutOfRange' });
  });
});

describe('problems shown beside the fields', () => {
  it('names each field of the tea criterion that is wrong, at its path', () => {
    const problems = draftProblems(
      draft({
        name: ' ',
        cropId: undefined,
        method: 'weighted',
        factors: [
          { factor: 'tmean', breaks: [12.4, 12.4, 15.5], classes: [3, 2, 1, 0], weight: 0.5 },
          { factor: 'springFrost', breaks: [20, Number.NaN, 430], classes: [0, 1, 2, 3], weight: 0.4 },
          { factor: 'nope', breaks: [1], classes: [0, 1], weight: 0.1 },
        ],
      }),
      ranges,
    );
    const byPath = problemsByPath(problems);
    expect(Object.fromEntries([...byPath].map(([k, p]) => [k, p.key]))).toEqual({
      name: 'zoning.nameMissing',
      cropId: 'zoning.cropMissing',
      'factors.0.breaks.1': 'zoning.breaksNotAscending',
      'factors.1.breaks.1': 'zoning.notFinite',
      'factors.1.breaks.2': 'zoning.breakOutOfRange',
      'factors.2.factor': 'zoning.unknownFactor',
    });
  });

  it('reports weights that do not sum to 1 and cut points out of order, and nothing for a valid criterion', () => {
    const factors: FactorRule[] = [
      { factor: 'tmean', breaks: [12.4, 14.4, 15.5], classes: [3, 2, 1, 0], weight: 0.5 },
      { factor: 'springFrost', breaks: [20, 27, 43], classes: [0, 1, 2, 3], weight: 0.4 },
    ];
    const bad = problemsByPath(draftProblems(draft({ method: 'weighted', factors, cutPoints: [2, 3, 1] }), ranges));
    expect(bad.get('factors')?.key).toBe('zoning.weightsSum');
    expect(bad.get('cutPoints')?.key).toBe('zoning.cutPointsOrder');
    const good = draft({ method: 'weighted', factors: factors.map((f, i) => ({ ...f, weight: i === 0 ? 0.6 : 0.4 })) });
    expect(draftProblems(good, ranges)).toEqual([]);
    expect(draftProblems(draft({ factors: factors.map(({ weight: _w, ...f }) => f) }), ranges)).toEqual([]);
  });

  it('has words for every key the engine reports on broken criteria', () => {
    const broken: ZoningCriterion[] = [
      { method: 'nope' as never, factors: [] },
      {
        method: 'fuzzy',
        factors: [
          { factor: '', breaks: [], classes: [9] },
          { factor: 'a', breaks: [2, 1, Number.NaN], classes: [0, 1], weight: -1, membership: [3, 2, 1, 0] },
          { factor: 'a', breaks: [1], classes: [0, 1], membership: [Number.NaN, 0, 0, 0] as never },
          { factor: 'b', breaks: [1], classes: [0, 1], weight: 0.2 },
        ],
        cutPoints: [0.1, 0.5, 2] as never,
      },
      {
        method: 'weighted',
        factors: [{ factor: 'a', breaks: [1], classes: [0, 1], weight: 0.5 }],
        classScores: [1, 2, 3, 4],
        cutPoints: [9, 8, 7],
      },
      { method: 'weighted', factors: [{ factor: 'a', breaks: [1], classes: [0, 1], weight: 1 }], classScores: [1, 2] as never },
      {
        method: 'fuzzy',
        factors: [{ factor: 'a', breaks: [1], classes: [0, 1], weight: 1, membership: [0, 1, 2, 3] }],
        cutPoints: [1, 2] as never,
      },
      { method: 'weighted', factors: [{ factor: 'c', breaks: [1], classes: [0, 1], weight: 1 }], cutPoints: [3, 2, 5] },
    ];
    const keys = new Set(broken.flatMap((c) => checkZoningCriterion(c, new Set(['a', 'b'])).map((p) => p.key)));
    expect(keys.size).toBeGreaterThan(15);
    const words = keysOf(zh);
    for (const key of keys) expect(words, key).toContain(problemKey(key));
  });

  it('reads the field a server refusal names', () => {
    expect(serverIssuePath('factors.1.breaks')).toBe('factors.1.breaks');
    expect(serverIssuePath('body.name')).toBe('name');
    expect(serverIssuePath('cropId')).toBe('cropId');
    expect(serverIssuePath('body')).toBeNull();
    expect(serverIssuePath('criteriaId')).toBeNull();
  });
});
