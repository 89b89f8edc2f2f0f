import type { Kysely, Migration } from 'kysely';
import { idColumn, withId, type Dialect, type IdColumn, type PrimaryKey } from '../../core/db/dialect.js';

/** Forecast types, their factors, the grid store and long-running jobs (docs/grids.md, docs/architecture.md#how-a-job-runs). */
export function gridsMigration(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const pk = withId(dialect);
  return {
    async up(db: Kysely<any>) {
      await typeAndFactorTables(db, id, pk);
      await gridAndJobTables(db, id, pk);
    },
    async down(db: Kysely<any>) {
      for (const t of ['job', 'grid', 'factor', 'forecast_type']) await db.schema.dropTable(t).execute();
    },
  };
}

/** Forecast types and their factors. */
async function typeAndFactorTables(db: Kysely<any>, id: IdColumn, pk: PrimaryKey): Promise<void> {
  await db.schema
    .createTable('forecast_type')
    .addColumn('id', id, pk)
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('description', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('step_hours', 'integer', (c) => c.notNull())
    .addColumn('max_lead_hours', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('forecast_type_code_uq').on('forecast_type').column('code').unique().execute();

  await db.schema
    .createTable('factor')
    .addColumn('id', id, pk)
    .addColumn('forecast_type_id', 'integer', (c) => c.notNull().references('forecast_type.id').onDelete('cascade'))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('unit', 'varchar(32)', (c) => c.notNull())
    .addColumn('min_value', 'double precision', (c) => c.notNull())
    .addColumn('max_value', 'double precision', (c) => c.notNull())
    .addColumn('precision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('colormap', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('factor_type_code_uq').on('factor').columns(['forecast_type_id', 'code']).unique().execute();
}

/** The grid store and long-running jobs. */
async function gridAndJobTables(db: Kysely<any>, id: IdColumn, pk: PrimaryKey): Promise<void> {
  await db.schema
    .createTable('grid')
    .addColumn('id', id, pk)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('forecast_type_id', 'integer', (c) => c.notNull().references('forecast_type.id'))
    .addColumn('factor_id', 'integer', (c) => c.notNull().references('factor.id'))
    .addColumn('base_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('lead_hours', 'integer', (c) => c.notNull())
    .addColumn('lon0', 'double precision', (c) => c.notNull())
    .addColumn('lat0', 'double precision', (c) => c.notNull())
    .addColumn('dx', 'double precision', (c) => c.notNull())
    .addColumn('dy', 'double precision', (c) => c.notNull())
    .addColumn('nx', 'integer', (c) => c.notNull())
    .addColumn('ny', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'integer')
    .addColumn('updated_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('grid_key_uq').on('grid').columns(['customer_id', 'factor_id', 'base_time', 'lead_hours']).unique().execute();
  await db.schema.createIndex('grid_type_idx').on('grid').columns(['customer_id', 'forecast_type_id', 'base_time']).execute();

  await db.schema
    .createTable('job')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('result', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_customer_idx').on('job').columns(['customer_id', 'created_at']).execute();
}
