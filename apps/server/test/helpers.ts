import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.js';
import { migrateStep, prepareServerData } from '../src/startup.js';
import { loadConfig, type Config } from '../src/config.js';
import type { SeedReport } from '../src/modules/seed/seed.js';

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
export async function freshDatabaseUrl(
  opts: { template?: string; prefix?: string } = {},
): Promise<{ url: string | undefined; name?: string; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') return { url: undefined, drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `${opts.prefix ?? 'agromet_t'}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${opts.template ? ` TEMPLATE ${opts.template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A test app's database and data folder as the start-up steps left them, built once per worker and copied for each app
 * that asks for no setting but DEMO: a DEMO start builds a year of demo grids, products and texts (8-10 s on two busy
 * cores) and a PostgreSQL migration takes 2 s, where a copy takes a fraction of that. Only those two starts are
 * copied: any other setting may change what the steps write. Keyed by the hour too, since the demo is made for the
 * hour it starts in (its latest run, its season's texts).
 */
interface StartTemplate {
  dataDir: string;
  /** The PostgreSQL database the copies are made from (TEMPLATE), when TEST_DB=postgres. */
  database?: string;
  seedReport: SeedReport;
}
const templates = new Map<string, Promise<StartTemplate>>();
// One copy at a time: PostgreSQL copies a template only while no one else uses it.
let copying: Promise<unknown> = Promise.resolve();

function templateKey(env: Record<string, string>): string | undefined {
  const keys = Object.keys(env);
  const demo = keys.length === 1 && env.DEMO === '1';
  if (keys.length > 0 && !demo) return undefined;
  return `${demo ? 'demo' : 'plain'} ${new Date().toISOString().slice(0, 13)}`;
}

function baseEnv(dataDir: string, databaseUrl: string | undefined): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    // Cheaper hashing keeps the suite fast; the format carries its cost, and a unit test checks the default of 17.
    SCRYPT_LOG_N: '12',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

function copyDatabase(template: StartTemplate): ReturnType<typeof freshDatabaseUrl> {
  const copy = copying.then(() => freshDatabaseUrl({ template: template.database }));
  copying = copy.catch(() => undefined);
  return copy;
}

async function buildTemplate(env: Record<string, string>): Promise<StartTemplate> {
  const run = inject('templateRun');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agromet-tpl-${run}-`));
  const database = await freshDatabaseUrl({ prefix: `agromet_tpl_${run}` });
  const data = await prepareServerData(loadConfig({ ...baseEnv(dataDir, database.url), ...env }));
  await data.handle.close();
  return { dataDir, database: database.name, seedReport: data.seedReport };
}

/** A DEMO=1 test app and the access token of one of its demo users (e.g. demo-zoning). */
export async function demoAppAs(username: string): Promise<[TestApp, string]> {
  const demo = await createTestApp({ DEMO: '1' });
  return [demo, (await demo.login(username)).access_token];
}

/**
 * The environment of a server process a test starts on this app's database and data folder (as main.ts would read
 * it), with `extra` on top: for the tests that kill such a process mid-write.
 */
export function childProcessEnv(t: TestApp, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    DATA_DIR: t.dataDir,
    LOG_LEVEL: 'silent',
    SCRYPT_LOG_N: '12',
    WEB_DIST: path.join(t.dataDir, 'no-web'),
    ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    ...extra,
  };
}

/** Runs the start-up steps the configuration asks for (migrate, seed, demo when DEMO=1), then builds the app, as main.ts does. */
export async function startApp(config: Config, opts: Parameters<typeof buildApp>[2] = {}): Promise<BuiltApp> {
  return buildApp(config, await prepareServerData(config), { logger: false, ...opts });
}

/**
 * `opts` reach buildApp (e.g. `loggerStream` to read the server log; LOG_LEVEL then sets what is written). An app with
 * no setting or only DEMO starts from a copy of its start-up template (see StartTemplate); any other runs the steps.
 */
export async function createTestApp(env: Record<string, string> = {}, opts: Parameters<typeof buildApp>[2] = {}): Promise<TestApp> {
  const key = templateKey(env);
  let template: StartTemplate | undefined;
  if (key) {
    if (!templates.has(key)) {
      const building = buildTemplate(env);
      // A failed build is tried again by the next app, not handed to every app after it.
      building.catch(() => templates.delete(key));
      templates.set(key, building);
    }
    template = await templates.get(key)!;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-test-'));
  const database = template ? await copyDatabase(template) : await freshDatabaseUrl();
  const config = loadConfig({ ...baseEnv(dataDir, database.url), ...env });
  let built: BuiltApp;
  if (template) {
    fs.cpSync(template.dataDir, dataDir, { recursive: true });
    const data = await migrateStep(config);
    data.seedReport = structuredClone(template.seedReport);
    built = await buildApp(config, data, { logger: false, ...opts });
  } else built = await startApp(config, opts);
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
