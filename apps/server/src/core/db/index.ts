import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Dialect } from './dialect.js';
import type { Database } from './schema.js';
import { WalCheckpoints } from './wal-checkpoints.js';

export type Db = Kysely<Database>;

/** Connections one process's PostgreSQL pool opens at most. */
const POOL_MAX = 10;

/** What a connection pool tells of itself (metrics). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  max: number;
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL's connection pool (its counts are metrics); SQLite has none. */
  pool?: PoolStats;
  /** SQLite's checkpoints, run off the request thread. */
  checkpoints?: WalCheckpoints;
  close(): Promise<void>;
}

export function openDatabase(opts: {
  databaseUrl: string | undefined;
  dataDir: string;
  onBackgroundError?: (error: Error) => void;
}): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: POOL_MAX });
    // An idle connection the server drops (restart, admin termination) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => opts.onBackgroundError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const stats: PoolStats = {
      get totalCount() {
        return pool.totalCount;
      },
      get idleCount() {
        return pool.idleCount;
      },
      get waitingCount() {
        return pool.waitingCount;
      },
      max: POOL_MAX,
    };
    return { db, dialect: 'postgres', pool: stats, close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const fileName = path.join(opts.dataDir, 'agromet.sqlite');
  const file = new SQLite(fileName);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('synchronous = NORMAL');
  const checkpoints = new WalCheckpoints(fileName, file, opts.onBackgroundError);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(file) }) });
  return {
    db,
    dialect: 'sqlite',
    checkpoints,
    close: async () => {
      await checkpoints.close();
      await db.destroy();
    },
  };
}

/** At most this many prepared statements are kept (queries with lists of varying length each have their own). */
const KEPT_STATEMENTS = 500;

/**
 * The database as Kysely's SQLite driver uses it, with each statement prepared once and kept by its SQL text: the
 * driver would otherwise prepare every query anew (compiling it is a good part of a small query's time). A kept
 * statement is reused only when its previous run has finished: the driver runs them to completion (`all`, `run`),
 * never iterates.
 */
function keepingStatements(file: SQLite.Database): { prepare(sql: string): SQLite.Statement; close(): void } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = file.prepare(sql);
        if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => file.close(),
  };
}

/**
 * Runs the pending ones of the given migrations (the app's ordered list, src/migrations.ts); throws with the failing
 * migration's name.
 */
export async function runMigrations(handle: DbHandle, provider: MigrationProvider): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider,
    // Features add their migrations side by side: a database that ran a later one still takes an earlier newcomer.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? String(error)}`);
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}
