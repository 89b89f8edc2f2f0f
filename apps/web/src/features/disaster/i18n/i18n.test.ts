import { SANDSTORM_LEVELS } from '@agromet/contracts/web';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { describeLocaleBundle } from '../../../test/locale-tree';
import en from './en';
import es from './es';
import { NS } from './index';
import zh from './zh';

await describeLocaleBundle('disaster', { zh, en, es });

describe('disaster locale resources', () => {
  it('is registered under its namespace and names every grade in every language', () => {
    for (const lng of ['zh', 'en', 'es']) {
      expect(i18n.hasResourceBundle(lng, NS)).toBe(true);
      for (const level of SANDSTORM_LEVELS) expect(i18n.getFixedT(lng, NS)(`levels.${level}`)).not.toBe(`levels.${level}`);
    }
    expect(i18n.getFixedT('zh', NS)('levels.sandstorm')).toBe('沙尘暴');
  });
});
