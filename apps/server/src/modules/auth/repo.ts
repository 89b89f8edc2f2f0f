import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';

export function findUserByUsername(db: Db, username: string) {
  return db.selectFrom('app_user').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createSession(
  db: Db,
  s: { id: string; userId: number; expiresAt: string; ip: string; agent: string; refreshHash: string },
): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('session')
      .values({
        id: s.id,
        user_id: s.userId,
        created_at: now,
        last_used_at: now,
        expires_at: s.expiresAt,
        revoked_at: null,
        revoked_reason: null,
        ip: s.ip.slice(0, 64),
        agent: s.agent.slice(0, 512),
      })
      .execute();
    await tx
      .insertInto('refresh_token')
      .values({ token_hash: s.refreshHash, session_id: s.id, created_at: now, rotated_at: null })
      .execute();
  });
}

export function findRefreshToken(db: Db, hash: string) {
  return db
    .selectFrom('refresh_token')
    .innerJoin('session', 'session.id', 'refresh_token.session_id')
    .innerJoin('app_user', 'app_user.id', 'session.user_id')
    .select([
      'refresh_token.token_hash',
      'refresh_token.rotated_at',
      'session.id as session_id',
      'session.revoked_at',
      'session.expires_at',
      'session.user_id',
      'app_user.enabled',
    ])
    .where('refresh_token.token_hash', '=', hash)
    .executeTakeFirst();
}

/** Marks the old token rotated and stores the new one; false when another caller rotated it first. */
export async function rotateRefreshToken(db: Db, sessionId: string, oldHash: string, newHash: string): Promise<boolean> {
  const now = nowIso();
  return db.transaction().execute(async (tx) => {
    const res = await tx
      .updateTable('refresh_token')
      .set({ rotated_at: now })
      .where('token_hash', '=', oldHash)
      .where('rotated_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await tx
      .insertInto('refresh_token')
      .values({ token_hash: newHash, session_id: sessionId, created_at: now, rotated_at: null })
      .execute();
    await tx.updateTable('session').set({ last_used_at: now }).where('id', '=', sessionId).execute();
    return true;
  });
}

/** Stores one more current token of the session (the successor of a concurrent twin, see refresh-rules.ts). */
export async function addRefreshToken(db: Db, sessionId: string, hash: string): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('refresh_token').values({ token_hash: hash, session_id: sessionId, created_at: now, rotated_at: null }).execute();
    await tx.updateTable('session').set({ last_used_at: now }).where('id', '=', sessionId).execute();
  });
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .updateTable('session')
    .set({ revoked_at: nowIso(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Db, userId: number, reason: string, exceptSessionId?: string): Promise<void> {
  let q = db
    .updateTable('session')
    .set({ revoked_at: nowIso(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

export function roleIdsOfUser(db: Db, userId: number) {
  return db.selectFrom('user_role').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute();
}
