// Service products (docs/articles.md): the zod-free half the browser imports at run time: method and address of each
// call (spread into API_ENDPOINTS), the states and actions of the workflow, the limits and the template filling.

export const ARTICLE_ENDPOINTS = {
  articlePage: { method: 'GET', url: '/api/article/page' },
  articleDetail: { method: 'GET', url: '/api/article/detail' },
  articleAdd: { method: 'POST', url: '/api/article/add' },
  articleUpdate: { method: 'POST', url: '/api/article/update' },
  articleSubmit: { method: 'POST', url: '/api/article/submit' },
  articleApprove: { method: 'POST', url: '/api/article/approve' },
  articleReturn: { method: 'POST', url: '/api/article/return' },
  articlePublish: { method: 'POST', url: '/api/article/publish' },
  articleRevise: { method: 'POST', url: '/api/article/revise' },
  articleDuplicate: { method: 'POST', url: '/api/article/duplicate' },
  articleDelete: { method: 'POST', url: '/api/article/delete' },
  articleHistory: { method: 'GET', url: '/api/article/history' },
  articlePdf: { method: 'GET', url: '/api/article/pdf' },
  articleKinds: { method: 'GET', url: '/api/article/kinds' },
  articleKindSave: { method: 'POST', url: '/api/article/kind/save' },
  articleNextIssue: { method: 'GET', url: '/api/article/nextIssue' },
  articleLibraryImage: { method: 'POST', url: '/api/article/libraryImage' },
  articleLibraryImages: { method: 'GET', url: '/api/article/libraryImages' },
} as const;

/** draft → submitted → approved → published; a return sends a submitted or approved document back to draft. */
export const ARTICLE_STATES = ['draft', 'submitted', 'approved', 'published'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];
export const ARTICLE_ACTIONS = ['create', 'edit', 'submit', 'approve', 'return', 'publish', 'revise', 'duplicate', 'delete'] as const;
export type ArticleAction = (typeof ARTICLE_ACTIONS)[number];

export const ARTICLE_LIMITS = {
  title: 120,
  summary: 500,
  /** Stored HTML after sanitising. */
  body: 400_000,
  comment: 500,
  kindName: 32,
  series: 32,
  template: 20_000,
  issueNo: 9999,
  kinds: 20,
} as const;

/** Placeholders a kind's template may hold; a new document from the template gets them filled. */
export const ARTICLE_PLACEHOLDERS = ['date', 'issueNumber', 'unit', 'year'] as const;
export type ArticlePlaceholder = (typeof ARTICLE_PLACEHOLDERS)[number];

/** Replaces {date} {issueNumber} {unit} {year}; other braces are left as they are. */
export function fillArticleTemplate(template: string, values: Record<ArticlePlaceholder, string>): string {
  return template.replace(/\{(date|issueNumber|unit|year)\}/g, (_m, k: ArticlePlaceholder) => values[k]);
}

/** The issue line's number as Chinese practice prints it: "2026 年第 12 期". */
export function issueLabelZh(year: number, issueNo: number): string {
  return `${year} 年第 ${issueNo} 期`;
}
