// Restores a backup into an empty data folder, database and bucket, or checks one (docs/operations.md#backup-and-restore):
//
//   npm run restore -- --from <archive>            restore, then start the server as usual (it runs pending migrations)
//   npm run restore -- --from <archive> --verify   check the archive against its manifest; restores nothing
//
// Configuration (DATA_DIR, DATABASE_URL, STORAGE and S3_* …) comes from the environment and names the target, as for
// the server. Exit status 0 when done (or the archive is whole), 1 when refused or damaged, 2 for bad usage.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ArchiveError, verifyArchive } from '../backup/archive.js';
import { RestoreRefused, restoreArchive } from '../backup/restore.js';
import { ConfigError, startConfig } from '../config.js';
import { installModuleMessages } from '../messages.js';
import { openStorage } from '../core/open-storage.js';

const USAGE = 'usage: restore --from <archive> [--verify]';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function verify(archive: string): Promise<number> {
  if (!fs.existsSync(archive)) {
    console.error(`no archive at ${archive}`);
    return 1;
  }
  const report = await verifyArchive(archive);
  const m = report.manifest;
  if (report.problems.length > 0 || !m) {
    console.error(`archive damaged: ${archive}`);
    for (const p of report.problems.slice(0, 50)) console.error(`- ${p}`);
    if (report.problems.length > 50) console.error(`- … and ${report.problems.length - 50} more`);
    return 1;
  }
  const rows = Object.values(m.database.tables).reduce((a, b) => a + b, 0);
  console.log(`archive whole: ${archive} (${mb(report.bytes)})`);
  console.log(
    `  release ${m.appVersion}, snapshot at ${m.snapshotAt}; ${m.database.engine} database (${Object.keys(m.database.tables).length} tables, ${rows} rows, last migration ${m.database.migrations.at(-1) ?? 'none'}), ${m.files.length} files, ${m.secrets.length} generated keys; every entry matches its sha256`,
  );
  if (m.missingFiles.length > 0) console.log(`  ${m.missingFiles.length} rows named files the store did not have when it was made`);
  return 0;
}

async function main(): Promise<number> {
  installModuleMessages();
  let from: string;
  let verifyOnly: boolean;
  try {
    const { values } = parseArgs({
      options: { from: { type: 'string' }, verify: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (!values.from) throw new ConfigError('--from names the archive');
    from = values.from;
    verifyOnly = values.verify === true;
  } catch (e) {
    if (e instanceof ConfigError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(e as Error).message}\n${USAGE}`);
      return 2;
    }
    throw e;
  }
  try {
    if (verifyOnly) return await verify(from);
    const config = startConfig();
    if (!config) return 2;
    const storage = await openStorage(config);
    try {
      const result = await restoreArchive(config, storage, from, { info: (msg) => console.log(msg) });
      const m = result.manifest;
      if (result.mismatches.length > 0) {
        console.error('restored, but the row counts differ from the manifest:');
        for (const line of result.mismatches) console.error(`- ${line}`);
        return 1;
      }
      const rows = Object.values(m.database.tables).reduce((a, b) => a + b, 0);
      console.log(
        `restored: ${m.database.engine} database of ${m.snapshotAt} (${rows} rows in ${Object.keys(m.database.tables).length} tables, every count as in the manifest), ${m.files.length} files, ${m.secrets.length} generated keys, in ${(result.ms / 1000).toFixed(1)} s`,
      );
      if (result.pendingMigrations.length > 0)
        console.log(`  made by release ${m.appVersion}: the server runs ${result.pendingMigrations.length} migrations at its first start`);
      console.log('  start the server with the same configuration (npm run serve)');
      return 0;
    } finally {
      await storage.close?.();
    }
  } catch (e) {
    if (e instanceof RestoreRefused || e instanceof ArchiveError) {
      console.error(`restore refused: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`restore failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
