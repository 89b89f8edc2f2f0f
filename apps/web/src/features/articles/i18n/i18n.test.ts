import {
  ARTICLE_ACTIONS,
  ARTICLE_PLACEHOLDERS,
  ARTICLE_PLATFORM_TYPES,
  ARTICLE_PUBLICATION_NOTES,
  ARTICLE_PUBLICATION_STATES,
  ARTICLE_STATES,
} from '@agromet/contracts/web';
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
      for (const p of ARTICLE_PLATFORM_TYPES) expect(t(`platforms.types.${p}`)).not.toBe(`platforms.types.${p}`);
      for (const s of ARTICLE_PUBLICATION_STATES) expect(t(`publications.states.${s}`)).not.toBe(`publications.states.${s}`);
      for (const n of ARTICLE_PUBLICATION_NOTES.filter(Boolean)) expect(t(`publications.notes.${n}`)).not.toBe(`publications.notes.${n}`);
      for (const p of ARTICLE_PLACEHOLDERS) expect(t(`kinds.placeholders.${p}`)).not.toBe(`kinds.placeholders.${p}`);
    }
  });
});
