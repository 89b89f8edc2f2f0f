import { ErrorCode, type UserCreate, type UserEnable, type UserResetPassword, type UserRow, type UserUpdate } from '@agromet/contracts';
import type { z } from 'zod';
import { effectiveCodes, type AuthContext } from '../../core/auth/context.js';
import { hashPassword } from '../../core/auth/password.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { AppError, errors } from '../../core/errors.js';
import { assertAdminsRemain, assertCanGrantIn, codesNotHeld, codesOfRoles, grantScope, withheldCodes } from '../../core/grants.js';
import { canSeeCustomer, customerScope } from '../../core/tenancy.js';
import { isUniqueViolation, updateVersioned } from '../../core/versioned.js';
import { revokeUserSessions } from '../auth/repo.js';
import { contains } from '../../core/db/like.js';
import { paged } from '../../core/paging.js';

type CreateInput = z.output<typeof UserCreate>;
type UpdateInput = z.output<typeof UserUpdate>;
type EnableInput = z.output<typeof UserEnable>;
type ResetInput = z.output<typeof UserResetPassword>;

export interface UserDeps {
  db: Db;
  scryptLogN: number;
}

const userColumns = [
  'app_user.id',
  'app_user.username',
  'app_user.first_name',
  'app_user.last_name',
  'app_user.name',
  'app_user.email',
  'app_user.mobile',
  'app_user.avatar',
  'app_user.customer_id',
  'app_user.enabled',
  'app_user.version',
  'app_user.created_at',
  'app_user.updated_at',
  'customer.name as customer',
] as const;

function userQuery(db: Db) {
  return db.selectFrom('app_user').innerJoin('customer', 'customer.id', 'app_user.customer_id');
}

interface UserRecord {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  name: string;
  email: string;
  mobile: string;
  avatar: string;
  customer_id: number;
  enabled: number;
  version: number;
  created_at: string;
  updated_at: string;
  customer: string;
}

async function toRows(db: Db, users: UserRecord[]): Promise<UserRow[]> {
  if (users.length === 0) return [];
  const roles = await db
    .selectFrom('user_role')
    .innerJoin('role', 'role.id', 'user_role.role_id')
    .select(['user_role.user_id', 'role.id', 'role.name'])
    .where(
      'user_role.user_id',
      'in',
      users.map((u) => u.id),
    )
    .orderBy('role.id')
    .execute();
  return users.map((u) => ({
    id: u.id,
    username: u.username,
    firstName: u.first_name,
    lastName: u.last_name,
    name: u.name,
    email: u.email,
    mobile: u.mobile,
    avatar: u.avatar,
    customerId: u.customer_id,
    customer: u.customer,
    enabled: u.enabled === 1,
    roles: roles.filter((r) => r.user_id === u.id).map((r) => ({ id: r.id, name: r.name })),
    version: u.version,
    createdAt: u.created_at,
    updatedAt: u.updated_at,
  }));
}

export async function pageUsers(
  db: Db,
  auth: AuthContext,
  q: { page: number; size: number; keyword?: string; customerId?: number; roleId?: number },
) {
  const scope = customerScope(auth);
  let base = userQuery(db);
  if (scope !== null) base = base.where('app_user.customer_id', '=', scope);
  if (q.customerId) base = base.where('app_user.customer_id', '=', q.customerId);
  if (q.roleId) {
    const roleId = q.roleId;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_role')
          .select('user_role.user_id')
          .whereRef('user_role.user_id', '=', 'app_user.id')
          .where('user_role.role_id', '=', roleId),
      ),
    );
  }
  if (q.keyword) {
    const keyword = q.keyword;
    base = base.where((eb) =>
      eb.or([contains('app_user.username', keyword), contains('app_user.name', keyword), contains('app_user.mobile', keyword)]),
    );
  }
  return paged(
    base,
    q,
    (b) => b.select(userColumns).orderBy('app_user.id'),
    (rows) => toRows(db, rows),
  );
}

export async function getUser(db: Db, auth: AuthContext, id: number): Promise<UserRow> {
  const row = await userQuery(db).select(userColumns).where('app_user.id', '=', id).executeTakeFirst();
  if (!row || !canSeeCustomer(auth, row.customer_id)) throw errors.notFound();
  return (await toRows(db, [row]))[0]!;
}

/**
 * No taking over a stronger account: a user may only manage users whose every code it holds itself or may grant in
 * their customer (docs/security.md#entitlements), so a customer's administrator manages the staff it could have made.
 */
async function assertCanManage(db: Db, auth: AuthContext, userId: number, customerId: number): Promise<void> {
  const stronger = codesNotHeld(auth, await effectiveCodes(db, userId));
  if (stronger.length === 0) return;
  if (withheldCodes(auth.codes, await grantScope(db, customerId), stronger).length > 0)
    throw new AppError(ErrorCode.FORBIDDEN, 'cannotManageUser');
}

/**
 * Roles must exist, belong to the user's customer, and carry only codes the caller may grant there (for those added;
 * docs/security.md#entitlements). A role of
 * a customer the caller cannot see counts as missing, so that its id tells nothing (docs/security.md#customers-and-tenancy).
 */
async function checkRoles(db: Db, auth: AuthContext, customerId: number, roleIds: number[], keptRoleIds: number[] = []): Promise<number[]> {
  const ids = [...new Set(roleIds)];
  if (ids.length === 0) return ids;
  const rows = (await db.selectFrom('role').select(['id', 'customer_id']).where('id', 'in', ids).execute()).filter((r) =>
    canSeeCustomer(auth, r.customer_id),
  );
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) throw errors.validation('roleIds', 'unknownRole', { ids: missing.join(', ') });
  if (rows.some((r) => r.customer_id !== customerId)) throw errors.validation('roleIds', 'roleOtherCustomer');
  await assertCanGrantIn(
    db,
    auth,
    customerId,
    await codesOfRoles(
      db,
      ids.filter((id) => !keptRoleIds.includes(id)),
    ),
  );
  return ids;
}

async function assertCustomerVisible(db: Db, auth: AuthContext, customerId: number): Promise<void> {
  const c = await db.selectFrom('customer').select('id').where('id', '=', customerId).executeTakeFirst();
  if (!c || !canSeeCustomer(auth, customerId)) throw errors.validation('customerId', 'unknownCustomer');
}

export async function createUser(deps: UserDeps, auth: AuthContext, data: CreateInput): Promise<UserRow> {
  const { db } = deps;
  await assertCustomerVisible(db, auth, data.customerId);
  const roleIds = await checkRoles(db, auth, data.customerId, data.roleIds);
  const hash = await hashPassword(data.password, deps.scryptLogN);
  const now = nowIso();
  try {
    const id = await db.transaction().execute(async (tx) => {
      const user = await tx
        .insertInto('app_user')
        .values({
          customer_id: data.customerId,
          username: data.username,
          first_name: data.firstName,
          last_name: data.lastName,
          name: data.name,
          email: data.email,
          mobile: data.mobile,
          password_hash: hash,
          // The administrator chose this password: the user replaces it at the first sign-in.
          password_must_change: 1,
          setting: JSON.stringify({ articlePlatform: [] }),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (roleIds.length > 0)
        await tx
          .insertInto('user_role')
          .values(roleIds.map((r) => ({ user_id: user.id, role_id: r })))
          .execute();
      return user.id;
    });
    return getUser(db, auth, id);
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('duplicate', { field: 'username', value: data.username });
    throw e;
  }
}

export async function updateUser(db: Db, auth: AuthContext, data: UpdateInput): Promise<UserRow> {
  const current = await getUser(db, auth, data.id);
  const currentRoleIds = current.roles.map((r) => r.id);
  const nextRoleIds = [...new Set(data.roleIds)];
  if (data.id === auth.userId && (nextRoleIds.length !== currentRoleIds.length || nextRoleIds.some((r) => !currentRoleIds.includes(r)))) {
    throw new AppError(ErrorCode.FORBIDDEN, 'ownRoles');
  }
  if (data.id !== auth.userId) await assertCanManage(db, auth, data.id, current.customerId);
  await assertCustomerVisible(db, auth, data.customerId);
  const roleIds = await checkRoles(db, auth, data.customerId, nextRoleIds, data.customerId === current.customerId ? currentRoleIds : []);
  await db.transaction().execute(async (tx) => {
    await updateVersioned(tx, 'app_user', data.id, data.version, {
      first_name: data.firstName,
      last_name: data.lastName,
      name: data.name,
      email: data.email,
      mobile: data.mobile,
      customer_id: data.customerId,
    });
    await tx.deleteFrom('user_role').where('user_id', '=', data.id).execute();
    if (roleIds.length > 0)
      await tx
        .insertInto('user_role')
        .values(roleIds.map((r) => ({ user_id: data.id, role_id: r })))
        .execute();
    await assertAdminsRemain(tx);
  });
  return getUser(db, auth, data.id);
}

export async function setUserEnabled(db: Db, auth: AuthContext, data: EnableInput): Promise<UserRow> {
  const target = await getUser(db, auth, data.id);
  if (data.id === auth.userId) throw errors.conflict('selfDisable');
  await assertCanManage(db, auth, data.id, target.customerId);
  await db.transaction().execute(async (tx) => {
    await updateVersioned(tx, 'app_user', data.id, data.version, { enabled: data.enabled ? 1 : 0 });
    if (!data.enabled) await revokeUserSessions(tx, data.id, 'disabled');
    await assertAdminsRemain(tx);
  });
  return getUser(db, auth, data.id);
}

export async function resetPassword(deps: UserDeps, auth: AuthContext, data: ResetInput): Promise<void> {
  const { db } = deps;
  const target = await getUser(db, auth, data.id);
  if (data.id !== auth.userId) await assertCanManage(db, auth, data.id, target.customerId);
  const hash = await hashPassword(data.password, deps.scryptLogN);
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('app_user')
      .set((eb) => ({
        password_hash: hash,
        // A password reset by someone else is theirs, not the user's: it must be replaced at the next sign-in.
        password_must_change: data.id === auth.userId ? 0 : 1,
        updated_at: nowIso(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', data.id)
      .execute();
    await revokeUserSessions(tx, data.id, 'password-reset');
  });
}

export async function deleteUser(db: Db, auth: AuthContext, id: number): Promise<void> {
  const target = await getUser(db, auth, id);
  if (id === auth.userId) throw errors.conflict('selfDisable');
  await assertCanManage(db, auth, id, target.customerId);
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('user_role').where('user_id', '=', id).execute();
    await tx
      .deleteFrom('refresh_token')
      .where('session_id', 'in', tx.selectFrom('session').select('id').where('user_id', '=', id))
      .execute();
    await tx.deleteFrom('session').where('user_id', '=', id).execute();
    await tx.deleteFrom('app_user').where('id', '=', id).execute();
    await assertAdminsRemain(tx);
  });
}
