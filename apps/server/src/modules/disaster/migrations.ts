import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../../core/db/dialect.js';

/**
 * Sandstorm disaster records (docs/disaster.md#storage): one row per event at a place, with its GB/T 2260 region code
 * and GB/T 20480 grade. Rows go with their customer.
 */
export function disasterMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const real = dialect === 'postgres' ? ('double precision' as const) : ('real' as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sandstorm_record')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id').onDelete('cascade'))
        .addColumn('location', 'varchar(64)', (c) => c.notNull())
        .addColumn('lon', real, (c) => c.notNull())
        .addColumn('lat', real, (c) => c.notNull())
        .addColumn('level', 'varchar(24)', (c) => c.notNull())
        // 1 when the server derived the level from visibility and wind.
        .addColumn('level_derived', 'integer', (c) => c.notNull().defaultTo(0))
        // ISO 8601 UTC, like every time of the database.
        .addColumn('time', 'varchar(32)', (c) => c.notNull())
        .addColumn('duration', real, (c) => c.notNull())
        .addColumn('min_visibility', real, (c) => c.notNull())
        .addColumn('max_wind_speed', real)
        .addColumn('precipitation', real)
        .addColumn('region_code', 'varchar(6)', (c) => c.notNull())
        .addColumn('economic_loss', real, (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
        .addColumn('houses_collapsed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('deaths', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('injured', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sandstorm_region_idx').on('sandstorm_record').columns(['customer_id', 'region_code']).execute();
      await db.schema.createIndex('sandstorm_time_idx').on('sandstorm_record').columns(['customer_id', 'time']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('sandstorm_record').execute();
    },
  };
}
