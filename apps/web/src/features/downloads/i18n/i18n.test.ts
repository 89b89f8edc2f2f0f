import { DOWNLOAD_KINDS } from '@agromet/contracts/web';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { describeLocaleBundle } from '../../../test/locale-tree';
import en from './en';
import es from './es';
import { NS } from './index';
import zh from './zh';

await describeLocaleBundle('downloads', { zh, en, es });

describe('downloads locale resources', () => {
  it('is registered under its namespace in every language', () => {
    for (const lng of ['zh', 'en', 'es']) expect(i18n.hasResourceBundle(lng, NS)).toBe(true);
    expect(i18n.getFixedT('zh', NS)('tabs.library')).toBe('产品库');
    expect(i18n.getFixedT('en', NS)('action.zip', { count: 3 })).toBe('Download as zip (3)');
    expect(i18n.getFixedT('es', NS)('kind.zoning')).toBe('Producto de zonificación');
  });

  it('names every kind the library holds', () => {
    for (const bundle of [zh, en, es]) for (const kind of DOWNLOAD_KINDS) expect(bundle.kind?.[kind]).toBeTruthy();
  });
});
