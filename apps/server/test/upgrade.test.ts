import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256, verifyArchive, type Manifest } from '../src/backup/archive.js';
import { restoreArchive } from '../src/backup/restore.js';
import { migrationProvider } from '../src/migrations.js';
import { sweepOrphanFiles } from '../src/file-sweep.js';
import { restoreTarget, tableRows, type RestoreTarget } from './backup-helpers.js';
import type { TestApp } from './helpers.js';

// Upgrades from every earlier release (docs/architecture.md#upgrade-fixtures): each folder under fixtures/upgrade/ holds
// a backup archive a release made of its demo data with a few revisions, products and uploads
// (fixtures/make-upgrade-fixture.ts), which is restored and started on with the current code. The archives are SQLite
// ones and a restore never crosses engines, so this runs on SQLite only; the migrations are the same on PostgreSQL.

interface Fixture {
  version: string;
  commit: string;
  archive: string;
  password: string;
  users: string[];
  revisions: { latestRecordId: number; grid: { baseTime: string; lead: number; version: number } };
  importJobId: string;
  imagePath: string;
  boundaryId: number;
  product: { id: number; fileId: number };
}

const root = path.join(import.meta.dirname, 'fixtures/upgrade');
const releases = fs.existsSync(root) ? fs.readdirSync(root).sort() : [];
const quiet = { info: () => undefined, warn: () => undefined };

describe.skipIf(process.env.TEST_DB === 'postgres')('upgrades from earlier releases', () => {
  it('has a fixture of the first release at least', () => {
    expect(releases).toContain('0.1.0');
  });

  for (const release of releases) {
    describe(`from ${release}`, () => {
      const fixture = JSON.parse(fs.readFileSync(path.join(root, release, 'fixture.json'), 'utf8')) as Fixture;
      const archive = path.join(root, release, fixture.archive);
      let manifest: Manifest;
      let target: RestoreTarget;
      let t: TestApp;
      const tokens: Record<string, string> = {};

      beforeAll(async () => {
        const verified = await verifyArchive(archive);
        expect(verified.problems).toEqual([]);
        manifest = verified.manifest!;
        target = await restoreTarget();
        const restored = await restoreArchive(target.config, target.storage, archive, quiet);
        expect(restored.mismatches).toEqual([]);
        t = await target.start();
      });
      afterAll(async () => {
        await target?.close();
      });

      it('was made by that release, at a commit, and is small', () => {
        expect(fixture.version).toBe(release);
        expect(manifest.appVersion).toBe(release);
        expect(fixture.commit).toMatch(/^[0-9a-f]{40}$/);
        expect(fs.statSync(archive).size).toBeLessThan(5 * 1024 * 1024);
      });

      it('runs every migration of the current code on it', async () => {
        const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.db.db);
        const known = Object.keys(await migrationProvider('sqlite').getMigrations()).sort();
        expect(ran.rows.map((r) => r.name)).toEqual(known);
      });

      it('still reads every row and every file', async () => {
        const rows = await tableRows(t.db.db, t.db.dialect);
        for (const [table, count] of Object.entries(manifest.database.tables)) {
          // The start's seed may add rows (new permission codes); none goes.
          expect(rows[table]?.length ?? 0, table).toBeGreaterThanOrEqual(count);
        }
        for (const f of manifest.files) {
          const data = await t.storage.get(f.key);
          expect(data && sha256(data), f.key).toBe(f.sha256);
        }
        const sweep = await sweepOrphanFiles({ db: t.db.db, storage: t.storage, log: quiet }, { graceMinutes: 60, dryRun: true });
        expect(sweep.missing).toEqual([]);
      });

      it('lets every user of the demo sign in', async () => {
        let k = 0;
        for (const username of fixture.users) {
          k += 1;
          tokens[username] = (await t.login(username, fixture.password, `10.72.0.${k}`)).access_token;
        }
        const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: t.bearer(tokens['demo-revise']!) });
        expect(info.json().code).toBe(0);
        expect(JSON.stringify(info.json().data)).toContain('"username":"demo-revise"');
      });

      it('recovers a revision', async () => {
        const { grid } = fixture.revisions;
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/record/recovery?id=${fixture.revisions.latestRecordId}`,
          headers: t.bearer(tokens['demo-revise']!),
        });
        expect(res.json()).toMatchObject({ code: 0, data: { recovered: fixture.revisions.latestRecordId, version: grid.version + 1 } });
        const data = await t.app.inject({
          method: 'GET',
          url: `/api/forecaster/getData?type=fine-grid&factor=tmp&lead=${grid.lead}&baseTime=${encodeURIComponent(grid.baseTime)}`,
          headers: t.bearer(tokens['demo-revise']!),
        });
        expect(data.json()).toMatchObject({ code: 0, data: { version: grid.version + 1 } });
      });

      it('downloads a product, the uploads and the imported grid’s job', async () => {
        const make = t.bearer(tokens['demo-make']!);
        for (const format of ['pdf', 'png'] as const) {
          const file = await t.app.inject({
            method: 'GET',
            url: `/api/product/file?id=${fixture.product.fileId}&format=${format}`,
            headers: make,
          });
          expect(file.statusCode, format).toBe(200);
          expect(file.rawPayload.subarray(0, 4).toString('latin1'), format).toBe(format === 'pdf' ? '%PDF' : '\x89PNG');
        }
        const image = await t.app.inject({ method: 'GET', url: fixture.imagePath });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/png');
        const layer = await t.app.inject({
          method: 'GET',
          url: `/api/gis/boundary/${fixture.boundaryId}`,
          headers: t.bearer(tokens['demo-revise']!),
        });
        expect(layer.statusCode).toBe(200);
        expect(layer.json().features[0].properties.name).toBe('渭南');
        const job = await t.app.inject({
          method: 'GET',
          url: `/api/job/${fixture.importJobId}`,
          headers: t.bearer(tokens['demo-revise']!),
        });
        expect(job.json()).toMatchObject({ code: 0, data: { status: 'done' } });
      });
    });
  }
});
