import { describe, expect, it } from 'vitest';
import { nowIso } from '../src/core/db/index.js';
import { definitionOf } from '../src/modules/zoning/criteria.js';
import { KIWIFRUIT_EXAMPLE, TEA_EXAMPLE } from '../src/modules/zoning/seed-data.js';
import { beforeMigration, insertCustomer } from './migration-helpers.js';

/**
 * Migration 0039 (docs/zoning.md#vetoes): criteria are JSON, so a stored criterion without vetoes keeps working as it
 * is; the seeded examples still as seeded get the vetoes the seed now gives (and the description naming them, if
 * that too is unchanged), with their version raised; edited examples and the customer's own criteria are left. On
 * SQLite and PostgreSQL (TEST_DB).
 */
const NAME = '0039_zoning_vetoes';
const ids: Record<string, number> = {};

/** The examples as migration 0005's seed stored them (no vetoes), and their descriptions then. */
const withoutVetoes = (d: ReturnType<typeof definitionOf>) => ({ ...d, factors: d.factors.map(({ veto: _veto, ...f }) => f) });
const OLD_TEA = withoutVetoes(definitionOf(TEA_EXAMPLE.criterion));
const OLD_KIWI = withoutVetoes(definitionOf(KIWIFRUIT_EXAMPLE.criterion));
const OLD_TEA_DESCRIPTION = TEA_EXAMPLE.description.replace(/否决条件.*$/, '');
const OLD_KIWI_DESCRIPTION = KIWIFRUIT_EXAMPLE.description.replace(/否决条件.*$/, '');

const criterion = async (id: number) =>
  database.db
    .selectFrom('zoning_criterion')
    .select(['definition', 'description', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const database = beforeMigration(NAME, async (db) => {
  const now = nowIso();
  const customer = await insertCustomer(db, '否决迁移测试');
  const crop = async (key: string, name: string) =>
    (
      await db
        .insertInto('zoning_crop')
        .values({ customer_id: customer.id, seed_key: key, name, sort: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const tea = await crop('tea', '茶树');
  const kiwi = await crop('kiwifruit', '猕猴桃');
  const add = async (key: string, cropId: number, name: string, definition: unknown, description: string, example: number) => {
    ids[key] = (
      await db
        .insertInto('zoning_criterion')
        .values({
          customer_id: customer.id,
          crop_id: cropId,
          name,
          description,
          method: (definition as { classScores?: unknown }).classScores ? 'weighted' : 'limiting',
          definition: JSON.stringify(definition),
          class_names: JSON.stringify(['', '', '', '']),
          example,
          created_by: null,
          created_by_name: '',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  await add('tea', tea, TEA_EXAMPLE.name, OLD_TEA, OLD_TEA_DESCRIPTION, 1);
  // The kiwifruit example with its description edited, its definition as seeded.
  await add('kiwi', kiwi, KIWIFRUIT_EXAMPLE.name, OLD_KIWI, '本地说明', 1);
  // An example whose cut points the customer changed.
  await add('edited', kiwi, '猕猴桃（本地）', { ...OLD_KIWI, cutPoints: [3.5, 3, 2.2] }, OLD_KIWI_DESCRIPTION, 1);
  // The customer's own criterion equal to the seeded one: not an example, left.
  await add('own', kiwi, '猕猴桃（自建）', OLD_KIWI, OLD_KIWI_DESCRIPTION, 0);
});

describe('migration 0039_zoning_vetoes', () => {
  it('gives the unedited examples the seed’s vetoes and leaves every other criterion as it was', async () => {
    const before = { edited: await criterion(ids.edited!), own: await criterion(ids.own!) };
    const { error, results } = await database.migrator.migrateTo(NAME);
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.status])).toEqual([[NAME, 'Success']]);

    const tea = await criterion(ids.tea!);
    // What a new customer gets now (the seed), exactly.
    expect(JSON.parse(tea.definition)).toEqual(definitionOf(TEA_EXAMPLE.criterion));
    expect(tea.description).toBe(TEA_EXAMPLE.description);
    expect(tea.version).toBe(2);
    const kiwi = await criterion(ids.kiwi!);
    expect(JSON.parse(kiwi.definition)).toEqual(definitionOf(KIWIFRUIT_EXAMPLE.criterion));
    expect(kiwi.description).toBe('本地说明');
    expect(kiwi.version).toBe(2);
    expect(await criterion(ids.edited!)).toEqual(before.edited);
    expect(await criterion(ids.own!)).toEqual(before.own);
  });

  it('down takes the vetoes back from the examples it gave them to', async () => {
    const { error, results } = await database.migrator.migrateDown();
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual([[NAME, 'Down', 'Success']]);
    const tea = await criterion(ids.tea!);
    expect(JSON.parse(tea.definition)).toEqual(OLD_TEA);
    expect(tea.description).toBe(OLD_TEA_DESCRIPTION);
    expect(JSON.parse((await criterion(ids.kiwi!)).definition)).toEqual(OLD_KIWI);
  });
});
