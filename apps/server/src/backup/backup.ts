import fs from 'node:fs';
import path from 'node:path';
import { create } from 'tar';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../core/db/index.js';
import type { FileStorage } from '../core/storage.js';
import { parseStoredJson } from '../core/stored-json.js';
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
import { readTables, visitNamedFiles, withPostgresSnapshot, withSqliteSnapshot, type NamedFile } from './snapshot.js';

/** What the release is read from in a package.json (its other fields are not looked at). */
const PackageJson = z.object({ name: z.string().optional(), version: z.string().optional() });

/** The release: the version of the server's package.json (beside src/ or dist/) or of the repository's, which agree. */
export function appVersion(): string {
  for (const up of ['../..', '..', '../../..']) {
    const file = path.resolve(import.meta.dirname, up, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = parseStoredJson(PackageJson, fs.readFileSync(file, 'utf8'), { table: 'package.json', id: file, column: 'name, version' });
    if ((pkg.name === '@agromet/server' || pkg.name === 'agromet-console') && pkg.version) return pkg.version;
  }
  return 'unknown';
}

/**
 * Snapshots taken at most: a file the snapshot names may be removed before it is copied (a grid version replaced and
 * its old file removed once the switch committed), and then a newer snapshot is taken, copying only what it adds. A
 * snapshot that is given up costs little: the PostgreSQL dump is only made of the snapshot kept.
 */
const MAX_SNAPSHOTS = 25;

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
    let named = new Map<string, NamedFile>();
    let counts: Awaited<ReturnType<typeof readTables>> | undefined;
    let snapshotAt = new Date();
    let snapshots = 0;
    let lastAbsent: string[] = [];
    /** Within one snapshot: copy what it names and storage still has; keep it unless a file went meanwhile. */
    const attempt = async (db: Db): Promise<boolean> => {
      named = new Map();
      const newlyAbsent: string[] = [];
      await visitNamedFiles(db, async (file) => {
        const known = named.get(file.key);
        if (known) {
          if (file.required) known.required = true;
          return;
        }
        named.set(file.key, file);
        if (copied.has(file.key) || absent.has(file.key)) return;
        const data = await storage.get(file.key);
        if (data === null) {
          absent.add(file.key);
          if (file.required) newlyAbsent.push(file.key);
          return;
        }
        const target = path.join(staging, 'files', file.key);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, data);
        copied.set(file.key, { key: file.key, bytes: data.length, sha256: sha256(data) });
      });
      // A required file found absent by an earlier snapshot and named again is missing from the store itself; one first
      // found absent now may have gone since the snapshot (its row replaced): a newer snapshot tells.
      lastAbsent = newlyAbsent;
      if (newlyAbsent.length > 0 && snapshots < MAX_SNAPSHOTS) return false;
      counts = await readTables(db, engine);
      return true;
    };
    for (;;) {
      snapshots += 1;
      snapshotAt = opts.now?.() ?? new Date();
      const kept =
        engine === 'postgres'
          ? await withPostgresSnapshot(config.databaseUrl!, dbFile, attempt)
          : await withSqliteSnapshot(config.dataDir, dbFile, attempt);
      if (kept) break;
    }
    if (lastAbsent.length > 0)
      throw new Error(
        `files named by the database kept disappearing while they were copied (${snapshots} snapshots; ${lastAbsent.slice(0, 3).join(', ')}): try again`,
      );
    const contents = { ...counts!, files: named };
    const missing: Manifest['missingFiles'] = [...named]
      .filter(([key, ref]) => ref.required && absent.has(key))
      .map(([key, ref]) => ({ table: ref.table, column: ref.column, id: ref.id, key }));
    for (const m of missing) opts.log.warn(`a row names a stored file that is missing: ${m.table}.${m.column} ${m.id} → ${m.key}`);
    // Only what the kept snapshot names goes into the archive.
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
