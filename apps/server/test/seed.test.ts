import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PERMISSION_CODES } from '@agromet/contracts';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { banner } from '../src/modules/seed/seed.js';
import { STARTUP_LOCK_KEY } from '../src/core/db/startup-lock.js';
import { demoStep, migrateStep, prepareServerData, seedStep, type ServerData } from '../src/startup.js';
import { createTestApp, freshDatabaseUrl, startApp } from './helpers.js';

const counts = async (t: { db: { db: import('../src/core/db/index.js').Db } }) => {
  const out: Record<string, number> = {};
  for (const table of ['customer', 'app_user', 'role', 'role_permission', 'user_role', 'permission'] as const) {
    out[table] = (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  }
  return out;
};

describe('first start', () => {
  it('creates the platform, every permission code, the admin role and user; a generated password goes to a 0600 file', async () => {
    const t = await createTestApp({ ADMIN_PASSWORD: '', DEMO: '1' });
    try {
      const file = path.join(t.dataDir, 'admin-password.txt');
      const password = fs.readFileSync(file, 'utf8').trim();
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(t.dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
      expect(t.seedReport.adminPassword).toBe(password);
      const codes = (await t.db.db.selectFrom('permission').select('code').execute()).map((r) => r.code);
      expect(codes.sort()).toEqual([...PERMISSION_CODES].sort());
      expect(codes).toContain('admin');
      const admin = await t.login('admin', password);
      const info = (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: t.bearer(admin.access_token) })).json().data;
      expect(info.roles).toEqual(['admin']);
      // One demo user per role group, same initial password, listed in the banner.
      expect(t.seedReport.demoUsers.map((u) => u.username)).toEqual([
        'demo-revise',
        'demo-make',
        'demo-zoning',
        'demo-products',
        'demo-reviewer',
        'demo-disaster',
        'demo-travel',
        'demo-weixin',
        'demo-wx-approver',
        'demo-sysadmin',
      ]);
      await t.login('demo-weixin', password);
      const text = banner(t.seedReport, 'http://127.0.0.1:8080');
      expect(text).toContain(password);
      expect(text).toContain('demo-sysadmin');

      // Restarting on the same data changes nothing and prints no password.
      const before = await counts(t);
      const again = await startApp(t.config, { logger: false });
      try {
        expect(again.seedReport.adminPassword).toBeUndefined();
        expect(again.seedReport.demoUsers).toEqual([]);
        expect(await counts({ db: again.db })).toEqual(before);
        expect(banner(again.seedReport, 'x')).not.toContain(password);
      } finally {
        await again.close();
      }
    } finally {
      await t.close();
    }
  });

  it('uses ADMIN_PASSWORD when given and writes no password file', async () => {
    const t = await createTestApp({ ADMIN_PASSWORD: 'Given-Password-1' });
    try {
      expect(fs.existsSync(path.join(t.dataDir, 'admin-password.txt'))).toBe(false);
      await t.login('admin', 'Given-Password-1');
    } finally {
      await t.close();
    }
  });
});

describe('start-up steps', () => {
  it('a caller chooses the steps: migrate alone leaves an empty schema, seed adds the platform, demo adds the demo customer and grids', async () => {
    const database = await freshDatabaseUrl();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-steps-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Steps-Pass-1',
      SCRYPT_LOG_N: '12',
      DEMO: '1',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    });
    const data = await migrateStep(config);
    try {
      const rows = async (table: 'customer' | 'permission' | 'grid') =>
        (
          await data.handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      expect(Number(await rows('customer'))).toBe(0);
      expect(Number(await rows('permission'))).toBe(0);
      await seedStep(data, config);
      expect(Number(await rows('customer'))).toBe(1);
      expect(Number(await rows('permission'))).toBe(PERMISSION_CODES.length);
      expect(data.seedReport.demoCustomerId).toBeUndefined();
      await demoStep(data, config);
      expect(Number(await rows('customer'))).toBe(2);
      expect(data.seedReport.demoCustomerId).toBeGreaterThan(0);
      expect(Number(await rows('grid'))).toBeGreaterThan(0);
    } finally {
      await data.handle.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('processes starting together', () => {
  const setUp = async () => {
    const database = await freshDatabaseUrl();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-race-'));
    const env = {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Race-Pass-1',
      SCRYPT_LOG_N: '12',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    return {
      config: loadConfig(env),
      async tearDown(started: ServerData[]) {
        for (const s of started) await s.handle.close();
        await database.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  };

  it('three processes starting at once on a fresh database all start, and the platform is seeded once', async () => {
    const { config, tearDown } = await setUp();
    const results = await Promise.allSettled([0, 1, 2].map(() => prepareServerData({ ...config })));
    const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    try {
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual(['started', 'started', 'started']);
      const c = await counts({ db: started[0]!.handle });
      expect(Number(c.customer)).toBe(1);
      expect(Number(c.app_user)).toBe(1);
      expect(Number(c.role)).toBe(1);
      expect(Number(c.permission)).toBe(PERMISSION_CODES.length);
      // The first one to seed reports the admin it made; the others found it there.
      expect(started.filter((s) => s.seedReport.adminPassword !== undefined)).toHaveLength(1);
    } finally {
      await tearDown(started);
    }
  });

  it('a start waits while another process holds the lock, and goes on when that process dies holding it', async () => {
    const { config, tearDown } = await setUp();
    // The other process, which dies without letting go: its connection (PostgreSQL) or lock file handle (SQLite)
    // just closes, as the system closes a killed process's.
    let die: () => Promise<void>;
    if (config.databaseUrl) {
      const other = new pg.Client({ connectionString: config.databaseUrl });
      await other.connect();
      await other.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      die = async () => {
        other.on('error', () => undefined);
        (other as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      };
    } else {
      fs.mkdirSync(config.dataDir, { recursive: true });
      const other = new SQLite(path.join(config.dataDir, 'startup.lock.sqlite'));
      other.exec('BEGIN EXCLUSIVE');
      die = async () => void other.close();
    }
    const starting = prepareServerData({ ...config });
    if (config.databaseUrl) {
      // The server shows the start queued behind the lock.
      const watcher = new pg.Client({ connectionString: config.databaseUrl });
      await watcher.connect();
      await expect
        .poll(
          async () =>
            (await watcher.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")).rows[0].n,
        )
        .toBe(1);
      await watcher.end();
    }
    await die();
    const data = await starting;
    try {
      expect(Number((await counts({ db: data.handle })).app_user)).toBe(1);
    } finally {
      await tearDown([data]);
    }
  });
});
