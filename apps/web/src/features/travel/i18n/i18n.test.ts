import { COMMENT_STATUSES, COMMENT_TARGETS } from '@agromet/contracts/web';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { describeLocaleBundle } from '../../../test/locale-tree';
import en from './en';
import es from './es';
import { NS } from './index';
import zh from './zh';

await describeLocaleBundle('travel', { zh, en, es });

describe('travel locale resources', () => {
  it('names every comment status and target kind in every language', () => {
    for (const lng of ['zh', 'en', 'es']) {
      const t = i18n.getFixedT(lng, NS);
      for (const s of COMMENT_STATUSES) expect(t(`comment.status.${s}`)).not.toBe(`comment.status.${s}`);
      for (const k of COMMENT_TARGETS) expect(t(`comment.targets.${k}`)).not.toBe(`comment.targets.${k}`);
    }
  });
});
