import { randomUUID } from 'node:crypto';
import { parseMicaps4, readGeoTiff } from '@agromet/grid';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/core/db/index.js';
import type { TestApp } from './helpers.js';
import {
  addForecaster,
  addUser,
  appWithCustomers,
  BASE_TIME,
  bitsOf,
  call,
  factorIds,
  field,
  gridRow,
  saveGrid,
  SMALL,
  storedValues,
  revisePoint,
} from './revise-helpers.js';

/** Submission: the grids of a type and base time are frozen and exported as MICAPS 4 and GeoTIFF files by a job. */
let t: TestApp;
let customer = 0;
let other = 0;
const tok: Record<string, string> = {};

beforeAll(async () => {
  [t, customer, other] = await appWithCustomers('安康市气象局', '商洛市气象局');
  tok.submit = (await addUser(t, customer, 'submitter', ['revise.submit.admin'])).token;
  tok.fc = (await addForecaster(t, customer, 'sub-fc', ['revise.point.admin'])).token;
  tok.other = (await addUser(t, other, 'other-submitter', ['revise.submit.admin'])).token;
  await saveGrid(t, customer, { lead: 3 });
  await saveGrid(t, customer, { lead: 6, grid: field(SMALL, (i, j) => -5.25 + i - j) });
  const missing = field(SMALL);
  missing.values[7] = Number.NaN;
  await saveGrid(t, customer, { lead: 3, factor: 'rh', grid: missing });
  // Another base time: not part of the issue.
  await saveGrid(t, customer, { lead: 3, baseTime: '2026-03-01T12:00:00.000Z' });
});
afterAll(async () => {
  await t.close();
});

async function submit(body: Record<string, unknown>, who = 'submit', lang = 'zh') {
  return call(t, tok[who]!, 'POST', '/api/revise/submit', body, lang);
}

async function waitJob(jobId: string) {
  await t.jobs.waitFor(jobId);
  const res = await call(t, tok.submit!, 'GET', `/api/job/${jobId}`);
  return res.json().data;
}

const download = (id: number, who = 'submit') => call(t, tok[who]!, 'GET', `/api/filestate/download?id=${id}`);

describe('POST /revise/submit', () => {
  let issueId = 0;
  let files: Array<{ id: number; name: string; format: string; factor: string; lead: number; size: number }> = [];

  it('freezes the grids and exports MICAPS 4 and GeoTIFF files in a job', async () => {
    const res = await submit({ type: 'fine-grid', baseTime: '2026-03-01T08:00:00+08:00', remark: '早间订正' });
    expect(res.json()).toMatchObject({ code: 0, data: { seq: 1, grids: 3 } });
    issueId = res.json().data.issueId;
    const job = await waitJob(res.json().data.jobId);
    expect(job).toMatchObject({ kind: 'revise.issue', status: 'done', progress: 100 });
    const log = await t.db.db
      .selectFrom('operation_log')
      .selectAll()
      .where('action', '=', 'revise.submit')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ username: 'submitter', type: 'revise', result_code: 0, customer_id: customer });

    const list = await call(t, tok.submit!, 'GET', '/api/filestate/findByUserFile?status=exported');
    expect(list.json().code).toBe(0);
    const [state] = list.json().data.list;
    expect(list.json().data.total).toBe(1);
    expect(state).toMatchObject({
      id: issueId,
      seq: 1,
      type: 'fine-grid',
      typeName: '精细化网格预报',
      baseTime: BASE_TIME,
      status: 'exported',
      error: null,
      userName: '名 submitter',
      remark: '早间订正',
      gridCount: 3,
    });
    files = state.files;
    expect(files.map((f) => f.name).sort()).toEqual([
      'fine-grid_rh_2026030100_003.m4',
      'fine-grid_rh_2026030100_003.tif',
      'fine-grid_tmp_2026030100_003.m4',
      'fine-grid_tmp_2026030100_003.tif',
      'fine-grid_tmp_2026030100_006.m4',
      'fine-grid_tmp_2026030100_006.tif',
    ]);
    expect((await call(t, tok.submit!, 'GET', '/api/filestate/findByUserFile?status=failed')).json().data.total).toBe(0);
  });

  it('serves every file of the issue as one zip, each member the same bytes as its own download', async () => {
    const res = await call(t, tok.submit!, 'GET', `/api/filestate/zip?id=${issueId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="fine-grid_2026030100_1.zip"');
    const members = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(members).sort()).toEqual(files.map((f) => f.name).sort());
    for (const f of files) expect(Buffer.from(members[f.name]!).equals((await download(f.id)).rawPayload)).toBe(true);
    // Another customer's issue is not found; a missing one neither.
    expect((await call(t, tok.other!, 'GET', `/api/filestate/zip?id=${issueId}`)).json().code).toBe(4004);
    expect((await call(t, tok.submit!, 'GET', '/api/filestate/zip?id=999999')).json().code).toBe(4004);
  });

  it('serves the files, whose values are the issued grids bit for bit', async () => {
    for (const f of files) {
      const res = await download(f.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${f.name}"`);
      expect(res.rawPayload.length).toBe(f.size);
      const row = await gridRow(t, customer, f.lead, f.factor);
      const values = await storedValues(t, row.storage_key);
      if (f.format === 'geotiff') {
        expect(res.headers['content-type']).toBe('image/tiff');
        const { grid } = await readGeoTiff(res.rawPayload);
        expect(bitsOf(grid.values).equals(bitsOf(values))).toBe(true);
        expect(grid).toMatchObject({ lon0: SMALL.lon0, lat0: SMALL.lat0, nx: 30, ny: 20 });
      } else {
        const m4 = parseMicaps4(res.rawPayload);
        // The 00 UTC run is 08 Beijing time (MICAPS_TIME_ZONE's default), and the description says so.
        expect(m4).toMatchObject({ year: 2026, month: 3, day: 1, hour: 8, leadHours: f.lead, encoding: 'gb18030' });
        expect(m4.description).toContain('第1次发布');
        expect(m4.description).toContain('2026030108');
        expect(m4.description).toContain('[Asia/Shanghai UTC+08:00]');
        // MICAPS text holds the shortest decimal of each Float32: it reads back exactly (9999 = missing = NaN).
        expect(m4.grid.values.map((v) => (Number.isNaN(v) ? -1e30 : v))).toEqual(values.map((v) => (Number.isNaN(v) ? -1e30 : v)));
      }
    }
  });

  it('keeps an issue as issued when the grids are revised later; a new submission is the next issue', async () => {
    const row = await gridRow(t, customer, 3);
    const revised = await revisePoint(
      t,
      tok.fc!,
      { baseTime: BASE_TIME, lead: 3, version: row.version },
      { lon: 108, lat: 35, value: 40, radiusKm: 30 },
    );
    expect(revised.json().code).toBe(0);
    const tif = files.find((f) => f.factor === 'tmp' && f.lead === 3 && f.format === 'geotiff')!;
    const { grid } = await readGeoTiff((await download(tif.id)).rawPayload);
    expect(bitsOf(grid.values).equals(bitsOf(field().values))).toBe(true);

    const second = await submit({ type: 'fine-grid', baseTime: BASE_TIME, factors: ['tmp'] });
    expect(second.json()).toMatchObject({ code: 0, data: { seq: 2, grids: 2 } });
    await waitJob(second.json().data.jobId);
    const list = (await call(t, tok.submit!, 'GET', '/api/filestate/findByUserFile')).json().data;
    expect(list.list.map((s: { seq: number }) => s.seq)).toEqual([2, 1]);
    const newTif = list.list[0].files.find((f: { lead: number; format: string }) => f.lead === 3 && f.format === 'geotiff');
    const now = await readGeoTiff((await download(newTif.id)).rawPayload);
    const current = await storedValues(t, (await gridRow(t, customer, 3)).storage_key);
    expect(bitsOf(now.grid.values).equals(bitsOf(current))).toBe(true);
  });

  it('refuses what cannot be issued', async () => {
    expect((await submit({ type: 'fine-grid', baseTime: '2025-01-01T00:00:00Z' }, 'submit', 'en')).json()).toMatchObject({
      code: 4004,
      msg: expect.stringContaining('no grids to submit'),
    });
    expect((await submit({ type: 'nope', baseTime: BASE_TIME })).json().code).toBe(4100);
    expect((await submit({ type: 'fine-grid', baseTime: BASE_TIME, factors: ['tmp', 'zzz'] })).json().code).toBe(4100);
    expect((await submit({ type: 'fine-grid', baseTime: BASE_TIME, extra: 1 }, 'submit', 'en')).json()).toMatchObject({
      code: 4100,
      msg: expect.stringMatching(/^extra/),
    });
  });

  it('keeps issues and files to their customer', async () => {
    expect((await call(t, tok.other!, 'GET', '/api/filestate/findByUserFile')).json().data.total).toBe(0);
    expect((await download(files[0]!.id, 'other')).json().code).toBe(4004);
    expect((await submit({ type: 'fine-grid', baseTime: BASE_TIME }, 'other')).json().code).toBe(4004);
  });

  it('shows a failed export with its reason, and an issue whose job died with its process as failed', async () => {
    const { typeId, factorId } = await factorIds(t, 'fine-grid', 'tmp');
    const now = nowIso();
    const jobId = randomUUID();
    const issue = await t.db.db
      .insertInto('issue')
      .values({
        customer_id: customer,
        forecast_type_id: typeId,
        base_time: '2026-02-01T00:00:00.000Z',
        seq: 1,
        status: 'pending',
        error: null,
        job_id: jobId,
        user_id: null,
        user_name: 'x',
        storage_dir: `issues/${customer}/gone`,
        grid_count: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('issue_grid')
      .values({
        issue_id: issue.id,
        grid_id: 1,
        factor_id: factorId,
        lead_hours: 3,
        version: 1,
        ...SMALL,
        storage_key: `issues/${customer}/gone/grids/1-v1.f32`,
      })
      .execute();
    await t.jobs.enqueue('revise.issue', { issueId: issue.id }, { customerId: customer, userId: null }, jobId);
    await t.jobs.waitFor(jobId);
    const failed = (await call(t, tok.submit!, 'GET', '/api/filestate/findByUserFile?status=failed', undefined, 'en')).json().data;
    expect(failed.list).toEqual([
      expect.objectContaining({ id: issue.id, status: 'failed', files: [], error: expect.stringContaining('frozen copy') }),
    ]);

    // A process that stopped mid-export: its job is failed (by the stale-job sweep), the issue still pending.
    const deadJob = randomUUID();
    await t.db.db
      .insertInto('job')
      .values({
        id: deadJob,
        customer_id: customer,
        user_id: null,
        kind: 'revise.issue',
        status: 'failed',
        progress: 40,
        error: JSON.stringify({ key: 'jobInterrupted', params: {} }),
        result: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const stuck = await t.db.db
      .insertInto('issue')
      .values({
        customer_id: customer,
        forecast_type_id: typeId,
        base_time: '2026-02-02T00:00:00.000Z',
        seq: 1,
        status: 'pending',
        error: null,
        job_id: deadJob,
        user_id: null,
        user_name: 'x',
        storage_dir: `issues/${customer}/dead`,
        grid_count: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = (await call(t, tok.submit!, 'GET', '/api/filestate/findByUserFile?status=failed', undefined, 'zh')).json().data;
    expect(list.list.find((s: { id: number }) => s.id === stuck.id)).toMatchObject({
      status: 'failed',
      error: '任务因服务停止而中断，请重新提交',
    });
  });
});
