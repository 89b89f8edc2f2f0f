import { describe, expect, it } from 'vitest';
import i18n from '../../../../lib/i18n';
import { describeLocaleBundle } from '../../../../test/locale-tree';
import en from './en';
import es from './es';
import { NS } from './index';
import zh from './zh';

await describeLocaleBundle('cropCalendar', { zh, en, es });

describe('crop-calendar locale resources', () => {
  it('is registered under its namespace in every language, twelve months each', () => {
    for (const lng of ['zh', 'en', 'es']) {
      expect(i18n.hasResourceBundle(lng, NS)).toBe(true);
      expect(i18n.getFixedT(lng, NS)('months').split(',')).toHaveLength(12);
    }
  });
});
