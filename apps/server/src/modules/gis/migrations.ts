import type { Kysely, Migration } from 'kysely';
import { idColumn, withId, type Dialect } from '../../core/db/dialect.js';

/** Boundary layers a customer uploads (GeoJSON polygons kept in file storage, e.g. counties). */
export function boundariesMigration(dialect: Dialect): Migration {
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
