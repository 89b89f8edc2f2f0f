import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { describeLocaleBundle } from '../../../test/locale-tree';
import en from './en';
import es from './es';
import { NS } from './index';
import zh from './zh';

await describeLocaleBundle('data-revise', { zh, en, es });

describe('data-revise locale resources', () => {
  it('is registered under its namespace in every language', () => {
    for (const lng of ['zh', 'en', 'es']) expect(i18n.hasResourceBundle(lng, NS)).toBe(true);
    expect(i18n.getFixedT('en', NS)('record.kinds.polygon')).toBe('Area revision');
    expect(i18n.getFixedT('zh', NS)('station.fields.stationNumber')).toBe('站号');
    expect(i18n.getFixedT('en', NS)('common.create')).toBe('New');
  });
});
