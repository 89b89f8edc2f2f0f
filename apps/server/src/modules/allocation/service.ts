import {
  ADMIN,
  ErrorCode,
  REVISE_POINT,
  REVISE_POLYGON,
  type Allocation,
  type AllocationMatrix,
  type FactorInfo,
  type ForecastTypeRow,
} from '@agromet/contracts';
import type { AuthContext } from '../../core/auth/context.js';
import { forecastTypeName } from '../../core/builtin-names.js';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import { AppError, errors } from '../../core/errors.js';
import type { Lang } from '../../core/messages.js';
import { isUniqueViolation } from '../../core/versioned.js';
import { factorInfo } from '../grids/service.js';

// Forecaster allocation: which forecast types a user of the customer may revise. Forecast types are shared by every
// customer; allocations, like users, belong to one customer, and another customer's user or allocation answers 4004.
// Type and element names are answered in the reader's language, as the grid catalogue answers them (built-in ones by
// code; as stored when renamed): docs/i18n.md#text-the-server-writes.

async function typeRows(db: Db, lang: Lang, ids?: number[]): Promise<ForecastTypeRow[]> {
  if (ids && ids.length === 0) return [];
  let types = db.selectFrom('forecast_type').selectAll().orderBy('id');
  let factors = db.selectFrom('factor').selectAll().orderBy('sort').orderBy('id');
  if (ids) {
    types = types.where('id', 'in', ids);
    factors = factors.where('forecast_type_id', 'in', ids);
  }
  const [t, f] = await Promise.all([types.execute(), factors.execute()]);
  return t.map((type) => ({
    id: type.id,
    code: type.code,
    name: forecastTypeName(lang, type.code, type.name),
    description: type.description,
    stepHours: type.step_hours,
    maxLeadHours: type.max_lead_hours,
    factors: f.filter((x) => x.forecast_type_id === type.id).map((x) => factorInfo(type.code, x, lang)),
  }));
}

export function allForecastTypes(db: Db, lang: Lang = 'zh'): Promise<ForecastTypeRow[]> {
  return typeRows(db, lang);
}

const isAdmin = (auth: AuthContext) => auth.codes.has(ADMIN);

/** The types the caller may revise: those allocated to them, or every type for admin. */
export async function forecastTypesOf(db: Db, auth: AuthContext, lang: Lang = 'zh'): Promise<ForecastTypeRow[]> {
  if (isAdmin(auth)) return typeRows(db, lang);
  const rows = await db.selectFrom('forecast_allocation').select('forecast_type_id').where('user_id', '=', auth.userId).execute();
  return typeRows(
    db,
    lang,
    rows.map((r) => r.forecast_type_id),
  );
}

export async function factorsOf(db: Db, typeId: number, lang: Lang = 'zh'): Promise<FactorInfo[]> {
  const [type] = await typeRows(db, lang, [typeId]);
  if (!type) throw errors.notFound();
  return type.factors;
}

export async function isAllocated(db: Db, auth: AuthContext, typeId: number): Promise<boolean> {
  if (isAdmin(auth)) return true;
  const row = await db
    .selectFrom('forecast_allocation')
    .select('id')
    .where('user_id', '=', auth.userId)
    .where('forecast_type_id', '=', typeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A forecaster revises only the types allocated to them (admin passes): 4003 otherwise. */
export async function assertAllocated(db: Db, auth: AuthContext, type: { id: number; name: string }): Promise<void> {
  if (!(await isAllocated(db, auth, type.id))) throw new AppError(ErrorCode.FORBIDDEN, 'notAllocated', { type: type.name });
}

async function allocationRow(db: Db, customerId: number, id: number, lang: Lang): Promise<Allocation | undefined> {
  const r = await db
    .selectFrom('forecast_allocation')
    .innerJoin('app_user', 'app_user.id', 'forecast_allocation.user_id')
    .innerJoin('forecast_type', 'forecast_type.id', 'forecast_allocation.forecast_type_id')
    .select([
      'forecast_allocation.id',
      'forecast_allocation.user_id',
      'forecast_allocation.forecast_type_id',
      'forecast_allocation.created_at',
      'app_user.username',
      'app_user.name',
      'forecast_type.code',
      'forecast_type.name as type_name',
    ])
    .where('forecast_allocation.id', '=', id)
    .where('forecast_allocation.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: r.id,
    uid: r.user_id,
    fTId: r.forecast_type_id,
    username: r.username,
    name: r.name,
    typeCode: r.code,
    typeName: forecastTypeName(lang, r.code, r.type_name),
    createdAt: r.created_at,
  };
}

export async function insertAllocation(db: Db, auth: AuthContext, uid: number, typeId: number, lang: Lang = 'zh'): Promise<Allocation> {
  const user = await db.selectFrom('app_user').select(['id', 'name', 'customer_id']).where('id', '=', uid).executeTakeFirst();
  if (!user || user.customer_id !== auth.customerId) throw errors.notFound();
  const type = await db.selectFrom('forecast_type').select(['id', 'name']).where('id', '=', typeId).executeTakeFirst();
  if (!type) throw errors.notFound();
  const duplicate = () => errors.conflict('allocationExists', { user: user.name, type: type.name });
  const exists = await db
    .selectFrom('forecast_allocation')
    .select('id')
    .where('user_id', '=', uid)
    .where('forecast_type_id', '=', typeId)
    .executeTakeFirst();
  if (exists) throw duplicate();
  try {
    const row = await db
      .insertInto('forecast_allocation')
      .values({
        customer_id: auth.customerId,
        user_id: uid,
        forecast_type_id: typeId,
        created_by: auth.userId,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await allocationRow(db, auth.customerId, row.id, lang))!;
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate();
    throw e;
  }
}

export async function deleteAllocation(db: Db, auth: AuthContext, id: number): Promise<void> {
  const res = await db.deleteFrom('forecast_allocation').where('id', '=', id).where('customer_id', '=', auth.customerId).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw errors.notFound();
}

const REVISING_CODES = [ADMIN, REVISE_POINT, REVISE_POLYGON];

export async function allocationMatrix(db: Db, auth: AuthContext, lang: Lang = 'zh'): Promise<AllocationMatrix> {
  const [types, users, codes, allocations] = await Promise.all([
    db.selectFrom('forecast_type').select(['id', 'code', 'name']).orderBy('id').execute(),
    db
      .selectFrom('app_user')
      .select(['id', 'username', 'name', 'enabled'])
      .where('customer_id', '=', auth.customerId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('user_role')
      .innerJoin('role_permission', 'role_permission.role_id', 'user_role.role_id')
      .innerJoin('app_user', 'app_user.id', 'user_role.user_id')
      .select('user_role.user_id')
      .distinct()
      .where('app_user.customer_id', '=', auth.customerId)
      .where('role_permission.permission_code', 'in', REVISING_CODES)
      .execute(),
    db
      .selectFrom('forecast_allocation')
      .select(['id', 'user_id', 'forecast_type_id'])
      .where('customer_id', '=', auth.customerId)
      .orderBy('id')
      .execute(),
  ]);
  const forecasters = new Set(codes.map((c) => c.user_id));
  return {
    types: types.map((type) => ({ ...type, name: forecastTypeName(lang, type.code, type.name) })),
    users: users.map((u) => ({
      id: u.id,
      username: u.username,
      name: u.name,
      enabled: u.enabled === 1,
      forecaster: forecasters.has(u.id),
      allocations: allocations.filter((a) => a.user_id === u.id).map((a) => ({ id: a.id, fTId: a.forecast_type_id })),
    })),
  };
}

/** Demo: the demo forecaster revises every forecast type (once; removing them later is kept). */
export async function seedDemoAllocations(db: Db, customerId: number, username: string): Promise<number> {
  const existing = await db.selectFrom('forecast_allocation').select('id').where('customer_id', '=', customerId).executeTakeFirst();
  if (existing) return 0;
  const user = await db
    .selectFrom('app_user')
    .select('id')
    .where('username', '=', username)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!user) return 0;
  const types = await db.selectFrom('forecast_type').select('id').orderBy('id').execute();
  if (types.length === 0) return 0;
  const now = nowIso();
  await db
    .insertInto('forecast_allocation')
    .values(
      types.map((t) => ({
        customer_id: customerId,
        user_id: user.id,
        forecast_type_id: t.id,
        created_by: null,
        created_at: now,
      })),
    )
    .execute();
  return types.length;
}
