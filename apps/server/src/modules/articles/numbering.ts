import type { ArticleAction } from '@agromet/contracts';
import type { Selectable } from 'kysely';
import type { ArticleTable } from '../../core/db/schema.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/versioned.js';
import { currentYear } from './dates.js';
import type { Actor } from './deps.js';

// Issue numbers per kind and year (docs/articles.md): the highest taken, a new document numbered without two
// creations taking the same number, and the history row each creation and step writes.

type Row = Selectable<ArticleTable>;

/** Attempts of a creation whose issue number another creation took at the same moment. */
export const ISSUE_ATTEMPTS = 8;

export async function maxIssue(db: Db, customerId: number, kindId: number, year: number): Promise<number> {
  const r = await db
    .selectFrom('article')
    .select((eb) => eb.fn.max<number>('issue_no').as('n'))
    .where('customer_id', '=', customerId)
    .where('kind_id', '=', kindId)
    .where('year', '=', year)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export const historyRow = (
  customerId: number,
  articleId: number,
  actor: Actor,
  action: string,
  from: string,
  to: string,
  comment = '',
) => ({
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

/** The columns a new draft starts with: a draft of `actor`, created and updated now. */
export function newDraftColumns(actor: Actor) {
  const now = nowIso();
  return { state: 'draft', author_id: actor.userId, author_name: actor.name, created_at: now, updated_at: now };
}

/**
 * Inserts a new document with the next issue number of its kind and year (or the given one): the number is read and
 * the row written in one transaction, and the unique index on (customer, kind, year, issue, revision) refuses a
 * number another creation took meanwhile; then the whole transaction is tried again with the next number. The kind's row
 * is locked first, so on PostgreSQL concurrent creations of one kind wait for each other instead of colliding.
 */
export async function insertNumbered(
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
        const values = await make(issueNo, year);
        const row = await tx
          .insertInto('article')
          .values({
            ...values,
            customer_id: actor.customerId,
            year,
            issue_no: issueNo,
            ...newDraftColumns(actor),
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
