import { ARTICLE_STATES, type ArticleAction, type ArticleState } from './articles-endpoints.js';
import { describe, expect, it } from 'vitest';
import { allowedArticleActions as allowedActions, decideArticle as decide } from './article-workflow.js';

const author = { actorId: 1, authorId: 1 };
const reviewer = { actorId: 2, authorId: 1 };

describe('service document workflow', () => {
  // state, action, who, expected: the next state, or the refusal's code and reason.
  const table: Array<[ArticleState, ArticleAction, typeof author, string]> = [
    ['draft', 'edit', author, 'draft'],
    ['draft', 'submit', author, 'submitted'],
    ['draft', 'approve', reviewer, 'conflict:illegalTransition'],
    ['draft', 'publish', reviewer, 'conflict:illegalTransition'],
    ['draft', 'return', reviewer, 'conflict:illegalTransition'],
    ['draft', 'delete', author, 'draft'],
    ['draft', 'revise', author, 'conflict:illegalTransition'],
    ['submitted', 'edit', author, 'conflict:illegalTransition'],
    ['submitted', 'submit', author, 'conflict:illegalTransition'],
    ['submitted', 'approve', author, 'forbidden:ownReview'],
    ['submitted', 'approve', reviewer, 'approved'],
    ['submitted', 'return', author, 'forbidden:ownReview'],
    ['submitted', 'return', reviewer, 'draft'],
    ['submitted', 'publish', reviewer, 'conflict:illegalTransition'],
    ['submitted', 'delete', author, 'conflict:illegalTransition'],
    ['approved', 'publish', author, 'published'],
    ['approved', 'return', reviewer, 'draft'],
    ['approved', 'approve', reviewer, 'conflict:illegalTransition'],
    ['approved', 'edit', author, 'conflict:illegalTransition'],
    ['published', 'edit', author, 'conflict:frozen'],
    ['published', 'delete', author, 'conflict:frozen'],
    ['published', 'submit', author, 'conflict:frozen'],
    ['published', 'return', reviewer, 'conflict:frozen'],
    ['published', 'publish', reviewer, 'conflict:frozen'],
    ['published', 'revise', author, 'published'],
    ['published', 'duplicate', author, 'published'],
  ];
  it.each(table)('%s + %s → %s', (state, action, who, expected) => {
    const v = decide(state, action, who);
    expect(v.ok ? v.to : `${v.code}:${v.reason}`).toBe(expected);
  });

  it('a document without a known author can be reviewed by anyone', () => {
    expect(decide('submitted', 'approve', { actorId: 1, authorId: null })).toEqual({ ok: true, to: 'approved' });
  });

  it('the author never sees approve or return, and a published document offers only revise and duplicate', () => {
    for (const s of ARTICLE_STATES) {
      expect(allowedActions(s, author)).not.toContain('approve');
      expect(allowedActions(s, author)).not.toContain('return');
    }
    expect(allowedActions('published', reviewer)).toEqual(['revise', 'duplicate']);
    expect(allowedActions('submitted', reviewer)).toEqual(['approve', 'return', 'duplicate']);
  });
});
