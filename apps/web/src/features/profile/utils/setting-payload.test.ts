import { describe, expect, it } from 'vitest';
import { settingPayload } from './setting-payload';

const DEFAULT = '/default-avatar.svg';

describe('settingPayload', () => {
  it('sends only the accepted fields, trimmed', () => {
    expect(
      settingPayload({ name: ' 张三 ', email: ' a@b.cn ', mobile: ' 138 ', introduction: ' hi ' }, '/api/files/a.png', DEFAULT),
    ).toEqual({
      name: '张三',
      avatar: '/api/files/a.png',
      email: 'a@b.cn',
      mobile: '138',
      introduction: ' hi ',
    });
  });

  it('blanks the default placeholder avatar', () => {
    expect(settingPayload({ name: 'x' }, DEFAULT, DEFAULT)).toEqual({ name: 'x', avatar: '', email: '', mobile: '', introduction: '' });
    expect(settingPayload({ name: 'x' }, '', DEFAULT).avatar).toBe('');
  });

  it('sends the chosen publishing platforms only when the form has them, each once', () => {
    expect(settingPayload({ name: 'x' }, '', DEFAULT)).not.toHaveProperty('articlePlatform');
    expect(settingPayload({ name: 'x', articlePlatform: ['3', '4', '3'] }, '', DEFAULT).articlePlatform).toEqual(['3', '4']);
    expect(settingPayload({ name: 'x', articlePlatform: [] }, '', DEFAULT).articlePlatform).toEqual([]);
  });
});
