import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../src/app.js';
import { prepareServerData } from '../src/startup.js';
import { loadConfig, type Config } from '../src/config.js';

export const ADMIN_PASSWORD = 'Admin-Pass-2026';

export interface TestApp extends BuiltApp {
  config: Config;
  dataDir: string;
  /** Signs in and returns the token pair. */
  login(username: string, password?: string, ip?: string): Promise<{ access_token: string; refresh_token: string; expired: number }>;
  /** Authorization header for a token. */
  bearer(token: string): { authorization: string };
}

/** A fresh database per call: a temporary SQLite file, or a new PostgreSQL database when TEST_DB=postgres. */
export async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') return { url: undefined, drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `agromet_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Runs the start-up steps the configuration asks for (migrate, seed, demo when DEMO=1), then builds the app, as main.ts does. */
export async function startApp(config: Config, opts: Parameters<typeof buildApp>[2] = {}): Promise<BuiltApp> {
  return buildApp(config, await prepareServerData(config), { logger: false, ...opts });
}

/** `opts` reach buildApp (e.g. `loggerStream` to read the server log; LOG_LEVEL then sets what is written). */
export async function createTestApp(env: Record<string, string> = {}, opts: Parameters<typeof buildApp>[2] = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-test-'));
  const database = await freshDatabaseUrl();
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    // Cheaper hashing keeps the suite fast; the format carries its cost, and a unit test checks the default of 17.
    SCRYPT_LOG_N: '12',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const built = await startApp(config, opts);
  return {
    ...built,
    config,
    dataDir,
    async login(username, password = ADMIN_PASSWORD, ip = '127.0.0.1') {
      const res = await built.app.inject({ method: 'POST', url: '/api/login/login', payload: { username, password }, remoteAddress: ip });
      const body = res.json();
      if (body.code !== 0) throw new Error(`login failed: ${res.body}`);
      return body.data;
    },
    bearer: (token) => ({ authorization: `Bearer ${token}` }),
    async close() {
      try {
        await built.close();
      } finally {
        await database.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
