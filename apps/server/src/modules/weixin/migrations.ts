import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../../core/db/dialect.js';

/**
 * The official-account manager (docs/weixin.md#storage): accounts (secrets sealed), the access token each shares
 * between server processes, followers, menus (draft and published) and the pushed messages already handled.
 */
export function weixinMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const big = dialect === 'postgres' ? ('bigint' as const) : ('integer' as const);
  const account = (c: ColumnDefinitionBuilder) => c.notNull().references('wx_account.id').onDelete('cascade');
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('wx_account')
        .addColumn('id', id, pk)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id').onDelete('cascade'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('wx_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull().unique())
        // Sealed with the server's key (SecretBox); never answered.
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('token_sealed', 'text', (c) => c.notNull())
        .addColumn('aes_key_sealed', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('api_calls', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_call_at', 'varchar(32)')
        .addColumn('last_test_at', 'varchar(32)')
        .addColumn('last_test_code', 'integer')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('wx_account_customer_idx').on('wx_account').column('customer_id').execute();
      await db.schema
        .createTable('wx_token')
        .addColumn('account_id', 'integer', (c) => account(c).unique())
        .addColumn('token_sealed', 'text', (c) => c.notNull())
        // Milliseconds since the epoch.
        .addColumn('expires_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('wx_follower')
        .addColumn('id', id, pk)
        .addColumn('account_id', 'integer', account)
        .addColumn('open_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('nickname', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('tag_ids', 'varchar(256)', (c) => c.notNull().defaultTo('[]'))
        .addColumn('subscribed', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('subscribe_time', 'varchar(32)')
        .addColumn('language', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('synced_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('wx_follower_uq').on('wx_follower').columns(['account_id', 'open_id']).unique().execute();
      await db.schema
        .createTable('wx_menu')
        .addColumn('account_id', 'integer', (c) => account(c).unique())
        .addColumn('draft', 'text', (c) => c.notNull())
        .addColumn('published', 'text')
        .addColumn('published_at', 'varchar(32)')
        .addColumn('published_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createTable('wx_pushed')
        .addColumn('account_id', 'integer', account)
        // MsgId, or sender + time + event for events without one.
        .addColumn('push_key', 'varchar(128)', (c) => c.notNull())
        .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('wx_pushed_uq').on('wx_pushed').columns(['account_id', 'push_key']).unique().execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['wx_pushed', 'wx_menu', 'wx_follower', 'wx_token', 'wx_account']) await db.schema.dropTable(t).execute();
    },
  };
}

/** Mass sends (docs/weixin.md#sending): composed, approved by a second person, handed to WeChat once. */
export function weixinSendMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('wx_send')
        .addColumn('id', id, pk)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('wx_account.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('article_id', 'integer')
        .addColumn('target', 'varchar(16)', (c) => c.notNull())
        .addColumn('tag_id', 'integer')
        // JSON list of openIds (target openids).
        .addColumn('open_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('client_msg_id', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_by_id', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('approved_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('approved_at', 'varchar(32)')
        .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('msg_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('total_count', 'integer')
        .addColumn('sent_count', 'integer')
        .addColumn('error_count', 'integer')
        .addColumn('errcode', 'integer')
        .addColumn('error', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('wx_send_account_idx').on('wx_send').columns(['account_id', 'state']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('wx_send').execute();
    },
  };
}

/** Permanent media (docs/weixin.md#media): WeChat's id and the console's own copy for previews. */
export function weixinMediaMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('wx_media')
        .addColumn('id', id, pk)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('wx_account.id').onDelete('cascade'))
        .addColumn('type', 'varchar(8)', (c) => c.notNull())
        .addColumn('name', 'varchar(256)', (c) => c.notNull())
        .addColumn('media_id', 'varchar(128)', (c) => c.notNull())
        .addColumn('format', 'varchar(8)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(256)', (c) => c.notNull())
        .addColumn('uploaded_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('wx_media_account_idx').on('wx_media').columns(['account_id', 'type']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('wx_media').execute();
    },
  };
}

/**
 * The callback's safe mode and replay guard (docs/weixin.md#callback): how WeChat seals an account's pushes, and the
 * (timestamp, nonce, signature) triples already accepted, each kept until its timestamp has left the 5-minute window
 * (used when no REDIS_URL is set; expired rows are swept as new ones arrive).
 */
export function weixinCallbackReplayMigration(dialect: Dialect): Migration {
  const big = dialect === 'postgres' ? ('bigint' as const) : ('integer' as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('wx_account')
        .addColumn('encrypt_mode', 'varchar(16)', (c) => c.notNull().defaultTo('plain'))
        .execute();
      await db.schema
        .createTable('wx_callback_replay')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('wx_account.id').onDelete('cascade'))
        // sha256 of the timestamp, nonce and signature, in hex.
        .addColumn('replay_hash', 'varchar(64)', (c) => c.notNull())
        // Milliseconds since the epoch.
        .addColumn('expires_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('wx_callback_replay_uq')
        .on('wx_callback_replay')
        .columns(['account_id', 'replay_hash'])
        .unique()
        .execute();
      await db.schema.createIndex('wx_callback_replay_expires_idx').on('wx_callback_replay').column('expires_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('wx_callback_replay').execute();
      await db.schema.alterTable('wx_account').dropColumn('encrypt_mode').execute();
    },
  };
}
