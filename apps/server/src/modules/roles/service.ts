import type { Grantable, RoleCreate, RoleOption, RoleRow, RoleUpdate } from '@agromet/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { errors } from '../../core/errors.js';
import { assertAdminsRemain, assertCanGrantIn, grantScope, withheldCodes, type GrantScope } from '../../core/grants.js';
import { canSeeCustomer, customerScope } from '../../core/tenancy.js';
import { isUniqueViolation, updateVersioned } from '../../core/versioned.js';
import { contains } from '../../core/db/like.js';
import { paged } from '../../core/paging.js';

type CreateInput = z.output<typeof RoleCreate>;
type UpdateInput = z.output<typeof RoleUpdate>;

async function toRows(
  db: Db,
  roles: Array<{
    id: number;
    name: string;
    description: string;
    customer_id: number;
    version: number;
    created_at: string;
    updated_at: string;
    customer: string;
  }>,
): Promise<RoleRow[]> {
  if (roles.length === 0) return [];
  const ids = roles.map((r) => r.id);
  const perms = await db
    .selectFrom('role_permission')
    .select(['role_id', 'permission_code'])
    .where('role_id', 'in', ids)
    .orderBy('permission_code')
    .execute();
  const users = await db
    .selectFrom('user_role')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role_id', 'in', ids)
    .groupBy('role_id')
    .execute();
  return roles.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    customerId: r.customer_id,
    customer: r.customer,
    permissions: perms.filter((p) => p.role_id === r.id).map((p) => p.permission_code),
    userCount: Number(users.find((u) => u.role_id === r.id)?.n ?? 0),
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

function roleQuery(db: Db) {
  return db.selectFrom('role').innerJoin('customer', 'customer.id', 'role.customer_id');
}
const roleColumns = [
  'role.id',
  'role.name',
  'role.description',
  'role.customer_id',
  'role.version',
  'role.created_at',
  'role.updated_at',
  'customer.name as customer',
] as const;

export async function pageRoles(db: Db, auth: AuthContext, q: { page: number; size: number; keyword?: string; customerId?: number }) {
  const scope = customerScope(auth);
  let base = roleQuery(db);
  if (scope !== null) base = base.where('role.customer_id', '=', scope);
  if (q.customerId) base = base.where('role.customer_id', '=', q.customerId);
  const keyword = q.keyword;
  if (keyword) base = base.where((eb) => eb.or([contains('role.name', keyword), contains('role.description', keyword)]));
  return paged(
    base,
    q,
    (b) => b.select(roleColumns).orderBy('role.id'),
    (rows) => toRows(db, rows),
  );
}

/**
 * Roles to assign, each with whether the caller may give it to a user of its customer and, when not, the codes
 * withheld (docs/security.md#entitlements): the user form offers only the grantable ones.
 */
export async function roleOptions(db: Db, auth: AuthContext, customerId?: number): Promise<RoleOption[]> {
  const scope = customerScope(auth);
  let q = db.selectFrom('role').select(['id', 'name', 'customer_id as customerId']).orderBy('id');
  if (scope !== null) q = q.where('customer_id', '=', scope);
  if (customerId) q = q.where('customer_id', '=', customerId);
  const roles = await q.execute();
  if (roles.length === 0) return [];
  const perms = await db
    .selectFrom('role_permission')
    .select(['role_id', 'permission_code'])
    .where(
      'role_id',
      'in',
      roles.map((r) => r.id),
    )
    .execute();
  const scopes = new Map<number, GrantScope>();
  for (const c of new Set(roles.map((r) => r.customerId))) scopes.set(c, await grantScope(db, c));
  return roles.map((r) => {
    const codes = perms.filter((p) => p.role_id === r.id).map((p) => p.permission_code);
    const withheld = withheldCodes(auth.codes, scopes.get(r.customerId)!, codes).map((w) => w.code);
    return { ...r, grantable: withheld.length === 0, withheld };
  });
}

/** What the caller may put in a role of a customer it sees (its own by default): every code, grantable or withheld. */
export async function grantable(db: Db, auth: AuthContext, customerId?: number): Promise<Grantable> {
  const id = customerId ?? auth.customerId;
  const customer = await db.selectFrom('customer').select('id').where('id', '=', id).executeTakeFirst();
  if (!customer || !canSeeCustomer(auth, id)) throw errors.notFound();
  const all = (await db.selectFrom('permission').select('code').orderBy('code').execute()).map((r) => r.code);
  const withheld = withheldCodes(auth.codes, await grantScope(db, id), all);
  const out = new Set(withheld.map((w) => w.code));
  return { customerId: id, codes: all.filter((c) => !out.has(c)), withheld };
}

export async function getRole(db: Db, auth: AuthContext, id: number): Promise<RoleRow> {
  const row = await roleQuery(db).select(roleColumns).where('role.id', '=', id).executeTakeFirst();
  if (!row || !canSeeCustomer(auth, row.customer_id)) throw errors.notFound();
  return (await toRows(db, [row]))[0]!;
}

async function assertKnownCodes(db: Db, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  const known = new Set((await db.selectFrom('permission').select('code').where('code', 'in', codes).execute()).map((r) => r.code));
  const unknown = codes.filter((c) => !known.has(c));
  if (unknown.length > 0) throw errors.validation('permissions', 'unknownPermission', { codes: unknown.join(', ') });
}

export async function createRole(db: Db, auth: AuthContext, data: CreateInput): Promise<RoleRow> {
  const customerId = data.customerId ?? auth.customerId;
  const customer = await db.selectFrom('customer').select('id').where('id', '=', customerId).executeTakeFirst();
  if (!customer || !canSeeCustomer(auth, customerId)) throw errors.notFound();
  const codes = [...new Set(data.permissions)];
  await assertKnownCodes(db, codes);
  await assertCanGrantIn(db, auth, customerId, codes);
  const now = nowIso();
  try {
    const id = await db.transaction().execute(async (tx) => {
      const role = await tx
        .insertInto('role')
        .values({ customer_id: customerId, name: data.name, description: data.description, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (codes.length > 0)
        await tx
          .insertInto('role_permission')
          .values(codes.map((c) => ({ role_id: role.id, permission_code: c })))
          .execute();
      return role.id;
    });
    return getRole(db, auth, id);
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('duplicate', { field: 'name', value: data.name });
    throw e;
  }
}

export async function updateRole(db: Db, auth: AuthContext, data: UpdateInput): Promise<RoleRow> {
  const current = await getRole(db, auth, data.id);
  const codes = [...new Set(data.permissions)];
  await assertKnownCodes(db, codes);
  // Only what is added is a grant: keeping a code the role already had is not (docs/security.md#entitlements).
  await assertCanGrantIn(
    db,
    auth,
    current.customerId,
    codes.filter((c) => !current.permissions.includes(c)),
  );
  try {
    await db.transaction().execute(async (tx) => {
      await updateVersioned(tx, 'role', data.id, data.version, { name: data.name, description: data.description });
      await tx.deleteFrom('role_permission').where('role_id', '=', data.id).execute();
      if (codes.length > 0)
        await tx
          .insertInto('role_permission')
          .values(codes.map((c) => ({ role_id: data.id, permission_code: c })))
          .execute();
      await assertAdminsRemain(tx);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('duplicate', { field: 'name', value: data.name });
    throw e;
  }
  return getRole(db, auth, data.id);
}

export async function deleteRole(db: Db, auth: AuthContext, id: number): Promise<void> {
  const role = await getRole(db, auth, id);
  await db.transaction().execute(async (tx) => {
    const holders = Number(
      (
        await tx
          .selectFrom('user_role')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('role_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    if (holders > 0) throw errors.conflict('roleInUse', { count: holders });
    await tx.deleteFrom('role').where('id', '=', role.id).execute();
  });
}
