import { spawn } from 'node:child_process';
import path from 'node:path';
import { GRID_META_HEADER, parseGridMeta } from '@agromet/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GridStore } from '../src/modules/grids/store.js';
import { childProcessEnv, createTestApp, type TestApp, startApp } from './helpers.js';
import {
  addCustomer,
  addUser,
  allocate,
  BASE_TIME,
  bitsOf,
  call,
  factorIds,
  field,
  gridFileNames,
  gridRow,
  saveGrid,
  storedValues,
  revisePoint,
} from './revise-helpers.js';

/** Crash safety: a revision that fails or whose process dies before the commit leaves every grid as it was. */
let t: TestApp;
let customer = 0;
let token = '';
const SQUARE = [
  [108, 34.5],
  [108.8, 34.5],
  [108.8, 35.2],
  [108, 35.2],
  [108, 34.5],
];

beforeAll(async () => {
  // A setting of its own, so that this app runs the start-up steps instead of starting from a copied template
  // (helpers.ts): on a copied SQLite template the killed child below never reached its commit (seen in 3 of 3 runs;
  // PostgreSQL passed), which is not understood yet: the other tests on copies pass.
  t = await createTestApp({ SCRYPT_LOG_N: '12' });
  customer = await addCustomer(t, '宝鸡市气象局');
  const fc = await addUser(t, customer, 'crash-fc', ['revise.point.admin', 'revise.polygon.admin', 'revise.recovery.admin']);
  const alloc = await addUser(t, customer, 'crash-alloc', ['revise.allocation.admin']);
  await allocate(t, alloc.token, fc.id);
  token = fc.token;
  for (const lead of [3, 6, 9]) await saveGrid(t, customer, { lead });
});
afterAll(async () => {
  await t.close();
});

const body = (leads: number[], versions: number[]) => ({
  type: 'fine-grid',
  factor: 'tmp',
  baseTime: BASE_TIME,
  leads,
  expectedVersions: versions,
  polygons: { type: 'Polygon', coordinates: [SQUARE] },
  operation: 'assign',
  value: 42,
  edge: { mode: 'flat' },
});

const gridFiles = () => gridFileNames(t, customer);
const count = async (table: 'revision' | 'revision_batch') =>
  Number(
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customer)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('crash safety of revisions', () => {
  it('a failure inside the transaction (after every write) leaves all leads, records and files as they were', async () => {
    const crashy = await startApp(t.config, {
      logger: false,
      reviseHooks: {
        beforeCommit: async () => {
          throw new Error('simulated failure before the commit');
        },
      },
    });
    try {
      const files = gridFiles();
      const before = await Promise.all(
        [3, 6].map(async (lead) => {
          const row = await gridRow(t, customer, lead);
          return { row, values: await storedValues(t, row.storage_key) };
        }),
      );
      const res = await crashy.app.inject({
        method: 'POST',
        url: '/api/revise/polygonRevise',
        headers: t.bearer(token),
        payload: body([3, 6], [1, 1]),
      });
      expect(res.json().code).toBe(5000);
      for (const [k, lead] of [3, 6].entries()) {
        const row = await gridRow(t, customer, lead);
        expect(row).toEqual(before[k]!.row);
        expect(bitsOf(await storedValues(t, row.storage_key)).equals(bitsOf(before[k]!.values))).toBe(true);
      }
      expect(await count('revision')).toBe(0);
      expect(await count('revision_batch')).toBe(0);
      // The new files were removed again.
      expect(gridFiles()).toEqual(files);
    } finally {
      await crashy.close();
    }
  });

  it('a process killed (SIGKILL) between the file write and the commit leaves the grid unchanged and readable after a restart', async () => {
    const before = await gridRow(t, customer, 9);
    const values = await storedValues(t, before.storage_key);
    const filesBefore = gridFiles();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/revise-crash-child.ts')], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: childProcessEnv(t, {
        REVISE_URL: '/api/revise/polygonRevise',
        REVISE_TOKEN: token,
        REVISE_BODY: JSON.stringify(body([9], [before.version])),
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stderr.on('data', (d) => {
      errors += String(d);
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the child never reached the commit: ${output} ${errors}`)), 25_000);
      child.stdout.on('data', (d) => {
        output += String(d);
        if (output.includes('READY')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', () => reject(new Error(`the child ended early: ${output} ${errors}`)));
    });
    // The new version's file is on disk, the rows are changed but not committed: now the process dies.
    expect(gridFiles().length).toBe(filesBefore.length + 1);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const restarted = await startApp(t.config, { logger: false });
    try {
      // The database file a killed process left opens and passes SQLite's own integrity check (PostgreSQL recovers
      // from its write-ahead log by itself; its data files are not ours to check).
      if (restarted.db.dialect === 'sqlite') {
        expect((await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(restarted.db.db)).rows).toEqual([
          { integrity_check: 'ok' },
        ]);
      }
      const row = await restarted.db.db.selectFrom('grid').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
      expect(row).toEqual(before);
      expect(
        await restarted.db.db.selectFrom('revision').select('id').where('customer_id', '=', customer).where('lead_hours', '=', 9).execute(),
      ).toEqual([]);
      const data = await restarted.app.inject({
        method: 'GET',
        url: `/api/forecaster/getData?type=fine-grid&factor=tmp&baseTime=${BASE_TIME}&lead=9`,
        headers: t.bearer(token),
      });
      expect(data.json().data.version).toBe(before.version);
      const grid = await restarted.app.inject({
        method: 'GET',
        url: `/api/forecaster/getGrid?type=fine-grid&factor=tmp&baseTime=${BASE_TIME}&lead=9`,
        headers: t.bearer(token),
      });
      expect(parseGridMeta(grid.headers[GRID_META_HEADER] as string).version).toBe(before.version);
      expect(grid.rawPayload.equals(bitsOf(values))).toBe(true);
      // Nothing is left locked: the same revision now goes through.
      const again = await restarted.app.inject({
        method: 'POST',
        url: '/api/revise/polygonRevise',
        headers: t.bearer(token),
        payload: body([9], [before.version]),
      });
      expect(again.json()).toMatchObject({ code: 0, data: { leads: [{ lead: 9, version: before.version + 1 }] } });
    } finally {
      await restarted.close();
    }
  });
});

describe('GridStore.saveMany under a race', () => {
  it('lets exactly one of two saves at the same expected version commit; the other names the winner', async () => {
    const { factorId, typeId } = await factorIds(t, 'fine-grid', 'tmp');
    const key = { customerId: customer, forecastTypeId: typeId, factorId, baseTime: BASE_TIME, leadHours: 3 };
    const current = await gridRow(t, customer, 3);
    const stores = [new GridStore(t.db.db, t.storage), new GridStore(t.db.db, t.storage)];
    const results = await Promise.allSettled(
      stores.map((store, k) =>
        store.saveMany([{ key, grid: field(undefined, () => k + 1), expectedVersion: current.version }], {
          userId: null,
          name: `racer ${k}`,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const winner = results.findIndex((r) => r.status === 'fulfilled');
    const loser = results[1 - winner] as PromiseRejectedResult;
    expect(loser.reason).toMatchObject({ code: 4009, data: { currentVersion: current.version + 1, updatedBy: `racer ${winner}` } });
    const row = await gridRow(t, customer, 3);
    expect(row.version).toBe(current.version + 1);
    expect([...new Set(await storedValues(t, row.storage_key))]).toEqual([winner + 1]);
  });
});

describe('revisions under load', () => {
  it('several rounds of two forecasters racing: each round one winner, versions and records in step', async () => {
    const other = await addUser(t, customer, 'crash-fc2', ['revise.point.admin', 'revise.polygon.admin']);
    await t.db.db
      .insertInto('forecast_allocation')
      .values({
        customer_id: customer,
        user_id: other.id,
        forecast_type_id: (await factorIds(t, 'fine-grid', 'tmp')).typeId,
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    for (let round = 0; round < 4; round++) {
      const version = (await gridRow(t, customer, 6)).version;
      const records = await count('revision');
      const answers = await Promise.all(
        [token, other.token].map((tk, k) =>
          revisePoint(
            t,
            tk,
            { baseTime: BASE_TIME, lead: 6, version: version },
            { lon: 108 + k, lat: 34.5, value: 30 + round, radiusKm: 20 },
          ),
        ),
      );
      expect(answers.map((a) => a.json().code).sort()).toEqual([0, 4009]);
      expect((await gridRow(t, customer, 6)).version).toBe(version + 1);
      expect(await count('revision')).toBe(records + 1);
    }
  });

  it('two multi-lead revisions naming their leads in opposite orders: one wins, the other 4009 (no deadlock)', async () => {
    const otherToken = (await t.login('crash-fc2', 'Revise-Pass-1', '10.61.0.1')).access_token;
    for (let round = 0; round < 3; round++) {
      const v3 = (await gridRow(t, customer, 3)).version;
      const v9 = (await gridRow(t, customer, 9)).version;
      const answers = await Promise.all([
        call(t, token, 'POST', '/api/revise/polygonRevise', { ...body([3, 9], [v3, v9]), value: 10 + round }),
        call(t, otherToken, 'POST', '/api/revise/polygonRevise', { ...body([9, 3], [v9, v3]), value: 20 + round }),
      ]);
      expect(answers.map((a) => a.json().code).sort()).toEqual([0, 4009]);
      expect((await gridRow(t, customer, 3)).version).toBe(v3 + 1);
      expect((await gridRow(t, customer, 9)).version).toBe(v9 + 1);
    }
  });

  it('a recovery racing a revision of the same cells: one goes through, the other gets 4009, nothing half-applied', async () => {
    const otherToken = (await t.login('crash-fc2', 'Revise-Pass-1', '10.61.0.2')).access_token;
    for (let round = 0; round < 3; round++) {
      const v = (await gridRow(t, customer, 6)).version;
      const made = await call(t, token, 'POST', '/api/revise/polygonRevise', { ...body([6], [v]), value: 50 + round });
      expect(made.json().code).toBe(0);
      const recordId = made.json().data.leads[0].recordId as number;
      const before = await gridRow(t, customer, 6);
      const records = await count('revision');
      const answers = await Promise.all([
        call(t, token, 'GET', `/api/record/recovery?id=${recordId}`),
        call(t, otherToken, 'POST', '/api/revise/polygonRevise', { ...body([6], [before.version]), value: 1 }),
      ]);
      expect(answers.map((a) => a.json().code).sort()).toEqual([0, 4009]);
      const after = await gridRow(t, customer, 6);
      expect(after.version).toBe(before.version + 1);
      expect(await count('revision')).toBe(records + 1);
      const recovered = (
        await t.db.db.selectFrom('revision').select('recovered_by_id').where('id', '=', recordId).executeTakeFirstOrThrow()
      ).recovered_by_id;
      // The record is marked recovered exactly when the recovery was the one that went through.
      expect(recovered !== null).toBe(answers[0]!.json().code === 0);
      const values = [...(await storedValues(t, after.storage_key))];
      if (answers[0]!.json().code === 0) expect(values).not.toContain(50 + round);
      else expect(values).toContain(1);
    }
  });
});
