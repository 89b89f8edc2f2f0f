import { PRODUCT_AGGREGATIONS, PRODUCT_LANGUAGES, PRODUCT_MODES, PRODUCT_STATUSES } from '@agromet/contracts/web';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { describeLocaleBundle } from '../../../test/locale-tree';
import en from './en';
import es from './es';
import { NS } from './index';
import zh from './zh';

await describeLocaleBundle('products', { zh, en, es });

describe('products locale resources', () => {
  it('is registered under its namespace in every language', () => {
    for (const lng of ['zh', 'en', 'es']) expect(i18n.hasResourceBundle(lng, NS)).toBe(true);
    expect(i18n.getFixedT('zh', NS)('aggregation.sum')).toBe('累计');
    expect(i18n.getFixedT('en', NS)('mode.series')).toBe('Series, one per lead');
    expect(i18n.getFixedT('es', NS)('template.northArrow')).toBe('Flecha del norte');
  });

  it('words every mode, aggregation, status and product language of the contracts', () => {
    for (const bundle of [zh, en, es]) {
      for (const m of PRODUCT_MODES) expect(bundle.mode[m]).toBeTruthy();
      for (const a of PRODUCT_AGGREGATIONS) expect(bundle.aggregation[a]).toBeTruthy();
      for (const s of PRODUCT_STATUSES) expect(bundle.status[s]).toBeTruthy();
      for (const l of PRODUCT_LANGUAGES) expect(bundle.language[l]).toBeTruthy();
    }
  });
});
