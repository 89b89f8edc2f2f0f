import type { ArticleAction, ArticleState } from './articles-endpoints.js';
import { ARTICLE_APPROVE_CODE, ARTICLE_WRITE_CODE, holdsAnyCode } from './permissions.js';

// The workflow of a service document (docs/articles.md#workflow), as a pure function the server asks before it
// changes anything: draft → submitted → approved → published; a submitted or approved document can be returned to
// draft with a comment; someone other than the author approves and returns; a published document is frozen (only a
// new revision corrects it); only drafts are edited or deleted.

export type ArticleVerdict =
  | { ok: true; to: ArticleState }
  /** 4003: the caller may not do this to this document (the author reviewing their own). */
  | { ok: false; code: 'forbidden'; reason: 'ownReview' }
  /** 4009: the document's state does not allow the action (as the house answers a stale record). */
  | { ok: false; code: 'conflict'; reason: 'illegalTransition' | 'frozen' };

interface Who {
  actorId: number;
  authorId: number | null;
}

const conflict = (state: ArticleState): ArticleVerdict => ({
  ok: false,
  code: 'conflict',
  reason: state === 'published' ? 'frozen' : 'illegalTransition',
});

/** What `action` on a document in `state` leads to; `revise` and `duplicate` answer the state of the source, unchanged. */
export function decideArticle(state: ArticleState, action: ArticleAction, who: Who): ArticleVerdict {
  const isAuthor = who.authorId !== null && who.authorId === who.actorId;
  switch (action) {
    case 'create':
      return { ok: true, to: 'draft' };
    case 'edit':
    case 'delete':
      return state === 'draft' ? { ok: true, to: 'draft' } : conflict(state);
    case 'submit':
      return state === 'draft' ? { ok: true, to: 'submitted' } : conflict(state);
    case 'approve':
      if (state !== 'submitted') return conflict(state);
      return isAuthor ? { ok: false, code: 'forbidden', reason: 'ownReview' } : { ok: true, to: 'approved' };
    case 'return':
      if (state !== 'submitted' && state !== 'approved') return conflict(state);
      return isAuthor ? { ok: false, code: 'forbidden', reason: 'ownReview' } : { ok: true, to: 'draft' };
    case 'publish':
      return state === 'approved' ? { ok: true, to: 'published' } : conflict(state);
    case 'revise':
      return state === 'published' ? { ok: true, to: 'published' } : { ok: false, code: 'conflict', reason: 'illegalTransition' };
    case 'duplicate':
      return { ok: true, to: state };
  }
}

/**
 * The permission code each action needs (docs/articles.md#workflow): approving, returning and publishing are the
 * reviewer's; everything else the writer's. The calls' access in `articles.ts` is built from this table.
 */
export const ARTICLE_ACTION_CODES: Readonly<Record<ArticleAction, string>> = {
  create: ARTICLE_WRITE_CODE,
  edit: ARTICLE_WRITE_CODE,
  submit: ARTICLE_WRITE_CODE,
  approve: ARTICLE_APPROVE_CODE,
  return: ARTICLE_APPROVE_CODE,
  publish: ARTICLE_APPROVE_CODE,
  revise: ARTICLE_WRITE_CODE,
  duplicate: ARTICLE_WRITE_CODE,
  delete: ARTICLE_WRITE_CODE,
};

/** Whether a user holding `codes` may take `action` at all (admin may take every one). */
export function holdsArticleAction(codes: readonly string[], action: ArticleAction): boolean {
  return holdsAnyCode(codes, [ARTICLE_ACTION_CODES[action]]);
}

/**
 * The actions a caller can take on a document now (for the page's buttons; the server decides again): those the
 * workflow allows and, when `codes` are given, those whose code the caller holds.
 */
export function allowedArticleActions(state: ArticleState, who: Who, codes?: readonly string[]): ArticleAction[] {
  const all: ArticleAction[] = ['edit', 'submit', 'approve', 'return', 'publish', 'revise', 'duplicate', 'delete'];
  return all.filter((a) => decideArticle(state, a, who).ok && (codes === undefined || holdsArticleAction(codes, a)));
}
