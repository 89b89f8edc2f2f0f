import { ARTICLE_STATES, type ArticleAction, type ArticleState } from './articles-endpoints.js';
import { describe, expect, it } from 'vitest';
import { ARTICLE_ACTION_CODES, allowedArticleActions as allowedActions, decideArticle as decide } from './article-workflow.js';
import { ARTICLE_API } from './articles-api.js';
import { ARTICLE_APPROVE_CODE as APPROVE, ARTICLE_WRITE_CODE as WRITE } from './permissions.js';

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

describe('separation of duties (docs/security.md#separation-of-duties)', () => {
  it('offers each action only to holders of its code: a writer never approves, a reviewer never writes', () => {
    expect(allowedActions('draft', author, [WRITE])).toEqual(['edit', 'submit', 'duplicate', 'delete']);
    expect(allowedActions('draft', reviewer, [APPROVE])).toEqual([]);
    expect(allowedActions('submitted', reviewer, [WRITE])).toEqual(['duplicate']);
    expect(allowedActions('submitted', reviewer, [APPROVE])).toEqual(['approve', 'return']);
    expect(allowedActions('approved', reviewer, [APPROVE])).toEqual(['return', 'publish']);
    expect(allowedActions('approved', author, [WRITE])).toEqual(['duplicate']);
    expect(allowedActions('published', reviewer, [APPROVE])).toEqual([]);
    expect(allowedActions('submitted', reviewer, ['admin'])).toEqual(allowedActions('submitted', reviewer));
    // Both codes (a role from before the split): still never the author's own review.
    expect(allowedActions('submitted', author, [WRITE, APPROVE])).toEqual(['duplicate']);
  });

  it("the calls of the workflow's actions need exactly the action's code", () => {
    const calls = {
      create: ARTICLE_API.articleAdd,
      edit: ARTICLE_API.articleUpdate,
      submit: ARTICLE_API.articleSubmit,
      approve: ARTICLE_API.articleApprove,
      return: ARTICLE_API.articleReturn,
      publish: ARTICLE_API.articlePublish,
      revise: ARTICLE_API.articleRevise,
      duplicate: ARTICLE_API.articleDuplicate,
      delete: ARTICLE_API.articleDelete,
    } as const;
    for (const [action, def] of Object.entries(calls))
      expect(def.access, action).toEqual({ kind: 'codes', codes: [ARTICLE_ACTION_CODES[action as ArticleAction]] });
    expect(ARTICLE_API.articleDetail.access.codes).toEqual([WRITE, APPROVE]);
  });
});
