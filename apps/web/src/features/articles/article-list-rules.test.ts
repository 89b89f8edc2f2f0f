import { describe, expect, it } from 'vitest';
import { articleRowLinks, longerText, toArticleFilters } from './article-list-rules';

describe('toArticleFilters', () => {
  it('turns the kind into a number and "mine" into the user', () => {
    expect(toArticleFilters({ keyword: '春播', kindId: '3', state: 'draft', mine: 'true' }, 7)).toEqual({
      keyword: '春播',
      kindId: 3,
      state: 'draft',
      from: undefined,
      to: undefined,
      authorId: 7,
    });
  });

  it('drops a kind that is not a number and "mine" without a user', () => {
    const f = toArticleFilters({ kindId: 'x', mine: 'true', from: '2026-01-01T00:00:00.000Z' }, null);
    expect(f.kindId).toBeUndefined();
    expect(f.authorId).toBeUndefined();
    expect(f.from).toBe('2026-01-01T00:00:00.000Z');
  });

  it('has no author without "mine"', () => {
    expect(toArticleFilters({}, 7).authorId).toBeUndefined();
  });
});

describe('articleRowLinks', () => {
  it('always offers view and the PDF', () => {
    expect(articleRowLinks([])).toEqual(['view', 'pdf']);
  });

  it('orders the allowed steps and puts delete last', () => {
    expect(articleRowLinks(['delete', 'duplicate', 'submit', 'edit'])).toEqual(['view', 'edit', 'submit', 'duplicate', 'pdf', 'delete']);
    expect(articleRowLinks(['publish', 'return', 'approve', 'revise'])).toEqual(['view', 'approve', 'return', 'publish', 'revise', 'pdf']);
  });

  it('ignores actions that have no link (create)', () => {
    expect(articleRowLinks(['create'])).toEqual(['view', 'pdf']);
  });
});

describe('longerText', () => {
  it('gives the longer text, the first on a tie', () => {
    expect(longerText('已发布', '')).toBe('已发布');
    expect(longerText('Draft', 'Superseded')).toBe('Superseded');
    expect(longerText('ab', 'cd')).toBe('ab');
  });
});
