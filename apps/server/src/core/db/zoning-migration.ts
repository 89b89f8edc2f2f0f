import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from './migrations.js';

/**
 * Agro-climatic zoning (docs/zoning.md#storage): crops, criteria, base-factor grids (the file in storage, the row
 * names it, its version and fit), station normals, and zoning products (class grids in storage, statistics here).
 * Rows go with their customer.
 */
export function zoningMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const customer = (c: ColumnDefinitionBuilder) => c.notNull().references('customer.id').onDelete('cascade');
  return {
    async up(db: Kysely<any>) {
      // Marks a customer whose seeded crops were made (deleted ones stay deleted).
      await db.schema
        .createTable('zoning_setup')
        .addColumn('customer_id', 'integer', customer)
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('zoning_setup_uq').on('zoning_setup').column('customer_id').unique().execute();

      await db.schema
        .createTable('zoning_crop')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        // The seeded crop's key (winter-wheat, tea …); null for the customer's own.
        .addColumn('seed_key', 'varchar(32)')
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('remark', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('zoning_crop_name_uq').on('zoning_crop').columns(['customer_id', 'name']).unique().execute();

      await db.schema
        .createTable('zoning_criterion')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('crop_id', 'integer', (c) => c.notNull().references('zoning_crop.id'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('method', 'varchar(16)', (c) => c.notNull())
        // JSON: { factors, classScores?, cutPoints? }
        .addColumn('definition', 'text', (c) => c.notNull())
        // JSON: four names ('' = the default in the reader's language)
        .addColumn('class_names', 'text', (c) => c.notNull())
        .addColumn('example', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer')
        .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('zoning_criterion_name_uq')
        .on('zoning_criterion')
        .columns(['customer_id', 'crop_id', 'name'])
        .unique()
        .execute();

      await db.schema
        .createTable('zoning_base_factor')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('code', 'varchar(32)', (c) => c.notNull())
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .addColumn('lon0', 'double precision', (c) => c.notNull())
        .addColumn('lat0', 'double precision', (c) => c.notNull())
        .addColumn('dx', 'double precision', (c) => c.notNull())
        .addColumn('dy', 'double precision', (c) => c.notNull())
        .addColumn('nx', 'integer', (c) => c.notNull())
        .addColumn('ny', 'integer', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('grid_min', 'double precision')
        .addColumn('grid_max', 'double precision')
        // JSON BaseFactorFit for grids made from station normals
        .addColumn('fit', 'text')
        .addColumn('updated_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('zoning_base_factor_uq').on('zoning_base_factor').columns(['customer_id', 'code']).unique().execute();

      await db.schema
        .createTable('zoning_station_normal')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('station_id', 'integer', (c) => c.notNull().references('station.id').onDelete('cascade'))
        .addColumn('factor', 'varchar(32)', (c) => c.notNull())
        .addColumn('value', 'double precision', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('zoning_station_normal_uq')
        .on('zoning_station_normal')
        .columns(['station_id', 'factor'])
        .unique()
        .execute();
      await db.schema.createIndex('zoning_station_normal_idx').on('zoning_station_normal').columns(['customer_id', 'factor']).execute();

      await db.schema
        .createTable('zoning_product')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('crop_id', 'integer', (c) => c.notNull().references('zoning_crop.id'))
        .addColumn('crop_name', 'varchar(64)', (c) => c.notNull())
        // The criterion that made it (deleting a criterion with products is refused).
        .addColumn('criterion_id', 'integer', (c) => c.references('zoning_criterion.id'))
        .addColumn('criterion_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('method', 'varchar(16)', (c) => c.notNull())
        // JSON: the criterion's definition as run, and its class names
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('class_names', 'text', (c) => c.notNull())
        .addColumn('region_kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('region_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        // JSON: { areaCode?, polygon?, statsLayer? } as asked
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
        // The product's grid (a window of the base-factor grid); set when done
        .addColumn('lon0', 'double precision')
        .addColumn('lat0', 'double precision')
        .addColumn('dx', 'double precision')
        .addColumn('dy', 'double precision')
        .addColumn('nx', 'integer')
        .addColumn('ny', 'integer')
        // Folder of the product's files in storage: classes.u8, factors.u8, limiting.u8, values.f32
        .addColumn('storage_prefix', 'varchar(300)')
        // JSON ZoningStats and inputs [{factor, gridVersion}]
        .addColumn('stats', 'text')
        .addColumn('inputs', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('zoning_product_crop_idx').on('zoning_product').columns(['customer_id', 'crop_id', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      for (const t of [
        'zoning_product',
        'zoning_station_normal',
        'zoning_base_factor',
        'zoning_criterion',
        'zoning_crop',
        'zoning_setup',
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
