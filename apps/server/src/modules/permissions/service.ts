import type { PermissionCreate, PermissionRow, PermissionUpdate } from '@agromet/contracts';
import type { z } from 'zod';
import type { Db } from '../../core/db/index.js';
import { nowIso } from '../../core/db/index.js';
import type { PermissionTable } from '../../core/db/schema.js';
import type { Selectable } from 'kysely';
import { errors } from '../../core/errors.js';
import { isUniqueViolation, updateVersioned } from '../../core/versioned.js';
import { contains } from '../../core/db/like.js';
import { permissionDescription, permissionName, storedBuiltinText } from '../../core/builtin-names.js';
import type { Lang } from '../../core/messages.js';
import { paged } from '../../core/paging.js';

type CreateInput = z.output<typeof PermissionCreate>;
type UpdateInput = z.output<typeof PermissionUpdate>;

/** Rows as answered: a built-in code's seeded name and description in the reader's language (renamed ones as stored). */
async function toRows(db: Db, rows: Selectable<PermissionTable>[], lang: Lang = 'zh'): Promise<PermissionRow[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('role_permission')
    .select(['permission_code', (eb) => eb.fn.countAll<number>().as('n')])
    .where(
      'permission_code',
      'in',
      rows.map((r) => r.code),
    )
    .groupBy('permission_code')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.builtin === 1 ? permissionName(lang, r.code, r.name) : r.name,
    description: r.builtin === 1 ? permissionDescription(lang, r.code, r.description) : r.description,
    builtin: r.builtin === 1,
    roleCount: Number(counts.find((c) => c.permission_code === r.code)?.n ?? 0),
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

export async function pagePermissions(db: Db, q: { page: number; size: number; keyword?: string }, lang: Lang = 'zh') {
  let base = db.selectFrom('permission');
  if (q.keyword) {
    const keyword = q.keyword;
    base = base.where((eb) => eb.or([contains('code', keyword), contains('name', keyword), contains('description', keyword)]));
  }
  return paged(
    base,
    q,
    (b) => b.selectAll().orderBy('id'),
    (rows) => toRows(db, rows, lang),
  );
}

export async function allPermissions(db: Db, lang: Lang = 'zh') {
  return toRows(db, await db.selectFrom('permission').selectAll().orderBy('id').execute(), lang);
}

async function getPermission(db: Db, id: number, lang: Lang = 'zh'): Promise<PermissionRow> {
  const row = await db.selectFrom('permission').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound();
  return (await toRows(db, [row], lang))[0]!;
}

export async function createPermission(db: Db, data: CreateInput, lang: Lang = 'zh'): Promise<PermissionRow> {
  const now = nowIso();
  try {
    const row = await db
      .insertInto('permission')
      .values({ code: data.code, name: data.name, description: data.description, builtin: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return getPermission(db, row.id, lang);
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('duplicate', { field: 'code', value: data.code });
    throw e;
  }
}

export async function updatePermission(db: Db, data: UpdateInput, lang: Lang = 'zh'): Promise<PermissionRow> {
  const current = await getPermission(db, data.id);
  if (current.builtin && data.code !== current.code) throw errors.conflict('permissionBuiltin');
  // A built-in code's name or description saved as answered in another language stays the seed's (not renamed).
  const name = current.builtin ? storedBuiltinText(`permission.name.${data.code}`, data.name) : data.name;
  const description = current.builtin ? storedBuiltinText(`permission.description.${data.code}`, data.description) : data.description;
  try {
    await db.transaction().execute(async (tx) => {
      await updateVersioned(tx, 'permission', data.id, data.version, { code: data.code, name, description });
      // Roles and customers' entitlements follow a renamed code.
      if (data.code !== current.code) {
        await tx.updateTable('role_permission').set({ permission_code: data.code }).where('permission_code', '=', current.code).execute();
        await tx
          .updateTable('customer_entitlement')
          .set({ permission_code: data.code })
          .where('permission_code', '=', current.code)
          .execute();
      }
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw errors.conflict('duplicate', { field: 'code', value: data.code });
    throw e;
  }
  return getPermission(db, data.id, lang);
}

export async function deletePermission(db: Db, id: number): Promise<void> {
  const current = await getPermission(db, id);
  if (current.builtin) throw errors.conflict('permissionBuiltin');
  await db.transaction().execute(async (tx) => {
    const used = Number(
      (
        await tx
          .selectFrom('role_permission')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('permission_code', '=', current.code)
          .executeTakeFirstOrThrow()
      ).n,
    );
    if (used > 0) throw errors.conflict('permissionInUse', { count: used });
    // A code no role holds leaves the customers entitled to it.
    await tx.deleteFrom('customer_entitlement').where('permission_code', '=', current.code).execute();
    await tx.deleteFrom('permission').where('id', '=', id).execute();
  });
}
