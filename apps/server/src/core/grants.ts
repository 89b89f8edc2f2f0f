import { ADMIN } from '@agromet/contracts';
import type { AuthContext } from './auth/context.js';
import type { Db } from './db/index.js';
import { AppError, errors } from './errors.js';
import { ErrorCode } from '@agromet/contracts';

/** Codes in `codes` the caller does not hold (admin holds every code). */
export function codesNotHeld(auth: AuthContext, codes: Iterable<string>): string[] {
  if (auth.codes.has(ADMIN)) return [];
  return [...new Set(codes)].filter((c) => !auth.codes.has(c)).sort();
}

/** Nobody grants what they do not hold. */
export function assertCanGrant(auth: AuthContext, codes: Iterable<string>): void {
  const missing = codesNotHeld(auth, codes);
  if (missing.length > 0) throw new AppError(ErrorCode.FORBIDDEN, 'cannotGrant', { codes: missing.join(', ') });
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
