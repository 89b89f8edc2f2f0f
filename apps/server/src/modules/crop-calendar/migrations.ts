import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../../core/db/dialect.js';

/**
 * Crop calendars (docs/crop-calendar.md#storage): one calendar per crop, going with its crop and its customer. The
 * built-in ones are made on a customer's first use (crop_calendar_setup marks it), not here.
 */
export function cropCalendarMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const customer = (c: ColumnDefinitionBuilder) => c.notNull().references('customer.id').onDelete('cascade');
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('crop_calendar_setup')
        .addColumn('customer_id', 'integer', customer)
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('crop_calendar_setup_uq').on('crop_calendar_setup').column('customer_id').unique().execute();
      await db.schema
        .createTable('crop_calendar')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('crop_id', 'integer', (c) => c.notNull().references('zoning_crop.id').onDelete('cascade'))
        .addColumn('stages', 'text', (c) => c.notNull())
        .addColumn('ref_altitude_m', 'double precision', (c) => c.notNull())
        .addColumn('ref_lat_deg', 'double precision', (c) => c.notNull())
        .addColumn('days_per_100m', 'double precision', (c) => c.notNull())
        .addColumn('days_per_degree', 'double precision', (c) => c.notNull())
        .addColumn('source', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('crop_calendar_crop_uq').on('crop_calendar').column('crop_id').unique().execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('crop_calendar').execute();
      await db.schema.dropTable('crop_calendar_setup').execute();
    },
  };
}
