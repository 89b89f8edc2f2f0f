import { z } from 'zod';
import type { ApiDef } from './api-def.js';
import { ARTICLE_ENDPOINTS as E } from './articles-endpoints.js';
import { paged } from './system.js';
import { ARTICLE_ACTION_CODES as BY_ACTION } from './article-workflow.js';
import { ARTICLE_APPROVE_CODE, ARTICLE_WRITE_CODE } from './permissions.js';
import {
  ArticleKind,
  ArticleKindSave,
  ArticleSummary,
  ArticlePlatform,
  ArticlePlatformSave,
  ArticleAttachment,
  ArticleDetail,
  ArticleQuery,
  ArticleAdd,
  ArticleUpdate,
  ArticleIdBody,
  ArticleReturnBody,
  ArticleIdQuery,
  ArticleNextIssueQuery,
  ArticleNextIssue,
  LibraryImageBody,
  LibraryPicture,
  LibraryImage,
  ArticleHistoryEntry,
} from './articles.js';

/** Reading documents, their history, PDF and attachments, the kinds and platforms: writers and reviewers. */
const ARTICLES = { kind: 'codes', codes: [ARTICLE_WRITE_CODE, ARTICLE_APPROVE_CODE] } as const;
/** Writing: documents, attachments, kinds and platforms. */
const WRITE = { kind: 'codes', codes: [ARTICLE_WRITE_CODE] } as const;
/** The code of one workflow action (approve, return, publish: the reviewer's). */
const action = (a: keyof typeof BY_ACTION) => ({ kind: 'codes', codes: [BY_ACTION[a]] }) as const;

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
    params: ArticleIdQuery,
    data: z.unknown(),
    raw: true,
  },
} as const satisfies Record<string, ApiDef>;
