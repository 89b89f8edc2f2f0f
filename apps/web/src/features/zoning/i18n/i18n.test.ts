import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { describeLocaleBundle, keysOf } from '../../../test/locale-tree';
import en from './en';
import es from './es';
import { NS, problemKey } from './index';
import zh from './zh';

await describeLocaleBundle('zoning', { zh, en, es });

describe('zoning locale resources', () => {
  it('is registered under its namespace in every language', () => {
    for (const lng of ['zh', 'en', 'es']) expect(i18n.hasResourceBundle(lng, NS)).toBe(true);
    expect(i18n.getFixedT('zh', NS)('classes.c0')).toBe('最适宜');
    expect(i18n.getFixedT('en', NS)('classes.c3')).toBe('Unsuitable');
    expect(i18n.getFixedT('es', NS)('methods.limiting')).toBe('Factor limitante');
  });

  it('words every problem key the engine and the editor report', () => {
    // The keys checkZoningCriterion (packages/grid/src/zoning.ts) and draftProblems (criterion-rules.ts) produce.
    const keys = [
      'methodUnknown',
      'noFactors',
      'tooManyFactors',
      'factorMissing',
      'unknownFactor',
      'duplicateFactor',
      'breaksLength',
      'notFinite',
      'breaksNotAscending',
      'classesLength',
      'classValue',
      'weightMissing',
      'weightPositive',
      'weightsSum',
      'membershipMissing',
      'trapezoidOrder',
      'classScoresLength',
      'classScoresOrder',
      'cutPointsMissing',
      'cutPointsLength',
      'cutPointsOrder',
      'cutPointsRange',
      'nameMissing',
      'cropMissing',
      'breakOutOfRange',
      'vetoEmpty',
      'vetoOrder',
      'vetoOutOfRange',
    ];
    const reference = keysOf(zh);
    for (const key of keys) expect(reference).toContain(problemKey(`zoning.${key}`));
  });
});
