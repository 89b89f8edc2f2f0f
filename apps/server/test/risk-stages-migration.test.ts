import { describe, expect, it } from 'vitest';
import { nowIso } from '../src/core/db/index.js';
import { FROST_0009, SEED_HAZARDS } from '../src/modules/risk/seeds.js';
import { beforeMigration, insertCustomer } from './migration-helpers.js';

/**
 * Migration 0041 (docs/risk.md#storage): a seeded frost hazard still as 0009 seeded it gets the surface offset and its
 * stages (version raised); an edited one is left with no stages; a customer already set up gets the winter-injury
 * hazard; a product made before keeps its results and reads as assessing no crop. Down restores the frost rows and
 * drops what was added. On SQLite and PostgreSQL (TEST_DB).
 */
const NAME = '0041_risk_stages';
let customer = 0;
const ids: Record<string, number> = {};

const database = beforeMigration(NAME, async (db) => {
  const now = nowIso();
  customer = (await insertCustomer(db, '风险迁移测试')).id;
  await db.insertInto('risk_setup').values({ customer_id: customer, created_at: now }).execute();
  const hazard = async (key: string, name: string, conditions: unknown, description: string) =>
    (
      await (db as any)
        .insertInto('risk_hazard')
        .values({
          customer_id: customer,
          seed_key: 'frost',
          name,
          kind: 'frost',
          forecast_type: 'fine-grid',
          description,
          conditions: JSON.stringify(conditions),
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  ids.seeded = await hazard('seeded', '霜冻', FROST_0009.conditions, FROST_0009.description);
  ids.edited = await hazard('edited', '我的霜冻', [{ element: 'tmin24h', op: 'le', thresholds: [1, -1, -3, -5] }], '自定');
  const { error } = await database.migrator.migrateTo(NAME);
  if (error) throw error;
});

describe('migration 0041', () => {
  it('moves the seeded frost to the surface minimum and its stages, leaves an edited one, adds winter injury', async () => {
    const rows = await database.db.selectFrom('risk_hazard').selectAll().where('customer_id', '=', customer).orderBy('id').execute();
    const seeded = rows.find((r) => r.id === ids.seeded)!;
    const frost = SEED_HAZARDS.find((h) => h.kind === 'frost')!;
    expect(JSON.parse(seeded.conditions)).toEqual(frost.conditions);
    expect(JSON.parse(seeded.conditions)[0].offset).toBe(-2);
    expect(JSON.parse(seeded.stages)).toEqual(frost.stages);
    expect(seeded.description).toBe(frost.description);
    expect(seeded.version).toBe(2);
    const edited = rows.find((r) => r.id === ids.edited)!;
    expect(edited).toMatchObject({ stages: '[]', version: 1 });
    const winter = rows.filter((r) => r.seed_key === 'winterInjury');
    expect(winter.map((r) => r.name)).toEqual(['冻害']);
    expect(JSON.parse(winter[0]!.conditions)[0].thresholds).toEqual([-5, -8, -11, -14]);
  });

  it('goes down: the seeded frost as 0009 had it, no winter injury, no stages column', async () => {
    const { error } = await database.migrator.migrateDown();
    if (error) throw error;
    const rows = (await (database.db as any).selectFrom('risk_hazard').selectAll().where('customer_id', '=', customer).execute()) as Array<
      Record<string, unknown>
    >;
    expect(rows.map((r) => r.seed_key)).toEqual(['frost', 'frost']);
    const seeded = rows.find((r) => r.id === ids.seeded)!;
    expect(JSON.parse(seeded.conditions as string)).toEqual(FROST_0009.conditions);
    expect(seeded.description).toBe(FROST_0009.description);
    expect('stages' in seeded).toBe(false);
  });
});
