import type { Customer, CustomerCreate, CustomerUpdate } from '@agromet/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/context.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { Customer as CustomerRecord } from '../../core/db/schema.js';
import { errors } from '../../core/errors.js';
import { canSeeCustomer, customerScope } from '../../core/tenancy.js';
import { isUniqueViolation, updateVersioned } from '../../core/versioned.js';
import { contains } from '../../core/db/like.js';

type CreateInput = z.output<typeof CustomerCreate>;
type UpdateInput = z.output<typeof CustomerUpdate>;

function toCustomer(c: CustomerRecord, userCount: number): Customer {
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
    userCount,
    version: c.version,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
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
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .selectAll()
    .orderBy('id')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  const counts = await userCounts(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toCustomer(r, counts.get(r.id) ?? 0)), total, page: q.page, size: q.size };
}

export async function getCustomer(db: Db, auth: AuthContext, id: number): Promise<Customer> {
  const row = await db.selectFrom('customer').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !canSeeCustomer(auth, row.id)) throw errors.notFound();
  return toCustomer(row, (await userCounts(db, [id])).get(id) ?? 0);
}

export async function customerOptions(db: Db, auth: AuthContext) {
  const scope = customerScope(auth);
  let q = db.selectFrom('customer').select(['id', 'name']).orderBy('id');
  if (scope !== null) q = q.where('id', '=', scope);
  return q.execute();
}

function columns(input: CreateInput | UpdateInput) {
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

export async function createCustomer(db: Db, data: CreateInput): Promise<Customer> {
  const now = nowIso();
  try {
    const row = await db
      .insertInto('customer')
      .values({ ...columns(data), is_platform: 0, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCustomer(row, 0);
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('duplicate', { field: 'name', value: data.name });
    throw e;
  }
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
