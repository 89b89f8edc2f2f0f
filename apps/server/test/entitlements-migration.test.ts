import { describe, expect, it } from 'vitest';
import { nowIso } from '../src/core/db/index.js';
import { beforeMigration, entitledCodes, insertRole } from './migration-helpers.js';

/**
 * Migration 0042 (docs/security.md#entitlements): each existing customer is entitled to exactly the codes its roles hold,
 * so nobody can do more or less than before; the platform's customer gets none, and no customer a platform code (a role
 * holding one keeps it). On SQLite and PostgreSQL (TEST_DB).
 */
const NAME = '0042_customer_entitlements';
const ids: Record<string, number> = {};

const database = beforeMigration(NAME, async (db) => {
  const now = nowIso();
  const customer = async (name: string, platform: boolean) =>
    (
      await db
        .insertInto('customer')
        .values({ name, center_lat: 34, center_lon: 108, zoom: 7, is_platform: platform ? 1 : 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const role = async (customerId: number, name: string, codes: string[]) => {
    ids[name] = await insertRole(db, customerId, name, codes);
  };
  ids.platform = await customer('平台', true);
  ids.a = await customer('客户甲', false);
  ids.b = await customer('客户乙', false);
  await role(ids.platform, '超级管理员', ['admin']);
  await role(ids.a, '旅游', ['travel.scenicspot.admin', 'sys.log.view']);
  await role(ids.a, '管理', ['sys.user.admin', 'sys.log.view', 'osm.customer.admin']);
  await role(ids.b, '空', []);
});

const entitled = (customerId: number) => entitledCodes(database.db, customerId);

describe(NAME, () => {
  it("entitles each customer to the codes its roles hold, never a platform code, and the platform's customer to none", async () => {
    const { error } = await database.migrator.migrateTo(NAME);
    expect(error).toBeUndefined();
    expect(await entitled(ids.a!)).toEqual(['sys.log.view', 'sys.user.admin', 'travel.scenicspot.admin']);
    expect(await entitled(ids.b!)).toEqual([]);
    expect(await entitled(ids.platform!)).toEqual([]);
    // The roles are as they were, the platform code of a customer's role included.
    const kept = await database.db.selectFrom('role_permission').select('permission_code').where('role_id', '=', ids['管理']!).execute();
    expect(kept.map((r) => r.permission_code).sort()).toEqual(['osm.customer.admin', 'sys.log.view', 'sys.user.admin']);
  });

  it('goes with its customer, and down drops the table', async () => {
    await database.db.deleteFrom('role').where('customer_id', '=', ids.b!).execute();
    await database.db.insertInto('customer_entitlement').values({ customer_id: ids.b!, permission_code: 'sys.log.view' }).execute();
    await database.db.deleteFrom('customer').where('id', '=', ids.b!).execute();
    expect(await entitled(ids.b!)).toEqual([]);
    const { error } = await database.migrator.migrateDown();
    expect(error).toBeUndefined();
    await expect(database.db.selectFrom('customer_entitlement').selectAll().execute()).rejects.toThrow();
  });
});
