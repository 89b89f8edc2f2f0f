// npm run bench:backup (after npm run build): the backup and restore commands on a national-grid store, on SQLite and
// the local folder: a fine-grid run on the national 0.05° grid (1401 × 1201, 6.7 MB a grid; by default 6 elements
// every 3 h to 72 h and the daily extremes, 156 grids, about 1 GB), then `npm run backup`, `--verify` and
// `npm run restore` into an empty folder, timed as an operator would see them. BENCH_LEADS (default 25) sets the
// leads per element. Prints the archive's size and each command's time; docs/operations.md#figures has the results.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nationalGrid } from './national.js';
import { prepareServerData } from '../../apps/server/src/startup.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { GridStore } from '../../apps/server/src/modules/grids/store.js';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.resolve(root, process.env.SERVER_DIST || 'apps/server/dist');
const LEADS = Array.from({ length: Number(process.env.BENCH_LEADS ?? 25) }, (_, k) => k * 3);
const EVERY_LEAD = ['tmp', 'pre3h', 'wsp', 'wdir', 'rh', 'vis'];
const DAY_ENDS = ['tmax', 'tmin'];
const BASE_TIME = '2026-03-01T00:00:00.000Z';

function run(name: string, args: string[], env: Record<string, string>): Promise<{ ms: number; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [path.join(dist, `${name}.js`), ...args],
      { env: { PATH: process.env.PATH ?? '', ...env } },
      (e, stdout, stderr) => (e ? reject(new Error(`${name} failed: ${stderr}`)) : resolve({ ms: performance.now() - started, stdout })),
    ),
  );
}

async function main() {
  if (!fs.existsSync(path.join(dist, 'backup.js'))) throw new Error(`${dist}/backup.js is missing: run npm run build first`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agromet-bench-backup-'));
  const source = path.join(work, 'source');
  try {
    const config = loadConfig({ DATA_DIR: source, ADMIN_PASSWORD: 'Bench-Admin-1', LOG_LEVEL: 'silent', SCRYPT_LOG_N: '12' });
    const data = await prepareServerData(config, { demo: false });
    try {
      const db = data.handle.db;
      const customerId = (await db.selectFrom('customer').select('id').where('is_platform', '=', 1).executeTakeFirstOrThrow()).id;
      const factors = await db
        .selectFrom('factor')
        .innerJoin('forecast_type', 'forecast_type.id', 'factor.forecast_type_id')
        .select(['factor.id', 'factor.code', 'forecast_type.id as type_id'])
        .where('forecast_type.code', '=', 'fine-grid')
        .execute();
      const base = nationalGrid();
      const store = new GridStore(db, data.storage);
      let stored = 0;
      for (const code of [...EVERY_LEAD, ...DAY_ENDS]) {
        const f = factors.find((x) => x.code === code)!;
        for (const lead of DAY_ENDS.includes(code) ? LEADS.filter((l) => l > 0 && l % 24 === 0) : LEADS) {
          const values = new Float32Array(base.values.length);
          for (let k = 0; k < values.length; k++) values[k] = base.values[k]! + Math.sin(k / 5000 + lead + code.length) * 3;
          await store.save(
            { customerId, forecastTypeId: f.type_id, factorId: f.id, baseTime: BASE_TIME, leadHours: lead },
            { ...base, values },
            { userId: null, name: 'bench' },
          );
          stored += 1;
        }
      }
      console.log(`national store: ${stored} grids of ${((base.values.length * 4) / 1e6).toFixed(1)} MB in ${source}`);
    } finally {
      await data.handle.close();
    }
    const backup = await run('backup', ['--out', path.join(work, 'out')], { DATA_DIR: source });
    const archive = /^backup written: (.+)$/m.exec(backup.stdout)![1]!;
    const verify = await run('restore', ['--from', archive, '--verify'], {});
    const restore = await run('restore', ['--from', archive], { DATA_DIR: path.join(work, 'restored') });
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
    const storeBytes = fs
      .readdirSync(path.join(source, 'files'), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .reduce((n, d) => n + fs.statSync(path.join(d.parentPath, d.name)).size, 0);
    console.log(
      `files ${mb(storeBytes)}, archive ${mb(fs.statSync(archive).size)}; backup ${(backup.ms / 1000).toFixed(1)} s, --verify ${(verify.ms / 1000).toFixed(1)} s, restore ${(restore.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
