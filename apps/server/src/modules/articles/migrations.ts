import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../../core/db/dialect.js';

/**
 * Service products (docs/articles.md#storage): the customer's kinds of document with their templates, the documents
 * and every workflow transition. Issue numbers are unique per customer, kind, year and revision, so two documents
 * created at once can never share one.
 */
export function articlesMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const customer = (c: ColumnDefinitionBuilder) => c.notNull().references('customer.id').onDelete('cascade');
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('article_kind')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('series', 'varchar(32)', (c) => c.notNull())
        .addColumn('template', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('article_kind_name_uq').on('article_kind').columns(['customer_id', 'name']).unique().execute();

      await db.schema
        .createTable('article')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('kind_id', 'integer', (c) => c.notNull().references('article_kind.id').onDelete('cascade'))
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('issue_no', 'integer', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('revision_of', 'integer')
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('summary', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
        // Sanitised body reduced to text, for the keyword search.
        .addColumn('body_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('draft'))
        .addColumn('author_id', 'integer')
        .addColumn('author_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('reviewer_id', 'integer')
        .addColumn('reviewer_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('return_comment', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('issued_at', 'varchar(32)')
        .addColumn('superseded', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('article_issue_uq')
        .on('article')
        .columns(['customer_id', 'kind_id', 'year', 'issue_no', 'revision'])
        .unique()
        .execute();
      await db.schema.createIndex('article_customer_idx').on('article').columns(['customer_id', 'created_at']).execute();

      await db.schema
        .createTable('article_history')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('article_id', 'integer', (c) => c.notNull().references('article.id').onDelete('cascade'))
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('from_state', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('to_state', 'varchar(16)', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('user_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('comment', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('article_history_article_idx').on('article_history').column('article_id').execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['article_history', 'article', 'article_kind']) await db.schema.dropTable(t).execute();
    },
  };
}

/**
 * Publishing and attachments of service products (docs/articles.md#platforms): the customer's platforms, one
 * publication record per document and platform, and the files attached to a document.
 */
export function articlePublishMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const customer = (c: ColumnDefinitionBuilder) => c.notNull().references('customer.id').onDelete('cascade');
  const article = (c: ColumnDefinitionBuilder) => c.notNull().references('article.id').onDelete('cascade');
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('article_platform')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        // officialAccount | website | manual
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('article_platform_name_uq').on('article_platform').columns(['customer_id', 'name']).unique().execute();

      await db.schema
        .createTable('article_publication')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('article_id', 'integer', article)
        .addColumn('platform_id', 'integer')
        .addColumn('platform_name', 'varchar(32)', (c) => c.notNull())
        .addColumn('platform_type', 'varchar(16)', (c) => c.notNull())
        // pending | published | manual
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('url', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'integer')
        .addColumn('user_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('article_publication_article_idx').on('article_publication').column('article_id').execute();

      await db.schema
        .createTable('article_attachment')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', customer)
        .addColumn('article_id', 'integer', article)
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('mime', 'varchar(100)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        // Key in the file storage; several documents (revisions, copies) may share one.
        .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
        .addColumn('user_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('article_attachment_article_idx').on('article_attachment').column('article_id').execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['article_attachment', 'article_publication', 'article_platform']) await db.schema.dropTable(t).execute();
    },
  };
}
