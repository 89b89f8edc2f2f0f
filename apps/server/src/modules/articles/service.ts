import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  fillArticleTemplate,
  issueLabel,
  type ArticleAction,
  type ArticleAdd,
  type ArticleDetail,
  type ArticleKindSave,
  type ArticleQuery,
  type ArticleState,
  type ArticleSummary,
  type ArticleVerdict,
  type ArticleUpdate,
  decideArticle as decide,
} from '@agromet/contracts';
import type { Selectable } from 'kysely';
import sharp from 'sharp';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { ArticleTable } from '../../core/db/articles-migration.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { contains } from '../../core/db/like.js';
import { AppError, errors } from '../../core/errors.js';
import { guardImageSize } from '../../core/image-guard.js';
import { translate, type Lang } from '../../core/messages.js';
import type { FileStorage } from '../../core/storage.js';
import { isUniqueViolation } from '../../core/versioned.js';
import { DEFAULT_KINDS, kindIn, kindTextIn, templateLanguage } from './kinds.js';
import { attachments, copyAttachments, publications, recordPublications, removeAttachment } from './publishing.js';
import { bodyText, sanitizeBody } from './sanitize.js';

// Service documents of a customer (docs/articles.md): kinds with templates, documents with issue numbers per kind and
// year, the workflow (rules in the contracts' article-workflow.ts) with every transition in article_history, and the library images copied
// for embedding. Every query is limited to the caller's customer; another customer's document answers 4004.

export interface ArticleDeps {
  db: Db;
  storage: FileStorage;
}
type Row = Selectable<ArticleTable>;
/** Who acts: a signed-in user, or the demo seeding. */
export type Actor = Pick<AuthContext, 'userId' | 'name' | 'customerId'>;

/** Attempts of a creation whose issue number another creation took at the same moment. */
const ISSUE_ATTEMPTS = 8;

// ---- kinds -----------------------------------------------------------------------------------------------

/** Gives a customer the four default kinds the first time (stored in zh, read in the reader's language). */
export async function ensureKinds(db: Db, customerId: number, _lang: Lang): Promise<void> {
  const any = await db.selectFrom('article_kind').select('id').where('customer_id', '=', customerId).limit(1).executeTakeFirst();
  if (any) return;
  const now = nowIso();
  try {
    await db
      .insertInto('article_kind')
      .values(DEFAULT_KINDS.zh.map((k, i) => ({ customer_id: customerId, ...k, sort: i, created_at: now, updated_at: now })))
      .execute();
  } catch (e) {
    // Two first callers at once: the other one's kinds stand.
    if (!isUniqueViolation(e)) throw e;
  }
}

export async function listKinds(db: Db, customerId: number, lang: Lang) {
  await ensureKinds(db, customerId, lang);
  const rows = await db
    .selectFrom('article_kind')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) =>
    kindIn({ id: r.id, name: r.name, series: r.series, template: r.template, sort: r.sort, version: r.version }, lang),
  );
}

async function kindRow(db: Db, customerId: number, id: number) {
  const row = await db.selectFrom('article_kind').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
  if (!row) throw errors.notFound();
  return row;
}

export async function saveKind(db: Db, auth: AuthContext, k: z.output<typeof ArticleKindSave>, lang: Lang) {
  const values = { name: k.name, series: k.series, template: sanitizeBody(k.template), sort: k.sort };
  try {
    if (k.id === undefined) {
      const now = nowIso();
      const row = await db
        .insertInto('article_kind')
        .values({ customer_id: auth.customerId, ...values, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (await listKinds(db, auth.customerId, lang)).find((x) => x.id === row.id)!;
    }
    const current = await kindRow(db, auth.customerId, k.id);
    if (k.version !== undefined && k.version !== current.version)
      throw errors.conflict('staleVersion', {}, { currentVersion: current.version });
    await db
      .updateTable('article_kind')
      .set((eb) => ({ ...values, updated_at: nowIso(), version: eb('version', '+', 1) }))
      .where('id', '=', k.id)
      .where('customer_id', '=', auth.customerId)
      .execute();
    return (await listKinds(db, auth.customerId, lang)).find((x) => x.id === k.id)!;
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('article.kindTaken', { name: k.name });
    throw e;
  }
}

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
  const row = await db.selectFrom('article').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
  if (!row) throw errors.notFound();
  return row;
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
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .selectAll('article')
    .select('article_kind.name as kind_name')
    .orderBy('article.created_at', 'desc')
    .orderBy('article.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { list: rows.map((r) => toSummary(r, kindTextIn('name', r.kind_name, lang), lang)), total, page: q.page, size: q.size };
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

/** Today in the caller's language ("2026年11月24日", "24 November 2026", "24 de noviembre de 2026"). */
export function longDate(d: Date, lang: Lang): string {
  const locale = lang === 'zh' ? 'zh-CN' : lang === 'en' ? 'en-GB' : 'es-ES';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Shanghai' }).format(d);
}

export function currentYear(d = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Shanghai' }).format(d));
}

async function maxIssue(db: Db, customerId: number, kindId: number, year: number): Promise<number> {
  const r = await db
    .selectFrom('article')
    .select((eb) => eb.fn.max<number>('issue_no').as('n'))
    .where('customer_id', '=', customerId)
    .where('kind_id', '=', kindId)
    .where('year', '=', year)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

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

const historyRow = (customerId: number, articleId: number, actor: Actor, action: string, from: string, to: string, comment = '') => ({
  customer_id: customerId,
  article_id: articleId,
  action,
  from_state: from,
  to_state: to,
  user_id: actor.userId,
  user_name: actor.name,
  comment,
  at: nowIso(),
});

/**
 * Inserts a new document with the next issue number of its kind and year (or the given one): the number is read and
 * the row written in one transaction, and the unique index on (customer, kind, year, issue, revision) refuses a
 * number another creation took meanwhile; then the whole transaction is tried again with the next number. The kind's row
 * is locked first, so on PostgreSQL concurrent creations of one kind wait for each other instead of colliding.
 */
async function insertNumbered(
  db: Db,
  actor: Actor,
  make: (
    issueNo: number,
    year: number,
  ) => Promise<
    Omit<
      Row,
      | 'id'
      | 'customer_id'
      | 'year'
      | 'issue_no'
      | 'version'
      | 'created_at'
      | 'updated_at'
      | 'superseded'
      | 'reviewer_id'
      | 'reviewer_name'
      | 'return_comment'
      | 'issued_at'
      | 'state'
      | 'author_id'
      | 'author_name'
    >
  >,
  opts: { kindId: number; issueNo?: number; year?: number; action: ArticleAction; comment?: string },
): Promise<number> {
  const year = opts.year ?? currentYear();
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (tx) => {
        // Writing the kind's row (to itself) locks it until the commit on PostgreSQL (SQLite has one writer anyway),
        // so creations of the same kind take their numbers one after another; the unique index stays the guarantee.
        await tx
          .updateTable('article_kind')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('id', '=', opts.kindId)
          .where('customer_id', '=', actor.customerId)
          .execute();
        const issueNo = opts.issueNo ?? (await maxIssue(tx, actor.customerId, opts.kindId, year)) + 1;
        const now = nowIso();
        const values = await make(issueNo, year);
        const row = await tx
          .insertInto('article')
          .values({
            ...values,
            customer_id: actor.customerId,
            year,
            issue_no: issueNo,
            state: 'draft',
            author_id: actor.userId,
            author_name: actor.name,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('article_history')
          .values(historyRow(actor.customerId, row.id, actor, opts.action, '', 'draft', opts.comment))
          .execute();
        return row.id;
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      if (opts.issueNo !== undefined || attempt >= ISSUE_ATTEMPTS) {
        throw errors.conflict('article.issueTaken', { year, issueNo: opts.issueNo ?? '?' });
      }
    }
  }
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
        const now = nowIso();
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
            state: 'draft',
            author_id: actor.userId,
            author_name: actor.name,
            created_at: now,
            updated_at: now,
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

/** Deletes a kind no document uses. */
export async function deleteKind(db: Db, actor: Actor, id: number): Promise<void> {
  await kindRow(db, actor.customerId, id);
  const used = await db
    .selectFrom('article')
    .select('id')
    .where('kind_id', '=', id)
    .where('customer_id', '=', actor.customerId)
    .limit(1)
    .executeTakeFirst();
  if (used) throw errors.conflict('article.kindUsed');
  await db.deleteFrom('article_kind').where('id', '=', id).where('customer_id', '=', actor.customerId).execute();
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

/** Stores a picture as the customer's own file (like the upload does) and answers its /api/files/ path. */
export async function storeImage(deps: ArticleDeps, actor: Actor, data: Buffer, name: string) {
  await guardImageSize(data, 'id');
  const meta = await sharp(data).metadata();
  if ((meta.format !== 'png' && meta.format !== 'jpeg') || !meta.width || !meta.height) throw errors.validation('id', 'article.notImage');
  const ext = meta.format === 'png' ? 'png' : 'jpg';
  const now = new Date();
  const key = `uploads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${ext}`;
  const path = `/api/files/${key}`;
  await deps.storage.put(key, data);
  await deps.db
    .insertInto('stored_file')
    .values({
      id: randomUUID(),
      path,
      mime: ext === 'png' ? 'image/png' : 'image/jpeg',
      size: data.length,
      width: meta.width,
      height: meta.height,
      original_name: name.slice(0, 256),
      user_id: actor.userId,
      customer_id: actor.customerId,
      created_at: nowIso(),
    })
    .execute();
  return { path, width: meta.width, height: meta.height };
}

/** The library's items with a picture (a PNG or JPEG, or a stored preview), newest first. */
export async function libraryPictures(db: Db, customerId: number) {
  const rows = await db
    .selectFrom('download_file')
    .select(['id', 'name', 'kind', 'author_name', 'created_at', 'content_type', 'preview_key'])
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('content_type', 'in', ['image/png', 'image/jpeg']), eb('preview_key', 'is not', null)]))
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({ id: `lib-${r.id}`, name: r.name, kind: r.kind, author: r.author_name, createdAt: r.created_at }));
}

/** A library item's picture (the PNG itself, or the preview stored with a PDF) copied for embedding. */
export async function libraryImage(deps: ArticleDeps, actor: Actor, id: string) {
  const n = Number(id.slice(4));
  const row = await deps.db
    .selectFrom('download_file')
    .selectAll()
    .where('id', '=', n)
    .where('customer_id', '=', actor.customerId)
    .executeTakeFirst();
  if (!row) throw errors.notFound();
  const key = /^image\/(png|jpeg)$/.test(row.content_type) ? row.storage_key : row.preview_key;
  if (!key) throw errors.validation('id', 'article.notImage');
  const data = await deps.storage.get(key);
  if (!data) throw errors.notFound();
  return storeImage(deps, actor, data, row.name);
}

/** The bytes of an embedded image, only if it is a stored file of the document's customer. */
export async function embeddedImage(deps: ArticleDeps, customerId: number, src: string): Promise<Buffer | null> {
  const f = await deps.db.selectFrom('stored_file').select(['path', 'customer_id']).where('path', '=', src).executeTakeFirst();
  if (!f || (f.customer_id !== null && f.customer_id !== customerId)) return null;
  return deps.storage.get(src.slice('/api/files/'.length));
}
