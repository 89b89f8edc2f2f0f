import { z } from 'zod';
import type { ApiDef } from './api.js';
import {
  ARTICLE_ENDPOINTS as E,
  ARTICLE_LIMITS as L,
  ARTICLE_PLATFORM_TYPES,
  ARTICLE_PUBLICATION_NOTES,
  ARTICLE_PUBLICATION_STATES,
  ARTICLE_STATES,
} from './articles-endpoints.js';
import { paged, pageFields } from './system.js';
import { ARTICLE_ACTION_CODES as BY_ACTION } from './article-workflow.js';
import { ARTICLE_APPROVE_CODE, ARTICLE_WRITE_CODE } from './permissions.js';

// Service products (docs/articles.md): bulletins and briefings written, reviewed, published and printed as PDF.
// Entries of the API table, spread into API in api.ts. Writing and approving are separate duties
// (docs/security.md#separation-of-duties): the writer's code writes, the reviewer's approves, returns and publishes,
// and either reads.

/** Reading documents, their history, PDF and attachments, the kinds and platforms: writers and reviewers. */
const ARTICLES = { kind: 'codes', codes: [ARTICLE_WRITE_CODE, ARTICLE_APPROVE_CODE] } as const;
/** Writing: documents, attachments, kinds and platforms. */
const WRITE = { kind: 'codes', codes: [ARTICLE_WRITE_CODE] } as const;
/** The code of one workflow action (approve, return, publish: the reviewer's). */
const action = (a: keyof typeof BY_ACTION) => ({ kind: 'codes', codes: [BY_ACTION[a]] }) as const;

const id = z.number().int().positive();
const version = z.number().int().positive();
const queryId = z.coerce.number().int().positive();
const issueNo = z.number().int().min(1).max(L.issueNo);

export const ArticleKind = z.object({
  id: z.number().int(),
  /** The kind's name in lists ("农业气象周报"). */
  name: z.string(),
  /** The series name printed in red on the masthead. */
  series: z.string(),
  /** Skeleton body (HTML) with placeholders {date} {issueNumber} {unit} {year}. */
  template: z.string(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type ArticleKind = z.infer<typeof ArticleKind>;

export const ArticleKindSave = z.strictObject({
  /** Absent: a new kind. */
  id: id.optional(),
  version: version.optional(),
  name: z.string().trim().min(1).max(L.kindName),
  series: z.string().trim().min(1).max(L.series),
  template: z.string().max(L.template).default(''),
  sort: z.number().int().min(0).max(999).default(0),
});

export const ArticleSummary = z.object({
  id: z.number().int(),
  kindId: z.number().int(),
  kindName: z.string(),
  year: z.number().int(),
  issueNo: z.number().int(),
  /** The issue number in the reader's language (issueLabel(): "2026 年第 12 期", "No. 12, 2026", "N.º 12, 2026"). */
  issueLabel: z.string(),
  /** 1 for the original; a correction of a published document is the next revision with the same issue. */
  revision: z.number().int(),
  title: z.string(),
  summary: z.string(),
  state: z.enum(ARTICLE_STATES),
  authorId: z.number().int().nullable(),
  authorName: z.string(),
  reviewerName: z.string(),
  /** The comment of the last return, while the document is a draft again. */
  returnComment: z.string(),
  /** When it was published (null before). */
  issuedAt: z.string().nullable(),
  /** A published document replaced by a later published revision. */
  superseded: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ArticleSummary = z.infer<typeof ArticleSummary>;

export const ArticlePlatform = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(ARTICLE_PLATFORM_TYPES),
  sort: z.number().int(),
  version: z.number().int(),
});
export type ArticlePlatform = z.infer<typeof ArticlePlatform>;

export const ArticlePlatformSave = z.strictObject({
  id: id.optional(),
  version: version.optional(),
  name: z.string().trim().min(1).max(L.platformName),
  type: z.enum(ARTICLE_PLATFORM_TYPES),
  sort: z.number().int().min(0).max(999).default(0),
});

/** What publishing a document to one platform did, and when. */
export const ArticlePublication = z.object({
  id: z.number().int(),
  platformId: z.number().int().nullable(),
  platformName: z.string(),
  platformType: z.enum(ARTICLE_PLATFORM_TYPES),
  state: z.enum(ARTICLE_PUBLICATION_STATES),
  /** The public address (website). */
  url: z.string(),
  note: z.enum(ARTICLE_PUBLICATION_NOTES),
  userName: z.string(),
  at: z.string(),
});
export type ArticlePublication = z.infer<typeof ArticlePublication>;

export const ArticleAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  userName: z.string(),
  createdAt: z.string(),
});
export type ArticleAttachment = z.infer<typeof ArticleAttachment>;

export const ArticleDetail = ArticleSummary.extend({
  attachments: z.array(ArticleAttachment),
  publications: z.array(ArticlePublication),
  /** Sanitised HTML. */
  body: z.string(),
  /** The issuing unit (the customer's name), printed on the masthead and footer. */
  unit: z.string(),
  series: z.string(),
  /** The document this one revises (null for an original). */
  revisionOf: z.number().int().nullable(),
});
export type ArticleDetail = z.infer<typeof ArticleDetail>;

export const ArticleQuery = z.strictObject({
  ...pageFields,
  /** In the title or the text. */
  keyword: z.string().trim().max(64).optional(),
  kindId: z.coerce.number().int().positive().optional(),
  state: z.enum(ARTICLE_STATES).optional(),
  /** Created on or after / before (ISO date or time). */
  from: z.string().max(32).optional(),
  to: z.string().max(32).optional(),
  authorId: z.coerce.number().int().positive().optional(),
});

const articleFields = {
  title: z.string().trim().min(1).max(L.title),
  summary: z.string().trim().max(L.summary).default(''),
  /** HTML; sanitised by the server with an allow-list before it is stored. */
  body: z
    .string()
    .max(L.body * 2)
    .default(''),
};

export const ArticleAdd = z.strictObject({
  kindId: id,
  ...articleFields,
  /** Absent: the next number of the kind and year. */
  issueNo: issueNo.optional(),
  /** Start from the kind's template (its placeholders filled) instead of `body`. */
  fromTemplate: z.boolean().default(false),
});
export const ArticleUpdate = z.strictObject({ id, version, ...articleFields, issueNo: issueNo.optional() });
export const ArticleIdBody = z.strictObject({ id });
export const ArticleReturnBody = z.strictObject({ id, comment: z.string().trim().min(1).max(L.comment) });
export const ArticleIdQuery = z.strictObject({ id: queryId });
export const ArticleNextIssueQuery = z.strictObject({ kindId: queryId });
export const ArticleNextIssue = z.object({ year: z.number().int(), issueNo: z.number().int(), unit: z.string(), date: z.string() });
export const LibraryImageBody = z.strictObject({ id: z.string().regex(/^lib-\d+$/) });
/** A picture of the downloads library that can be embedded (a map or risk product's PNG, or a PDF's stored preview). */
export const LibraryPicture = z.object({ id: z.string(), name: z.string(), kind: z.string(), author: z.string(), createdAt: z.string() });
export const LibraryImage = z.object({ path: z.string(), width: z.number().int(), height: z.number().int() });

export const ArticleHistoryEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  fromState: z.string(),
  toState: z.string(),
  userName: z.string(),
  comment: z.string(),
  at: z.string(),
});

export const ARTICLE_API = {
  articlePage: {
    ...E.articlePage,
    access: ARTICLES,
    summary: 'Service documents of the customer (keyword in title and text, kind, state, time, author), newest first',
    query: ArticleQuery,
    data: paged(ArticleSummary),
  },
  articleDetail: {
    ...E.articleDetail,
    access: ARTICLES,
    summary: 'One document with its sanitised body',
    query: ArticleIdQuery,
    data: ArticleDetail,
  },
  articleAdd: {
    ...E.articleAdd,
    access: action('create'),
    summary: 'A new draft; the issue number is the next of its kind and year unless given (4009 if taken)',
    body: ArticleAdd,
    data: z.object({ id: z.number().int() }),
  },
  articleUpdate: {
    ...E.articleUpdate,
    access: action('edit'),
    summary: 'Edit a draft (4009 on a stale version or a document no longer a draft)',
    body: ArticleUpdate,
    data: ArticleDetail,
  },
  articleSubmit: { ...E.articleSubmit, access: action('submit'), summary: 'Draft → submitted', body: ArticleIdBody, data: ArticleDetail },
  articleApprove: {
    ...E.articleApprove,
    access: action('approve'),
    summary: 'Submitted → approved, by someone other than the author (4003)',
    body: ArticleIdBody,
    data: ArticleDetail,
  },
  articleReturn: {
    ...E.articleReturn,
    access: action('return'),
    summary: 'Submitted or approved → draft with a comment, by someone other than the author (4003)',
    body: ArticleReturnBody,
    data: ArticleDetail,
  },
  articlePublish: {
    ...E.articlePublish,
    access: action('publish'),
    summary: 'Approved → published (frozen)',
    body: ArticleIdBody,
    data: ArticleDetail,
  },
  articleRevise: {
    ...E.articleRevise,
    access: action('revise'),
    summary: 'A correction of a published document: a new draft revision with the same issue; the published one stays readable',
    body: ArticleIdBody,
    data: z.object({ id: z.number().int() }),
  },
  articleDuplicate: {
    ...E.articleDuplicate,
    access: action('duplicate'),
    summary: 'A copy as a new draft with the next issue number',
    body: ArticleIdBody,
    data: z.object({ id: z.number().int() }),
  },
  articleDelete: {
    ...E.articleDelete,
    access: action('delete'),
    summary: 'Delete a draft (4009 otherwise)',
    body: ArticleIdBody,
    data: z.null(),
  },
  articleHistory: {
    ...E.articleHistory,
    access: ARTICLES,
    summary: 'Every transition of a document: who, when, from and to, comment',
    query: ArticleIdQuery,
    data: z.array(ArticleHistoryEntry),
  },
  articlePdf: {
    ...E.articlePdf,
    access: ARTICLES,
    summary: 'The document as a PDF in the bulletin layout (red masthead, issue line, title, body, footer)',
    query: ArticleIdQuery,
    data: z.unknown(),
    raw: true,
  },
  articleKinds: {
    ...E.articleKinds,
    access: ARTICLES,
    summary: "The customer's kinds of document with their templates",
    data: z.array(ArticleKind),
  },
  articleKindSave: {
    ...E.articleKindSave,
    access: WRITE,
    summary: 'Add or edit a kind (name, masthead series, template)',
    body: ArticleKindSave,
    data: ArticleKind,
  },
  articleNextIssue: {
    ...E.articleNextIssue,
    access: WRITE,
    summary: 'The issue number a new document of the kind would get now, and the values of the template placeholders',
    query: ArticleNextIssueQuery,
    data: ArticleNextIssue,
  },
  articleLibraryImage: {
    ...E.articleLibraryImage,
    access: WRITE,
    summary: "A PNG or JPEG of the downloads library copied to the customer's stored images, to embed in a body",
    body: LibraryImageBody,
    data: LibraryImage,
  },
  articleLibraryImages: {
    ...E.articleLibraryImages,
    access: WRITE,
    summary: "The downloads library's pictures that can be embedded (newest 200), without the library page's code",
    data: z.array(LibraryPicture),
  },
  articleKindDelete: {
    ...E.articleKindDelete,
    access: WRITE,
    summary: 'Delete a kind no document uses (4009 otherwise)',
    body: ArticleIdBody,
    data: z.null(),
  },
  articlePlatforms: {
    ...E.articlePlatforms,
    access: ARTICLES,
    summary: "The customer's publishing platforms (official account and website to start with)",
    data: z.array(ArticlePlatform),
  },
  articlePlatformSave: {
    ...E.articlePlatformSave,
    access: WRITE,
    summary: 'Add or edit a publishing platform (name, type)',
    body: ArticlePlatformSave,
    data: ArticlePlatform,
  },
  articlePlatformDelete: {
    ...E.articlePlatformDelete,
    access: WRITE,
    summary: "Delete a platform; it leaves the users' settings, its past publications stay",
    body: ArticleIdBody,
    data: z.null(),
  },
  articleAttachmentUpload: {
    ...E.articleAttachmentUpload,
    access: WRITE,
    summary: 'Attach a file to a draft (multipart: articleId, file; PDF, Office, image, text or ZIP, checked by content)',
    multipart: true,
    data: ArticleAttachment,
  },
  articleAttachmentDelete: {
    ...E.articleAttachmentDelete,
    access: WRITE,
    summary: 'Remove an attachment of a draft',
    body: ArticleIdBody,
    data: z.null(),
  },
  articleAttachment: {
    ...E.articleAttachment,
    access: ARTICLES,
    summary: 'Download an attachment',
    query: ArticleIdQuery,
    data: z.unknown(),
    raw: true,
  },
  articlePublic: {
    ...E.articlePublic,
    access: { kind: 'public' },
    summary: 'A document published to a website platform, as a read-only HTML page (404 otherwise)',
    params: z.strictObject({ id: queryId }),
    data: z.unknown(),
    raw: true,
  },
} as const satisfies Record<string, ApiDef>;
