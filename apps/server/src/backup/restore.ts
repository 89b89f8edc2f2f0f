import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { openDatabase } from '../core/db/index.js';
import { migrationProvider } from '../migrations.js';
import type { FileStorage } from '../core/storage.js';
import { ArchiveError, readArchive, verifyArchive, type Manifest } from './archive.js';
import { describeDatabase, libpqTarget, readTables, runPgTool } from './snapshot.js';

/** A target that is not empty, or an archive this configuration cannot take: the message says what to do. */
export class RestoreRefused extends Error {}

export interface RestoreResult {
  manifest: Manifest;
  /** Tables whose row count differs from the manifest after the restore (none when it went right). */
  mismatches: string[];
  /** Migrations this release has that the archive's database has not run yet: the server runs them at its start. */
  pendingMigrations: string[];
  ms: number;
}

/** What a target's data folder holds, ignoring nothing: a restore writes into an empty or absent folder only. */
function folderEntries(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** The tables of a PostgreSQL database (outside the system schemas). */
async function postgresTables(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (e) {
    throw new RestoreRefused(`cannot connect to ${describeDatabase(databaseUrl)} (${(e as Error).message}): create the database first`);
  }
  try {
    const { rows } = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg_temp%' order by 1`,
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

/**
 * Refuses a target that holds anything: the database (a SQLite file in DATA_DIR, or any table in the PostgreSQL
 * database), the storage (a file in DATA_DIR/files or a key in the bucket under S3_PREFIX) and DATA_DIR itself when
 * the restore writes into it. Also refuses an archive of the other engine, or one made by a later release.
 */
export async function checkTarget(config: Config, storage: FileStorage, manifest: Manifest): Promise<void> {
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database.engine !== engine)
    throw new RestoreRefused(
      manifest.database.engine === 'sqlite'
        ? 'the archive holds a SQLite database: restore it with DATABASE_URL unset'
        : 'the archive holds a PostgreSQL database: restore it with DATABASE_URL naming an empty PostgreSQL database',
    );
  const known = new Set(Object.keys(await migrationProvider(engine).getMigrations()));
  const unknown = manifest.database.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0)
    throw new RestoreRefused(
      `the archive was made by a later release (${manifest.appVersion}; migrations this release does not know: ${unknown.join(', ')}): restore it with that release or a newer one`,
    );
  const writesDataDir = engine === 'sqlite' || config.storage.kind === 'local' || manifest.secrets.length > 0;
  const held = writesDataDir ? folderEntries(config.dataDir) : [];
  if (held.length > 0)
    throw new RestoreRefused(
      `DATA_DIR (${config.dataDir}) is not empty (${held.slice(0, 5).join(', ')}${held.length > 5 ? ', …' : ''}): restore only into an empty or new data folder`,
    );
  if (engine === 'postgres') {
    const tables = await postgresTables(config.databaseUrl!);
    if (tables.length > 0)
      throw new RestoreRefused(
        `the database ${describeDatabase(config.databaseUrl!)} is not empty (${tables.length} tables: ${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', …' : ''}): restore only into an empty database`,
      );
  }
  if (config.storage.kind === 's3') {
    for await (const file of storage.list()) {
      throw new RestoreRefused(
        `the bucket ${config.storage.bucket}${config.storage.prefix ? ` (prefix ${config.storage.prefix})` : ''} is not empty (${file.key} …): restore only into an empty bucket or a new S3_PREFIX`,
      );
    }
  }
}

/** Rows of every table of the restored database, against the manifest's counts. */
async function compareCounts(config: Config, manifest: Manifest): Promise<string[]> {
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { tables } = await readTables(handle.db, handle.dialect);
    const names = new Set([...Object.keys(tables), ...Object.keys(manifest.database.tables)]);
    return [...names]
      .filter((t) => tables[t] !== manifest.database.tables[t])
      .map((t) => `${t}: ${tables[t] ?? 'no table'} rows restored, the manifest says ${manifest.database.tables[t] ?? 'no table'}`);
  } finally {
    await handle.close();
  }
}

/**
 * Restores an archive into an empty target (docs/operations.md#backup-and-restore): checks the whole archive against
 * its manifest first (a damaged one is refused before anything is written), refuses a target that holds anything,
 * then writes the files through storage, the secrets into DATA_DIR, and the database last (SQLite: its file; PostgreSQL:
 * pg_restore in one transaction); finally counts every table's rows against the manifest.
 */
export async function restoreArchive(
  config: Config,
  storage: FileStorage,
  archive: string,
  log: { info(msg: string): void },
): Promise<RestoreResult> {
  const started = performance.now();
  if (!fs.existsSync(archive)) throw new RestoreRefused(`no archive at ${archive}`);
  const verified = await verifyArchive(archive);
  if (verified.problems.length > 0 || !verified.manifest)
    throw new ArchiveError(`the archive does not match its manifest:\n- ${verified.problems.slice(0, 20).join('\n- ')}`);
  const manifest = verified.manifest;
  await checkTarget(config, storage, manifest);
  log.info(`archive checked: ${manifest.database.engine} database of ${manifest.snapshotAt}, ${manifest.files.length} files; restoring`);

  const engine = manifest.database.engine;
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const work = fs.mkdtempSync(path.join(engine === 'sqlite' ? config.dataDir : os.tmpdir(), '.agromet-restore-'));
  const dbFile = path.join(work, path.basename(manifest.database.entry));
  const expected = new Map<string, string>([
    [manifest.database.entry, manifest.database.sha256],
    ...manifest.secrets.map((s) => [`secrets/${s.name}`, s.sha256] as const),
    ...manifest.files.map((f) => [`files/${f.key}`, f.sha256] as const),
  ]);
  /** The archive was checked, but read again here: each entry must still hash as the manifest says before it is used. */
  const check = (name: string, sha: string) => {
    if (expected.get(name) !== sha) throw new ArchiveError(`${name} changed since the archive was checked`);
  };
  try {
    let written = 0;
    await readArchive(archive, (name, kind) => {
      if (kind.kind === 'manifest') return null;
      if (kind.kind === 'database') {
        const fd = fs.openSync(dbFile, 'w', 0o600);
        return {
          data: (chunk) => fs.writeSync(fd, chunk),
          end: (done) => {
            fs.fsyncSync(fd);
            fs.closeSync(fd);
            check(name, done.sha256);
          },
        };
      }
      const chunks: Buffer[] = [];
      return {
        data: (chunk) => chunks.push(chunk),
        end: async (done) => {
          check(name, done.sha256);
          if (kind.kind === 'secret') {
            fs.writeFileSync(path.join(config.dataDir, kind.name), Buffer.concat(chunks), { mode: 0o600 });
            return;
          }
          await storage.put(kind.key, Buffer.concat(chunks));
          written += 1;
          if (written % 500 === 0) log.info(`${written} of ${manifest.files.length} files written`);
        },
      };
    });

    if (engine === 'sqlite') {
      fs.renameSync(dbFile, path.join(config.dataDir, 'agromet.sqlite'));
    } else {
      const { url, env } = libpqTarget(config.databaseUrl!);
      await runPgTool(
        'pg_restore',
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--no-password', `--dbname=${url}`, dbFile],
        env,
      );
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  const mismatches = await compareCounts(config, manifest);
  const known = Object.keys(await migrationProvider(engine).getMigrations());
  const ran = new Set(manifest.database.migrations);
  return { manifest, mismatches, pendingMigrations: known.filter((m) => !ran.has(m)), ms: performance.now() - started };
}
