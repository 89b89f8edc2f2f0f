import fs from 'node:fs';
import path from 'node:path';
import { PERMISSION_CODES } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { banner } from '../src/modules/seed/seed.js';
import { createTestApp } from './helpers.js';

const counts = async (t: { db: { db: import('../src/core/db/index.js').Db } }) => {
  const out: Record<string, number> = {};
  for (const table of ['customer', 'app_user', 'role', 'role_permission', 'user_role', 'permission'] as const) {
    out[table] = (await t.db.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
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
        'demo-revise', 'demo-make', 'demo-zoning', 'demo-products', 'demo-disaster', 'demo-travel', 'demo-weixin', 'demo-sysadmin',
      ]);
      await t.login('demo-weixin', password);
      const text = banner(t.seedReport, 'http://127.0.0.1:8080');
      expect(text).toContain(password);
      expect(text).toContain('demo-sysadmin');

      // Restarting on the same data changes nothing and prints no password.
      const before = await counts(t);
      const again = await buildApp(t.config, { logger: false });
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
