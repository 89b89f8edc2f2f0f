import fs from 'node:fs';
import path from 'node:path';
import { create } from 'tar';
import type { Config } from '../config.js';
import type { FileStorage } from '../core/storage.js';
import {
  DATABASE_ENTRY,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  SECRET_FILES,
  sha256,
  sha256OfFile,
  type ArchivedFile,
  type Manifest,
} from './archive.js';
import { snapshotPostgres, snapshotSqlite, type SnapshotContents } from './snapshot.js';

/** The release, from the server's package.json (beside src/ or dist/). */
export function appVersion(): string {
  for (const up of ['../..', '..']) {
    const file = path.resolve(import.meta.dirname, up, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@agromet/server' && pkg.version) return pkg.version;
  }
  return 'unknown';
}

/**
 * Snapshots taken at most: a file the snapshot names may be removed before it is copied (a grid version replaced and
 * its old file removed once the switch committed), and then a newer snapshot is taken, copying only what it adds.
 */
const MAX_SNAPSHOTS = 5;

export interface BackupResult {
  archive: string;
  manifest: Manifest;
  bytes: number;
  ms: number;
  /** Snapshots taken (more than one when files went while being copied). */
  snapshots: number;
}

export interface BackupLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/** `agromet-backup-20261128T163000Z.tar.gz`. */
const archiveName = (at: Date) =>
  `agromet-backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;

/**
 * Takes a backup while the service runs and writes (docs/operations.md#backup-and-restore): a consistent snapshot of
 * the database first, then every stored file its rows name. Files are written before the rows that name them commit,
 * so every file the snapshot names exists when the snapshot is taken; one may go before it is copied (its row replaced
 * since), and then a newer snapshot is taken. Writes `<outDir>/agromet-backup-<time>.tar.gz` (mode 0600).
 */
export async function takeBackup(
  config: Config,
  storage: FileStorage,
  opts: { outDir: string; log: BackupLog; now?: () => Date },
): Promise<BackupResult> {
  const started = performance.now();
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  fs.mkdirSync(opts.outDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(opts.outDir, '.agromet-backup-'));
  try {
    fs.mkdirSync(path.join(staging, 'database'));
    const dbFile = path.join(staging, DATABASE_ENTRY[engine]);
    const copied = new Map<string, ArchivedFile>();
    const absent = new Set<string>();
    let contents: SnapshotContents | undefined;
    let snapshotAt = new Date();
    let missing: Manifest['missingFiles'] = [];
    let snapshots = 0;
    for (;;) {
      snapshots += 1;
      fs.rmSync(dbFile, { force: true });
      snapshotAt = opts.now?.() ?? new Date();
      contents = engine === 'postgres' ? await snapshotPostgres(config.databaseUrl!, dbFile) : await snapshotSqlite(config.dataDir, dbFile);
      const newlyAbsent: string[] = [];
      for (const [key, ref] of contents.files) {
        if (copied.has(key) || absent.has(key)) continue;
        const data = await storage.get(key);
        if (data === null) {
          absent.add(key);
          if (ref.required) newlyAbsent.push(key);
          continue;
        }
        const target = path.join(staging, 'files', key);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, data);
        copied.set(key, { key, bytes: data.length, sha256: sha256(data) });
      }
      missing = [...contents.files]
        .filter(([key, ref]) => ref.required && absent.has(key))
        .map(([key, ref]) => ({ table: ref.table, column: ref.column, id: ref.id, key }));
      // Files found absent by an earlier snapshot and still named are missing from the store itself, not gone since.
      if (newlyAbsent.length === 0) break;
      if (snapshots >= MAX_SNAPSHOTS)
        throw new Error(
          `files named by the database kept disappearing while they were copied (${snapshots} snapshots; ${newlyAbsent.slice(0, 3).join(', ')}): try again`,
        );
      opts.log.info(`${newlyAbsent.length} files went while being copied (replaced since the snapshot): taking a newer snapshot`);
    }
    for (const m of missing) opts.log.warn(`a row names a stored file that is missing: ${m.table}.${m.column} ${m.id} → ${m.key}`);
    // Only what the final snapshot names goes into the archive.
    const files = [...contents.files.keys()].filter((k) => copied.has(k)).map((k) => copied.get(k)!);
    for (const key of copied.keys()) if (!contents.files.has(key)) fs.rmSync(path.join(staging, 'files', key));

    const secrets: Manifest['secrets'] = [];
    const configured = { 'jwt-secret': config.jwtSecret, 'wx-secret-key': config.wxSecretKey };
    for (const name of SECRET_FILES) {
      const file = path.join(config.dataDir, name);
      if (configured[name] || !fs.existsSync(file)) continue;
      const data = fs.readFileSync(file);
      fs.mkdirSync(path.join(staging, 'secrets'), { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(staging, 'secrets', name), data, { mode: 0o600 });
      secrets.push({ name, bytes: data.length, sha256: sha256(data) });
    }

    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: appVersion(),
      snapshotAt: snapshotAt.toISOString(),
      createdAt: (opts.now?.() ?? new Date()).toISOString(),
      database: {
        engine,
        entry: DATABASE_ENTRY[engine],
        bytes: fs.statSync(dbFile).size,
        sha256: await sha256OfFile(dbFile),
        migrations: contents.migrations,
        tables: contents.tables,
      },
      storage: { kind: config.storage.kind },
      files,
      missingFiles: missing,
      secrets,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);

    const archive = path.join(opts.outDir, archiveName(snapshotAt));
    const partial = `${archive}.partial`;
    // The manifest first, so that a reader knows what to expect before the bulk; the archive is as private as DATA_DIR.
    const entries = [MANIFEST, DATABASE_ENTRY[engine], ...secrets.map((s) => `secrets/${s.name}`), ...files.map((f) => `files/${f.key}`)];
    fs.writeFileSync(partial, '', { mode: 0o600 });
    await create({ file: partial, cwd: staging, gzip: { level: 6 }, portable: true, noDirRecurse: true, mode: 0o600 }, entries);
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, archive);
    return { archive, manifest, bytes: fs.statSync(archive).size, ms: performance.now() - started, snapshots };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
