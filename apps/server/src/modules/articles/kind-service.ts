import type { ArticleKindSave } from '@agromet/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { ownRow } from '../../core/db/own-row.js';
import { errors } from '../../core/errors.js';
import type { Lang } from '../../core/messages.js';
import { isUniqueViolation } from '../../core/versioned.js';
import type { Actor } from './deps.js';
import { DEFAULT_KINDS, kindIn } from './kinds.js';
import { sanitizeBody } from './sanitize.js';

// A customer's kinds of document (docs/articles.md#kinds): the defaults given the first time (kinds.ts), then the
// customer's own rows, listed in the reader's language, saved with their version, deleted while no document uses them.

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

/** A kind of the customer's (4004 for another customer's or a missing one). */
export async function kindRow(db: Db, customerId: number, id: number) {
  return ownRow(db, 'article_kind', customerId, id);
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
