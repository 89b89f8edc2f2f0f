import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { zoningMigration, zoningVetoesMigration } from './zoning-migration.js';
import { productScheduleMigration, productsMigration } from './products-migration.js';
import { disasterMigration } from './disaster-migration.js';
import { weixinCallbackReplayMigration, weixinMediaMigration, weixinMigration, weixinSendMigration } from './weixin-migration.js';
import { travelGreenwayRouteMigration, travelLandscapeMigration, travelMigration } from './travel-migration.js';
import { articlePublishMigration, articlesMigration } from './articles-migration.js';
import { riskMigration, riskStagesMigration } from './risk-migration.js';
import { cropCalendarMigration } from './crop-calendar-migration.js';
import { downloadsMigration } from './downloads-migration.js';
import { passwordChangeMigration } from './password-change-migration.js';
import { jobPayloadMigration } from './jobs-migration.js';
import { separationOfDutiesMigration } from './separation-of-duties-migration.js';
import { entitlementsMigration } from './entitlements-migration.js';

export type Dialect = 'sqlite' | 'postgres';

/** The same migrations on both engines; only the auto-increment key differs. */
function idColumn(dialect: Dialect) {
  return dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
}

function withId(dialect: Dialect) {
  return (c: import('kysely').ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
}

function foundation(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const pk = withId(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('customer')
        .addColumn('id', id, pk)
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('tel', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('logo', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('sys_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('center_lat', 'double precision', (c) => c.notNull())
        .addColumn('center_lon', 'double precision', (c) => c.notNull())
        .addColumn('zoom', 'integer', (c) => c.notNull())
        .addColumn('is_platform', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('customer_name_uq').on('customer').column('name').unique().execute();

      await db.schema
        .createTable('app_user')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('username', 'varchar(64)', (c) => c.notNull())
        .addColumn('first_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('email', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('mobile', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('introduction', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('password_hash', 'varchar(256)', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('setting', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('app_user_username_uq').on('app_user').column('username').unique().execute();
      await db.schema.createIndex('app_user_customer_idx').on('app_user').column('customer_id').execute();

      await db.schema
        .createTable('permission')
        .addColumn('id', id, pk)
        .addColumn('code', 'varchar(96)', (c) => c.notNull())
        .addColumn('name', 'varchar(96)', (c) => c.notNull())
        .addColumn('description', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('permission_code_uq').on('permission').column('code').unique().execute();

      await db.schema
        .createTable('role')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('description', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('role_customer_name_uq').on('role').columns(['customer_id', 'name']).unique().execute();

      await db.schema
        .createTable('role_permission')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
        .addColumn('permission_code', 'varchar(96)', (c) => c.notNull())
        .addPrimaryKeyConstraint('role_permission_pk', ['role_id', 'permission_code'])
        .execute();

      await db.schema
        .createTable('user_role')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id'))
        .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
        .execute();
      await db.schema.createIndex('user_role_role_idx').on('user_role').column('role_id').execute();

      await db.schema
        .createTable('session')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_used_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('revoked_at', 'varchar(32)')
        .addColumn('revoked_reason', 'varchar(32)')
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('session_user_idx').on('session').column('user_id').execute();

      await db.schema
        .createTable('refresh_token')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('session_id', 'varchar(36)', (c) => c.notNull().references('session.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('rotated_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('refresh_token_session_idx').on('refresh_token').column('session_id').execute();

      await db.schema
        .createTable('operation_log')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer')
        .addColumn('action', 'varchar(128)', (c) => c.notNull())
        .addColumn('operator_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('type', 'varchar(32)', (c) => c.notNull())
        .addColumn('parameter', 'text', (c) => c.notNull())
        .addColumn('description', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'integer')
        .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('host', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('language', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('referer', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('origin', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('status_code', 'integer', (c) => c.notNull())
        .addColumn('result_code', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('operation_log_created_idx').on('operation_log').column('created_at').execute();
      await db.schema.createIndex('operation_log_customer_idx').on('operation_log').columns(['customer_id', 'created_at']).execute();

      await db.schema
        .createTable('stored_file')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('path', 'varchar(300)', (c) => c.notNull())
        .addColumn('mime', 'varchar(64)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('original_name', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'integer')
        .addColumn('customer_id', 'integer')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stored_file_path_uq').on('stored_file').column('path').unique().execute();
    },
    async down(db: Kysely<any>) {
      for (const t of [
        'stored_file',
        'operation_log',
        'refresh_token',
        'session',
        'user_role',
        'role_permission',
        'role',
        'permission',
        'app_user',
        'customer',
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}

/** Forecast types, their factors, the grid store and long-running jobs (docs/grids.md, docs/architecture.md#how-a-job-runs). */
function grids(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const pk = withId(dialect);
  return {
    async up(db: Kysely<any>) {
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
      await db.schema
        .createIndex('grid_key_uq')
        .on('grid')
        .columns(['customer_id', 'factor_id', 'base_time', 'lead_hours'])
        .unique()
        .execute();
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
    },
    async down(db: Kysely<any>) {
      for (const t of ['job', 'grid', 'factor', 'forecast_type']) await db.schema.dropTable(t).execute();
    },
  };
}

/**
 * Data revision (docs/grids.md#revisions): stations, forecaster allocation, revision records with their patches (binary, in the same
 * transaction as the grid switch), and issues (submissions) with their frozen grids and exported files.
 */
function revise(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const pk = withId(dialect);
  const binary = dialect === 'postgres' ? ('bytea' as const) : ('blob' as const);
  return {
    async up(db: Kysely<any>) {
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
    },
    async down(db: Kysely<any>) {
      for (const t of ['issue_file', 'issue_grid', 'issue', 'revision', 'revision_batch', 'forecast_allocation', 'station']) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}

/** Boundary layers a customer uploads (GeoJSON polygons kept in file storage, e.g. counties). */
function boundaries(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const pk = withId(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('boundary_layer')
        .addColumn('id', id, pk)
        // Rows go with their customer; the files stay under boundaries/<customer>/ in storage.
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id').onDelete('cascade'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
        .addColumn('feature_count', 'integer', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('boundary_layer_name_uq').on('boundary_layer').columns(['customer_id', 'name']).unique().execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('boundary_layer').execute();
    },
  };
}

/** Ordered by name; later issues append theirs. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      return {
        '0001_foundation': foundation(dialect),
        '0002_grids': grids(dialect),
        '0003_revise': revise(dialect),
        '0004_boundaries': boundaries(dialect),
        '0005_zoning': zoningMigration(dialect),
        '0007_products': productsMigration(dialect),
        '0010_disaster': disasterMigration(dialect),
        '0011_travel': travelMigration(dialect),
        '0012_travel_landscape': travelLandscapeMigration(dialect),
        '0015_articles': articlesMigration(dialect),
        '0006_downloads': downloadsMigration(dialect),
        '0009_risk': riskMigration(dialect),
        '0020_product_schedule': productScheduleMigration(dialect),
        '0021_article_publish': articlePublishMigration(dialect),
        '0030_password_change': passwordChangeMigration(),
        '0031_travel_greenway_route': travelGreenwayRouteMigration(dialect),
        '0032_weixin': weixinMigration(dialect),
        '0033_weixin_send': weixinSendMigration(dialect),
        '0034_weixin_media': weixinMediaMigration(dialect),
        '0035_job_payload': jobPayloadMigration(),
        '0036_weixin_callback_replay': weixinCallbackReplayMigration(dialect),
        '0037_separation_of_duties': separationOfDutiesMigration(),
        '0039_zoning_vetoes': zoningVetoesMigration(),
        '0040_crop_calendar': cropCalendarMigration(dialect),
        '0041_risk_stages': riskStagesMigration(dialect),
        '0042_customer_entitlements': entitlementsMigration(),
      };
    },
  };
}

export { sql };
