import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { nowIso, openDatabase, type DbHandle } from '../src/core/db/index.js';
import { migrationProvider } from '../src/migrations.js';
import { freshDatabaseUrl } from './helpers.js';

/** A fresh database (SQLite or PostgreSQL as TEST_DB says) migrated up to the migration just before `name`. */
export interface DatabaseBefore {
  handle: DbHandle;
  migrator: Migrator;
  close(): Promise<void>;
}

/**
 * Opens a fresh database migrated up to the migration before `name` in name order, whatever that one is called, so a
 * test can put rows an earlier release made and then run `migrator.migrateTo(name)` and `migrateDown()`.
 */
export async function databaseBefore(name: string): Promise<DatabaseBefore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agromet-${name}-`));
  const database = await freshDatabaseUrl();
  const handle = openDatabase({ databaseUrl: database.url, dataDir });
  const provider = migrationProvider(handle.dialect);
  const migrator = new Migrator({ db: handle.db, provider, allowUnorderedMigrations: true });
  const names = Object.keys(await provider.getMigrations()).sort();
  const at = names.indexOf(name);
  if (at < 1) throw new Error(`no migration before ${name}`);
  const { error } = await migrator.migrateTo(names[at - 1]!);
  if (error) throw error;
  return {
    handle,
    migrator,
    async close() {
      await handle.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The database a migration's test file works on: its rows, and the migrator that takes it up and down. */
export interface MigrationUnderTest {
  readonly db: DbHandle['db'];
  readonly migrator: Migrator;
}

/**
 * For the test file of migration `name`: before its tests, a fresh database at the migration before it (databaseBefore)
 * with the rows `seed` puts there, as an earlier release made them; after them, the database dropped. Read `db` and
 * `migrator` in the tests, once it is there.
 */
export function beforeMigration(name: string, seed: (db: DbHandle['db']) => Promise<void>): MigrationUnderTest {
  let database: DatabaseBefore | undefined;
  const opened = () => {
    if (!database) throw new Error(`the database before ${name} is not open yet`);
    return database;
  };
  beforeAll(async () => {
    database = await databaseBefore(name);
    await seed(database.handle.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get db() {
      return opened().handle.db;
    },
    get migrator() {
      return opened().migrator;
    },
  };
}

/** A role as an earlier release stored it, with its codes (the rows a migration of roles finds); answers its id. */
export async function insertRole(db: DbHandle['db'], customerId: number, name: string, codes: readonly string[]): Promise<number> {
  const now = nowIso();
  const { id } = await db
    .insertInto('role')
    .values({ customer_id: customerId, name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (codes.length > 0)
    await db
      .insertInto('role_permission')
      .values(codes.map((c) => ({ role_id: id, permission_code: c })))
      .execute();
  return id;
}

/** Inserts a customer as the console would (centred on Shaanxi) into a database at any migration: answers its id. */
export async function insertCustomer(db: DbHandle['db'], name: string): Promise<{ id: number }> {
  const now = nowIso();
  return db
    .insertInto('customer')
    .values({ name, center_lat: 34, center_lon: 108, zoom: 7, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The permission codes the customer is entitled to, sorted. */
export async function entitledCodes(db: DbHandle['db'], customerId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('customer_entitlement')
    .select('permission_code')
    .where('customer_id', '=', customerId)
    .orderBy('permission_code')
    .execute();
  return rows.map((r) => r.permission_code);
}
