import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { ADMIN_PASSWORD, freshDatabaseUrl, startApp, type TestApp } from './helpers.js';
import { loadConfig, type Config } from '../src/config.js';
import type { BuiltApp } from '../src/app.js';
import type { Db } from '../src/core/db/index.js';
import { openStorage } from '../src/core/open-storage.js';
import type { FileStorage } from '../src/core/storage.js';

const root = path.resolve(import.meta.dirname, '../../..');

/** An empty target to restore into: a new data folder, a new database when TEST_DB=postgres, and the given storage settings. */
export interface RestoreTarget {
  config: Config;
  dataDir: string;
  storage: FileStorage;
  /** Starts the server on what was restored (migrate, seed; no demo step), as `npm run serve` would. */
  start(): Promise<TestApp>;
  close(): Promise<void>;
}

export async function restoreTarget(env: Record<string, string> = {}): Promise<RestoreTarget> {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-restore-')), 'data');
  const database = await freshDatabaseUrl({ prefix: 'agromet_restore' });
  const config = loadConfig({
    DATA_DIR: dataDir,
    SCRYPT_LOG_N: '12',
    LOG_LEVEL: 'silent',
    PRODUCT_SCHEDULE_SECONDS: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const storage = await openStorage(config);
  let app: BuiltApp | undefined;
  return {
    config,
    dataDir,
    storage,
    async start() {
      app = await startApp(config);
      const built = app;
      return {
        ...built,
        config,
        dataDir,
        async login(username, password = ADMIN_PASSWORD, ip = '127.0.0.1') {
          const res = await built.app.inject({
            method: 'POST',
            url: '/api/login/login',
            payload: { username, password },
            remoteAddress: ip,
          });
          const body = res.json();
          if (body.code !== 0) throw new Error(`login failed: ${res.body}`);
          return body.data;
        },
        bearer: (token: string) => ({ authorization: `Bearer ${token}` }),
        close: () => built.close(),
      };
    },
    async close() {
      try {
        await app?.close();
        await storage.close?.();
      } finally {
        await database.drop();
        fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
      }
    },
  };
}

/** Every row of every table, each table's rows as sorted JSON lines: two databases compare equal table by table. */
export async function tableRows(db: Db, dialect: 'sqlite' | 'postgres'): Promise<Record<string, string[]>> {
  const names =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  const out: Record<string, string[]> = {};
  for (const { name } of names.rows) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    out[name] = rows.map((r) => JSON.stringify(r, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).sort();
  }
  return out;
}

/** Runs one of the server's commands from its TypeScript source (as `npm run backup` runs the build), with the environment given. */
export function runCli(
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(root, `apps/server/src/cli/${name}.ts`), ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
