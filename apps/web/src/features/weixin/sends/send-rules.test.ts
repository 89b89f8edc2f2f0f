import { describe, expect, it } from 'vitest';
import { sendContentText, sendCountsText, sendRequest, type SendValues } from './send-rules';

describe('send rules', () => {
  it('shows a picture by its name after its label, a text as it is', () => {
    expect(sendContentText({ kind: 'image', content: 'MEDIA42\n霜冻.png' }, '图片')).toBe('[图片] 霜冻.png');
    expect(sendContentText({ kind: 'image', content: 'MEDIA42' }, 'Picture')).toBe('[Picture] ');
    expect(sendContentText({ kind: 'text', content: '今晚有霜\n注意防护' }, '图片')).toBe('今晚有霜\n注意防护');
  });

  it('counts once WeChat reported a total', () => {
    expect(sendCountsText({ sentCount: null, totalCount: null })).toBe('');
    expect(sendCountsText({ sentCount: null, totalCount: 120 })).toBe('0 / 120');
    expect(sendCountsText({ sentCount: 118, totalCount: 120 })).toBe('118 / 120');
  });

  const base: SendValues = {
    accountId: 3,
    kind: 'text',
    text: '  霜冻  ',
    articleId: 9,
    mediaId: 7,
    target: 'all',
    tagId: 5,
    openIds: ['o1'],
  };

  it('sends only what the kind and the target use, the text trimmed', () => {
    expect(sendRequest(base)).toEqual({ accountId: 3, kind: 'text', text: '霜冻', target: 'all', openIds: [] });
    expect(sendRequest({ ...base, kind: 'article', target: 'tag' })).toEqual({
      accountId: 3,
      kind: 'article',
      text: '霜冻',
      articleId: 9,
      target: 'tag',
      tagId: 5,
      openIds: [],
    });
    expect(sendRequest({ ...base, kind: 'image', target: 'openids' })).toEqual({
      accountId: 3,
      kind: 'image',
      text: '霜冻',
      mediaId: 7,
      target: 'openids',
      openIds: ['o1'],
    });
  });
});
