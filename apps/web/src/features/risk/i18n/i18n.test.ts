import { HAZARD_KINDS } from '@agromet/contracts/web';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { describeLocaleBundle, keysOf } from '../../../test/locale-tree';
import en from './en';
import es from './es';
import { NS } from './index';
import zh from './zh';

await describeLocaleBundle('risk', { zh, en, es });

describe('risk locale resources', () => {
  it('is registered under its namespace in every language', () => {
    for (const lng of ['zh', 'en', 'es']) expect(i18n.hasResourceBundle(lng, NS)).toBe(true);
    expect(i18n.getFixedT('zh', NS)('levels.l3')).toBe('II 级（橙色）');
    expect(i18n.getFixedT('en', NS)('levels.l4')).toBe('I (red)');
    expect(i18n.getFixedT('es', NS)('kinds.frost')).toBe('Helada');
  });

  it('words every hazard kind and every problem key the engine reports', () => {
    const reference = keysOf(zh);
    for (const kind of HAZARD_KINDS) expect(reference).toContain(`kinds.${kind}`);
    // the keys of checkRiskConditions (packages/grid/src/risk.ts) and draftProblems (risk-rules.ts)
    for (const key of [
      'noConditions',
      'tooManyConditions',
      'noLevel',
      'opUnknown',
      'thresholdsLength',
      'thresholdMissing',
      'notFinite',
      'levelUnused',
      'notAscending',
      'notDescending',
      'elementMissing',
    ])
      expect(reference).toContain(`problem.${key}`);
  });
});
