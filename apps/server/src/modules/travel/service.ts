import {
  COMMENT_NICKNAME_MAX,
  COMMENT_TARGETS,
  COMMENT_TEXT_MAX,
  ErrorCode,
  regionPrefix,
  type Comment,
  type CommentModerate,
  type CommentQuery,
  type CommentStatus,
  type CommentTarget,
  type PublicCommentAdd,
  type PublicCommentsQuery,
  type PublicSpotsQuery,
  type Spot,
  type SpotCreate,
  type SpotQuery,
  type SpotUpdate,
} from '@agromet/contracts';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { actorName } from '../../core/builtin-names.js';
import type { AuthContext } from '../../core/auth/context.js';
import type { TravelCommentTable, TravelSpotTable } from '../../core/db/schema.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { contains } from '../../core/db/like.js';
import { AppError, errors } from '../../core/errors.js';
import type { Lang } from '../../core/messages.js';
import type { FileStorage } from '../../core/storage.js';
import { regionFullName } from '../regions/code-table.js';
import { findSensitiveWords, plainText } from './comment-rules.js';
import { dropStop } from './itineraries.js';
import { checkPlace, deleteRecord, insertRecord, shownColumns, storedArray, TARGET_TABLES, updateRecord } from './records.js';
import { paged } from '../../core/paging.js';

// Tourism content of a customer (docs/travel.md): scenic spots and visitors' comments. Every query of the console's
// calls is limited to the caller's customer (another customer's record answers 4004 like a missing one); the public
// calls see published spots and passed comments only.

export interface TravelDeps {
  db: Db;
  storage: FileStorage;
}
type SpotRow = Selectable<TravelSpotTable>;
type CommentRow = Selectable<TravelCommentTable>;
type SpotInput = z.output<typeof SpotCreate>;

/** A stored JSON list of texts (photos, flagged words). */
const parseList = (json: string, table: string, id: number, column: string): string[] => storedArray(z.string(), json, table, id, column);

/** Passed comments of spots: their count and mean rating, by spot id. */
async function spotRatings(db: Db, customerId: number, ids: number[]): Promise<Map<number, { n: number; mean: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('travel_comment')
    .select((eb) => ['target_id', eb.fn.countAll<number>().as('n'), eb.fn.avg<number>('rating').as('mean')])
    .where('customer_id', '=', customerId)
    .where('target_type', '=', 'spot')
    .where('status', '=', 'passed')
    .where('target_id', 'in', ids)
    .groupBy('target_id')
    .execute();
  return new Map(rows.map((r) => [r.target_id, { n: Number(r.n), mean: Math.round(Number(r.mean) * 10) / 10 }]));
}

function toSpot(r: SpotRow, lang: Lang, rating?: { n: number; mean: number }): Spot {
  return {
    id: r.id,
    name: r.name,
    grade: r.grade as Spot['grade'],
    regionCode: r.region_code,
    regionName: regionFullName(r.region_code, lang),
    address: r.address,
    lon: r.lon,
    lat: r.lat,
    openingHours: r.opening_hours,
    ticketPrice: r.ticket_price,
    phone: r.phone,
    photos: parseList(r.photos, 'travel_spot', r.id, 'photos'),
    description: r.description,
    published: r.published === 1,
    comments: rating?.n ?? 0,
    rating: rating ? rating.mean : null,
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

async function toSpots(db: Db, customerId: number, rows: SpotRow[], lang: Lang): Promise<Spot[]> {
  const ratings = await spotRatings(
    db,
    customerId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toSpot(r, lang, ratings.get(r.id)));
}

export async function pageSpots(db: Db, auth: AuthContext, q: z.output<typeof SpotQuery>, lang: Lang = 'zh') {
  let base = db.selectFrom('travel_spot').where('customer_id', '=', auth.customerId);
  if (q.keyword) {
    const k = q.keyword;
    base = base.where((eb) => eb.or([contains('name', k), contains('address', k)]));
  }
  if (q.grade !== undefined) base = base.where('grade', '=', q.grade);
  if (q.code) base = base.where('region_code', 'like', `${regionPrefix(q.code)}%`);
  if (q.published) base = base.where('published', '=', q.published === 'true' ? 1 : 0);
  return paged(
    base,
    q,
    (b) => b.selectAll().orderBy('id', 'desc'),
    (rows) => toSpots(db, auth.customerId, rows, lang),
  );
}

/** The region code must be in the table and the point inside the region's loaded boundaries (as for disaster records). */
async function checkSpot(deps: TravelDeps, auth: AuthContext, s: SpotInput, lang: Lang) {
  await checkPlace(deps, auth.customerId, s, 'lon', lang);
  return {
    name: s.name,
    grade: s.grade,
    region_code: s.regionCode,
    address: s.address,
    lon: s.lon,
    lat: s.lat,
    opening_hours: s.openingHours,
    ticket_price: s.ticketPrice ?? null,
    phone: s.phone,
    ...shownColumns(s),
  };
}

export async function createSpot(deps: TravelDeps, auth: AuthContext, s: SpotInput, lang: Lang): Promise<Spot> {
  const columns = await checkSpot(deps, auth, s, lang);
  const row = await insertRecord(deps.db, auth.customerId, 'spot', columns);
  return (await toSpots(deps.db, auth.customerId, [row], lang))[0]!;
}

export async function updateSpot(deps: TravelDeps, auth: AuthContext, s: z.output<typeof SpotUpdate>, lang: Lang): Promise<Spot> {
  const row = await updateRecord(deps.db, auth.customerId, 'spot', s, () => checkSpot(deps, auth, s, lang));
  return (await toSpots(deps.db, auth.customerId, [row], lang))[0]!;
}

/** Deletes the spot, its comments and its stops on routes in one transaction. */
export const deleteSpot = (db: Db, auth: AuthContext, id: number) =>
  deleteRecord(db, auth.customerId, 'spot', id, (tx) => dropStop(tx, auth.customerId, { type: 'spot', id }));

// ---- comments ----------------------------------------------------------------------------------------

/** The names of the commented records, "type:id" → name (the caller's customer only). */
async function targetNames(db: Db, customerId: number, rows: CommentRow[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const type of COMMENT_TARGETS) {
    const ids = [...new Set(rows.filter((r) => r.target_type === type).map((r) => r.target_id))];
    if (ids.length === 0) continue;
    for (const r of await db
      .selectFrom(TARGET_TABLES[type])
      .select(['id', 'name'])
      .where('customer_id', '=', customerId)
      .where('id', 'in', ids)
      .execute())
      names.set(`${type}:${r.id}`, r.name);
  }
  return names;
}

function toComment(r: CommentRow, names: Map<string, string>, lang: Lang): Comment {
  return {
    id: r.id,
    targetType: r.target_type as CommentTarget,
    targetId: r.target_id,
    targetName: names.get(`${r.target_type}:${r.target_id}`) ?? `#${r.target_id}`,
    rating: r.rating,
    text: r.text,
    nickname: r.nickname,
    status: r.status as CommentStatus,
    reason: r.reason,
    flagged: parseList(r.flagged, 'travel_comment', r.id, 'flagged'),
    createdAt: r.created_at,
    moderatedAt: r.moderated_at,
    moderatedBy: actorName(lang, r.moderated_by),
  };
}

export async function pageComments(db: Db, auth: AuthContext, q: z.output<typeof CommentQuery>, lang: Lang = 'zh') {
  let base = db.selectFrom('travel_comment').where('customer_id', '=', auth.customerId);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.targetType) base = base.where('target_type', '=', q.targetType);
  if (q.targetId) base = base.where('target_id', '=', q.targetId);
  if (q.flagged) base = base.where('flagged', q.flagged === 'true' ? '!=' : '=', '[]');
  if (q.keyword) {
    const k = q.keyword;
    base = base.where((eb) => eb.or([contains('text', k), contains('nickname', k)]));
  }
  return paged(
    base,
    q,
    (b) => b.selectAll().orderBy('id', 'desc'),
    async (rows) => {
      const names = await targetNames(db, auth.customerId, rows);
      return rows.map((r) => toComment(r, names, lang));
    },
  );
}

/** Bulk moderation: every id must be a comment of the caller's customer (else 4004 and nothing changes). */
export async function moderateComments(db: Db, auth: AuthContext, m: z.output<typeof CommentModerate>): Promise<{ updated: number }> {
  const ids = [...new Set(m.ids)];
  return db.transaction().execute(async (tx) => {
    const res = await tx
      .updateTable('travel_comment')
      .set({
        status: m.status,
        reason: m.status === 'rejected' ? m.reason : '',
        moderated_at: nowIso(),
        moderated_by: auth.name || auth.username,
      })
      .where('customer_id', '=', auth.customerId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== ids.length) throw errors.notFound();
    return { updated: ids.length };
  });
}

export async function sensitiveWords(db: Db, customerId: number): Promise<string[]> {
  return (await db.selectFrom('travel_sensitive_word').select('word').where('customer_id', '=', customerId).orderBy('word').execute()).map(
    (r) => r.word,
  );
}

export async function saveSensitiveWords(db: Db, auth: AuthContext, words: string[]): Promise<{ words: string[] }> {
  const unique = [...new Set(words.map((w) => w.trim()).filter((w) => w !== ''))];
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('travel_sensitive_word').where('customer_id', '=', auth.customerId).execute();
    if (unique.length > 0)
      await tx
        .insertInto('travel_sensitive_word')
        .values(unique.map((word) => ({ customer_id: auth.customerId, word })))
        .execute();
  });
  return { words: await sensitiveWords(db, auth.customerId) };
}

// ---- public calls ----------------------------------------------------------------------------------

export async function publicSpots(db: Db, q: z.output<typeof PublicSpotsQuery>, lang: Lang = 'zh') {
  const base = db.selectFrom('travel_spot').where('customer_id', '=', q.customerId).where('published', '=', 1);
  return paged(
    base,
    q,
    (b) => b.selectAll().orderBy('id'),
    async (rows) => {
      const spots = await toSpots(db, q.customerId, rows, lang);
      return spots.map(({ published: _p, version: _v, createdAt: _c, updatedAt: _u, ...rest }) => rest);
    },
  );
}

/** The published target of a public call, or 4004 (unpublished and unknown alike, so nothing unpublished can be probed). */
async function publishedTarget(db: Db, type: CommentTarget, id: number): Promise<{ customerId: number }> {
  const row = await db
    .selectFrom(TARGET_TABLES[type])
    .select(['customer_id'])
    .where('id', '=', id)
    .where('published', '=', 1)
    .executeTakeFirst();
  if (!row) throw errors.notFound();
  return { customerId: row.customer_id };
}

export async function publicComments(db: Db, q: z.output<typeof PublicCommentsQuery>) {
  const { customerId } = await publishedTarget(db, q.targetType, q.targetId);
  const base = db
    .selectFrom('travel_comment')
    .where('customer_id', '=', customerId)
    .where('target_type', '=', q.targetType)
    .where('target_id', '=', q.targetId)
    .where('status', '=', 'passed');
  return paged(
    base,
    q,
    (b) => b.select(['id', 'rating', 'text', 'nickname', 'created_at']).orderBy('id', 'desc'),
    // Stored as plain text; made so again on the way out, for a row written before entities were decoded first.
    (rows) =>
      rows.map((r) => ({
        id: r.id,
        rating: r.rating,
        text: plainText(r.text),
        nickname: plainText(r.nickname),
        createdAt: r.created_at,
      })),
  );
}

/**
 * A visitor's comment: HTML stripped from text and nickname before their lengths are checked, the customer's
 * sensitive words found are noted for the moderators; always pending until moderated.
 */
export async function addPublicComment(db: Db, c: z.output<typeof PublicCommentAdd>): Promise<{ id: number; status: 'pending' }> {
  const text = plainText(c.text);
  const nickname = plainText(c.nickname);
  if (text === '') throw errors.validation('text', 'travel.textEmpty');
  if ([...text].length > COMMENT_TEXT_MAX) throw errors.validation('text', 'travel.textTooLong', { max: COMMENT_TEXT_MAX });
  if (nickname === '') throw errors.validation('nickname', 'travel.nicknameEmpty');
  if ([...nickname].length > COMMENT_NICKNAME_MAX)
    throw errors.validation('nickname', 'travel.nicknameTooLong', { max: COMMENT_NICKNAME_MAX });
  const { customerId } = await publishedTarget(db, c.targetType, c.targetId);
  const flagged = findSensitiveWords(await sensitiveWords(db, customerId), text, nickname);
  const row = await db
    .insertInto('travel_comment')
    .values({
      customer_id: customerId,
      target_type: c.targetType,
      target_id: c.targetId,
      rating: c.rating,
      text,
      nickname,
      status: 'pending',
      flagged: JSON.stringify(flagged),
      created_at: nowIso(),
      moderated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, status: 'pending' };
}

export const tooManyComments = (seconds: number) =>
  new AppError(ErrorCode.TOO_MANY_ATTEMPTS, 'tooManyAttempts', { seconds }, { retryAfter: seconds }, { 'retry-after': String(seconds) });
