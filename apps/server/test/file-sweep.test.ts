import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FOLDERS } from '../src/file-columns.js';
import { sweepOrphanFiles, type SweepLog } from '../src/file-sweep.js';
import { makeFileRows, readFileRowsBack, type FileRows } from './file-rows.js';
import { createTestApp, type TestApp } from './helpers.js';
import { call } from './revise-helpers.js';

/**
 * The orphan sweep (docs/architecture.md#orphan-files) on a demo server with more rows made through the API: what a
 * crash leaves (files no row names) goes once older than the grace period, every named file stays, and a row whose
 * file is missing is reported and answered as an error, never as zeros.
 */
let t: TestApp;
let rows: FileRows;
const root = () => path.join(t.dataDir, 'files');

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  rows = await makeFileRows(t, 'sweep-bureau');
});
afterAll(async () => {
  await t.close();
});

function filesOnDisk(): string[] {
  return fs
    .readdirSync(root(), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root(), path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
}

const HOUR = 3_600_000;
/** Sets a file's modification time `ms` back. */
function age(key: string, ms: number) {
  const when = new Date(Date.now() - ms);
  fs.utimesSync(path.join(root(), key), when, when);
}
function plant(key: string, ms = 2 * HOUR) {
  fs.mkdirSync(path.dirname(path.join(root(), key)), { recursive: true });
  fs.writeFileSync(path.join(root(), key), 'left by a crash');
  if (ms > 0) age(key, ms);
}

function recordingLog() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
  const log: SweepLog = {
    info: (obj, msg) => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
  };
  return { log, lines };
}

const sweep = (log: SweepLog, opts: { now?: Date; dryRun?: boolean } = {}) =>
  sweepOrphanFiles({ db: t.db.db, storage: t.storage, log }, { graceMinutes: 60, ...opts });

describe('orphan file sweep', () => {
  it('finds every file of a working server named by a row: nothing to remove, nothing missing', async () => {
    const { log } = recordingLog();
    // Counted from a day ahead every file is old: only being named keeps it.
    const report = await sweep(log, { now: new Date(Date.now() + 24 * HOUR), dryRun: true });
    expect(report.removedKeys).toEqual([]);
    expect(report.missing).toEqual([]);
    expect(report.scanned).toBe(filesOnDisk().length);
    // The demo's grids, zoning, risk and map products, library files, media and documents, and the rows made here.
    for (const folder of ['grids/', 'issues/', 'boundaries/', 'uploads/', 'zoning/', 'risk/', 'products/', 'weixin/'])
      expect(filesOnDisk().some((k) => k.startsWith(folder))).toBe(true);
    // All in the folders the sweep may clean (a new folder must join STORAGE_FOLDERS for its orphans to go).
    expect(filesOnDisk().filter((k) => !STORAGE_FOLDERS.includes(k.split('/')[0]!))).toEqual([]);
  });

  it('removes exactly the old files no row names, and keeps every named one however old', async () => {
    for (const key of filesOnDisk()) age(key, 3 * HOUR);
    const kept = filesOnDisk();
    const issueDir = (await t.db.db.selectFrom('issue').select('storage_dir').where('id', '=', rows.issueId).executeTakeFirstOrThrow())
      .storage_dir;
    const grid = await t.db.db.selectFrom('grid').select(['factor_id']).where('id', '=', rows.gridId).executeTakeFirstOrThrow();
    const c = rows.customerId;
    const orphans = [
      // A grid version written before a save's commit that never came.
      `grids/${c}/${grid.factor_id}/${randomUUID()}.f32`,
      // The temporary name of a local write cut short before its rename.
      `grids/${c}/${grid.factor_id}/${randomUUID()}.f32.4242.tmp`,
      // A staged import whose job row was never written, and frozen copies of an issue never committed.
      `imports/${c}/${randomUUID()}.upload`,
      `issues/${c}/${randomUUID()}/grids/7-v1.f32`,
      // An export a crashed job wrote into a committed issue's folder without its row.
      `${issueDir}/files/fine-grid_tmp_2024061500_048.m4`,
      // An image and a boundary layer (with its display file) whose rows were never written.
      `uploads/2026/01/${randomUUID()}.png`,
      `boundaries/${c}/${randomUUID()}.geojson`,
      `boundaries/${c}/${randomUUID()}.display.geojson`,
    ];
    for (const key of orphans) plant(key);
    // Not the application's: never touched, however old.
    plant('elsewhere/backup.tar', 30 * 24 * HOUR);
    plant('top-level.txt', 30 * 24 * HOUR);
    kept.push('elsewhere/backup.tar', 'top-level.txt');
    kept.sort();

    const { log, lines } = recordingLog();
    const report = await sweep(log);
    expect(report.removedKeys.sort()).toEqual([...orphans].sort());
    expect(report).toMatchObject({ scanned: kept.length + orphans.length, removed: orphans.length, kept: kept.length, missing: [] });
    expect(filesOnDisk()).toEqual(kept);
    // One line with the counts for the server log.
    expect(lines).toEqual([
      {
        level: 'info',
        msg: 'orphan file sweep',
        obj: expect.objectContaining({ scanned: kept.length + orphans.length, removed: orphans.length, kept: kept.length, missing: 0 }),
      },
    ]);
    // Everything still reads back.
    await readFileRowsBack(t, rows);
    // A second sweep finds nothing more.
    expect((await sweep(recordingLog().log)).removed).toBe(0);
  });

  it('keeps an orphan younger than the grace period, and removes it once older', async () => {
    const fresh = `grids/${rows.customerId}/1/${randomUUID()}.f32`;
    plant(fresh, 0);
    const young = `imports/${rows.customerId}/${randomUUID()}.upload`;
    plant(young, 59 * 60_000);
    expect((await sweep(recordingLog().log)).removedKeys).toEqual([]);
    expect(filesOnDisk()).toEqual(expect.arrayContaining([fresh, young]));
    const later = await sweep(recordingLog().log, { now: new Date(Date.now() + 2 * HOUR) });
    expect(later.removedKeys.sort()).toEqual([fresh, young].sort());
  });

  it('keeps the staged upload of an import still waiting for its job', async () => {
    const jobId = randomUUID();
    const now = new Date(Date.now() - 5 * HOUR).toISOString();
    await t.db.db
      .insertInto('job')
      .values({
        id: jobId,
        customer_id: rows.customerId,
        user_id: null,
        kind: 'grid.import',
        status: 'queued',
        error: null,
        result: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const staged = `imports/${rows.customerId}/${jobId}.upload`;
    plant(staged, 5 * HOUR);
    expect((await sweep(recordingLog().log)).removedKeys).toEqual([]);
    await t.db.db.updateTable('job').set({ status: 'failed' }).where('id', '=', jobId).execute();
    expect((await sweep(recordingLog().log)).removedKeys).toEqual([staged]);
  });

  it('reports a row whose file is missing, and the API answers a clear error instead of values', async () => {
    // A demo grid: written by the demo step, never read through this server's cache.
    const demo = t.seedReport.demoCustomerId!;
    const row = await t.db.db
      .selectFrom('grid')
      .innerJoin('factor', 'factor.id', 'grid.factor_id')
      .select(['grid.id', 'grid.storage_key', 'grid.base_time', 'grid.lead_hours', 'grid.version'])
      .where('grid.customer_id', '=', demo)
      .where('factor.code', '=', 'tmp')
      .orderBy('grid.base_time', 'desc')
      .orderBy('grid.lead_hours')
      .executeTakeFirstOrThrow();
    fs.rmSync(path.join(root(), row.storage_key));

    const { log, lines } = recordingLog();
    const report = await sweep(log);
    expect(report.missing).toEqual([{ table: 'grid', column: 'storage_key', id: row.id, key: row.storage_key }]);
    expect(report.removedKeys).toEqual([]);
    expect(lines.filter((l) => l.level === 'warn')).toEqual([
      {
        level: 'warn',
        obj: { table: 'grid', column: 'storage_key', id: row.id, key: row.storage_key },
        msg: 'a row names a stored file that is missing',
      },
    ]);

    const token = (await t.login('demo-revise')).access_token;
    const whole = await call(
      t,
      token,
      'GET',
      `/api/forecaster/getData?type=fine-grid&factor=tmp&lead=${row.lead_hours}&baseTime=${row.base_time}`,
      undefined,
      'en',
    );
    expect(whole.statusCode).toBe(500);
    expect(whole.json()).toEqual({
      code: 5000,
      msg: `The data file of grid #${row.id} (base time ${row.base_time}, lead ${row.lead_hours} h, version ${row.version}) is missing and cannot be read; import the grid again or contact an administrator`,
      data: { gridId: row.id, version: row.version },
    });
    // The meteogram reads single cells (a range read of each version): the same error, not a blank or a zero.
    const point = await call(t, token, 'GET', `/api/grid/meteogram?type=fine-grid&lon=108.93&lat=34.3&baseTime=${row.base_time}`);
    expect(point.json()).toMatchObject({ code: 5000, data: { gridId: row.id } });
    expect(point.json().msg).toContain(`格点场 #${row.id}`);
    // Another grid of the run still reads.
    const other = await call(
      t,
      token,
      'GET',
      `/api/forecaster/getData?type=fine-grid&factor=rh&lead=${row.lead_hours}&baseTime=${row.base_time}`,
    );
    expect(other.json().code).toBe(0);
  });

  // A process starting a server's worth of modules: a bound for a loaded machine.
  it(
    'runs as a command (npm run sweep-files): counts on stdout, missing rows on stderr, status 1 while rows miss files',
    { timeout: 120_000 },
    async () => {
      const orphan = `uploads/2025/12/${randomUUID()}.jpg`;
      plant(orphan);
      const res = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/cli/sweep-files.ts')], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          DATA_DIR: t.dataDir,
          ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
        },
        timeout: 110_000,
      });
      // The demo grid whose file the test above removed is still missing.
      expect(res.status, res.stderr).toBe(1);
      expect(res.stdout).toMatch(/^orphan file sweep \{.*"removed":1,.*"missing":1,.*\}$/m);
      expect(res.stdout).toContain(orphan);
      expect(res.stderr).toContain('a row names a stored file that is missing {"table":"grid","column":"storage_key"');
      expect(fs.existsSync(path.join(root(), orphan))).toBe(false);
    },
  );
});
