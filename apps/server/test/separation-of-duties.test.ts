import { describe, expect, it } from 'vitest';
import { nowIso } from '../src/core/db/index.js';
import { beforeMigration, insertCustomer, insertRole } from './migration-helpers.js';

/**
 * Migration 0037 (docs/security.md#separation-of-duties): a database migrated up to the migration before it holds roles
 * with the former single codes; after it, each of those roles also holds the approving code, so none loses what it
 * could do, and roles without them are left alone. On SQLite and PostgreSQL (TEST_DB).
 */
const NAME = '0037_separation_of_duties';
const roles: Record<string, number> = {};

const codesOf = async (roleId: number) =>
  (await database.db.selectFrom('role_permission').select('permission_code').where('role_id', '=', roleId).execute())
    .map((r) => r.permission_code)
    .sort();

const database = beforeMigration(NAME, async (db) => {
  const now = nowIso();
  const customer = await insertCustomer(db, '分权测试');
  // The catalogue as an earlier start seeded it: the former names, one of them renamed by the platform since.
  await db
    .insertInto('permission')
    .values([
      { code: 'serviceproducts.all.admin', name: '服务产品', description: '服务产品管理', builtin: 1, created_at: now, updated_at: now },
      {
        code: 'wx-mp-manage.send.admin',
        name: '群发（本单位）',
        description: '公众号消息发送',
        builtin: 1,
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
  const role = async (name: string, codes: string[]) => {
    roles[name] = await insertRole(db, customer.id, name, codes);
  };
  await role('bulletins', ['serviceproducts.all.admin', 'sys.log.view']);
  await role('sends', ['wx-mp-manage.account.admin', 'wx-mp-manage.send.admin']);
  await role('both', ['serviceproducts.all.admin', 'wx-mp-manage.send.admin']);
  // Already split by hand (a code added before the migration ran): nothing doubled.
  await role('already', ['serviceproducts.all.admin', 'serviceproducts.all.approve']);
  await role('unrelated', ['travel.scenicspot.admin']);
  await role('empty', []);
});

describe('migration 0037_separation_of_duties', () => {
  it('gives every role holding a former single code its approving code too, and changes no other role', async () => {
    const { error, results } = await database.migrator.migrateTo(NAME);
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.status])).toEqual([[NAME, 'Success']]);

    expect(await codesOf(roles.bulletins!)).toEqual(['serviceproducts.all.admin', 'serviceproducts.all.approve', 'sys.log.view']);
    expect(await codesOf(roles.sends!)).toEqual(['wx-mp-manage.account.admin', 'wx-mp-manage.send.admin', 'wx-mp-manage.send.approve']);
    expect(await codesOf(roles.both!)).toEqual([
      'serviceproducts.all.admin',
      'serviceproducts.all.approve',
      'wx-mp-manage.send.admin',
      'wx-mp-manage.send.approve',
    ]);
    expect(await codesOf(roles.already!)).toEqual(['serviceproducts.all.admin', 'serviceproducts.all.approve']);
    expect(await codesOf(roles.unrelated!)).toEqual(['travel.scenicspot.admin']);
    expect(await codesOf(roles.empty!)).toEqual([]);
  });

  it("renames the former codes to their writing names while they are the seed's, keeping a name the platform chose", async () => {
    const rows = await database.db.selectFrom('permission').select(['code', 'name', 'description']).orderBy('code').execute();
    expect(rows).toEqual([
      { code: 'serviceproducts.all.admin', name: '服务产品编写', description: '服务产品的编写与提交、类型与发布平台' },
      { code: 'wx-mp-manage.send.admin', name: '群发（本单位）', description: '公众号群发的编写、预览与重发' },
    ]);
  });

  it('down takes back what it added', async () => {
    const { error, results } = await database.migrator.migrateDown();
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual([[NAME, 'Down', 'Success']]);
    expect(await codesOf(roles.bulletins!)).toEqual(['serviceproducts.all.admin', 'sys.log.view']);
    expect(await codesOf(roles.sends!)).toEqual(['wx-mp-manage.account.admin', 'wx-mp-manage.send.admin']);
    const name = await database.db
      .selectFrom('permission')
      .select('name')
      .where('code', '=', 'serviceproducts.all.admin')
      .executeTakeFirstOrThrow();
    expect(name.name).toBe('服务产品');
  });
});
