import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../../core/db/dialect.js';

/**
 * Tourism content (docs/travel.md#storage): scenic spots, visitors' comments and each customer's sensitive words.
 * Rows go with their customer.
 */
export function travelMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const real = dialect === 'postgres' ? ('double precision' as const) : ('real' as const);
  const customer = (c: ColumnDefinitionBuilder) => c.notNull().references('customer.id').onDelete('cascade');
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('travel_spot')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('grade', 'varchar(8)', (c) => c.notNull().defaultTo(''))
        .addColumn('region_code', 'varchar(6)', (c) => c.notNull())
        .addColumn('address', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('lon', real, (c) => c.notNull())
        .addColumn('lat', real, (c) => c.notNull())
        .addColumn('opening_hours', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('ticket_price', real)
        .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        // JSON array of stored image paths.
        .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('travel_spot_customer_idx').on('travel_spot').columns(['customer_id', 'region_code']).execute();

      await db.schema
        .createTable('travel_comment')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('text', 'varchar(2000)', (c) => c.notNull())
        .addColumn('nickname', 'varchar(128)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        // JSON array of the sensitive words found when it was posted.
        .addColumn('flagged', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('moderated_at', 'varchar(32)')
        .addColumn('moderated_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('travel_comment_target_idx')
        .on('travel_comment')
        .columns(['customer_id', 'target_type', 'target_id'])
        .execute();
      await db.schema.createIndex('travel_comment_status_idx').on('travel_comment').columns(['customer_id', 'status']).execute();

      await db.schema
        .createTable('travel_sensitive_word')
        .addColumn('customer_id', 'integer', customer)
        .addColumn('word', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('travel_sensitive_word_uq')
        .on('travel_sensitive_word')
        .columns(['customer_id', 'word'])
        .unique()
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['travel_sensitive_word', 'travel_comment', 'travel_spot']) await db.schema.dropTable(t).execute();
    },
  };
}

/** Seasonal landscapes (docs/travel.md#landscapes), each optionally inside one of the customer's scenic spots. */
export function travelLandscapeMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const real = dialect === 'postgres' ? ('double precision' as const) : ('real' as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('travel_landscape')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id').onDelete('cascade'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('kind', 'varchar(24)', (c) => c.notNull())
        // The spot goes, the landscape stays (without its spot).
        .addColumn('spot_id', 'integer', (c) => c.references('travel_spot.id').onDelete('set null'))
        .addColumn('region_code', 'varchar(6)', (c) => c.notNull())
        .addColumn('lon', real, (c) => c.notNull())
        .addColumn('lat', real, (c) => c.notNull())
        .addColumn('best_from', 'varchar(5)', (c) => c.notNull())
        .addColumn('best_to', 'varchar(5)', (c) => c.notNull())
        // JSON {tempMin, tempMax, maxWind, precipitation}.
        .addColumn('weather', 'text', (c) => c.notNull())
        .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('travel_landscape_customer_idx').on('travel_landscape').columns(['customer_id', 'region_code']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('travel_landscape').execute();
    },
  };
}

/**
 * Greenways (a line drawn on the map, its vertices as JSON) and routes (ordered stops among the customer's spots and
 * landscapes, as JSON of {type, id}); docs/travel.md#greenways and #routes.
 */
export function travelGreenwayRouteMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const customer = (c: ColumnDefinitionBuilder) => c.notNull().references('customer.id').onDelete('cascade');
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('travel_greenway')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('region_code', 'varchar(6)', (c) => c.notNull())
        // JSON [[lon, lat], …].
        .addColumn('line', 'text', (c) => c.notNull())
        .addColumn('surface', 'varchar(16)', (c) => c.notNull())
        .addColumn('difficulty', 'varchar(16)', (c) => c.notNull())
        .addColumn('start_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('end_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('travel_greenway_customer_idx').on('travel_greenway').columns(['customer_id', 'region_code']).execute();
      await db.schema
        .createTable('travel_route')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull())
        // JSON [{type: 'spot' | 'landscape', id}, …] in visiting order.
        .addColumn('stops', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('travel_route_customer_idx').on('travel_route').columns(['customer_id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('travel_route').execute();
      await db.schema.dropTable('travel_greenway').execute();
    },
  };
}
