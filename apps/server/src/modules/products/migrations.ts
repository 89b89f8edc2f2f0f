import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../../core/db/dialect.js';

/**
 * Map products (docs/products.md#storage): templates of a customer (the definition as JSON), products (what was asked,
 * the template as used, status and job) and their items (one per lead of a series, each a PNG and a PDF in storage).
 * Rows go with their customer.
 */
export function productsMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const customer = (c: ColumnDefinitionBuilder) => c.notNull().references('customer.id').onDelete('cascade');
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('product_template')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        // JSON: ProductTemplateFields without the name.
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer')
        .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('product_template_name_uq').on('product_template').columns(['customer_id', 'name']).unique().execute();

      await db.schema
        .createTable('map_product')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('job_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('type_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('factor_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('base_time', 'varchar(32)', (c) => c.notNull())
        // JSON: the forecast part of the request (mode, leads, aggregation, area).
        .addColumn('request', 'text', (c) => c.notNull())
        // JSON: the template as it was when the product was asked for.
        .addColumn('template', 'text', (c) => c.notNull())
        .addColumn('language', 'varchar(8)', (c) => c.notNull())
        .addColumn('region_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer')
        .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('map_product_customer_idx').on('map_product').columns(['customer_id', 'created_at']).execute();

      await db.schema
        .createTable('map_product_item')
        .addColumn('id', id, pk)
        .addColumn('product_id', 'integer', (c) => c.notNull().references('map_product.id').onDelete('cascade'))
        .addColumn('customer_id', 'integer', customer)
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('title', 'varchar(300)', (c) => c.notNull())
        .addColumn('lead_hours', 'integer', (c) => c.notNull())
        .addColumn('valid_start', 'varchar(32)', (c) => c.notNull())
        .addColumn('valid_end', 'varchar(32)', (c) => c.notNull())
        .addColumn('png_key', 'varchar(300)', (c) => c.notNull())
        .addColumn('pdf_key', 'varchar(300)', (c) => c.notNull())
        .addColumn('png_size', 'integer', (c) => c.notNull())
        .addColumn('pdf_size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('map_product_item_product_idx').on('map_product_item').columns(['product_id', 'seq']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('map_product_item').execute();
      await db.schema.dropTable('map_product').execute();
      await db.schema.dropTable('product_template').execute();
    },
  };
}

/**
 * Product schedules (docs/products.md#automatic-making): a template and a forecast without its run that the server
 * makes by itself when a newer run comes in or daily at a time; the run and time it last made its product from.
 */
export function productScheduleMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('product_schedule')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id').onDelete('cascade'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('template_id', 'integer', (c) => c.notNull().references('product_template.id').onDelete('cascade'))
        // JSON: ProductForecast without baseTime.
        .addColumn('forecast', 'text', (c) => c.notNull())
        .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
        .addColumn('time', 'varchar(5)')
        .addColumn('last_base_time', 'varchar(32)')
        .addColumn('last_run_time', 'varchar(32)')
        .addColumn('last_product_id', 'integer')
        // JSON {key, params}: why the last attempt made nothing, translated when read.
        .addColumn('last_error', 'text')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer')
        .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('product_schedule_name_uq').on('product_schedule').columns(['customer_id', 'name']).unique().execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('product_schedule').execute();
    },
  };
}
