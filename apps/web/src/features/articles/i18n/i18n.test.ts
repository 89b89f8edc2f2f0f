import { ARTICLE_ACTIONS, ARTICLE_STATES } from '@agromet/contracts/web';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { describeLocaleBundle } from '../../../test/locale-tree';
import en from './en';
import es from './es';
import { NS } from './index';
import zh from './zh';

await describeLocaleBundle('articles', { zh, en, es });

describe('service-products locale resources', () => {
  it('names every state and action of the workflow in every language', () => {
    for (const lng of ['zh', 'en', 'es']) {
      const t = i18n.getFixedT(lng, NS);
      for (const s of ARTICLE_STATES) expect(t(`states.${s}`)).not.toBe(`states.${s}`);
      for (const a of ARTICLE_ACTIONS) expect(t(`actions.${a}`)).not.toBe(`actions.${a}`);
      for (const a of ARTICLE_ACTIONS.filter((x) => x !== 'edit' && x !== 'delete'))
        expect(t(`historyActions.${a}`)).not.toBe(`historyActions.${a}`);
    }
  });
});
