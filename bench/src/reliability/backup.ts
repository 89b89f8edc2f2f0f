// The reliability suite's backup step (docs/reliability.md#the-reliability-suite): `npm run backup` (the built command) under write load
// against the running cluster, then `npm run restore` into a fresh database and data folder, a server started on it,
// and counted: every write acknowledged before the snapshot's cut is there, every archived file's hash matches, no
// row misses its file, every user signs in.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { verifyArchive } from '../../../apps/server/src/backup/archive.js';
import { openDatabase } from '../../../apps/server/src/core/db/index.js';
import { LocalFileStorage } from '../../../apps/server/src/core/storage.js';
import { sweepOrphanFiles } from '../../../apps/server/src/file-sweep.js';
import { call, dataOf, freshDatabase, importFile, multipart, type Geometry } from '../cluster-fixtures.js';
import type { Cluster } from '../cluster.js';
import { startServer } from '../server.js';
import { squareRevisionBody } from './revise-body.js';

const root = path.resolve(import.meta.dirname, '../../..');

export interface BackupStepInput {
  cluster: Cluster;
  databaseUrl: string;
  password: string;
  /** Sessions of the cluster's demo users by name (demo-revise writes). */
  tokens: Record<string, string>;
  /** The demo forecast the load revises and imports onto. */
  grid: Geometry & { baseTime: string; lead: number; version: number };
  users: string[];
  /** Connections writing while the backup runs. */
  connections: number;
}

export interface BackupStepReport {
  archiveBytes: number;
  backupMs: number;
  restoreMs: number;
  snapshots: string;
  files: number;
  rows: number;
  acknowledgedBeforeCut: number;
  acknowledgedAfterCut: number;
  lost: number;
  hashMismatches: number;
  rowsMissingFiles: number;
  signedIn: number;
  failures: string[];
}

/** Runs a built command of the server (apps/server/dist or SERVER_DIST) and times it. */
function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const dist = path.resolve(root, process.env.SERVER_DIST || 'apps/server/dist');
  const started = performance.now();
  return new Promise<{ code: number; stdout: string; stderr: string; ms: number }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(dist, `${name}.js`), ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr, ms: performance.now() - started }),
    );
  });
}

export async function backupStep(input: BackupStepInput): Promise<BackupStepReport> {
  const { cluster, grid } = input;
  const url = cluster.url;
  const bearer = { authorization: `Bearer ${input.tokens['demo-revise']}` };
  const failures: string[] = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-reliability-backup-'));
  const target = await freshDatabase();
  try {
    // ---- writes under way while the backup runs: stations (new and edited), revisions, grid imports ----
    const stations = new Map<number, { at: number; version: number }[]>();
    const revisions: Array<{ id: string; at: number }> = [];
    const imports: Array<{ id: string; at: number }> = [];
    let version = grid.version;
    let writing = true;
    let seq = 0;
    const loop = async (n: number) => {
      const mine: Array<{ id: number; number: string; version: number }> = [];
      while (writing) {
        const r = Math.random();
        if (r < 0.4 || mine.length === 0) {
          seq += 1;
          const number = `K${n}x${seq}`;
          const o = await call(`${url}/api/station/insertStation`, {
            method: 'POST',
            headers: bearer,
            json: { stationNumber: number, name: `备${seq}`, longitude: 108.9, latitude: 34.3, altitude: 300 },
          });
          if (o.ok) {
            const s = dataOf<{ id: number; version: number }>(o);
            mine.push({ id: s.id, number, version: s.version });
            stations.set(s.id, [{ at: Date.now(), version: s.version }]);
          }
        } else if (r < 0.6) {
          const s = mine[Math.floor(Math.random() * mine.length)]!;
          const o = await call(`${url}/api/station/updateStation`, {
            method: 'POST',
            headers: bearer,
            json: {
              id: s.id,
              version: s.version,
              stationNumber: s.number,
              name: `改${seq}`,
              longitude: 108.9,
              latitude: 34.3,
              altitude: 500,
            },
          });
          if (o.ok) {
            s.version = dataOf<{ version: number }>(o).version;
            stations.get(s.id)!.push({ at: Date.now(), version: s.version });
          }
        } else if (r < 0.92) {
          const lon = grid.lon0 + grid.dx * (5 + Math.floor(Math.random() * (grid.nx - 15)));
          const lat = grid.lat0 + grid.dy * (5 + Math.floor(Math.random() * (grid.ny - 15)));
          const side = grid.dx * 4;
          const o = await call(`${url}/api/revise/polygonRevise`, {
            method: 'POST',
            headers: bearer,
            json: squareRevisionBody(grid, version, { lon, lat, side }, 0.1),
          });
          if (o.ok) {
            const res = dataOf<{ batchId: string; leads: Array<{ version: number }> }>(o);
            revisions.push({ id: res.batchId, at: Date.now() });
            version = Math.max(version, res.leads[0]!.version);
          } else if (o.status === 409) {
            const now = await call(
              `${url}/api/forecaster/getData?type=fine-grid&factor=tmp&lead=${grid.lead}&baseTime=${encodeURIComponent(grid.baseTime)}`,
              { headers: bearer },
            );
            if (now.ok) version = dataOf<{ version: number }>(now).version;
          }
        } else {
          seq += 1;
          const m = multipart({ type: 'fine-grid', factor: 'tmp' }, importFile(grid, 20_000 + seq));
          const o = await call(`${url}/api/grid/import`, {
            method: 'POST',
            headers: { ...bearer, 'content-type': m.contentType },
            body: m.body,
          });
          if (o.ok) imports.push({ id: dataOf<{ jobId: string }>(o).jobId, at: Date.now() });
        }
      }
    };
    const loops = Promise.all(Array.from({ length: input.connections }, (_, n) => loop(n)));
    await new Promise((r) => setTimeout(r, 2000));
    const env = { DATA_DIR: cluster.dataDir, DATABASE_URL: input.databaseUrl };
    const backup = await command('backup', ['--out', path.join(work, 'out')], env);
    await new Promise((r) => setTimeout(r, 1000));
    writing = false;
    await loops;
    if (backup.code !== 0) throw new Error(`npm run backup failed: ${backup.stderr.trim() || backup.stdout.trim()}`);
    const archive = /^backup written: (.+)$/m.exec(backup.stdout)?.[1];
    if (!archive) throw new Error(`npm run backup named no archive: ${backup.stdout}`);
    const snapshots = /(\d+) snapshots?/.exec(backup.stdout)?.[1] ?? '?';
    const verified = await verifyArchive(archive);
    if (verified.problems.length > 0 || !verified.manifest) throw new Error(`the archive fails --verify: ${verified.problems.join('; ')}`);
    const manifest = verified.manifest;
    const cut = Date.parse(manifest.snapshotAt);

    // ---- restore into a fresh database and data folder, and start a server on it ----
    const restoredDir = path.join(work, 'restored');
    const restore = await command('restore', ['--from', archive], { DATA_DIR: restoredDir, DATABASE_URL: target.url });
    if (restore.code !== 0) throw new Error(`npm run restore failed: ${restore.stderr.trim() || restore.stdout.trim()}`);
    const server = await startServer({
      DATA_DIR: restoredDir,
      DATABASE_URL: target.url,
      SCRYPT_LOG_N: '12',
      PRODUCT_SCHEDULE_SECONDS: '0',
    });
    const restored = new pg.Pool({ connectionString: target.url, max: 2 });
    try {
      // Every write acknowledged before the cut is there (an edit: at least that version).
      let lost = 0;
      let before = 0;
      let after = 0;
      const expected = new Map<number, number>();
      for (const [id, acks] of stations) {
        for (const a of acks) {
          if (a.at < cut) expected.set(id, Math.max(expected.get(id) ?? 0, a.version));
          else after += 1;
        }
      }
      for (const acks of stations.values()) before += acks.filter((a) => a.at < cut).length;
      const storedStations = await restored.query('select id, version from station where id = any($1)', [[...expected.keys()]]);
      const storedVersion = new Map(storedStations.rows.map((r) => [Number(r.id), Number(r.version)]));
      for (const [id, v] of expected) if ((storedVersion.get(id) ?? 0) < v) lost += 1;
      const batchesBefore = revisions.filter((r) => r.at < cut).map((r) => r.id);
      const jobsBefore = imports.filter((r) => r.at < cut).map((r) => r.id);
      before += batchesBefore.length + jobsBefore.length;
      after += revisions.length - batchesBefore.length + imports.length - jobsBefore.length;
      lost += batchesBefore.length - (await restored.query('select id from revision_batch where id = any($1)', [batchesBefore])).rowCount!;
      lost += jobsBefore.length - (await restored.query('select id from job where id = any($1)', [jobsBefore])).rowCount!;

      // Every archived file as the manifest hashed it; no row of the restored database misses its file.
      let hashMismatches = 0;
      for (const f of manifest.files) {
        const file = path.join(restoredDir, 'files', f.key);
        const data = fs.existsSync(file) ? fs.readFileSync(file) : null;
        if (!data || createHash('sha256').update(data).digest('hex') !== f.sha256) hashMismatches += 1;
      }
      const handle = openDatabase({ databaseUrl: target.url, dataDir: restoredDir });
      let rowsMissingFiles: number;
      try {
        const quiet = { info: () => undefined, warn: () => undefined };
        const sweep = await sweepOrphanFiles(
          { db: handle.db, storage: new LocalFileStorage(path.join(restoredDir, 'files')), log: quiet },
          { graceMinutes: 60, dryRun: true },
        );
        rowsMissingFiles = sweep.missing.length;
      } finally {
        await handle.close();
      }

      // Users sign in on the restored server.
      let signedIn = 0;
      for (const username of input.users) {
        const o = await call(`${server.url}/api/login/login`, { method: 'POST', json: { username, password: input.password } });
        if (o.ok) signedIn += 1;
      }

      if (lost > 0) failures.push(`backup: ${lost} writes acknowledged before the cut are not in the restored database`);
      if (before === 0) failures.push('backup: no write was acknowledged before the cut');
      if (hashMismatches > 0) failures.push(`backup: ${hashMismatches} restored files do not match their hash`);
      if (rowsMissingFiles > 0) failures.push(`backup: ${rowsMissingFiles} restored rows name a missing file`);
      if (signedIn < input.users.length)
        failures.push(`backup: ${input.users.length - signedIn} users could not sign in after the restore`);
      return {
        archiveBytes: verified.bytes,
        backupMs: backup.ms,
        restoreMs: restore.ms,
        snapshots,
        files: manifest.files.length,
        rows: Object.values(manifest.database.tables).reduce((a, b) => a + b, 0),
        acknowledgedBeforeCut: before,
        acknowledgedAfterCut: after,
        lost,
        hashMismatches,
        rowsMissingFiles,
        signedIn,
        failures,
      };
    } finally {
      await restored.end();
      await server.stop();
    }
  } finally {
    await target.drop().catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
  }
}
