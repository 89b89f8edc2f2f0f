import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Db } from '../core/db/index.js';
import type { Database } from '../core/db/schema.js';
import { FILE_COLUMNS, type FileReference } from '../file-columns.js';
import { referencesOf } from '../file-sweep.js';

/** A stored file a row names, with the row (the first one, when several name it). */
export type NamedFile = FileReference & { table: string; column: string; id: string | number };

/** Rows of every table and the migrations run, read on one connection (in a snapshot: as of that snapshot). */
export async function readTables(db: Db, engine: 'sqlite' | 'postgres'): Promise<{ tables: Record<string, number>; migrations: string[] }> {
  const names =
    engine === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
          db,
        )
      : await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(
          db,
        );
  const tables: Record<string, number> = {};
  for (const { name } of names.rows) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    tables[name] = Number(rows[0]!.n);
  }
  const migrations =
    'kysely_migration' in tables
      ? (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name)
      : [];
  return { tables, migrations };
}

/**
 * Every stored file the rows name, handed to `visit` as each is found, in FILE_COLUMNS' order: the grids first, whose
 * replaced versions' files the server removes soonest, so that a backup copies them while they are still there.
 */
export async function visitNamedFiles(db: Db, visit: (file: NamedFile) => Promise<void>): Promise<void> {
  for (const c of FILE_COLUMNS) {
    for await (const { id, refs } of referencesOf(db, c)) {
      for (const ref of refs) await visit({ ...ref, table: c.table, column: c.column, id });
    }
  }
}

/**
 * A SQLite snapshot through the online backup API: the live file (which the server may be writing meanwhile, in WAL
 * mode) is copied page by page in a single step, under one read transaction, so the copy is one consistent state; the
 * copy is then made self-contained (no WAL) and handed to `within`, whose answer is returned.
 */
export async function withSqliteSnapshot<T>(dataDir: string, target: string, within: (db: Db) => Promise<T>): Promise<T> {
  const live = path.join(dataDir, 'agromet.sqlite');
  if (!fs.existsSync(live)) throw new Error(`there is no database to back up at ${live} (is DATA_DIR right?)`);
  fs.rmSync(target, { force: true });
  const source = new SQLite(live, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // Every page in one step: a backup in several steps starts again whenever another connection writes in between.
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(target);
  copy.pragma('journal_mode = DELETE');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: copy }) });
  try {
    return await within(db);
  } finally {
    await db.destroy();
  }
}

/** A PostgreSQL connection string without its password, and the password apart (for PGPASSWORD, never argv). */
export function libpqTarget(databaseUrl: string): { url: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Where a PostgreSQL database is, for messages: host, port and name, never the user's password. */
export function describeDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `postgres://${url.host}${url.pathname}`;
}

/** Runs a PostgreSQL client program; its error output is kept for the message (it never holds the password). */
export function runPgTool(program: 'pg_dump' | 'pg_restore', args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      if (stderr.length < 8000) stderr += c.toString();
    });
    child.on('error', (e) =>
      reject(new Error(`${program} could not be started (${e.message}): install the PostgreSQL client programs (postgresql-client)`)),
    );
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${program} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`));
    });
  });
}

/**
 * A PostgreSQL snapshot: one REPEATABLE READ transaction exports its snapshot and `within` reads it on the same
 * connection; when `within` keeps it (answers true), pg_dump (custom format) dumps exactly that snapshot into
 * `target`. The dump, the counts and the file list are then one state of the database whatever commits meanwhile.
 */
export async function withPostgresSnapshot(databaseUrl: string, target: string, within: (db: Db) => Promise<boolean>): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    // The same connection, in the exporting transaction, for Kysely's reads.
    const pool: PostgresPool = {
      connect: async () =>
        ({
          query: (text: string, values: unknown[]) => client.query(text, values),
          release: () => undefined,
        }) as unknown as PostgresPoolClient,
      end: async () => undefined,
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    if (!(await within(db))) return false;
    const { url, env } = libpqTarget(databaseUrl);
    fs.rmSync(target, { force: true });
    await runPgTool('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${target}`, '--no-password', url], env);
    return true;
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
  }
}
