import { ADMIN, ErrorCode, isPlatformOnlyCode, type WithheldReason } from '@agromet/contracts';
import type { AuthContext } from './auth/context.js';
import type { Db } from './db/index.js';
import { AppError, errors } from './errors.js';
import type { MessageKey } from './messages.js';

/** Codes in `codes` the caller does not hold (admin holds every code). */
export function codesNotHeld(auth: AuthContext, codes: Iterable<string>): string[] {
  if (auth.codes.has(ADMIN)) return [];
  return [...new Set(codes)].filter((c) => !auth.codes.has(c)).sort();
}

/**
 * Where a grant is made (docs/security.md#entitlements): the platform's own customer is bounded by the granter's codes;
 * any other customer by what the platform granted it (its entitlements), whoever grants.
 */
export interface GrantScope {
  platform: boolean;
  entitled: ReadonlySet<string>;
}

/**
 * Why `held` may not grant `code` in `scope`, or null when it may. In a customer, privilege is bounded by the customer
 * and not by the administrator's own codes: its administrator makes roles from any entitled code. Codes acting across
 * customers are never a customer's. In the platform's customer, nobody grants what they do not hold (admin holds all).
 */
export function withheldReason(held: ReadonlySet<string>, scope: GrantScope, code: string): WithheldReason | null {
  if (scope.platform) return held.has(ADMIN) || held.has(code) ? null : 'notHeld';
  if (isPlatformOnlyCode(code)) return 'platformOnly';
  return scope.entitled.has(code) ? null : 'notEntitled';
}

export interface Withheld {
  code: string;
  reason: WithheldReason;
}

/** The codes among `codes` that `held` may not grant in `scope`, each once, in code order. */
export function withheldCodes(held: ReadonlySet<string>, scope: GrantScope, codes: Iterable<string>): Withheld[] {
  return [...new Set(codes)].sort().flatMap((code) => {
    const reason = withheldReason(held, scope, code);
    return reason ? [{ code, reason }] : [];
  });
}

const REFUSAL: Record<WithheldReason, MessageKey> = {
  platformOnly: 'platformOnlyCode',
  notEntitled: 'notEntitled',
  notHeld: 'cannotGrant',
};
const ORDER: readonly WithheldReason[] = ['platformOnly', 'notEntitled', 'notHeld'];

/** The refusal of a grant (4003): its message names the codes of the first reason, its data every withheld code. */
export function grantRefusal(withheld: readonly Withheld[]): AppError | null {
  if (withheld.length === 0) return null;
  const reason = ORDER.find((r) => withheld.some((w) => w.reason === r))!;
  const codes = withheld.filter((w) => w.reason === reason).map((w) => w.code);
  return new AppError(ErrorCode.FORBIDDEN, REFUSAL[reason], { codes: codes.join(', ') }, { withheld });
}

/** The grant scope of a customer (its entitlements, or the platform's customer). */
export async function grantScope(db: Db, customerId: number): Promise<GrantScope> {
  const customer = await db.selectFrom('customer').select('is_platform').where('id', '=', customerId).executeTakeFirst();
  const rows = await db.selectFrom('customer_entitlement').select('permission_code').where('customer_id', '=', customerId).execute();
  return { platform: customer?.is_platform === 1, entitled: new Set(rows.map((r) => r.permission_code)) };
}

/** Refuses (4003 naming the codes) a grant of `codes` the caller may not make in the customer. */
export async function assertCanGrantIn(db: Db, auth: AuthContext, customerId: number, codes: Iterable<string>): Promise<void> {
  const list = [...codes];
  if (list.length === 0) return;
  const refusal = grantRefusal(withheldCodes(auth.codes, await grantScope(db, customerId), list));
  if (refusal) throw refusal;
}

export async function codesOfRoles(db: Db, roleIds: readonly number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('role_permission')
    .select('permission_code')
    .distinct()
    .where('role_id', 'in', [...roleIds])
    .execute();
  return rows.map((r) => r.permission_code);
}

/** Enabled users holding `admin`; a change that leaves none is refused (checked inside its transaction). */
export async function assertAdminsRemain(db: Db): Promise<void> {
  const row = await db
    .selectFrom('app_user')
    .innerJoin('user_role', 'user_role.user_id', 'app_user.id')
    .innerJoin('role_permission', 'role_permission.role_id', 'user_role.role_id')
    .select((eb) => eb.fn.count<number>('app_user.id').distinct().as('n'))
    .where('app_user.enabled', '=', 1)
    .where('role_permission.permission_code', '=', ADMIN)
    .executeTakeFirstOrThrow();
  if (Number(row.n) === 0) throw errors.conflict('lastAdmin');
}
