import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { encodeMicaps4, parseMicaps4, readGeoTiff, type Grid } from '@agromet/grid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nowIso } from '../src/core/db/index.js';
import { childProcessEnv, createTestApp, type TestApp } from './helpers.js';
import { addCustomer, addSignedInUsers, multipartForm as multipart, platformId as platformCustomerId } from './revise-helpers.js';

const testData = path.resolve(import.meta.dirname, '../../../packages/grid/test-data');
/** GBK text, two-digit year, Chinese description, north-to-south rows: as real MICAPS files come. */
const HENAN_M4 = fs.readFileSync(path.join(testData, 'henan-t2m.m4'));
/** The same field made by GDAL: tiled, DEFLATE, floating-point predictor, nodata −9999. */
const HENAN_TIF = fs.readFileSync(path.join(testData, 'henan-t2m.tif'));
const henan = parseMicaps4(HENAN_M4).grid;
/** The henan file's grid, written out (not read from the file, so that a misread file fails). */
const HENAN_GEOMETRY = { lon0: 110, lat0: 37, dx: 0.05, dy: -0.05, nx: 141, ny: 121 };

let t: TestApp;
const tokens: Record<string, string> = {};
let otherCustomerId = 0;
let platformId = 0;

beforeAll(async () => {
  t = await createTestApp();
  platformId = await platformCustomerId(t);
  otherCustomerId = await addCustomer(t, '另一个气象局');
  await addSignedInUsers(t, tokens, {
    importer: [platformId, 'importer', ['revise.submit.admin']],
    reader: [platformId, 'reader', ['revise.point.admin']],
    'other-importer': [otherCustomerId, 'other-importer', ['revise.submit.admin']],
  });
  tokens.admin = (await t.login('admin')).access_token;
});
afterAll(async () => {
  await t.close();
});

async function postImport(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }, who = 'importer', lang = 'zh') {
  const m = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/grid/import',
    payload: m.payload,
    headers: { ...m.headers, ...t.bearer(tokens[who]!), 'accept-language': lang, 'user-agent': 'import-test' },
  });
}

const getJob = (id: string, who = 'importer', lang = 'zh') =>
  t.app.inject({ method: 'GET', url: `/api/job/${id}`, headers: { ...t.bearer(tokens[who]!), 'accept-language': lang } });

/** Waits for the job to end, then reads it as the web client does. */
async function waitJob(id: string, lang = 'zh') {
  await t.jobs.waitFor(id);
  const res = await getJob(id, 'importer', lang);
  expect(res.json().code).toBe(0);
  return res.json().data;
}

async function importAndWait(fields: Record<string, string>, file: { name: string; bytes: Uint8Array }, lang = 'zh') {
  const res = await postImport(fields, file, 'importer', lang);
  expect(res.json()).toMatchObject({ code: 0, data: { jobId: expect.any(String) } });
  return waitJob(res.json().data.jobId, lang);
}

const gridRow = (lead: number, factor = 'tmp', customerId = platformId) =>
  t.db.db
    .selectFrom('grid')
    .innerJoin('factor', 'factor.id', 'grid.factor_id')
    .selectAll('grid')
    .where('factor.code', '=', factor)
    .where('grid.lead_hours', '=', lead)
    .where('grid.customer_id', '=', customerId)
    .executeTakeFirst();

const bits = (values: Float32Array) => Buffer.from(values.buffer, values.byteOffset, values.byteLength);

async function storedValues(storageKey: string): Promise<Float32Array> {
  const data = (await t.storage.get(storageKey))!;
  const copy = new Float32Array(data.byteLength / 4);
  new Uint8Array(copy.buffer).set(data);
  return copy;
}

function filesUnder(dir: string): string[] {
  const root = path.join(t.dataDir, 'files', dir);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
}

const micaps = (grid: Grid, lead: number, description = '测试 气温') =>
  encodeMicaps4(grid, { year: 2026, month: 11, day: 22, hour: 0, leadHours: lead, description }, { encoding: 'gbk' });

describe('grid import: MICAPS 4 and GeoTIFF', () => {
  it('imports a GBK MICAPS 4 file with its own time, in a job, with the exact geometry and values', async () => {
    const threadTasks = t.codec.threadTasks;
    const job = await importAndWait({ type: 'fine-grid', factor: 'tmp' }, { name: 'henan-t2m.m4', bytes: HENAN_M4 });
    expect(job).toMatchObject({ kind: 'grid.import', status: 'done', progress: 100, error: null });
    // Parsed in the worker thread, off the event loop.
    expect(t.codec.threadTasks).toBe(threadTasks + 1);
    // The header's 2024-06-15 08 is Beijing time (MICAPS_TIME_ZONE's default): 00 UTC, and the result says so.
    expect(job.result).toMatchObject({
      type: 'fine-grid',
      factor: 'tmp',
      baseTime: '2024-06-15T00:00:00.000Z',
      micapsTime: { header: '2024-06-15 08:00', timeZone: 'Asia/Shanghai', offset: 'UTC+08:00', used: true },
      lead: 24,
      version: 1,
      format: 'micaps4',
      fileName: 'henan-t2m.m4',
      ...HENAN_GEOMETRY,
    });
    const row = (await gridRow(24))!;
    expect(row).toMatchObject({
      id: job.result.gridId,
      base_time: '2024-06-15T00:00:00.000Z',
      ...HENAN_GEOMETRY,
      version: 1,
      updated_by_name: '名 importer',
    });
    expect(bits(await storedValues(row.storage_key)).equals(bits(henan.values))).toBe(true);
    expect(job.result.missing).toBe([...henan.values].filter(Number.isNaN).length);
    expect(job.result.missing).toBeGreaterThan(0);
    // The staged upload is gone.
    expect(filesUnder('imports')).toEqual([]);
    const log = await t.db.db
      .selectFrom('operation_log')
      .selectAll()
      .where('action', '=', 'grid.import')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ username: 'importer', type: 'grid', result_code: 0, agent: 'import-test' });
    expect(JSON.parse(log.parameter)).toMatchObject({
      fields: { type: 'fine-grid', factor: 'tmp' },
      file: { name: 'henan-t2m.m4', size: HENAN_M4.length },
    });
  });

  it("imports GDAL's GeoTIFF of the same field, with the time given, bit for bit equal", async () => {
    const job = await importAndWait(
      { type: 'fine-grid', factor: 'tmp', baseTime: '2024-06-15T08:00:00+00:00', lead: '27' },
      { name: 'henan.tif', bytes: HENAN_TIF },
    );
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({
      format: 'geotiff',
      baseTime: '2024-06-15T08:00:00.000Z',
      lead: 27,
      ...HENAN_GEOMETRY,
    });
    const row = (await gridRow(27))!;
    expect(bits(await storedValues(row.storage_key)).equals(bits(henan.values))).toBe(true);
  });

  it("stores a new version when the grid exists, and drops the old version's file", async () => {
    const before = (await gridRow(24))!;
    const job = await importAndWait({ type: 'fine-grid', factor: 'tmp' }, { name: 'again.m4', bytes: HENAN_M4 });
    expect(job.result.version).toBe(2);
    const after = (await gridRow(24))!;
    expect(after.version).toBe(2);
    expect(after.storage_key).not.toBe(before.storage_key);
    // Removed after the import has answered (GridStore.removeLater).
    await t.gridStore.settled();
    expect(await t.storage.get(before.storage_key)).toBeNull();
  });

  it("lets the form's time override the MICAPS header, and its time zone the server's", async () => {
    const job = await importAndWait(
      { type: 'fine-grid', factor: 'tmp', baseTime: '2024-06-15T20:00:00+08:00', lead: '30' },
      { name: 'bjt.m4', bytes: HENAN_M4 },
    );
    expect(job.result).toMatchObject({ baseTime: '2024-06-15T12:00:00.000Z', lead: 30, micapsTime: { used: false } });
    // A file stamped in UTC says so with the time zone field.
    const utc = await importAndWait({ type: 'fine-grid', factor: 'tmp', lead: '33', timeZone: 'UTC' }, { name: 'utc.m4', bytes: HENAN_M4 });
    expect(utc.result).toMatchObject({
      baseTime: '2024-06-15T08:00:00.000Z',
      lead: 33,
      micapsTime: { header: '2024-06-15 08:00', timeZone: 'UTC', offset: 'UTC+00:00', used: true },
    });
    const bad = await postImport({ type: 'fine-grid', factor: 'tmp', timeZone: 'Mars/Olympus' }, { name: 'x.m4', bytes: HENAN_M4 });
    expect(bad.json()).toMatchObject({ code: 4100 });
    expect(bad.json().msg).toContain('timeZone');
    expect(bad.json().msg).toContain('不是 IANA 时区名');
    // Empty form fields are absent ones: the file's own time stays.
    const blank = await importAndWait(
      { type: 'fine-grid', factor: 'tmin', baseTime: '', lead: ' ' },
      { name: 'blank.m4', bytes: HENAN_M4 },
    );
    expect(blank.result).toMatchObject({ factor: 'tmin', baseTime: '2024-06-15T00:00:00.000Z', lead: 24 });
  });
});

describe('grid import failures leave nothing behind', () => {
  async function expectNothingStored(job: { status: string }, lead: number) {
    expect(job.status).toBe('failed');
    expect(await gridRow(lead, 'rh')).toBeUndefined();
    expect(filesUnder('imports')).toEqual([]);
  }

  it("fails a truncated MICAPS file with the parser's reason", async () => {
    const gridFiles = filesUnder('grids').length;
    const text = new TextDecoder('gb18030').decode(HENAN_M4);
    const truncated = new TextEncoder().encode(text.slice(0, Math.floor(text.length / 2)));
    const job = await importAndWait({ type: 'fine-grid', factor: 'rh' }, { name: 'cut.m4', bytes: truncated }, 'en');
    expect(job.error).toMatch(/^The file cannot be imported: not a readable MICAPS 4 grid: file ends before value \d+ of 17061$/);
    expect(job.result).toBeNull();
    expect(job.progress).toBeLessThan(100);
    await expectNothingStored(job, 24);
    expect(filesUnder('grids').length).toBe(gridFiles);
  });

  it('fails a file that is no grid at all, and a GeoTIFF without a time', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const job = await importAndWait(
      { type: 'fine-grid', factor: 'rh', lead: '3', baseTime: '2026-11-22T00:00:00Z' },
      { name: 'x.tif', bytes: png },
      'en',
    );
    expect(job.error).toContain('neither MICAPS type 4 text');
    await expectNothingStored(job, 3);
    const noTime = await importAndWait({ type: 'fine-grid', factor: 'tmp' }, { name: 'henan.tif', bytes: HENAN_TIF });
    expect(noTime.error).toBe('GeoTIFF 文件不含时间，请填写起报时间（baseTime）和预报时效（lead）');
    const broken = Buffer.from(HENAN_TIF.subarray(0, 2000));
    const job2 = await importAndWait(
      { type: 'fine-grid', factor: 'rh', lead: '3', baseTime: '2026-11-22T00:00:00Z' },
      { name: 'broken.tif', bytes: broken },
      'en',
    );
    expect(job2.error).toMatch(/^The file cannot be imported: not a readable GeoTIFF grid: /);
    await expectNothingStored(job2, 3);
  });

  it("refuses a file with values outside the factor's range, naming how many (no clipping)", async () => {
    const grid = { ...henan, values: henan.values.slice() };
    // Relative humidity 0–100 %: three cells above, one below.
    for (let k = 0; k < grid.values.length; k++) grid.values[k] = Number.isNaN(henan.values[k]!) ? Number.NaN : 50;
    grid.values[500] = 101;
    grid.values[501] = 130.5;
    grid.values[9000] = 100.25;
    grid.values[9001] = -3;
    const job = await importAndWait({ type: 'fine-grid', factor: 'rh' }, { name: 'rh.m4', bytes: micaps(grid, 6) }, 'en');
    expect(job.error).toBe(
      '4 cells are outside the valid range of 相对湿度, [0, 100] % (the file has -3 to 130.5); the file was not imported',
    );
    await expectNothingStored(job, 6);
    // The limits themselves are valid.
    grid.values[500] = 100;
    grid.values[501] = 0;
    grid.values[9000] = 100;
    grid.values[9001] = 0;
    const ok = await importAndWait({ type: 'fine-grid', factor: 'rh' }, { name: 'rh.m4', bytes: micaps(grid, 6) });
    expect(ok.result).toMatchObject({ min: 0, max: 100 });
  });

  it('refuses a lead beyond the forecast type, and a file with no value', async () => {
    const job = await importAndWait({ type: 'fine-grid', factor: 'rh', lead: '96' }, { name: 'far.m4', bytes: HENAN_M4 }, 'en');
    expect(job.error).toBe('Lead time 96 h is outside the range of 精细化网格预报 (0–72 h)');
    const empty = { ...henan, values: new Float32Array(henan.values.length).fill(Number.NaN) };
    const none = await importAndWait({ type: 'fine-grid', factor: 'rh' }, { name: 'none.m4', bytes: micaps(empty, 9) }, 'es');
    expect(none.error).toBe('El archivo no tiene valores (todas las celdas faltan)');
    await expectNothingStored(none, 9);
  });

  it('answers 4100 at once for bad fields, no file, an empty file or an unknown factor, and creates no job', async () => {
    const jobsBefore = (await t.db.db.selectFrom('job').select('id').execute()).length;
    const file: { name: string; bytes: Uint8Array } = { name: 'henan.m4', bytes: HENAN_M4 };
    const cases: Array<[Record<string, string>, typeof file | undefined, RegExp]> = [
      [{ factor: 'tmp' }, file, /^type: /],
      [{ type: 'fine-grid', factor: 'tmp', lead: '-1' }, file, /^lead: /],
      [{ type: 'fine-grid', factor: 'tmp', baseTime: 'yesterday' }, file, /^baseTime: /],
      [{ type: 'fine-grid', factor: 'tmp', colour: 'red' }, file, /colour/],
      [{ type: 'fine-grid', factor: 'tmp' }, undefined, /^file: No file uploaded/],
      [{ type: 'fine-grid', factor: 'tmp' }, { name: 'empty.m4', bytes: new Uint8Array() }, /^file: the uploaded file is empty$/],
      [{ type: 'fine-grid', factor: 'nope' }, file, /^factor: unknown forecast type or factor$/],
    ];
    for (const [fields, f, msg] of cases) {
      const res = await postImport(fields, f, 'importer', 'en');
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().code).toBe(4100);
      expect(res.json().msg).toMatch(msg);
    }
    const wrongField = multipart({ type: 'fine-grid', factor: 'tmp' }, { name: 'h.m4', bytes: HENAN_M4 });
    const renamed = Buffer.from(wrongField.payload.toString('latin1').replace('name="file"', 'name="upload"'), 'latin1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/grid/import',
      payload: renamed,
      headers: { ...wrongField.headers, ...t.bearer(tokens.importer!) },
    });
    expect(res.json()).toMatchObject({ code: 4100 });
    const json = await t.app.inject({ method: 'POST', url: '/api/grid/import', payload: {}, headers: t.bearer(tokens.importer!) });
    expect(json.json().code).toBe(4100);
    expect((await t.db.db.selectFrom('job').select('id').execute()).length).toBe(jobsBefore);
  });
});

describe('grid import and jobs: access and tenancy', () => {
  it('needs revise.submit.admin (or admin) to import', async () => {
    const denied = await postImport({ type: 'fine-grid', factor: 'tmp' }, { name: 'h.m4', bytes: HENAN_M4 }, 'reader');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(4003);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/grid/import',
      ...multipart({ type: 'fine-grid', factor: 'tmp' }, { name: 'h.m4', bytes: HENAN_M4 }),
    });
    expect(anonymous.json().code).toBe(4000);
    const admin = await postImport({ type: 'fine-grid', factor: 'tmp', lead: '33' }, { name: 'h.m4', bytes: HENAN_M4 }, 'admin');
    expect(admin.json().code).toBe(0);
    await waitJob(admin.json().data.jobId);
  });

  it('shows a job to its customer only: 4004 for another customer and for unknown ids', async () => {
    const res = await postImport({ type: 'fine-grid', factor: 'tmp', lead: '36' }, { name: 'h.m4', bytes: HENAN_M4 });
    const { jobId } = res.json().data;
    await waitJob(jobId);
    expect((await getJob(jobId, 'reader')).json()).toMatchObject({ code: 0, data: { id: jobId, status: 'done' } });
    const other = await getJob(jobId, 'other-importer');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 4004, data: null });
    expect((await getJob('00000000-0000-0000-0000-000000000000')).json().code).toBe(4004);
    // The other customer's import goes to its own grids.
    const mine = await postImport({ type: 'fine-grid', factor: 'tmp' }, { name: 'h.m4', bytes: HENAN_M4 }, 'other-importer');
    const otherId = mine.json().data.jobId;
    expect((await getJob(otherId)).json().code).toBe(4004);
    await t.jobs.waitFor(otherId);
    expect((await getJob(otherId, 'other-importer')).json().data.status).toBe('done');
    expect(await gridRow(24, 'tmp', otherCustomerId)).toMatchObject({ version: 1, nx: 141 });
    expect(await gridRow(24, 'tmp', platformId)).toMatchObject({ version: 2 });
  });
});

describe('grid export', () => {
  // The henan file's run: 2024-06-15 08 Beijing time.
  const exportUrl = (q: string) => `/api/grid/export?type=fine-grid&factor=tmp&baseTime=2024-06-15T00:00:00Z&lead=24&${q}`;

  it('downloads GeoTIFF and MICAPS 4 (UTF-8 and GBK) with good names, and they import back equal', async () => {
    const tif = await t.app.inject({ method: 'GET', url: exportUrl('format=geotiff'), headers: t.bearer(tokens.reader!) });
    expect(tif.statusCode).toBe(200);
    expect(tif.headers['content-type']).toBe('image/tiff');
    expect(tif.headers['content-disposition']).toBe('attachment; filename="fine-grid_tmp_2024061500_024.tif"');
    const read = await readGeoTiff(tif.rawPayload);
    expect(read.grid).toMatchObject({ lon0: 110, nx: 141, ny: 121 });
    expect(bits(read.grid.values).equals(bits(henan.values))).toBe(true);

    const utf8 = await t.app.inject({ method: 'GET', url: exportUrl('format=micaps4'), headers: t.bearer(tokens.reader!) });
    expect(utf8.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(utf8.headers['content-disposition']).toBe('attachment; filename="fine-grid_tmp_2024061500_024.m4"');
    // The header carries Beijing time, and the description says which zone.
    expect(utf8.body.split('\n')[0]).toBe('diamond 4 精细化网格预报 气温(°C) 2024061508 +24h [Asia/Shanghai UTC+08:00]');
    expect(utf8.body.split('\n')[1]).toBe('2024 06 15 08 24 0');
    const utc = await t.app.inject({ method: 'GET', url: exportUrl('format=micaps4&timeZone=UTC'), headers: t.bearer(tokens.reader!) });
    expect(utc.body.split('\n').slice(0, 2)).toEqual([
      'diamond 4 精细化网格预报 气温(°C) 2024061500 +24h [UTC UTC+00:00]',
      '2024 06 15 00 24 0',
    ]);
    const gbk = await t.app.inject({ method: 'GET', url: exportUrl('format=micaps4&encoding=gbk'), headers: t.bearer(tokens.reader!) });
    expect(gbk.headers['content-type']).toBe('text/plain; charset=gbk');
    const parsedGbk = parseMicaps4(gbk.rawPayload);
    expect(parsedGbk).toMatchObject({
      encoding: 'gb18030',
      description: '精细化网格预报 气温(°C) 2024061508 +24h [Asia/Shanghai UTC+08:00]',
      year: 2024,
      month: 6,
      day: 15,
      hour: 8,
      leadHours: 24,
    });
    expect(bits(parsedGbk.grid.values).equals(bits(henan.values))).toBe(true);

    // Round trip through the import: each export comes back as the same grid.
    for (const [lead, name, bytes] of [
      [42, 'x.tif', tif.rawPayload],
      [45, 'x.m4', utf8.rawPayload],
      [48, 'y.m4', gbk.rawPayload],
    ] as const) {
      const job = await importAndWait(
        { type: 'fine-grid', factor: 'tmp', baseTime: '2024-06-15T08:00:00Z', lead: String(lead) },
        { name, bytes },
      );
      expect(job.status).toBe('done');
      const row = (await gridRow(lead))!;
      expect(row).toMatchObject(HENAN_GEOMETRY);
      expect(bits(await storedValues(row.storage_key)).equals(bits(henan.values))).toBe(true);
    }
  });

  it.skipIf(spawnSync('gdalinfo', ['--version']).status !== 0)(
    'GeoTIFF exports carry element, unit, issue and valid time and lead (gdalinfo), and a colour table on request',
    async () => {
      const dir = fs.mkdtempSync(path.join(t.dataDir, 'gdal-'));
      const info = async (q: string) => {
        const res = await t.app.inject({ method: 'GET', url: exportUrl(q), headers: t.bearer(tokens.reader!) });
        const file = path.join(dir, `${q.replace(/\W/g, '_')}.tif`);
        fs.writeFileSync(file, res.rawPayload);
        return JSON.parse(spawnSync('gdalinfo', ['-json', file], { encoding: 'utf8' }).stdout);
      };
      const plain = await info('format=geotiff');
      expect(plain.metadata['']).toMatchObject({
        ELEMENT: 'tmp',
        ELEMENT_NAME: '气温',
        UNIT: '°C',
        FORECAST_TYPE: 'fine-grid',
        ISSUE_TIME: '2024-06-15T00:00:00.000Z',
        VALID_TIME: '2024-06-16T00:00:00.000Z',
        LEAD_HOURS: '24',
      });
      expect(plain.bands[0]).toMatchObject({ type: 'Float32', unit: '°C', description: '气温' });
      const classes = await info('format=geotiff&colorTable=true');
      expect(classes.bands[0]).toMatchObject({ type: 'Byte', colorInterpretation: 'Palette', noDataValue: 255 });
      // The temperature ramp's first class is its first stop's colour (#2c0b5e).
      expect(classes.bands[0].colorTable.entries[0].slice(0, 3)).toEqual([0x2c, 0x0b, 0x5e].map((c) => expect.closeTo(c, -1)));
      expect(classes.metadata[''].ELEMENT).toBe('tmp');
    },
  );

  it("exports only the caller's customer's grids, to grid readers", async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: exportUrl('format=geotiff').replace('lead=24', 'lead=27'),
      headers: t.bearer(tokens['other-importer']!),
    });
    expect(other.json()).toMatchObject({ code: 4004 });
    const missing = await t.app.inject({
      method: 'GET',
      url: exportUrl('format=geotiff').replace('lead=24', 'lead=51'),
      headers: t.bearer(tokens.reader!),
    });
    expect(missing.json().code).toBe(4004);
    const bad = await t.app.inject({ method: 'GET', url: exportUrl('format=netcdf'), headers: t.bearer(tokens.reader!) });
    expect(bad.json().code).toBe(4100);
    expect((await t.app.inject({ method: 'GET', url: exportUrl('format=geotiff') })).json().code).toBe(4000);
  });
});

describe('jobs', () => {
  it('fails a job that throws unexpectedly with an internal error naming the job, and stale jobs as interrupted', async () => {
    t.jobs.define('test.boom', z.unknown(), async (_p, ctx) => {
      await ctx.progress(40);
      throw new Error('secret detail /var/lib/x');
    });
    const id = await t.jobs.enqueue('test.boom', {}, { customerId: platformId, userId: null });
    await t.jobs.waitFor(id);
    const job = (await getJob(id, 'importer', 'en')).json().data;
    expect(job).toMatchObject({ status: 'failed', progress: 40, result: null });
    expect(job.error).toBe(`The job failed with an internal error (job id ${id}); details are in the server log`);

    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    await t.db.db
      .insertInto('job')
      .values([
        {
          id: 'stale-1',
          customer_id: platformId,
          user_id: null,
          kind: 'grid.import',
          status: 'running',
          progress: 30,
          error: null,
          result: null,
          created_at: old,
          updated_at: old,
        },
        {
          id: 'fresh-1',
          customer_id: platformId,
          user_id: null,
          kind: 'grid.import',
          status: 'queued',
          progress: 0,
          error: null,
          result: null,
          created_at: nowIso(),
          updated_at: nowIso(),
        },
      ])
      .execute();
    expect(await t.jobs.recoverStale()).toBe(1);
    expect((await getJob('stale-1', 'importer', 'en')).json().data).toMatchObject({
      status: 'failed',
      error: 'The job was interrupted because the server stopped; submit it again',
    });
    expect((await getJob('fresh-1')).json().data.status).toBe('queued');
  });
});

describe('import-grid command', () => {
  const cli = path.resolve(import.meta.dirname, '../src/cli/import-grid.ts');
  const run = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      encoding: 'utf8',
      env: childProcessEnv(t),
      timeout: 120_000,
    });

  // Two CLI processes, each starting a server's worth of modules: a bound for a loaded two-core machine.
  it('imports files as jobs with progress, reports failures per file, and logs each', { timeout: 180_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(t.dataDir, 'cli-'));
    const good = path.join(dir, 'henan.m4');
    const bad = path.join(dir, 'bad.m4');
    fs.writeFileSync(good, HENAN_M4);
    fs.writeFileSync(bad, 'diamond 4 broken\n2024 06 15 08 24 0\n');
    const res = run([
      '--customer',
      String(platformId),
      '--type',
      'fine-grid',
      '--factor',
      'tmax',
      '--user',
      'importer',
      '--lang',
      'en',
      good,
      bad,
    ]);
    expect(res.status, res.stderr).toBe(1);
    expect(res.stdout).toMatch(/henan\.m4: job [0-9a-f-]{36}/);
    expect(res.stdout).toContain('henan.m4: 60%');
    expect(res.stdout).toContain(
      'henan.m4: done, fine-grid.tmax 2024-06-15T00:00:00.000Z (header 2024-06-15 08:00 Asia/Shanghai UTC+08:00) +24 h, 141 × 121, version 1',
    );
    expect(res.stderr).toContain(
      'bad.m4: failed: The file cannot be imported: not a readable MICAPS 4 grid: file ends before header field 7',
    );
    const row = (await gridRow(24, 'tmax'))!;
    expect(row.updated_by_name).toBe('名 importer');
    expect(bits(await storedValues(row.storage_key)).equals(bits(henan.values))).toBe(true);
    const logs = await t.db.db
      .selectFrom('operation_log')
      .select(['result_code', 'agent', 'parameter'])
      .where('agent', '=', 'import-grid (command line)')
      .execute();
    expect(logs.map((l) => [l.result_code, JSON.parse(l.parameter).file])).toEqual([
      [0, 'henan.m4'],
      [4100, 'bad.m4'],
    ]);
    expect(filesUnder('imports')).toEqual([]);

    const again = run(['--customer', String(platformId), '--type', 'fine-grid', '--factor', 'tmax', good]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('version 2');
    // --micaps-time-zone reads the header in another zone: 08 UTC is another run.
    const utc = run(['--customer', String(platformId), '--type', 'fine-grid', '--factor', 'tmax', '--micaps-time-zone', 'UTC', good]);
    expect(utc.status, utc.stderr).toBe(0);
    expect(utc.stdout).toContain('fine-grid.tmax 2024-06-15T08:00:00.000Z (header 2024-06-15 08:00 UTC UTC+00:00) +24 h');
    expect(utc.stdout).toContain('version 1');
  });

  it('exits 2 on bad usage', { timeout: 90_000 }, () => {
    expect(run(['--type', 'fine-grid', '--factor', 'tmp', 'x.m4']).status).toBe(2);
    expect(run(['--customer', String(platformId), '--type', 'fine-grid', '--factor', 'tmp']).stderr).toContain('no file given');
    expect(run(['--customer', '99999', '--type', 'fine-grid', '--factor', 'tmp', 'x.m4']).status).toBe(2);
    const zone = run([
      '--customer',
      String(platformId),
      '--type',
      'fine-grid',
      '--factor',
      'tmp',
      '--micaps-time-zone',
      'Mars/Olympus',
      'x.m4',
    ]);
    expect([zone.status, zone.stderr.includes('--micaps-time-zone must be an IANA time zone')]).toEqual([2, true]);
  });
});
