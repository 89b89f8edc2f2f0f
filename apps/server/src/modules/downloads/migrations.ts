import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../../core/db/dialect.js';

/**
 * The downloads library (docs/downloads.md#storage): one row per file the library holds (map and risk products,
 * station tables), the file itself in storage under `storage_key`. Issued forecast files and zoning products are not
 * copied here: the library lists them from their own tables (`issue_file`, `zoning_product`), which stay their only
 * record. Rows go with their customer.
 */
export function downloadsMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('download_file')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('format', 'varchar(16)', (c) => c.notNull())
        .addColumn('content_type', 'varchar(128)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
        // A PNG shown in place of a file that has no preview of its own (a PDF's page as a picture), optional.
        .addColumn('preview_key', 'varchar(300)')
        .addColumn('author_id', 'integer')
        .addColumn('author_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('forecast_type_code', 'varchar(64)')
        .addColumn('factor_code', 'varchar(64)')
        .addColumn('base_time', 'varchar(32)')
        // What made it, in the maker's terms (a product's or a risk run's id), so the maker can find its files again.
        .addColumn('source_id', 'varchar(64)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('download_file_customer_idx').on('download_file').columns(['customer_id', 'created_at']).execute();
      await db.schema.createIndex('download_file_source_idx').on('download_file').columns(['customer_id', 'kind', 'source_id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('download_file').execute();
    },
  };
}
