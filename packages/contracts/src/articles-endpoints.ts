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
  articleKindDelete: { method: 'POST', url: '/api/article/kind/delete' },
  articlePlatforms: { method: 'GET', url: '/api/article/platforms' },
  articlePlatformSave: { method: 'POST', url: '/api/article/platform/save' },
  articlePlatformDelete: { method: 'POST', url: '/api/article/platform/delete' },
  articleAttachmentUpload: { method: 'POST', url: '/api/article/attachment/upload' },
  articleAttachmentDelete: { method: 'POST', url: '/api/article/attachment/delete' },
  articleAttachment: { method: 'GET', url: '/api/article/attachment' },
  articlePublic: { method: 'GET', url: '/api/public/articles/:id' },
} as const;

/**
 * What publishing to a platform means: `website` makes the document readable at the public address
 * /api/public/articles/:id (state published, with the address); `officialAccount` hands it to the official account's
 * article sending (pending until that is connected); `manual` records that someone sends it by hand (state manual).
 */
export const ARTICLE_PLATFORM_TYPES = ['officialAccount', 'website', 'manual'] as const;
export type ArticlePlatformType = (typeof ARTICLE_PLATFORM_TYPES)[number];
export const ARTICLE_PUBLICATION_STATES = ['pending', 'published', 'manual'] as const;
export type ArticlePublicationState = (typeof ARTICLE_PUBLICATION_STATES)[number];
/** Codes of a publication's note, translated by the page. */
export const ARTICLE_PUBLICATION_NOTES = ['officialAccountNotConnected', 'byHand', ''] as const;
export type ArticlePublicationNote = (typeof ARTICLE_PUBLICATION_NOTES)[number];

/** Attachments a document may hold, and the largest one. */
export const ARTICLE_ATTACHMENTS = { maxCount: 10, maxKb: 20480 } as const;

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
  platforms: 10,
  platformName: 32,
} as const;

/** Placeholders a kind's template may hold; a new document from the template gets them filled. */
export const ARTICLE_PLACEHOLDERS = ['date', 'issueNumber', 'unit', 'year'] as const;
export type ArticlePlaceholder = (typeof ARTICLE_PLACEHOLDERS)[number];

/** Replaces {date} {issueNumber} {unit} {year}; other braces are left as they are. */
export function fillArticleTemplate(template: string, values: Record<ArticlePlaceholder, string>): string {
  return template.replace(/\{(date|issueNumber|unit|year)\}/g, (_m, k: ArticlePlaceholder) => values[k]);
}

/** The languages an issue number is written in (the console's). */
export type IssueLabelLanguage = 'zh' | 'en' | 'es';

/**
 * The issue line's number as each language prints it: "2026 年第 12 期", "No. 12, 2026", "N.º 12, 2026". The console
 * shows it in the interface language; the bulletin (PDF) in the language it is written in.
 */
export function issueLabel(year: number, issueNo: number, lang: IssueLabelLanguage): string {
  switch (lang) {
    case 'en':
      return `No. ${issueNo}, ${year}`;
    case 'es':
      return `N.º ${issueNo}, ${year}`;
    default:
      return `${year} 年第 ${issueNo} 期`;
  }
}
