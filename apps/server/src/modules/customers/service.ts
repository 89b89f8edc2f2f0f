import {
  CUSTOMER_ADMIN_CODES,
  isPlatformOnlyCode,
  type Customer,
  type CustomerCreate,
  type CustomerEntitlements,
  type CustomerUpdate,
} from '@agromet/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { Customer as CustomerRecord } from '../../core/db/schema.js';
import { errors } from '../../core/errors.js';
import { canSeeCustomer, customerScope } from '../../core/tenancy.js';
import { isUniqueViolation, updateVersioned } from '../../core/versioned.js';
import { contains } from '../../core/db/like.js';
import { paged } from '../../core/paging.js';

type CreateInput = z.output<typeof CustomerCreate>;
type UpdateInput = z.output<typeof CustomerUpdate>;
type EntitlementsInput = z.output<typeof CustomerEntitlements>;

function toCustomer(c: CustomerRecord, userCount: number, entitlements: string[]): Customer {
  return {
    id: c.id,
    name: c.name,
    tel: c.tel,
    address: c.address,
    logo: c.logo,
    sysName: c.sys_name,
    centerLat: c.center_lat,
    centerLon: c.center_lon,
    zoom: c.zoom,
    platform: c.is_platform === 1,
    entitlements,
    userCount,
    version: c.version,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
}

/** The entitlements of customers, each list in code order (docs/security.md#entitlements). */
async function entitlementsOf(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('customer_entitlement')
    .select(['customer_id', 'permission_code'])
    .where('customer_id', 'in', ids)
    .orderBy('permission_code')
    .execute();
  for (const r of rows) out.get(r.customer_id)?.push(r.permission_code);
  return out;
}

async function userCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('app_user')
    .select(['customer_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('customer_id', 'in', ids)
    .groupBy('customer_id')
    .execute();
  return new Map(rows.map((r) => [r.customer_id, Number(r.n)]));
}

export async function pageCustomers(db: Db, auth: AuthContext, q: { page: number; size: number; keyword?: string }) {
  const scope = customerScope(auth);
  let base = db.selectFrom('customer');
  if (scope !== null) base = base.where('id', '=', scope);
  if (q.keyword) {
    const keyword = q.keyword;
    base = base.where((eb) =>
      eb.or([contains('name', keyword), contains('sys_name', keyword), contains('tel', keyword), contains('address', keyword)]),
    );
  }
  return paged(
    base,
    q,
    (b) => b.selectAll().orderBy('id'),
    async (rows) => {
      const ids = rows.map((r) => r.id);
      const counts = await userCounts(db, ids);
      const entitled = await entitlementsOf(db, ids);
      return rows.map((r) => toCustomer(r, counts.get(r.id) ?? 0, entitled.get(r.id) ?? []));
    },
  );
}

export async function getCustomer(db: Db, auth: AuthContext, id: number): Promise<Customer> {
  const row = await db.selectFrom('customer').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !canSeeCustomer(auth, row.id)) throw errors.notFound();
  return toCustomer(row, (await userCounts(db, [id])).get(id) ?? 0, (await entitlementsOf(db, [id])).get(id) ?? []);
}

export async function customerOptions(db: Db, auth: AuthContext) {
  const scope = customerScope(auth);
  let q = db.selectFrom('customer').select(['id', 'name']).orderBy('id');
  if (scope !== null) q = q.where('id', '=', scope);
  return q.execute();
}

function columns(input: Omit<CreateInput, 'entitlements'> | UpdateInput) {
  return {
    name: input.name,
    tel: input.tel,
    address: input.address,
    logo: input.logo,
    sys_name: input.sysName,
    center_lat: input.centerLat,
    center_lon: input.centerLon,
    zoom: input.zoom,
  };
}

/** Entitlements named by the platform: known codes, none of the platform's own (4100 on the field otherwise). */
async function checkEntitlements(db: Db, codes: readonly string[]): Promise<string[]> {
  const list = [...new Set(codes)].sort();
  const platformOnly = list.filter(isPlatformOnlyCode);
  if (platformOnly.length > 0) throw errors.validation('entitlements', 'platformOnlyCode', { codes: platformOnly.join(', ') });
  if (list.length === 0) return list;
  const known = new Set((await db.selectFrom('permission').select('code').where('code', 'in', list).execute()).map((r) => r.code));
  const unknown = list.filter((c) => !known.has(c));
  if (unknown.length > 0) throw errors.validation('entitlements', 'unknownPermission', { codes: unknown.join(', ') });
  return list;
}

export async function createCustomer(db: Db, data: CreateInput): Promise<Customer> {
  const now = nowIso();
  // Without a list, the new customer administers itself and nothing more until the platform grants modules.
  const entitlements = await checkEntitlements(db, data.entitlements ?? CUSTOMER_ADMIN_CODES);
  const { entitlements: _named, ...fields } = data;
  try {
    const row = await db.transaction().execute(async (tx) => {
      const created = await tx
        .insertInto('customer')
        .values({ ...columns(fields), is_platform: 0, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (entitlements.length > 0)
        await tx
          .insertInto('customer_entitlement')
          .values(entitlements.map((c) => ({ customer_id: created.id, permission_code: c })))
          .execute();
      return created;
    });
    return toCustomer(row, 0, entitlements);
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('duplicate', { field: 'name', value: data.name });
    throw e;
  }
}

/**
 * The platform sets what a customer has bought (docs/security.md#entitlements). A module its roles still hold cannot be
 * withdrawn (4009 naming the codes): taking it from the roles is a visible change in the role editor, never a side effect.
 */
export async function setEntitlements(db: Db, auth: AuthContext, data: EntitlementsInput): Promise<Customer> {
  const row = await db.selectFrom('customer').select(['id', 'is_platform']).where('id', '=', data.id).executeTakeFirst();
  if (!row || !canSeeCustomer(auth, data.id)) throw errors.notFound();
  if (row.is_platform === 1) throw errors.conflict('entitlementPlatform');
  const next = await checkEntitlements(db, data.entitlements);
  await db.transaction().execute(async (tx) => {
    const used = await tx
      .selectFrom('role_permission')
      .innerJoin('role', 'role.id', 'role_permission.role_id')
      .select('role_permission.permission_code')
      .distinct()
      .where('role.customer_id', '=', data.id)
      .execute();
    const current = new Set(
      (await tx.selectFrom('customer_entitlement').select('permission_code').where('customer_id', '=', data.id).execute()).map(
        (r) => r.permission_code,
      ),
    );
    // Only codes the customer had and its roles use block a withdrawal (a role's grandfathered platform code does not).
    const withdrawn = used
      .map((r) => r.permission_code)
      .filter((c) => current.has(c) && !next.includes(c))
      .sort();
    if (withdrawn.length > 0) throw errors.conflict('entitlementInUse', { codes: withdrawn.join(', ') }, { codes: withdrawn });
    await updateVersioned(tx, 'customer', data.id, data.version, {});
    await tx.deleteFrom('customer_entitlement').where('customer_id', '=', data.id).execute();
    if (next.length > 0)
      await tx
        .insertInto('customer_entitlement')
        .values(next.map((c) => ({ customer_id: data.id, permission_code: c })))
        .execute();
  });
  return getCustomer(db, auth, data.id);
}

export async function updateCustomer(db: Db, auth: AuthContext, data: UpdateInput): Promise<Customer> {
  if (!canSeeCustomer(auth, data.id)) throw errors.notFound();
  try {
    await updateVersioned(db, 'customer', data.id, data.version, columns(data));
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('duplicate', { field: 'name', value: data.name });
    throw e;
  }
  return getCustomer(db, auth, data.id);
}

const countOf = async (tx: Db, table: 'grid' | 'station' | 'revision' | 'issue' | 'boundary_layer', customerId: number) =>
  Number(
    (
      await tx
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** What a customer still holds besides users and roles. */
async function customerData(tx: Db, customerId: number) {
  return {
    grids: await countOf(tx, 'grid', customerId),
    stations: await countOf(tx, 'station', customerId),
    revisions: await countOf(tx, 'revision', customerId),
    issues: await countOf(tx, 'issue', customerId),
    boundaries: await countOf(tx, 'boundary_layer', customerId),
  };
}

export async function deleteCustomer(db: Db, auth: AuthContext, id: number): Promise<void> {
  const row = await db.selectFrom('customer').select(['id', 'is_platform']).where('id', '=', id).executeTakeFirst();
  if (!row || !canSeeCustomer(auth, id)) throw errors.notFound();
  await db.transaction().execute(async (tx) => {
    const users = Number(
      (
        await tx
          .selectFrom('app_user')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('customer_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    if (users > 0 || row.is_platform === 1) throw errors.conflict('customerHasUsers', { count: Math.max(users, 1) });
    // Forecasts, stations and their history are never deleted along with a customer: they must go first.
    const held = await customerData(tx, id);
    if (Object.values(held).some((n) => n > 0)) throw errors.conflict('customerHasData', held);
    // Roles belong to their customer and go with it.
    await tx.deleteFrom('role').where('customer_id', '=', id).execute();
    await tx.deleteFrom('customer').where('id', '=', id).execute();
  });
}
