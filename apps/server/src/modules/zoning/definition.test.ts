import { describe, expect, it } from 'vitest';
import { definitionOf, engineCriterion, resolvedClassNames } from './definition.js';

describe('definitionOf', () => {
  it('keeps only what a rule gives, vetoes with only their bounds', () => {
    const def = definitionOf({
      factors: [
        { factor: 'tavg', breaks: [10, 20], classes: [3, 0, 2] },
        { factor: 'prcp', breaks: [500], classes: [1, 0], weight: 0.4, veto: { lower: 300, upper: undefined } },
      ],
    });
    expect(def).toEqual({
      factors: [
        { factor: 'tavg', breaks: [10, 20], classes: [3, 0, 2] },
        { factor: 'prcp', breaks: [500], classes: [1, 0], weight: 0.4, veto: { lower: 300 } },
      ],
    });
    expect(Object.keys(def.factors[1]!.veto!)).toEqual(['lower']);
    expect('classScores' in def || 'cutPoints' in def).toBe(false);
  });

  it('copies the arrays it is given, so a later change of the input does not change what is stored', () => {
    const breaks = [1, 2];
    const def = definitionOf({ factors: [{ factor: 'tavg', breaks, classes: [0, 1, 2] }], cutPoints: [1, 2, 3] });
    breaks.push(3);
    expect(def.factors[0]!.breaks).toEqual([1, 2]);
    expect(def.cutPoints).toEqual([1, 2, 3]);
  });
});

describe('engineCriterion', () => {
  it('hands the engine the method with the stored factors, scores and cut points', () => {
    const def = definitionOf({ factors: [{ factor: 'tavg', breaks: [5], classes: [0, 3] }], classScores: [4, 3, 2, 1] });
    expect(engineCriterion('weighted', def)).toEqual({
      method: 'weighted',
      factors: def.factors,
      classScores: [4, 3, 2, 1],
      cutPoints: undefined,
    });
  });
});

describe('resolvedClassNames', () => {
  // The defaults for empty names come from the messages (checked through the API in one-language.test.ts).
  it("keeps the criterion's own names, trimmed, in every language", () => {
    for (const lang of ['zh', 'en', 'es'] as const) {
      expect(resolvedClassNames(['高产区', ' 适宜区', '次适宜区 ', '  不宜 '], lang)).toEqual(['高产区', '适宜区', '次适宜区', '不宜']);
    }
  });
});
