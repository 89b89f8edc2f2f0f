import type { ArticleAction, ArticleState } from '@agromet/contracts';
import type { ArticleFilters } from './api/articles';

// Pure rules of the bulletins list (docs/console.md#list-pages): its filters as the address keeps them, and which
// links a row shows.

/** The list's filters as text (the address's form): `mine` is 'true' when only the user's own documents are shown. */
export type ArticleListFilters = {
  keyword?: string;
  kindId?: string;
  state?: string;
  from?: string;
  to?: string;
  mine?: string;
};

/** The list query's filters: the kind as a number (a kind that is not one is no filter), "mine" as the user's id. */
export function toArticleFilters(f: ArticleListFilters, me: number | null): ArticleFilters {
  const kindId = f.kindId !== undefined && /^\d+$/.test(f.kindId) ? Number(f.kindId) : undefined;
  return {
    keyword: f.keyword,
    kindId,
    state: f.state as ArticleState | undefined,
    from: f.from,
    to: f.to,
    authorId: f.mine === 'true' && me !== null ? me : undefined,
  };
}

/** A link of a row's action column: one of the workflow's steps, or viewing, the PDF and sending back. */
export type ArticleRowLink = ArticleAction | 'view' | 'pdf';

/**
 * The links a row shows, in order: view always, then what the workflow allows the user on it (edit, submit, approve,
 * return, publish, revise, duplicate), the PDF always, and delete last.
 */
export function articleRowLinks(allowed: readonly ArticleAction[]): ArticleRowLink[] {
  const steps: ArticleAction[] = ['edit', 'submit', 'approve', 'return', 'publish', 'revise', 'duplicate'];
  return ['view', ...steps.filter((a) => allowed.includes(a)), 'pdf', ...(allowed.includes('delete') ? (['delete'] as const) : [])];
}

/** The longer of two texts (the widest line of a cell that stacks them); the first when they are as long. */
export function longerText(a: string, b: string): string {
  return b.length > a.length ? b : a;
}
