import type { Kysely, Migration } from 'kysely';
import { idColumn, withId, type Dialect, type IdColumn, type PrimaryKey } from './dialect.js';

/**
 * The migrations of the tables every module shares (customers, users, roles, sessions, the log, stored files). The
 * ordered list of all migrations is the app's (src/migrations.ts); each module's own are in modules/<area>/migrations.ts.
 */
export function foundationMigration(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const pk = withId(dialect);
  return {
    async up(db: Kysely<any>) {
      await customerAndUserTables(db, id, pk);
      await permissionAndRoleTables(db, id, pk);
      await sessionLogAndFileTables(db, id, pk);
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

/** Customers and their users. */
async function customerAndUserTables(db: Kysely<any>, id: IdColumn, pk: PrimaryKey): Promise<void> {
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
}

/** Permission codes, roles and who holds them. */
async function permissionAndRoleTables(db: Kysely<any>, id: IdColumn, pk: PrimaryKey): Promise<void> {
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
}

/** Sign-in sessions, the operation log and uploaded images. */
async function sessionLogAndFileTables(db: Kysely<any>, id: IdColumn, pk: PrimaryKey): Promise<void> {
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
}
