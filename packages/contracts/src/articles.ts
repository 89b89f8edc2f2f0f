import { z } from 'zod';
import {
  ARTICLE_LIMITS as L,
  ARTICLE_PLATFORM_TYPES,
  ARTICLE_PUBLICATION_NOTES,
  ARTICLE_PUBLICATION_STATES,
  ARTICLE_STATES,
} from './articles-endpoints.js';
import { pageFields } from './system.js';

// Service products (docs/articles.md): bulletins and briefings written, reviewed, published and printed as PDF.
// Entries of the API table, spread into API in api.ts. Writing and approving are separate duties
// (docs/security.md#separation-of-duties): the writer's code writes, the reviewer's approves, returns and publishes,
// and either reads.

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
