import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { FROST_0009, SEED_HAZARDS } from './seeds.js';
import type { Dialect } from '../../core/db/dialect.js';

/**
 * Crop risk products (docs/risk.md#storage): hazard definitions and risk products (the level grid in storage, areas
 * and summaries here). Rows go with their customer; a product keeps its hazard's definition when the hazard goes.
 */
export function riskMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const customer = (c: ColumnDefinitionBuilder) => c.notNull().references('customer.id').onDelete('cascade');
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('risk_setup')
        .addColumn('customer_id', 'integer', customer)
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('risk_setup_uq').on('risk_setup').column('customer_id').unique().execute();

      await db.schema
        .createTable('risk_hazard')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('seed_key', 'varchar(32)')
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('forecast_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('description', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('conditions', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer')
        .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('risk_hazard_name_uq').on('risk_hazard').columns(['customer_id', 'name']).unique().execute();

      await db.schema
        .createTable('risk_product')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        // No reference: deleting a hazard keeps its products (they carry the definition they were run with).
        .addColumn('hazard_id', 'integer')
        .addColumn('hazard_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('hazard_seed_key', 'varchar(32)')
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('forecast_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('conditions', 'text', (c) => c.notNull())
        .addColumn('base_time', 'varchar(32)', (c) => c.notNull())
        .addColumn('lead_from', 'integer', (c) => c.notNull())
        .addColumn('lead_to', 'integer', (c) => c.notNull())
        .addColumn('region_kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('region_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('exposure', 'text')
        .addColumn('lang', 'varchar(4)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('job_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('lon0', 'double precision')
        .addColumn('lat0', 'double precision')
        .addColumn('dx', 'double precision')
        .addColumn('dy', 'double precision')
        .addColumn('nx', 'integer')
        .addColumn('ny', 'integer')
        .addColumn('storage_prefix', 'varchar(300)')
        .addColumn('stats', 'text')
        .addColumn('summaries', 'text')
        .addColumn('inputs', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_by', 'integer')
        .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('risk_product_customer_idx').on('risk_product').columns(['customer_id', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('risk_product').execute();
      await db.schema.dropTable('risk_hazard').execute();
      await db.schema.dropTable('risk_setup').execute();
    },
  };
}

const canonical = (v: unknown) => JSON.stringify(v);

/**
 * Risk through the crop's stages (docs/risk.md#storage): hazards get the stages they harm (`stages`), products the crop,
 * the stages and the calendar they were run with. Existing products keep their results (no crop: as before). Seeded
 * hazards still as seeded get the new defaults: frost reads the plant surface (offset −2 °C) in its sensitive stages,
 * dry-hot wind harms wheat at flowering–filling; customers already set up get the winter-injury hazard (unless they
 * have a hazard of that name). Edited hazards are left (no stages: every stage, as before).
 */
export function riskStagesMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('risk_hazard')
        .addColumn('stages', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('risk_product').addColumn('crop', 'text').execute();
      await db.schema
        .alterTable('risk_product')
        .addColumn('sensitivity', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('risk_product').addColumn('calendar', 'text').execute();
      const now = new Date().toISOString();
      const rows = (await db
        .selectFrom('risk_hazard')
        .select(['id', 'seed_key', 'conditions', 'description'])
        .where('seed_key', 'is not', null)
        .execute()) as {
        id: number;
        seed_key: string;
        conditions: string;
        description: string;
      }[];
      const frost = SEED_HAZARDS.find((h) => h.kind === 'frost')!;
      for (const row of rows) {
        let stored: unknown;
        try {
          stored = JSON.parse(row.conditions);
        } catch {
          continue;
        }
        if (row.seed_key === 'frost' && canonical(stored) === canonical(FROST_0009.conditions)) {
          await db
            .updateTable('risk_hazard')
            .set((eb: any) => ({
              conditions: JSON.stringify(frost.conditions),
              stages: JSON.stringify(frost.stages),
              ...(row.description === FROST_0009.description ? { description: frost.description } : {}),
              version: eb('version', '+', 1),
              updated_at: now,
            }))
            .where('id', '=', row.id)
            .execute();
          continue;
        }
        const seed = SEED_HAZARDS.find((h) => h.kind === row.seed_key);
        if (seed && seed.stages.length > 0 && canonical(stored) === canonical(seed.conditions)) {
          await db
            .updateTable('risk_hazard')
            .set((eb: any) => ({ stages: JSON.stringify(seed.stages), version: eb('version', '+', 1), updated_at: now }))
            .where('id', '=', row.id)
            .execute();
        }
      }
      const winter = SEED_HAZARDS.find((h) => h.kind === 'winterInjury')!;
      const setUp = (await db.selectFrom('risk_setup').select('customer_id').execute()) as { customer_id: number }[];
      for (const { customer_id } of setUp) {
        const taken = await db
          .selectFrom('risk_hazard')
          .select('id')
          .where('customer_id', '=', customer_id)
          .where((eb: any) => eb.or([eb('seed_key', '=', 'winterInjury'), eb('name', '=', winter.names.zh)]))
          .executeTakeFirst();
        if (taken) continue;
        await db
          .insertInto('risk_hazard')
          .values({
            customer_id,
            seed_key: 'winterInjury',
            name: winter.names.zh,
            kind: 'winterInjury',
            forecast_type: winter.forecastType,
            description: winter.description,
            conditions: JSON.stringify(winter.conditions),
            stages: JSON.stringify(winter.stages),
            sort: 2,
            created_by: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    },
    async down(db: Kysely<any>) {
      const frost = SEED_HAZARDS.find((h) => h.kind === 'frost')!;
      const now = new Date().toISOString();
      await db.deleteFrom('risk_hazard').where('seed_key', '=', 'winterInjury').execute();
      const rows = (await db
        .selectFrom('risk_hazard')
        .select(['id', 'conditions', 'description'])
        .where('seed_key', '=', 'frost')
        .execute()) as {
        id: number;
        conditions: string;
        description: string;
      }[];
      for (const row of rows) {
        if (row.conditions !== JSON.stringify(frost.conditions)) continue;
        await db
          .updateTable('risk_hazard')
          .set((eb: any) => ({
            conditions: JSON.stringify(FROST_0009.conditions),
            ...(row.description === frost.description ? { description: FROST_0009.description } : {}),
            version: eb('version', '+', 1),
            updated_at: now,
          }))
          .where('id', '=', row.id)
          .execute();
      }
      await db.schema.alterTable('risk_product').dropColumn('calendar').execute();
      await db.schema.alterTable('risk_product').dropColumn('sensitivity').execute();
      await db.schema.alterTable('risk_product').dropColumn('crop').execute();
      await db.schema.alterTable('risk_hazard').dropColumn('stages').execute();
    },
  };
}
