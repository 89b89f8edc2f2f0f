// Removes stored files no database row names (docs/architecture.md#orphan-files), as the server does after each start:
//
//   npm run sweep-files -- [--dry-run] [--grace-minutes 60]
//
// Configuration (DATA_DIR, DATABASE_URL, STORAGE and S3_* …) comes from the environment as for the server; the grace
// period defaults to ORPHAN_GRACE_MINUTES. Prints the counts and every row whose file is missing; exit status 0 when
// no row misses its file, 1 when some do, 2 for bad usage.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { readCommandLine, UsageError } from './command-line.js';
import { openDatabase } from '../core/db/index.js';
import { migrate } from '../migrations.js';
import { installModuleMessages } from '../messages.js';
import { openStorage } from '../core/open-storage.js';
import { sweepOrphanFiles, type SweepLog } from '../file-sweep.js';

const USAGE = 'usage: sweep-files [--dry-run] [--grace-minutes <minutes>]';

function options(defaultGrace: number) {
  const { values } = parseArgs({
    options: { 'dry-run': { type: 'boolean' }, 'grace-minutes': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const raw = values['grace-minutes'];
  const graceMinutes = raw === undefined ? defaultGrace : Number(raw);
  if (!Number.isInteger(graceMinutes) || graceMinutes < 1)
    throw new UsageError('--grace-minutes must be a whole number of minutes, at least 1');
  return { dryRun: values['dry-run'] === true, graceMinutes };
}

const log: SweepLog = {
  info: (obj, msg) => console.log(`${msg} ${JSON.stringify(obj)}`),
  warn: (obj, msg) => console.warn(`${msg} ${JSON.stringify(obj, (k, v: unknown) => (k === 'err' && v instanceof Error ? v.message : v))}`),
};

async function main(): Promise<number> {
  installModuleMessages();
  const read = readCommandLine(USAGE, () => {
    const config = loadConfig();
    return { config, opts: options(config.orphanGraceMinutes) };
  });
  if (!read) return 2;
  const { config, opts } = read;
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = await openStorage(config);
  try {
    await migrate(handle);
    const report = await sweepOrphanFiles({ db: handle.db, storage, log }, opts);
    return report.missing.length === 0 ? 0 : 1;
  } finally {
    await storage.close?.();
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`sweep-files failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
