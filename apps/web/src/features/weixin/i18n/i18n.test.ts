import { MENU_BUTTON_TYPES } from '@agromet/contracts/web';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { describeLocaleBundle } from '../../../test/locale-tree';
import en from './en';
import es from './es';
import { NS } from './index';
import zh from './zh';

await describeLocaleBundle('weixin', { zh, en, es });

describe('weixin locale resources', () => {
  it('names every menu button type in every language', () => {
    for (const lng of ['zh', 'en', 'es']) {
      const t = i18n.getFixedT(lng, NS);
      for (const type of MENU_BUTTON_TYPES) expect(t(`menu.types.${type}`)).not.toBe(`menu.types.${type}`);
    }
  });
});
