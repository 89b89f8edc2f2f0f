import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Header, create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveError, MANIFEST, readArchive, sha256, verifyArchive, type Manifest } from '../src/backup/archive.js';
import { takeBackup, type BackupResult } from '../src/backup/backup.js';
import { RestoreRefused, restoreArchive } from '../src/backup/restore.js';
import type { FileStorage } from '../src/core/storage.js';
import { DEMO_ROLE_GROUPS } from '../src/modules/seed/seed.js';
import { restoreTarget, runCli, tableRows } from './backup-helpers.js';
import { HENAN_BASE_TIME, makeFileRows, readFileRowsBack, type FileRows } from './file-rows.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';
import { USER_PASSWORD, revisePoint } from './revise-helpers.js';
import { startS3, type TestS3 } from './s3-server.js';

const quiet = { info: () => undefined, warn: () => undefined };
const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** Signs in as the users makeFileRows made, on another app (their sessions do not carry over on purpose). */
async function rowsOn(t: TestApp, rows: FileRows, name: string): Promise<FileRows> {
  const sub = (await t.login(`${name}-sub`, USER_PASSWORD, '10.71.0.1')).access_token;
  const fc = (await t.login(`${name}-fc`, USER_PASSWORD, '10.71.0.2')).access_token;
  return { ...rows, tokens: { sub, fc } };
}

/** Every archived file as storage holds it now, by sha256. */
async function hashesIn(storage: TestApp['storage'], manifest: Manifest): Promise<string[]> {
  const wrong: string[] = [];
  for (const f of manifest.files) {
    const data = await storage.get(f.key);
    if (!data || sha256(data) !== f.sha256) wrong.push(f.key);
  }
  return wrong;
}

/** A gzip tar of the given entries in order, written by hand (names and types a well-behaved writer would refuse). */
function handMadeArchive(file: string, entries: Array<{ path: string; data?: Buffer; type?: 'File' | 'SymbolicLink'; linkpath?: string }>) {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const data = e.data ?? Buffer.alloc(0);
    const header = new Header({
      path: e.path,
      type: e.type ?? 'File',
      size: e.type === 'SymbolicLink' ? 0 : data.length,
      mode: 0o644,
      mtime: new Date(),
      ...(e.linkpath ? { linkpath: e.linkpath } : {}),
    });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    blocks.push(block);
    if (e.type !== 'SymbolicLink' && data.length > 0) {
      blocks.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
    }
  }
  blocks.push(Buffer.alloc(1024));
  fs.writeFileSync(file, gzipSync(Buffer.concat(blocks)));
}

describe(`backup and restore (${engine}, files in the data folder)`, () => {
  let t: TestApp;
  let rows: FileRows;
  let out: string;
  let quietBackup: BackupResult;

  beforeAll(async () => {
    t = await createTestApp({ DEMO: '1' });
    rows = await makeFileRows(t, 'backup-bureau');
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-backups-'));
  });
  afterAll(async () => {
    await t?.close();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it('restores every table row for row and every file by hash into an empty target, where the app starts and users sign in', async () => {
    quietBackup = await takeBackup(t.config, t.storage, { outDir: out, log: quiet });
    // Read at once, while nothing writes: the source as the snapshot saw it.
    const source = await tableRows(t.db.db, t.db.dialect);
    const m = quietBackup.manifest;
    expect(path.basename(quietBackup.archive)).toMatch(/^agromet-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(fs.statSync(quietBackup.archive).mode & 0o777).toBe(0o600);
    expect(m).toMatchObject({
      format: 'agromet-backup',
      appVersion: '0.1.0',
      database: { engine },
      storage: { kind: 'local' },
      missingFiles: [],
    });
    expect(m.database.tables.app_user).toBe(Number(source.app_user!.length));
    expect(m.database.migrations.at(-1)).toBe('0042_customer_entitlements');
    expect(m.files.map((f) => f.key)).toContain(rows.imagePath.slice('/api/files/'.length));
    // No secret in the manifest: neither the keys' content nor a password or a connection string.
    const text = JSON.stringify(m);
    for (const name of ['jwt-secret', 'wx-secret-key']) {
      const secret = fs.readFileSync(path.join(t.dataDir, name), 'utf8').trim();
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(ADMIN_PASSWORD);
    expect(text).not.toMatch(/postgres:\/\//);
    expect(m.secrets.map((s) => s.name).sort()).toEqual(['jwt-secret', 'wx-secret-key']);

    expect((await verifyArchive(quietBackup.archive)).problems).toEqual([]);

    const target = await restoreTarget();
    try {
      const restored = await restoreArchive(target.config, target.storage, quietBackup.archive, quiet);
      expect(restored.mismatches).toEqual([]);
      expect(restored.pendingMigrations).toEqual([]);
      expect(await hashesIn(target.storage, m)).toEqual([]);
      const app = await target.start();
      const after = await tableRows(app.db.db, app.db.dialect);
      for (const table of Object.keys(source)) expect(after[table], table).toEqual(source[table]);
      // Users sign in with their passwords; a session of the source still works (its key came with the archive).
      for (const username of ['admin', ...DEMO_ROLE_GROUPS.map((g) => g.username)]) await app.login(username, ADMIN_PASSWORD, '10.70.0.1');
      const info = await app.app.inject({ method: 'GET', url: '/api/user/info', headers: app.bearer(rows.tokens.sub) });
      expect(info.json().code).toBe(0);
      // Every file is read back through the API: the revised grid, the exports, the image, the layer.
      await readFileRowsBack(app, await rowsOn(app, rows, 'backup-bureau'));
    } finally {
      await target.close();
    }
  });

  it('taken while writes go on, holds every write acknowledged before its cut', async () => {
    const token = (await t.login('demo-revise', ADMIN_PASSWORD, '10.70.1.1')).access_token;
    const acks: Array<{ id: number; at: number }> = [];
    let writing = true;
    let seq = 0;
    const writer = (async () => {
      while (writing) {
        seq += 1;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/station/insertStation',
          headers: t.bearer(token),
          payload: { stationNumber: `B${seq}`, name: `备份站${seq}`, longitude: 108.9, latitude: 34.3, altitude: 400 + seq },
        });
        const body = res.json();
        if (body.code === 0) acks.push({ id: body.data.id, at: Date.now() });
        // Let the backup's own work in between.
        await new Promise((r) => setImmediate(r));
      }
    })();
    let result: BackupResult;
    try {
      while (acks.length < 5) await new Promise((r) => setImmediate(r));
      result = await takeBackup(t.config, t.storage, { outDir: out, log: quiet });
      const until = acks.length + 5;
      while (acks.length < until) await new Promise((r) => setImmediate(r));
    } finally {
      writing = false;
      await writer;
    }
    const cut = Date.parse(result.manifest.snapshotAt);
    const before = acks.filter((a) => a.at < cut);
    expect(before.length).toBeGreaterThan(0);
    expect(acks.some((a) => a.at > cut)).toBe(true);

    const target = await restoreTarget();
    try {
      expect((await restoreArchive(target.config, target.storage, result.archive, quiet)).mismatches).toEqual([]);
      const app = await target.start();
      const stored = await app.db.db
        .selectFrom('station')
        .select('id')
        .where(
          'id',
          'in',
          before.map((a) => a.id),
        )
        .execute();
      expect(stored.length).toBe(before.length);
      expect(await hashesIn(target.storage, result.manifest)).toEqual([]);
      await app.login('demo-revise', ADMIN_PASSWORD, '10.70.1.2');
    } finally {
      await target.close();
    }
  });

  it('refuses a target that holds anything, naming it, and an archive of the other engine', async () => {
    // The source itself: its data folder and database are not empty.
    await expect(restoreArchive(t.config, t.storage, quietBackup.archive, quiet)).rejects.toThrow(RestoreRefused);
    await expect(restoreArchive(t.config, t.storage, quietBackup.archive, quiet)).rejects.toThrow(
      engine === 'sqlite' ? /DATA_DIR \(.+\) is not empty \(.*agromet\.sqlite/ : /DATA_DIR \(.+\) is not empty/,
    );
    const target = await restoreTarget();
    try {
      fs.mkdirSync(target.dataDir, { recursive: true });
      fs.writeFileSync(path.join(target.dataDir, 'notes.txt'), 'mine');
      await expect(restoreArchive(target.config, target.storage, quietBackup.archive, quiet)).rejects.toThrow(/not empty \(notes\.txt\)/);
      expect(fs.readdirSync(target.dataDir)).toEqual(['notes.txt']);
      // Through the command: exit status 1 and the reason, no password or connection string repeated.
      const cli = await runCli('restore', ['--from', quietBackup.archive], {
        DATA_DIR: target.dataDir,
        ...(target.config.databaseUrl ? { DATABASE_URL: target.config.databaseUrl } : {}),
      });
      expect(cli.code).toBe(1);
      expect(cli.stderr).toMatch(
        /^restore refused: DATA_DIR \(.+\) is not empty \(notes\.txt\): restore only into an empty or new data folder/,
      );
    } finally {
      await target.close();
    }
    if (engine === 'postgres') {
      // A database with a table, beside an empty data folder.
      const other = await restoreTarget();
      try {
        const { default: pg } = await import('pg');
        const c = new pg.Client({ connectionString: other.config.databaseUrl });
        await c.connect();
        await c.query('create table something (id integer)');
        await c.end();
        await expect(restoreArchive(other.config, other.storage, quietBackup.archive, quiet)).rejects.toThrow(
          /the database postgres:\/\/[^ ]+ is not empty \(1 tables: public\.something\): restore only into an empty database/,
        );
      } finally {
        await other.close();
      }
    }
    const wrongEngine = await restoreTarget(
      engine === 'sqlite' ? { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } : { DATABASE_URL: '' },
    );
    try {
      await expect(restoreArchive(wrongEngine.config, wrongEngine.storage, quietBackup.archive, quiet)).rejects.toThrow(
        engine === 'sqlite' ? /holds a SQLite database: restore it with DATABASE_URL unset/ : /holds a PostgreSQL database/,
      );
    } finally {
      await wrongEngine.close();
    }
  });

  it('a damaged or tampered archive fails --verify and is refused by restore, naming what is wrong', async () => {
    const dir = fs.mkdtempSync(path.join(out, 'tamper-'));
    // Unpack, change one stored file, pack again with the manifest unchanged.
    const unpacked = path.join(dir, 'unpacked');
    fs.mkdirSync(unpacked);
    const names: string[] = [];
    await readArchive(quietBackup.archive, (name) => {
      names.push(name);
      const chunks: Buffer[] = [];
      return {
        data: (c) => chunks.push(c),
        end: () => {
          fs.mkdirSync(path.dirname(path.join(unpacked, name)), { recursive: true });
          fs.writeFileSync(path.join(unpacked, name), Buffer.concat(chunks));
        },
      };
    });
    const victim = names.find((n) => n.startsWith('files/grids/'))!;
    const bytes = fs.readFileSync(path.join(unpacked, victim));
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    fs.writeFileSync(path.join(unpacked, victim), bytes);
    const tampered = path.join(dir, 'tampered.tar.gz');
    await create({ file: tampered, cwd: unpacked, gzip: true, portable: true, noDirRecurse: true }, names);

    expect((await verifyArchive(tampered)).problems).toEqual([`${victim} does not match its sha256 in the manifest`]);
    const cli = await runCli('restore', ['--from', tampered, '--verify'], {});
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`archive damaged: ${tampered}`);
    expect(cli.stderr).toContain(`- ${victim} does not match its sha256 in the manifest`);
    const whole = await runCli('restore', ['--from', quietBackup.archive, '--verify'], {});
    expect(whole.code).toBe(0);
    expect(whole.stdout).toMatch(/^archive whole: .+every entry matches its sha256/s);

    const target = await restoreTarget();
    try {
      await expect(restoreArchive(target.config, target.storage, tampered, quiet)).rejects.toThrow(ArchiveError);
      await expect(restoreArchive(target.config, target.storage, tampered, quiet)).rejects.toThrow(victim);
      // Nothing was written.
      expect(fs.existsSync(target.dataDir)).toBe(false);

      // Cut short: the gzip stream ends mid-way.
      const truncated = path.join(dir, 'truncated.tar.gz');
      const whole = fs.readFileSync(quietBackup.archive);
      fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
      expect((await verifyArchive(truncated)).problems[0]).toMatch(/^the archive is damaged or not a backup archive/);
      await expect(restoreArchive(target.config, target.storage, truncated, quiet)).rejects.toThrow(/damaged/);

      // A file missing from the archive, and one the manifest does not name.
      const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, MANIFEST), 'utf8')) as Manifest;
      fs.writeFileSync(
        path.join(unpacked, victim),
        bytes.map((b, k) => (k === bytes.length - 1 ? b ^ 0xff : b)),
      );
      const dropped = names.filter((n) => n !== victim);
      fs.mkdirSync(path.join(unpacked, 'files/grids/extra'), { recursive: true });
      fs.writeFileSync(path.join(unpacked, 'files/grids/extra/x.f32'), Buffer.alloc(8));
      const gapped = path.join(dir, 'gapped.tar.gz');
      await create({ file: gapped, cwd: unpacked, gzip: true, portable: true, noDirRecurse: true }, [
        ...dropped,
        'files/grids/extra/x.f32',
      ]);
      expect((await verifyArchive(gapped)).problems.sort()).toEqual(
        [`${victim} is missing`, 'files/grids/extra/x.f32 is not in the manifest'].sort(),
      );
      expect(manifest.files.length).toBeGreaterThan(0);
    } finally {
      await target.close();
    }
  });

  it('refuses entries that would land outside the target (.. in a key, an absolute path, a link) before writing anything', async () => {
    const dir = fs.mkdtempSync(path.join(out, 'escape-'));
    // The real manifest first, so that only the entry after it is wrong.
    let manifest = Buffer.alloc(0);
    await readArchive(quietBackup.archive, (name) => {
      if (name !== MANIFEST) return null;
      const chunks: Buffer[] = [];
      return { data: (c) => chunks.push(c), end: () => void (manifest = Buffer.concat(chunks)) };
    });
    const target = await restoreTarget();
    try {
      const cases: Array<[string, Parameters<typeof handMadeArchive>[1], RegExp]> = [
        [
          'dotdot',
          [
            { path: MANIFEST, data: manifest },
            { path: 'files/../../escaped.txt', data: Buffer.from('x') },
          ],
          /outside its folders/,
        ],
        [
          'absolute',
          [
            { path: MANIFEST, data: manifest },
            { path: '/tmp/escaped.txt', data: Buffer.from('x') },
          ],
          /unexpected entry/,
        ],
        [
          'link',
          [
            { path: MANIFEST, data: manifest },
            { path: 'files/grids/1/1/link.f32', type: 'SymbolicLink', linkpath: '/etc/passwd' },
          ],
          /SymbolicLink entry .*refused/,
        ],
      ];
      for (const [name, entries, why] of cases) {
        const file = path.join(dir, `${name}.tar.gz`);
        handMadeArchive(file, entries);
        const report = await verifyArchive(file);
        expect(report.problems.join('\n'), name).toMatch(why);
        await expect(restoreArchive(target.config, target.storage, file, quiet), name).rejects.toThrow(ArchiveError);
      }
      expect(fs.existsSync(target.dataDir)).toBe(false);
      expect(fs.existsSync(path.resolve(target.dataDir, '../../escaped.txt'))).toBe(false);
    } finally {
      await target.close();
    }
  });
  it('takes a newer snapshot when a file the first one names goes before it is copied (a grid version replaced meanwhile)', async () => {
    const before = await t.db.db
      .selectFrom('grid')
      .select(['storage_key', 'version'])
      .where('customer_id', '=', rows.customerId)
      .executeTakeFirstOrThrow();
    let revised = false;
    const s = t.storage;
    // The storage as the backup sees it: the first read of the grid's file comes after a revision replaced it, which
    // removed the file once its switch committed.
    const racing: FileStorage = {
      put: (k, d) => s.put(k, d),
      getRange: (k, o, l) => s.getRange(k, o, l),
      remove: (k) => s.remove(k),
      list: (p) => s.list(p),
      get: async (key) => {
        if (!revised && key === before.storage_key) {
          revised = true;
          const res = await revisePoint(
            t,
            rows.tokens.fc,
            { baseTime: HENAN_BASE_TIME, lead: 24, version: before.version },
            { lon: 113.65, lat: 34.75, value: 30.5, radiusKm: 15 },
          );
          expect(res.json().code).toBe(0);
          await t.gridStore.settled();
        }
        return s.get(key);
      },
    };
    const result = await takeBackup(t.config, racing, { outDir: out, log: quiet });
    expect(revised).toBe(true);
    expect(result.snapshots).toBe(2);
    const after = await t.db.db
      .selectFrom('grid')
      .select('storage_key')
      .where('customer_id', '=', rows.customerId)
      .executeTakeFirstOrThrow();
    const keys = result.manifest.files.map((f) => f.key);
    expect(keys).toContain(after.storage_key);
    expect(keys).not.toContain(before.storage_key);
    expect(result.manifest.missingFiles).toEqual([]);
    expect((await verifyArchive(result.archive)).problems).toEqual([]);
  });
});

describe(`backup and restore (${engine}, files in an S3 bucket)`, () => {
  let s3: TestS3;
  let t: TestApp;
  let rows: FileRows;
  let out: string;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({ ...s3.env, S3_PREFIX: 'source' });
    rows = await makeFileRows(t, 's3-backup');
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-backups-'));
  });
  afterAll(async () => {
    const storage = t?.storage;
    await t?.close();
    await storage?.close?.();
    await s3?.close();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it('copies the files the rows name from the bucket and writes them into an empty prefix; refuses a prefix that holds files', async () => {
    const result = await takeBackup(t.config, t.storage, { outDir: out, log: quiet });
    expect(result.manifest.storage).toEqual({ kind: 's3' });
    expect(JSON.stringify(result.manifest)).not.toContain('S3RVER');
    const source = await tableRows(t.db.db, t.db.dialect);

    const busy = await restoreTarget({ ...s3.env, S3_PREFIX: 'source' });
    try {
      await expect(restoreArchive(busy.config, busy.storage, result.archive, quiet)).rejects.toThrow(
        /the bucket test \(prefix source\/\) is not empty \(.+\): restore only into an empty bucket or a new S3_PREFIX/,
      );
    } finally {
      await busy.close();
    }

    const target = await restoreTarget({ ...s3.env, S3_PREFIX: 'restored' });
    try {
      expect((await restoreArchive(target.config, target.storage, result.archive, quiet)).mismatches).toEqual([]);
      expect(await hashesIn(target.storage, result.manifest)).toEqual([]);
      const app = await target.start();
      const after = await tableRows(app.db.db, app.db.dialect);
      for (const table of Object.keys(source)) expect(after[table], table).toEqual(source[table]);
      await readFileRowsBack(app, await rowsOn(app, rows, 's3-backup'));
      expect(fs.existsSync(path.join(target.dataDir, 'files'))).toBe(false);
    } finally {
      await target.close();
    }
  });
});
