import {
  ErrorCode,
  fillArticleTemplate,
  issueLabel,
  type ArticleAction,
  type ArticleAdd,
  type ArticleDetail,
  type ArticleQuery,
  type ArticleState,
  type ArticleSummary,
  type ArticleVerdict,
  type ArticleUpdate,
  decideArticle as decide,
} from '@agromet/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import { ownRow } from '../../core/db/own-row.js';
import type { ArticleTable } from '../../core/db/schema.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { contains } from '../../core/db/like.js';
import { AppError, errors } from '../../core/errors.js';
import { translate, type Lang } from '../../core/messages.js';
import type { Actor, ArticleDeps } from './deps.js';
import { isUniqueViolation } from '../../core/versioned.js';
import { currentYear, longDate } from './dates.js';
import { kindRow } from './kind-service.js';
import { kindTextIn, templateLanguage } from './kinds.js';
import { historyRow, insertNumbered, ISSUE_ATTEMPTS, maxIssue, newDraftColumns } from './numbering.js';
import { attachments, copyAttachments, publications, recordPublications, removeAttachment } from './publishing.js';
import { bodyText, sanitizeBody } from './sanitize.js';
import { paged } from '../../core/paging.js';

// Service documents of a customer (docs/articles.md): documents with issue numbers per kind and year (numbering.ts),
// the workflow (rules in the contracts' article-workflow.ts) with every transition in article_history. Their kinds are
// in kind-service.ts, their pictures in images.ts. Every query is limited to the caller's customer; another customer's
// document answers 4004.

export type { Actor, ArticleDeps };
type Row = Selectable<ArticleTable>;

// ---- reading -----------------------------------------------------------------------------------------------

async function unitOf(db: Db, customerId: number): Promise<string> {
  const c = await db.selectFrom('customer').select('name').where('id', '=', customerId).executeTakeFirst();
  return c?.name ?? '';
}

/** A document as listed; its issue number written in `lang` (the reader's; the public page's zh). */
function toSummary(r: Row, kindName: string, lang: Lang): ArticleSummary {
  return {
    id: r.id,
    kindId: r.kind_id,
    kindName,
    year: r.year,
    issueNo: r.issue_no,
    issueLabel: issueLabel(r.year, r.issue_no, lang),
    revision: r.revision,
    title: r.title,
    summary: r.summary,
    state: r.state as ArticleState,
    authorId: r.author_id,
    authorName: r.author_name,
    reviewerName: r.reviewer_name,
    returnComment: r.return_comment,
    issuedAt: r.issued_at,
    superseded: r.superseded === 1,
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

async function findRow(db: Db, customerId: number, id: number): Promise<Row> {
  return ownRow(db, 'article', customerId, id);
}

export async function pageArticles(db: Db, auth: AuthContext, q: z.output<typeof ArticleQuery>, lang: Lang = 'zh') {
  let base = db
    .selectFrom('article')
    .innerJoin('article_kind', 'article_kind.id', 'article.kind_id')
    .where('article.customer_id', '=', auth.customerId);
  if (q.keyword) {
    const k = q.keyword;
    base = base.where((eb) => eb.or([contains('article.title', k), contains('article.body_text', k), contains('article.summary', k)]));
  }
  if (q.kindId) base = base.where('article.kind_id', '=', q.kindId);
  if (q.state) base = base.where('article.state', '=', q.state);
  if (q.authorId) base = base.where('article.author_id', '=', q.authorId);
  if (q.from) base = base.where('article.created_at', '>=', q.from);
  // A bare date as the end takes in the whole day.
  if (q.to) base = base.where('article.created_at', '<=', /^\d{4}-\d{2}-\d{2}$/.test(q.to) ? `${q.to}T23:59:59.999Z` : q.to);
  return paged(
    base,
    q,
    (b) =>
      b.selectAll('article').select('article_kind.name as kind_name').orderBy('article.created_at', 'desc').orderBy('article.id', 'desc'),
    (rows) => rows.map((r) => toSummary(r, kindTextIn('name', r.kind_name, lang), lang)),
  );
}

export async function articleDetail(db: Db, customerId: number, id: number, lang: Lang = 'zh'): Promise<ArticleDetail> {
  const r = await findRow(db, customerId, id);
  const kind = await kindRow(db, customerId, r.kind_id);
  return {
    ...toSummary(r, kindTextIn('name', kind.name, lang), lang),
    body: r.body,
    unit: await unitOf(db, customerId),
    series: kind.series,
    revisionOf: r.revision_of,
    attachments: await attachments(db, customerId, id),
    publications: await publications(db, customerId, id),
  };
}

export async function articleHistory(db: Db, customerId: number, id: number) {
  await findRow(db, customerId, id);
  const rows = await db
    .selectFrom('article_history')
    .selectAll()
    .where('article_id', '=', id)
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  return rows.map((h) => ({
    id: h.id,
    action: h.action,
    fromState: h.from_state,
    toState: h.to_state,
    userName: h.user_name,
    comment: h.comment,
    at: h.at,
  }));
}

// ---- issue numbers -----------------------------------------------------------------------------------------

/** The next number of a kind, and today's date in the language of the kind's template as the reader gets it. */
export async function nextIssue(db: Db, auth: AuthContext, kindId: number, lang: Lang) {
  const kind = await kindRow(db, auth.customerId, kindId);
  const year = currentYear();
  return {
    year,
    issueNo: (await maxIssue(db, auth.customerId, kindId, year)) + 1,
    unit: await unitOf(db, auth.customerId),
    date: longDate(new Date(), templateLanguage(kindTextIn('template', kind.template, lang), lang)),
  };
}

export async function addArticle(db: Db, actor: Actor, a: z.output<typeof ArticleAdd>, lang: Lang): Promise<number> {
  const kind = await kindRow(db, actor.customerId, a.kindId);
  // The document is in its template's language as the reader sees it, and so is the date filled in (not "截至 28 November").
  const template = kindTextIn('template', kind.template, lang);
  const docLang = templateLanguage(template, lang);
  const unit = await unitOf(db, actor.customerId);
  return insertNumbered(
    db,
    actor,
    async (issueNo, year) => {
      const html = a.fromTemplate
        ? fillArticleTemplate(template, { date: longDate(new Date(), docLang), issueNumber: String(issueNo), unit, year: String(year) })
        : a.body;
      const body = sanitizeBody(html);
      return { kind_id: a.kindId, revision: 1, revision_of: null, title: a.title, summary: a.summary, body, body_text: bodyText(body) };
    },
    { kindId: a.kindId, issueNo: a.issueNo, action: 'create' },
  );
}

// ---- changes -----------------------------------------------------------------------------------------------

function refuse(v: Exclude<ArticleVerdict, { ok: true }>, state: ArticleState, action: ArticleAction, lang: Lang): AppError {
  if (v.code === 'forbidden') return new AppError(ErrorCode.FORBIDDEN, 'article.ownReview');
  if (v.reason === 'frozen') return errors.conflict('article.frozen');
  return errors.conflict('article.illegalTransition', {
    state: translate(lang, `article.state.${state}`),
    action: translate(lang, `article.action.${action as Exclude<ArticleAction, 'create' | 'duplicate'>}`),
  });
}

export async function updateArticle(db: Db, actor: Actor, u: z.output<typeof ArticleUpdate>, lang: Lang): Promise<ArticleDetail> {
  const row = await findRow(db, actor.customerId, u.id);
  const v = decide(row.state as ArticleState, 'edit', { actorId: actor.userId, authorId: row.author_id });
  if (!v.ok) throw refuse(v, row.state as ArticleState, 'edit', lang);
  const body = sanitizeBody(u.body);
  try {
    const res = await db
      .updateTable('article')
      .set((eb) => ({
        title: u.title,
        summary: u.summary,
        body,
        body_text: bodyText(body),
        ...(u.issueNo !== undefined ? { issue_no: u.issueNo } : {}),
        updated_at: nowIso(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', u.id)
      .where('customer_id', '=', actor.customerId)
      .where('version', '=', u.version)
      .where('state', '=', 'draft')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) {
      const current = await findRow(db, actor.customerId, u.id);
      if (current.state !== 'draft')
        throw refuse(
          decide(current.state as ArticleState, 'edit', { actorId: actor.userId, authorId: current.author_id }) as never,
          current.state as ArticleState,
          'edit',
          lang,
        );
      throw errors.conflict('staleVersion', {}, { currentVersion: current.version });
    }
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('article.issueTaken', { year: row.year, issueNo: u.issueNo ?? row.issue_no });
    throw e;
  }
  return articleDetail(db, actor.customerId, u.id, lang);
}

/**
 * One workflow step (submit, approve, return, publish): asks the rules, then changes the row only if it is still in
 * the state the rules were asked about, and records the step; a refusal changes nothing.
 */
export async function transition(
  db: Db,
  actor: Actor,
  id: number,
  action: 'submit' | 'approve' | 'return' | 'publish',
  lang: Lang,
  comment = '',
): Promise<ArticleDetail> {
  await db.transaction().execute(async (tx) => {
    const row = await findRow(tx, actor.customerId, id);
    const from = row.state as ArticleState;
    const v = decide(from, action, { actorId: actor.userId, authorId: row.author_id });
    if (!v.ok) throw refuse(v, from, action, lang);
    const now = nowIso();
    const res = await tx
      .updateTable('article')
      .set((eb) => ({
        state: v.to,
        updated_at: now,
        version: eb('version', '+', 1),
        ...(action === 'submit' ? { return_comment: '' } : {}),
        ...(action === 'approve' ? { reviewer_id: actor.userId, reviewer_name: actor.name } : {}),
        ...(action === 'return' ? { return_comment: comment, reviewer_id: null, reviewer_name: '' } : {}),
        ...(action === 'publish' ? { issued_at: now } : {}),
      }))
      .where('id', '=', id)
      .where('customer_id', '=', actor.customerId)
      .where('state', '=', from)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw errors.conflict('staleVersion', {}, { currentVersion: row.version });
    if (action === 'publish' && row.revision > 1) {
      // The earlier published revisions of this issue stay readable, marked as replaced.
      await tx
        .updateTable('article')
        .set({ superseded: 1 })
        .where('customer_id', '=', actor.customerId)
        .where('kind_id', '=', row.kind_id)
        .where('year', '=', row.year)
        .where('issue_no', '=', row.issue_no)
        .where('revision', '<', row.revision)
        .where('state', '=', 'published')
        .execute();
    }
    if (action === 'publish') await recordPublications(tx, actor, id, now);
    await tx
      .insertInto('article_history')
      .values(historyRow(actor.customerId, id, actor, action, from, v.to, comment))
      .execute();
  });
  return articleDetail(db, actor.customerId, id, lang);
}

/** A correction of a published document: a new draft revision of the same issue; the published one is untouched. */
export async function reviseArticle(db: Db, actor: Actor, id: number, lang: Lang): Promise<number> {
  const src = await findRow(db, actor.customerId, id);
  const v = decide(src.state as ArticleState, 'revise', { actorId: actor.userId, authorId: src.author_id });
  if (!v.ok) throw refuse(v, src.state as ArticleState, 'revise', lang);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (tx) => {
        const top = await tx
          .selectFrom('article')
          .select((eb) => eb.fn.max<number>('revision').as('r'))
          .where('customer_id', '=', actor.customerId)
          .where('kind_id', '=', src.kind_id)
          .where('year', '=', src.year)
          .where('issue_no', '=', src.issue_no)
          .executeTakeFirst();
        const row = await tx
          .insertInto('article')
          .values({
            customer_id: actor.customerId,
            kind_id: src.kind_id,
            year: src.year,
            issue_no: src.issue_no,
            revision: Number(top?.r ?? src.revision) + 1,
            revision_of: src.revision_of ?? src.id,
            title: src.title,
            summary: src.summary,
            body: src.body,
            body_text: src.body_text,
            ...newDraftColumns(actor),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('article_history')
          .values(historyRow(actor.customerId, row.id, actor, 'revise', '', 'draft', `#${src.id}`))
          .execute();
        await copyAttachments(tx, actor.customerId, src.id, row.id);
        return row.id;
      });
    } catch (e) {
      if (!isUniqueViolation(e) || attempt >= ISSUE_ATTEMPTS) throw e;
    }
  }
}

/** A copy as a new draft of the same kind with the next issue number of this year. */
export async function duplicateArticle(db: Db, actor: Actor, id: number): Promise<number> {
  const src = await findRow(db, actor.customerId, id);
  const copy = await insertNumbered(
    db,
    actor,
    async () => ({
      kind_id: src.kind_id,
      revision: 1,
      revision_of: null,
      title: src.title,
      summary: src.summary,
      body: src.body,
      body_text: src.body_text,
    }),
    { kindId: src.kind_id, action: 'duplicate', comment: `#${src.id}` },
  );
  await copyAttachments(db, actor.customerId, src.id, copy);
  return copy;
}

export async function deleteArticle(deps: ArticleDeps, actor: Actor, id: number, lang: Lang): Promise<void> {
  const { db } = deps;
  const row = await findRow(db, actor.customerId, id);
  const v = decide(row.state as ArticleState, 'delete', { actorId: actor.userId, authorId: row.author_id });
  if (!v.ok) throw refuse(v, row.state as ArticleState, 'delete', lang);
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('article_history').where('article_id', '=', id).where('customer_id', '=', actor.customerId).execute();
    const res = await tx
      .deleteFrom('article')
      .where('id', '=', id)
      .where('customer_id', '=', actor.customerId)
      .where('state', '=', 'draft')
      .executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) throw errors.conflict('staleVersion', {}, { currentVersion: row.version });
  });
  // Its attachments go with it (their bytes too, unless a revision or copy still lists them).
  for (const a of await attachments(db, actor.customerId, id)) await removeAttachment(deps, actor.customerId, a.id);
}

/** A draft the caller may change (attachments follow the body's rule: a published document is frozen). */
export async function editableRow(db: Db, actor: Actor, id: number, lang: Lang): Promise<Row> {
  const row = await findRow(db, actor.customerId, id);
  const v = decide(row.state as ArticleState, 'edit', { actorId: actor.userId, authorId: row.author_id });
  if (!v.ok) throw refuse(v, row.state as ArticleState, 'edit', lang);
  return row;
}

/** A published document as a read-only page for the website platforms: nothing for a draft or a missing one. */
export async function publicArticle(db: Db, id: number): Promise<{ detail: ArticleDetail; customerId: number } | null> {
  const r = await db.selectFrom('article').select(['customer_id', 'state']).where('id', '=', id).executeTakeFirst();
  if (!r || r.state !== 'published') return null;
  const website = await db
    .selectFrom('article_publication')
    .select('id')
    .where('article_id', '=', id)
    .where('platform_type', '=', 'website')
    .limit(1)
    .executeTakeFirst();
  if (!website) return null;
  // The public page is written in Chinese (public-page.ts): its issue line too.
  return { detail: await articleDetail(db, r.customer_id, id, 'zh'), customerId: r.customer_id };
}

// ---- images ------------------------------------------------------------------------------------------------
