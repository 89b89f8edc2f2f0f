import type { Kysely, Migration } from 'kysely';
import { idColumn, withId, type Dialect, type IdColumn, type PrimaryKey } from '../../core/db/dialect.js';

/**
 * Data revision (docs/grids.md#revisions): stations, forecaster allocation, revision records with their patches (binary, in the same
 * transaction as the grid switch), and issues (submissions) with their frozen grids and exported files.
 */
export function reviseMigration(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const pk = withId(dialect);
  const binary = dialect === 'postgres' ? ('bytea' as const) : ('blob' as const);
  return {
    async up(db: Kysely<any>) {
      await stationAndAllocationTables(db, id, pk);
      await revisionTables(db, id, pk, binary);
      await issueTables(db, id, pk);
    },
    async down(db: Kysely<any>) {
      for (const t of ['issue_file', 'issue_grid', 'issue', 'revision', 'revision_batch', 'forecast_allocation', 'station']) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}

/** Stations and who forecasts which grid. */
async function stationAndAllocationTables(db: Kysely<any>, id: IdColumn, pk: PrimaryKey): Promise<void> {
  await db.schema
    .createTable('station')
    .addColumn('id', id, pk)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('station_number', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('province', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('district', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('altitude', 'double precision', (c) => c.notNull())
    .addColumn('contact_person', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('remarks', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('station_number_uq').on('station').columns(['customer_id', 'station_number']).unique().execute();

  await db.schema
    .createTable('forecast_allocation')
    .addColumn('id', id, pk)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('forecast_type_id', 'integer', (c) => c.notNull().references('forecast_type.id').onDelete('cascade'))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('forecast_allocation_uq')
    .on('forecast_allocation')
    .columns(['user_id', 'forecast_type_id'])
    .unique()
    .execute();
  await db.schema.createIndex('forecast_allocation_customer_idx').on('forecast_allocation').column('customer_id').execute();

  // One call of a revision (all its leads share the parameters).
}

/** Revision batches and records. */
async function revisionTables(db: Kysely<any>, id: IdColumn, pk: PrimaryKey, binary: 'bytea' | 'blob'): Promise<void> {
  await db.schema
    .createTable('revision_batch')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('parameters', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('revision')
    .addColumn('id', id, pk)
    .addColumn('batch_id', 'varchar(36)', (c) => c.notNull().references('revision_batch.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('grid_id', 'integer', (c) => c.notNull().references('grid.id'))
    .addColumn('forecast_type_id', 'integer', (c) => c.notNull())
    .addColumn('factor_id', 'integer', (c) => c.notNull())
    .addColumn('base_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('lead_hours', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('cells_changed', 'integer', (c) => c.notNull())
    // The grid's geometry when the patch was made: the patch's cell indices refer to it.
    .addColumn('lon0', 'double precision', (c) => c.notNull())
    .addColumn('lat0', 'double precision', (c) => c.notNull())
    .addColumn('dx', 'double precision', (c) => c.notNull())
    .addColumn('dy', 'double precision', (c) => c.notNull())
    .addColumn('nx', 'integer', (c) => c.notNull())
    .addColumn('ny', 'integer', (c) => c.notNull())
    .addColumn('i0', 'integer')
    .addColumn('i1', 'integer')
    .addColumn('j0', 'integer')
    .addColumn('j1', 'integer')
    .addColumn('west', 'double precision')
    .addColumn('south', 'double precision')
    .addColumn('east', 'double precision')
    .addColumn('north', 'double precision')
    // encodePatch of @agromet/grid: changed indices with their old and new Float32 bits.
    .addColumn('patch', binary, (c) => c.notNull())
    .addColumn('version_before', 'integer', (c) => c.notNull())
    .addColumn('version_after', 'integer', (c) => c.notNull())
    .addColumn('recovers_id', 'integer')
    .addColumn('recovered_by_id', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revision_grid_idx').on('revision').columns(['grid_id', 'id']).execute();
  await db.schema.createIndex('revision_customer_idx').on('revision').columns(['customer_id', 'created_at']).execute();
  await db.schema.createIndex('revision_batch_idx').on('revision').column('batch_id').execute();
}

/** Issues and the grids and files they published. */
async function issueTables(db: Kysely<any>, id: IdColumn, pk: PrimaryKey): Promise<void> {
  await db.schema
    .createTable('issue')
    .addColumn('id', id, pk)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('forecast_type_id', 'integer', (c) => c.notNull().references('forecast_type.id'))
    .addColumn('base_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('storage_dir', 'varchar(200)', (c) => c.notNull())
    .addColumn('grid_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('issue_seq_uq')
    .on('issue')
    .columns(['customer_id', 'forecast_type_id', 'base_time', 'seq'])
    .unique()
    .execute();
  await db.schema.createIndex('issue_customer_idx').on('issue').columns(['customer_id', 'created_at']).execute();

  // The grid versions an issue froze: copies of their values, so later edits never change an issued forecast.
  await db.schema
    .createTable('issue_grid')
    .addColumn('id', id, pk)
    .addColumn('issue_id', 'integer', (c) => c.notNull().references('issue.id').onDelete('cascade'))
    .addColumn('grid_id', 'integer', (c) => c.notNull())
    .addColumn('factor_id', 'integer', (c) => c.notNull())
    .addColumn('lead_hours', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('lon0', 'double precision', (c) => c.notNull())
    .addColumn('lat0', 'double precision', (c) => c.notNull())
    .addColumn('dx', 'double precision', (c) => c.notNull())
    .addColumn('dy', 'double precision', (c) => c.notNull())
    .addColumn('nx', 'integer', (c) => c.notNull())
    .addColumn('ny', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('issue_grid_issue_idx').on('issue_grid').column('issue_id').execute();

  await db.schema
    .createTable('issue_file')
    .addColumn('id', id, pk)
    .addColumn('issue_id', 'integer', (c) => c.notNull().references('issue.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('format', 'varchar(16)', (c) => c.notNull())
    .addColumn('factor_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('lead_hours', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('issue_file_issue_idx').on('issue_file').column('issue_id').execute();
}
