import { randomUUID } from 'node:crypto';
import {
  ARTICLE_ATTACHMENTS,
  ARTICLE_LIMITS,
  type ArticleAttachment,
  type ArticlePlatform,
  type ArticlePlatformSave,
  type ArticlePlatformType,
  type ArticlePublication,
  type ArticlePublicationNote,
  type ArticlePublicationState,
} from '@agromet/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { guardArchive, looksLikeZip, STORED_ARCHIVE_LIMITS } from '../../core/archive-guard.js';
import type { Db } from '../../core/db/index.js';
import type { Database } from '../../core/db/schema.js';
import { nowIso } from '../../core/db/index.js';
import { ownRow } from '../../core/db/own-row.js';
import { errors } from '../../core/errors.js';
import { guardImageSize } from '../../core/image-guard.js';
import type { Lang } from '../../core/messages.js';
import { isUniqueViolation, staleOrMissing } from '../../core/versioned.js';
import type { Actor, ArticleDeps } from './deps.js';
import { storedUserSetting } from '../../core/auth/user-setting.js';

// Publishing platforms, publication records and attachments of service documents (docs/articles.md#platforms).

// ---- platforms ---------------------------------------------------------------------------------------------

const DEFAULT_PLATFORMS: Record<Lang, { name: string; type: ArticlePlatformType }[]> = {
  zh: [
    { name: '微信公众号', type: 'officialAccount' },
    { name: '门户网站', type: 'website' },
  ],
  en: [
    { name: 'Official account', type: 'officialAccount' },
    { name: 'Website', type: 'website' },
  ],
  es: [
    { name: 'Cuenta oficial', type: 'officialAccount' },
    { name: 'Sitio web', type: 'website' },
  ],
};

/** Gives a customer the official account and the website the first time its platforms are read. */
async function ensurePlatforms(db: Db, customerId: number, lang: Lang): Promise<void> {
  const any = await db.selectFrom('article_platform').select('id').where('customer_id', '=', customerId).limit(1).executeTakeFirst();
  if (any) return;
  const now = nowIso();
  try {
    await db
      .insertInto('article_platform')
      .values(DEFAULT_PLATFORMS[lang].map((p, i) => ({ customer_id: customerId, ...p, sort: i, created_at: now, updated_at: now })))
      .execute();
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
  }
}

export async function listPlatforms(db: Db, customerId: number, lang: Lang): Promise<ArticlePlatform[]> {
  await ensurePlatforms(db, customerId, lang);
  const rows = await db
    .selectFrom('article_platform')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, type: r.type as ArticlePlatformType, sort: r.sort, version: r.version }));
}

export async function savePlatform(db: Db, actor: Actor, p: z.output<typeof ArticlePlatformSave>, lang: Lang) {
  const values = { name: p.name, type: p.type, sort: p.sort };
  try {
    let id = p.id;
    if (id === undefined) {
      const count = await db
        .selectFrom('article_platform')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', actor.customerId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= ARTICLE_LIMITS.platforms) throw errors.conflict('article.tooManyPlatforms', { max: ARTICLE_LIMITS.platforms });
      const now = nowIso();
      id = (
        await db
          .insertInto('article_platform')
          .values({ customer_id: actor.customerId, ...values, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      const res = await db
        .updateTable('article_platform')
        .set((eb) => ({ ...values, updated_at: nowIso(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('customer_id', '=', actor.customerId)
        .$if(p.version !== undefined, (q) => q.where('version', '=', p.version!))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) await staleOrMissing(db, 'article_platform', actor.customerId, id);
    }
    return (await listPlatforms(db, actor.customerId, lang)).find((x) => x.id === id)!;
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('article.platformTaken', { name: p.name });
    throw e;
  }
}

/** Deletes a platform; the users' settings drop it when read, past publications keep its name. */
export async function deletePlatform(db: Db, actor: Actor, id: number): Promise<void> {
  const res = await db.deleteFrom('article_platform').where('id', '=', id).where('customer_id', '=', actor.customerId).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw errors.notFound();
  // The customer's users who chose it no longer do, so their next settings save is not refused for it.
  const users = await db
    .selectFrom('app_user')
    .select(['id', 'setting'])
    .where('customer_id', '=', actor.customerId)
    .where('setting', 'like', `%"${id}"%`)
    .execute();
  for (const u of users) {
    const v = storedUserSetting(u.setting, u.id);
    if (!v.articlePlatform) continue;
    const kept = v.articlePlatform.filter((x) => x !== String(id));
    await db
      .updateTable('app_user')
      .set({ setting: JSON.stringify({ ...v, articlePlatform: kept }) })
      .where('id', '=', u.id)
      .execute();
  }
}

/** The platform ids a user's setting names that still exist for the customer. */
export async function userPlatforms(db: Db, customerId: number, userId: number | null) {
  if (userId === null) return [];
  const u = await db.selectFrom('app_user').select('setting').where('id', '=', userId).executeTakeFirst();
  const ids = (storedUserSetting(u?.setting, userId).articlePlatform ?? []).map(Number).filter(Number.isInteger);
  if (ids.length === 0) return [];
  return db
    .selectFrom('article_platform')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The public address of a document published to a website platform. */
export const publicUrl = (id: number) => `/api/public/articles/${id}`;

/**
 * What publishing to a platform does now. A website serves the published HTML at its public address, so it is
 * published at once; the official account's sending is not connected to service products yet, so it stays pending.
 */
function outcome(
  type: ArticlePlatformType,
  articleId: number,
): { state: ArticlePublicationState; url: string; note: ArticlePublicationNote } {
  if (type === 'website') return { state: 'published', url: publicUrl(articleId), note: '' };
  if (type === 'officialAccount') return { state: 'pending', url: '', note: 'officialAccountNotConnected' };
  return { state: 'manual', url: '', note: 'byHand' };
}

/** One publication row per platform of the publisher's setting, written in the publishing transaction. */
export async function recordPublications(tx: Db, actor: Actor, articleId: number, at: string): Promise<void> {
  const platforms = await userPlatforms(tx, actor.customerId, actor.userId);
  if (platforms.length === 0) return;
  await tx
    .insertInto('article_publication')
    .values(
      platforms.map((p) => ({
        customer_id: actor.customerId,
        article_id: articleId,
        platform_id: p.id,
        platform_name: p.name,
        platform_type: p.type,
        ...outcome(p.type as ArticlePlatformType, articleId),
        user_id: actor.userId,
        user_name: actor.name,
        at,
      })),
    )
    .execute();
}

/** A document's rows in `table` (its publications or its attachments), oldest first. */
async function documentRows<T extends 'article_publication' | 'article_attachment'>(
  db: Db,
  table: T,
  customerId: number,
  articleId: number,
): Promise<Array<Selectable<Database[T]>>> {
  // Kysely cannot follow a table name that is a type parameter: the query is typed on one of them, the answer on T.
  const rows = await db
    .selectFrom(table as 'article_attachment')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('article_id', '=', articleId)
    .orderBy('id')
    .execute();
  return rows as unknown as Array<Selectable<Database[T]>>;
}

export async function publications(db: Db, customerId: number, articleId: number): Promise<ArticlePublication[]> {
  const rows = await documentRows(db, 'article_publication', customerId, articleId);
  return rows.map((r) => ({
    id: r.id,
    platformId: r.platform_id,
    platformName: r.platform_name,
    platformType: r.platform_type as ArticlePlatformType,
    state: r.state as ArticlePublicationState,
    url: r.url,
    note: r.note as ArticlePublicationNote,
    userName: r.user_name,
    at: r.at,
  }));
}

/** Checks a user's chosen platforms against the customer's list (the personal settings call). */
export async function checkUserPlatforms(db: Db, customerId: number, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .selectFrom('article_platform')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('id', 'in', unique.map(Number))
    .execute();
  if (rows.length !== unique.length) throw errors.validation('articlePlatform', 'article.unknownPlatform');
  return unique;
}

// ---- attachments -------------------------------------------------------------------------------------------

const ZIP_OFFICE: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};
const OLE_OFFICE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const TEXT: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };

/**
 * The type of an attachment, decided by its bytes (the name's extension only picks among formats with the same
 * signature): PDF, PNG, JPEG, ZIP-based Office files and ZIP, OLE Office files, or UTF-8 text without control
 * characters. Anything else (an executable, HTML, SVG, a file whose bytes do not match its name) is refused.
 */
export function attachmentType(data: Buffer, name: string): string | null {
  const ext = (/\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1] ?? '').toLowerCase();
  const starts = (sig: number[]) => sig.every((b, i) => data[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return ext === 'pdf' ? 'application/pdf' : null;
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return ext === 'png' ? 'image/png' : null;
  if (starts([0xff, 0xd8, 0xff])) return ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : null;
  if (starts([0x50, 0x4b, 0x03, 0x04])) return ZIP_OFFICE[ext] ?? null;
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return OLE_OFFICE[ext] ?? null;
  if (TEXT[ext] && data.length > 0) {
    const text = data.toString('utf8');
    // eslint-disable-next-line no-control-regex
    if (!text.includes('\uFFFD') && !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text) && !/<\s*(script|html|svg)/i.test(text))
      return TEXT[ext]!;
  }
  return null;
}

export async function attachments(db: Db, customerId: number, articleId: number): Promise<ArticleAttachment[]> {
  const rows = await documentRows(db, 'article_attachment', customerId, articleId);
  return rows.map((r) => ({ id: r.id, name: r.name, mime: r.mime, size: r.size, userName: r.user_name, createdAt: r.created_at }));
}

/** Stores an attachment's bytes and its row (the caller checked the document is a draft of the customer). */
export async function addAttachment(deps: ArticleDeps, actor: Actor, articleId: number, data: Buffer, name: string) {
  const mime = attachmentType(data, name);
  if (!mime) throw errors.validation('file', 'article.attachmentType');
  // A ZIP-based file is checked member by member (core/archive-guard.ts): no archive bomb is stored for readers to open.
  if (looksLikeZip(data)) await guardArchive(data, STORED_ARCHIVE_LIMITS, 'file');
  // A picture passes the same dimension check as every upload (core/image-guard.ts).
  if (mime.startsWith('image/')) await guardImageSize(data, 'file');
  const count = await deps.db
    .selectFrom('article_attachment')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('article_id', '=', articleId)
    .where('customer_id', '=', actor.customerId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= ARTICLE_ATTACHMENTS.maxCount)
    throw errors.conflict('article.tooManyAttachments', { max: ARTICLE_ATTACHMENTS.maxCount });
  const now = new Date();
  const key = `article-attachments/${actor.customerId}/${now.getUTCFullYear()}/${randomUUID()}`;
  await deps.storage.put(key, data);
  const row = await deps.db
    .insertInto('article_attachment')
    .values({
      customer_id: actor.customerId,
      article_id: articleId,
      // eslint-disable-next-line no-control-regex
      name: name.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200),
      mime,
      size: data.length,
      storage_key: key,
      user_name: actor.name,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await attachments(deps.db, actor.customerId, articleId)).find((a) => a.id === row.id)!;
}

/** Copies the attachment rows of one document to another (a revision or a copy shares the stored bytes). */
export async function copyAttachments(tx: Db, customerId: number, fromId: number, toId: number): Promise<void> {
  const rows = await documentRows(tx, 'article_attachment', customerId, fromId);
  if (rows.length === 0) return;
  await tx
    .insertInto('article_attachment')
    .values(rows.map(({ id: _id, ...r }) => ({ ...r, article_id: toId })))
    .execute();
}

export async function attachmentRow(db: Db, customerId: number, id: number) {
  return ownRow(db, 'article_attachment', customerId, id);
}

/** Removes an attachment row, and its bytes when no other document (revision, copy) still lists them. */
export async function removeAttachment(deps: ArticleDeps, customerId: number, id: number): Promise<void> {
  const row = await attachmentRow(deps.db, customerId, id);
  await deps.db.deleteFrom('article_attachment').where('id', '=', id).where('customer_id', '=', customerId).execute();
  const shared = await deps.db
    .selectFrom('article_attachment')
    .select('id')
    .where('storage_key', '=', row.storage_key)
    .limit(1)
    .executeTakeFirst();
  if (!shared) await deps.storage.remove(row.storage_key).catch(() => undefined);
}
