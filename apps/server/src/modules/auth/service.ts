import { randomUUID } from 'node:crypto';
import type { ChangePasswordBody, CustomerContextBody, SettingBody, TokenPair, UserInfo } from '@agromet/contracts';
import { effectiveCodes, holdsAny, type AuthContext } from '../../core/auth/context.js';
import { hashPassword, verifyPassword } from '../../core/auth/password.js';
import type { LoginThrottle } from '../../core/auth/throttle.js';
import { hashToken, newRefreshToken, type TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { User } from '../../core/db/schema.js';
import { AppError, errors } from '../../core/errors.js';
import { decideRefresh } from './refresh-rules.js';
import * as repo from './repo.js';
import { storedUserSetting } from '../../core/auth/user-setting.js';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  throttle: LoginThrottle;
  refreshTtl: number;
  scryptLogN: number;
  /** A hash to check against when the username is unknown, so both failures take the same time. */
  dummyHash: string;
}

export interface ClientInfo {
  ip: string;
  agent: string;
}

async function issueSession(deps: AuthDeps, userId: number, client: ClientInfo): Promise<TokenPair> {
  const sessionId = randomUUID();
  const refresh = newRefreshToken();
  await repo.createSession(deps.db, {
    id: sessionId,
    userId,
    ip: client.ip,
    agent: client.agent,
    refreshHash: hashToken(refresh),
    expiresAt: new Date(Date.now() + deps.refreshTtl * 1000).toISOString(),
  });
  return { access_token: await deps.tokens.signAccess({ userId, sessionId }), refresh_token: refresh, expired: deps.tokens.accessTtl };
}

export async function login(
  deps: AuthDeps,
  body: { username: string; password: string },
  client: ClientInfo,
): Promise<{ tokens: TokenPair; user: User }> {
  const wait = await deps.throttle.retryAfter(body.username, client.ip);
  if (wait > 0) throw errors.tooMany(wait);
  const user = await repo.findUserByUsername(deps.db, body.username);
  const valid = await verifyPassword(body.password, user?.password_hash ?? deps.dummyHash);
  if (!user || !valid || user.enabled !== 1) {
    await deps.throttle.recordFailure(body.username, client.ip);
    throw errors.badCredentials();
  }
  await deps.throttle.recordSuccess(body.username, client.ip);
  return { tokens: await issueSession(deps, user.id, client), user };
}

export async function refresh(deps: AuthDeps, token: string): Promise<TokenPair> {
  const hash = hashToken(token);
  // Two rounds at most: a caller that loses the race to rotate decides again, now seeing the winner's rotation.
  for (let round = 0; round < 2; round++) {
    const row = await repo.findRefreshToken(deps.db, hash);
    const decision = decideRefresh(
      row && {
        rotatedAt: row.rotated_at,
        revokedAt: row.revoked_at,
        expiresAt: row.expires_at,
        userEnabled: row.enabled === 1,
      },
      new Date(),
    );
    if (decision === 'refuse') throw errors.sessionRevoked();
    if (decision === 'reuse') {
      // A token rotated a while ago presented again means it leaked: end the whole family.
      await deps.tokens.sessions.changing({ userId: row!.user_id }, () => repo.revokeSession(deps.db, row!.session_id, 'refresh-reuse'));
      throw errors.sessionRevoked();
    }
    const next = newRefreshToken();
    if (decision === 'twin') await repo.addRefreshToken(deps.db, row!.session_id, hashToken(next));
    // The conditional update lets exactly one of concurrent callers rotate (PostgreSQL waits on the row lock).
    else if (!(await repo.rotateRefreshToken(deps.db, row!.session_id, hash, hashToken(next)))) continue;
    return {
      access_token: await deps.tokens.signAccess({ userId: row!.user_id, sessionId: row!.session_id }),
      refresh_token: next,
      expired: deps.tokens.accessTtl,
    };
  }
  throw errors.sessionRevoked();
}

export function logout(deps: AuthDeps, auth: AuthContext): Promise<void> {
  return deps.tokens.sessions.changing({ userId: auth.userId }, () => repo.revokeSession(deps.db, auth.sessionId, 'logout'));
}

/**
 * The session user; `codes` are passed when the request already resolved them. `customerId`: the customer the request
 * acts for, when a platform administrator works in another customer's context (its name and branding are answered).
 */
export async function userInfo(db: Db, userId: number, codes?: readonly string[], customerId?: number): Promise<UserInfo> {
  const row = await db
    .selectFrom('app_user')
    .innerJoin('customer', (join) =>
      customerId === undefined ? join.onRef('customer.id', '=', 'app_user.customer_id') : join.on('customer.id', '=', customerId),
    )
    .select([
      'app_user.id',
      'app_user.customer_id as home_customer_id',
      'app_user.username',
      'app_user.name',
      'app_user.avatar',
      'app_user.introduction',
      'app_user.email',
      'app_user.mobile',
      'app_user.setting',
      'app_user.password_must_change',
      'customer.id as customer_id',
      'customer.name as customer_name',
      'customer.sys_name',
      'customer.logo',
      'customer.center_lat',
      'customer.center_lon',
      'customer.zoom',
    ])
    .where('app_user.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw errors.sessionRevoked();
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    introduction: row.introduction,
    email: row.email,
    mobile: row.mobile,
    roles: codes ? [...codes].sort() : await effectiveCodes(db, row.id),
    customer: row.customer_name,
    customerId: row.customer_id,
    setting: { articlePlatform: storedUserSetting(row.setting, row.id).articlePlatform ?? [] },
    branding: { sysName: row.sys_name, logo: row.logo, centerLat: row.center_lat, centerLon: row.center_lon, zoom: row.zoom },
    mustChangePassword: row.password_must_change === 1,
    homeCustomerId: row.home_customer_id,
  };
}

export async function changePassword(deps: AuthDeps, auth: AuthContext, body: ChangePasswordBody): Promise<void> {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw errors.sessionRevoked();
  if (!(await verifyPassword(body.password, user.password_hash))) throw errors.validation('password', 'wrongCurrentPassword');
  if (body.newPassword === body.password) throw errors.validation('newPassword', 'sameAsOld');
  const hash = await hashPassword(body.newPassword, deps.scryptLogN);
  await deps.tokens.sessions.changing({ userId: user.id }, () =>
    deps.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('app_user')
        .set((eb) => ({ password_hash: hash, password_must_change: 0, updated_at: nowIso(), version: eb('version', '+', 1) }))
        .where('id', '=', user.id)
        .execute();
      await repo.revokeUserSessions(tx, user.id, 'password-change', auth.sessionId);
    }),
  );
}

/** The user info of the context a platform administrator switches to (their own with null); an unknown customer is 4004. */
export async function customerContext(db: Db, auth: AuthContext, body: CustomerContextBody): Promise<UserInfo> {
  const target = body.customerId ?? auth.homeCustomerId;
  if (!(await db.selectFrom('customer').select('id').where('id', '=', target).executeTakeFirst())) throw errors.notFound();
  return userInfo(db, auth.userId, [...auth.codes], target);
}

export async function updateSetting(db: Db, auth: AuthContext, body: SettingBody): Promise<UserInfo> {
  const patch: Record<string, string> = { name: body.name };
  for (const key of ['avatar', 'email', 'mobile', 'introduction'] as const) {
    if (body[key] !== undefined) patch[key] = body[key];
  }
  if (body.articlePlatform !== undefined) {
    // Service-product platforms (docs/articles.md#platforms): only the customer's own.
    const ids = [...new Set(body.articlePlatform)];
    const known = ids.length
      ? await db
          .selectFrom('article_platform')
          .select('id')
          .where('customer_id', '=', auth.customerId)
          .where('id', 'in', ids.map(Number))
          .execute()
      : [];
    if (known.length !== ids.length) throw errors.validation('articlePlatform', 'article.unknownPlatform');
    const current = await db.selectFrom('app_user').select('setting').where('id', '=', auth.userId).executeTakeFirst();
    patch.setting = JSON.stringify({ ...storedUserSetting(current?.setting, auth.userId), articlePlatform: ids });
  }
  await db
    .updateTable('app_user')
    .set((eb) => ({ ...patch, updated_at: nowIso(), version: eb('version', '+', 1) }))
    .where('id', '=', auth.userId)
    .execute();
  return userInfo(db, auth.userId, undefined, auth.customerId);
}

/** Own role ids, or those of a user of the same customer for holders of sys.user.admin. */
export async function userRoleIds(db: Db, auth: AuthContext, id: number): Promise<number[]> {
  if (id !== auth.userId) {
    const target = await repo.findUserById(db, id);
    const visible = target && (target.customer_id === auth.customerId || holdsAny(auth, ['osm.customer.admin']));
    if (!visible) throw errors.notFound();
  }
  return (await repo.roleIdsOfUser(db, id)).map((r) => r.role_id);
}

export { AppError };
