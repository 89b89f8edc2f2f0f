// Imports MICAPS 4 or GeoTIFF grid files from the command line, through the same job as POST /api/grid/import:
//
//   npm run import-grid -- --customer 2 --type fine-grid --factor tmp [--base-time 2026-11-22T00:00:00Z] [--lead 24]
//                          [--resample nearest|bilinear] [--micaps-time-zone Asia/Shanghai] [--user demo-revise]
//                          [--lang zh|en|es] file...
//
// A MICAPS header's time is read as wall-clock time of --micaps-time-zone (default: MICAPS_TIME_ZONE, Beijing time).
// A file on other cells than the product's grid is refused unless --resample says how to put it onto that grid.
// Configuration (DATA_DIR, DATABASE_URL …) comes from the environment as for the server. One job per file, run in
// turn, with progress printed; exit status 0 when every file was imported, 1 when any failed, 2 for bad usage.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GridImportResult, GridResampleMethod, TimeZoneName } from '@agromet/contracts';
import { loadConfig } from '../config.js';
import { readCommandLine, UsageError } from './command-line.js';
import { nowIso, openDatabase, type Db } from '../core/db/index.js';
import { migrate } from '../migrations.js';
import { installModuleMessages } from '../messages.js';
import { JobRunner, jobErrorMessage } from '../core/jobs.js';
import type { Lang } from '../core/messages.js';
import { openStorage } from '../core/open-storage.js';
import { parseStoredJson } from '../core/stored-json.js';
import { seedForecastTypes } from '../modules/grids/catalog.js';
import { GridFileCodec } from '../modules/grids/codec.js';
import { defineGridImport, queueGridImport } from '../modules/grids/import.js';
import { GridStore } from '../modules/grids/store.js';

const USAGE = `usage: import-grid --customer <id> --type <forecast type> --factor <factor> [--base-time <ISO time>] [--lead <hours>]
                   [--resample nearest|bilinear] [--micaps-time-zone <IANA zone>] [--user <username>] [--lang zh|en|es] file...`;

function options() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      customer: { type: 'string' },
      type: { type: 'string' },
      factor: { type: 'string' },
      'base-time': { type: 'string' },
      lead: { type: 'string' },
      resample: { type: 'string' },
      'micaps-time-zone': { type: 'string' },
      user: { type: 'string' },
      lang: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const customerId = Number(values.customer);
  if (!Number.isInteger(customerId) || customerId < 1) throw new UsageError('--customer must be a customer id');
  if (!values.type || !values.factor) throw new UsageError('--type and --factor are required');
  if (positionals.length === 0) throw new UsageError('no file given');
  let baseTime: string | undefined;
  if (values['base-time'] !== undefined) {
    const t = new Date(values['base-time']);
    if (Number.isNaN(t.getTime())) throw new UsageError(`--base-time is not a time: ${values['base-time']}`);
    baseTime = t.toISOString();
  }
  let lead: number | undefined;
  if (values.lead !== undefined) {
    lead = Number(values.lead);
    if (!Number.isInteger(lead) || lead < 0) throw new UsageError('--lead must be a whole number of hours');
  }
  const resample = values.resample === undefined ? undefined : GridResampleMethod.safeParse(values.resample).data;
  if (values.resample !== undefined && !resample) throw new UsageError(`--resample must be ${GridResampleMethod.options.join(' or ')}`);
  const timeZone = values['micaps-time-zone'] === undefined ? undefined : TimeZoneName.safeParse(values['micaps-time-zone']).data;
  if (values['micaps-time-zone'] !== undefined && !timeZone)
    throw new UsageError(`--micaps-time-zone must be an IANA time zone such as Asia/Shanghai or UTC, got ${values['micaps-time-zone']}`);
  const envLang = (process.env.LANG ?? '').slice(0, 2);
  const lang = (values.lang ?? (['zh', 'en', 'es'].includes(envLang) ? envLang : 'zh')) as Lang;
  if (!['zh', 'en', 'es'].includes(lang)) throw new UsageError('--lang must be zh, en or es');
  return {
    customerId,
    type: values.type,
    factor: values.factor,
    baseTime,
    lead,
    resample,
    timeZone,
    user: values.user,
    lang,
    files: positionals,
  };
}

/** The command's own job runner: one job at a time, progress printed under the file's name. */
function commandJobs(db: Db, names: ReadonlyMap<string, string>): JobRunner {
  return new JobRunner(db, {
    concurrency: 1,
    // The server takes up jobs that stopped processes left; this short-lived command only runs its own.
    recover: false,
    onProgress: (id, percent) => console.log(`${names.get(id) ?? id}: ${percent}%`),
    log: { error: (obj, msg) => console.error(msg, obj), warn: (obj, msg) => console.warn(msg, obj) },
  });
}

/** Who the imports are written as: the named user of the customer (null when there is none), else the command itself. */
async function editorOf(
  db: Db,
  customer: { id: number },
  username: string | undefined,
): Promise<{ userId: number | null; name: string; username: string } | null> {
  if (!username) return { userId: null, name: 'import-grid', username: '' };
  const user = await db
    .selectFrom('app_user')
    .select(['id', 'name', 'username'])
    .where('username', '=', username)
    .where('customer_id', '=', customer.id)
    .executeTakeFirst();
  return user ? { userId: user.id, name: user.name, username: user.username } : null;
}

async function main(): Promise<number> {
  installModuleMessages();
  const read = readCommandLine(USAGE, () => ({ opts: options(), config: loadConfig() }));
  if (!read) return 2;
  const { opts, config } = read;

  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const codec = new GridFileCodec({ inline: true });
  const names = new Map<string, string>();
  const jobs = commandJobs(handle.db, names);
  try {
    await migrate(handle);
    await seedForecastTypes(handle.db);
    const db = handle.db;
    const customer = await db.selectFrom('customer').select(['id', 'name']).where('id', '=', opts.customerId).executeTakeFirst();
    if (!customer) {
      console.error(`no customer with id ${opts.customerId}`);
      return 2;
    }
    const editor = await editorOf(db, customer, opts.user);
    if (!editor) {
      console.error(`no user ${opts.user} in customer ${customer.name}`);
      return 2;
    }
    const storage = await openStorage(config);
    defineGridImport(jobs, { db, store: new GridStore(db, storage), storage, codec, micapsTimeZone: config.micapsTimeZone });

    let failed = 0;
    for (const file of opts.files) {
      const name = path.basename(file);
      let bytes: Buffer;
      try {
        bytes = await fs.readFile(file);
      } catch (e) {
        console.error(`${name}: cannot read: ${(e as Error).message}`);
        failed += 1;
        continue;
      }
      const jobId = randomUUID();
      names.set(jobId, name);
      console.log(`${name}: job ${jobId}`);
      await queueGridImport(
        jobs,
        storage,
        {
          customerId: customer.id,
          userId: editor.userId,
          userName: editor.name,
          type: opts.type,
          factor: opts.factor,
          ...(opts.baseTime !== undefined ? { baseTime: opts.baseTime } : {}),
          ...(opts.lead !== undefined ? { lead: opts.lead } : {}),
          ...(opts.resample !== undefined ? { resample: opts.resample } : {}),
          ...(opts.timeZone !== undefined ? { timeZone: opts.timeZone } : {}),
          fileName: name,
          bytes,
        },
        jobId,
      );
      await jobs.waitFor(jobId);
      const row = (await jobs.get(jobId))!;
      const ok = row.status === 'done';
      if (ok) {
        const r = parseStoredJson(GridImportResult, row.result ?? '', { table: 'job', id: jobId, column: 'result' });
        const how = r.resample ? `, resampled (${r.resample}) from ${r.source.nx} × ${r.source.ny}` : '';
        const zone = r.micapsTime?.used ? ` (header ${r.micapsTime.header} ${r.micapsTime.timeZone} ${r.micapsTime.offset})` : '';
        console.log(
          `${name}: done, ${opts.type}.${opts.factor} ${r.baseTime}${zone} +${r.lead} h, ${r.nx} × ${r.ny}${how}, version ${r.version}`,
        );
      } else {
        failed += 1;
        console.error(`${name}: failed: ${jobErrorMessage(row.error, opts.lang)}`);
      }
      await db
        .insertInto('operation_log')
        .values({
          customer_id: customer.id,
          action: 'grid.import',
          operator_name: editor.name,
          type: 'grid',
          parameter: JSON.stringify({
            file: name,
            size: bytes.length,
            type: opts.type,
            factor: opts.factor,
            baseTime: opts.baseTime,
            lead: opts.lead,
            resample: opts.resample,
            jobId,
          }),
          description: '导入格点场（命令行）',
          user_id: editor.userId,
          username: editor.username,
          ip: '',
          host: os.hostname().slice(0, 256),
          agent: 'import-grid (command line)',
          language: opts.lang,
          referer: '',
          origin: '',
          status_code: ok ? 200 : 400,
          result_code: ok ? 0 : 4100,
          created_at: nowIso(),
        })
        .execute();
    }
    return failed === 0 ? 0 : 1;
  } finally {
    await jobs.close();
    await codec.close();
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`import-grid failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
