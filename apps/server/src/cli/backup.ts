// Takes a backup while the service runs (docs/operations.md#backup-and-restore):
//
//   npm run backup -- --out <folder>
//
// Configuration (DATA_DIR, DATABASE_URL, STORAGE and S3_* …) comes from the environment, as for the server. Writes
// <folder>/agromet-backup-<time>.tar.gz (mode 0600) and prints its size, what it holds and how long it took; exit status
// 0 when written, 1 when it failed, 2 for bad usage. Check an archive with `npm run restore -- --from <archive> --verify`.
import { parseArgs } from 'node:util';
import { takeBackup } from '../backup/backup.js';
import { ConfigError, loadConfig } from '../config.js';
import { installModuleMessages } from '../messages.js';
import { openStorage } from '../core/open-storage.js';

const USAGE = 'usage: backup --out <folder>';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<number> {
  installModuleMessages();
  let config;
  let out: string;
  try {
    const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (!values.out) throw new ConfigError('--out names the folder the archive is written to');
    out = values.out;
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(e as Error).message}\n${USAGE}`);
      return 2;
    }
    throw e;
  }
  const storage = await openStorage(config);
  try {
    const result = await takeBackup(config, storage, {
      outDir: out,
      log: { info: (msg) => console.log(msg), warn: (msg) => console.warn(`warning: ${msg}`) },
    });
    const m = result.manifest;
    const rows = Object.values(m.database.tables).reduce((a, b) => a + b, 0);
    const fileBytes = m.files.reduce((a, f) => a + f.bytes, 0);
    console.log(`backup written: ${result.archive}`);
    console.log(
      `  ${mb(result.bytes)}; ${m.database.engine} database (${mb(m.database.bytes)}, ${Object.keys(m.database.tables).length} tables, ${rows} rows), ${m.files.length} files (${mb(fileBytes)}), ${m.secrets.length} generated keys`,
    );
    console.log(
      `  snapshot at ${m.snapshotAt} (writes acknowledged before it are in the archive); ${(result.ms / 1000).toFixed(1)} s, ${result.snapshots} snapshot${result.snapshots > 1 ? 's' : ''}`,
    );
    if (m.missingFiles.length > 0) console.warn(`warning: ${m.missingFiles.length} rows name files storage did not have (listed above)`);
    return 0;
  } finally {
    await storage.close?.();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`backup failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
