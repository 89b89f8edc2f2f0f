import { ACT_AS_CUSTOMER_HEADER, ADMIN, ErrorCode, holdsPlatformScope, type ApiAccess } from '@agromet/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { AppError, errors } from '../errors.js';
import type { SessionUser } from './session-cache.js';
import type { TokenService } from './tokens.js';

/** Who is calling, resolved from the access token and checked against the session on every request. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  username: string;
  name: string;
  /** The customer the request acts for: the user's own, or the one a platform administrator works for. */
  customerId: number;
  /** The user's own customer. */
  homeCustomerId: number;
  codes: ReadonlySet<string>;
  /** The password is one an administrator set: only calls marked `duringPasswordChange` are open. */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * Calls a browser makes without being able to add a header: map images (WMS) and file links. Only these accept the
 * access token as `?token=`; anywhere else a query token is ignored (401 as without one), so that tokens do not
 * spread into addresses, histories and logs (docs/api.md#authentication-headers).
 */
export const QUERY_TOKEN_PATHS: readonly string[] = ['/api/wms', '/api/files/'];

export function acceptsQueryToken(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return QUERY_TOKEN_PATHS.some((p) => (p.endsWith('/') ? pathname.startsWith(p) : pathname === p || pathname === `${p}/`));
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return m?.[1] ?? header.trim();
  }
  if (!acceptsQueryToken(req.url)) return undefined;
  const q = req.query as Record<string, unknown> | undefined;
  return typeof q?.token === 'string' && q.token ? q.token : undefined;
}

/**
 * The customer a platform administrator asks to work for (docs/security.md#customer-context): the header, or on calls a
 * browser makes without headers (map images, file links) the `actAs` query parameter. Undefined: none asked.
 */
export function requestedCustomer(req: FastifyRequest): number | undefined {
  const header = req.headers[ACT_AS_CUSTOMER_HEADER];
  const q = acceptsQueryToken(req.url) ? (req.query as Record<string, unknown> | undefined)?.actAs : undefined;
  const raw = typeof header === 'string' ? header : typeof q === 'string' ? q : undefined;
  if (raw === undefined || raw === '') return undefined;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw errors.validation(ACT_AS_CUSTOMER_HEADER, 'invalidCustomerContext');
  return id;
}

export async function effectiveCodes(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_role')
    .innerJoin('role_permission', 'role_permission.role_id', 'user_role.role_id')
    .select('role_permission.permission_code')
    .distinct()
    .where('user_role.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.permission_code).sort();
}

/** What a session's check reads: the session row, its user and the user's codes (null: the session is refused). */
async function loadSession(db: Db, sessionId: string): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('session')
    .innerJoin('app_user', 'app_user.id', 'session.user_id')
    .select([
      'session.revoked_at',
      'session.expires_at',
      'app_user.id',
      'app_user.username',
      'app_user.name',
      'app_user.customer_id',
      'app_user.enabled',
      'app_user.password_must_change',
    ])
    .where('session.id', '=', sessionId)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.enabled !== 1) return null;
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    customerId: row.customer_id,
    mustChangePassword: row.password_must_change === 1,
    expiresAt: Date.parse(row.expires_at),
    codes: new Set(await effectiveCodes(db, row.id)),
  };
}

/**
 * The caller of a request: the access token verified, then its session checked (not revoked, not expired, the same
 * user, enabled) with the user's codes. The check is served by the session cache until a change is announced
 * (core/auth/session-cache.ts, docs/security.md#session-cache), so a revocation still takes effect at the next request.
 */
export async function authenticate(req: FastifyRequest, db: Db, tokens: TokenService): Promise<AuthContext> {
  const token = bearerToken(req);
  if (!token) throw errors.tokenMissing();
  const claims = await tokens.verifyAccess(token);
  const entry = await tokens.sessions.session(claims.sessionId, claims.userId, () => loadSession(db, claims.sessionId));
  const user = entry.user;
  if (!user || user.id !== claims.userId || user.expiresAt <= Date.now()) throw errors.sessionRevoked();
  // Only the platform may work in another customer's context; anyone else asking for one is refused, never ignored.
  let customerId = user.customerId;
  const asked = requestedCustomer(req);
  if (asked !== undefined && asked !== user.customerId) {
    if (!holdsPlatformScope(user.codes)) throw errors.forbidden();
    if (!entry.customers.has(asked)) {
      if (!(await db.selectFrom('customer').select('id').where('id', '=', asked).executeTakeFirst())) throw errors.notFound();
      // Deleting a customer is announced, which drops this entry: only customers found to exist are kept.
      entry.customers.add(asked);
    }
    customerId = asked;
  }
  const auth: AuthContext = {
    userId: user.id,
    sessionId: claims.sessionId,
    username: user.username,
    name: user.name,
    customerId,
    homeCustomerId: user.customerId,
    codes: user.codes,
    mustChangePassword: user.mustChangePassword,
  };
  tokens.sessions.bind(auth, entry);
  return auth;
}

export function holdsAny(auth: AuthContext, codes: readonly string[]): boolean {
  return auth.codes.has(ADMIN) || codes.some((c) => auth.codes.has(c));
}

/** A preHandler enforcing a contract route's access rule. */
export function accessGuard(access: ApiAccess, db: Db, tokens: TokenService) {
  return async (req: FastifyRequest) => {
    if (access.kind === 'public') return;
    req.auth = await authenticate(req, db, tokens);
    if (req.auth.mustChangePassword && !(access.kind === 'user' && access.duringPasswordChange))
      throw new AppError(ErrorCode.PASSWORD_CHANGE_REQUIRED, 'passwordChangeRequired');
    if (access.kind === 'codes' && !holdsAny(req.auth, access.codes)) throw errors.forbidden();
    // Platform data (the permission catalogue) is shared by every customer: a customer's administrator may not change it.
    if (access.kind === 'codes' && access.platform && !holdsPlatformScope(req.auth.codes))
      throw new AppError(ErrorCode.FORBIDDEN, 'platformOnly');
    if (access.kind === 'self-or-codes') {
      const id = Number((req.params as { id?: string } | undefined)?.id);
      if (id !== req.auth.userId && !holdsAny(req.auth, access.codes)) throw errors.forbidden();
    }
  };
}
