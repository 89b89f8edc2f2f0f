import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/core/db/index.js';
import { registerDownload } from '../src/modules/downloads/service.js';
import { createTestApp, type TestApp } from './helpers.js';
import { addCustomer, addUser, BASE_TIME, call, field, saveGrid, SMALL } from './revise-helpers.js';

/**
 * The downloads library: files registered by makers, issued forecast files and zoning products listed from their own
 * tables, content types, previews, zips, who may delete, the customer boundary, and the station table as CSV and Excel.
 */
let t: TestApp;
let customer = 0;
let other = 0;
const tok: Record<string, string> = {};
const uid: Record<string, number> = {};

const CODE = 'make.risk.admin';

async function png(width: number, height: number, rgb: [number, number, number]) {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
}

/** Stores a file and registers it as a maker does, inside a transaction. */
async function made(customerId: number, authorId: number, name: string, format: 'png' | 'pdf' | 'csv', body: Buffer, extra = {}) {
  const key = `downloads/${customerId}/test/${Math.random().toString(36).slice(2)}.${format}`;
  await t.storage.put(key, body);
  const id = await t.db.db.transaction().execute((tx) =>
    registerDownload(tx, {
      customerId,
      kind: format === 'csv' ? 'station-table' : 'map-product',
      name,
      format,
      size: body.byteLength,
      storageKey: key,
      authorId,
      forecastTypeCode: 'fine-grid',
      factorCode: 'tmp',
      baseTime: BASE_TIME,
      sourceId: 7,
      ...extra,
    }),
  );
  return { id: `lib-${id}`, key };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  customer = await addCustomer(t, '宝鸡市气象局');
  other = await addCustomer(t, '汉中市气象局');
  for (const [name, cust, codes] of [
    ['a', customer, [CODE]],
    ['a2', customer, [CODE]],
    ['admin', customer, [CODE, 'sys.customer.admin']],
    ['b', other, [CODE]],
    ['none', customer, ['revise.point.admin']],
  ] as const) {
    const u = await addUser(t, cust, `dl-${name}`, [...codes], `作者${name}`);
    tok[name] = u.token;
    uid[name] = u.id;
  }
});
afterAll(async () => {
  await t.close();
});

describe('the library', () => {
  const ids: Record<string, string> = {};

  it('lists registered files newest first with their forecast, author and rights', async () => {
    ids.png = (await made(customer, uid.a!, '宝鸡 气温 预报图.png', 'png', await png(400, 300, [200, 30, 30]))).id;
    ids.pdf = (await made(customer, uid.a2!, '=cmd|x.pdf', 'pdf', PDF, { sourceId: 8 })).id;
    ids.foreign = (await made(other, uid.b!, '汉中.png', 'png', await png(10, 10, [0, 0, 0]))).id;
    const res = await call(t, tok.a!, 'GET', '/api/download/page?page=1&size=10');
    expect(res.json().code).toBe(0);
    const { list, total } = res.json().data;
    expect(total).toBe(2);
    expect(list.map((i: { id: string }) => i.id)).toEqual([ids.pdf, ids.png]);
    expect(list[1]).toMatchObject({
      kind: 'map-product',
      name: '宝鸡 气温 预报图.png',
      format: 'png',
      contentType: 'image/png',
      author: '作者a',
      authorId: uid.a,
      forecastType: 'fine-grid',
      factor: 'tmp',
      baseTime: BASE_TIME,
      previewable: true,
      deletable: true,
    });
    expect(list[0]).toMatchObject({ author: '作者a2', deletable: false, contentType: 'application/pdf' });
    const admin = await call(t, tok.admin!, 'GET', '/api/download/page');
    expect(admin.json().data.list.every((i: { deletable: boolean }) => i.deletable)).toBe(true);
  });

  it('filters by kind, forecast, author, name and time', async () => {
    const q = async (query: string) =>
      (await call(t, tok.a!, 'GET', `/api/download/page?${query}`)).json().data.list.map((i: { id: string }) => i.id);
    expect(await q('kind=map-product')).toHaveLength(2);
    expect(await q('kind=station-table')).toEqual([]);
    expect(await q('type=fine-grid&factor=tmp')).toHaveLength(2);
    expect(await q('factor=rh')).toEqual([]);
    expect(await q('author=A2')).toEqual([ids.pdf]);
    expect(await q(`name=${encodeURIComponent('气温')}`)).toEqual([ids.png]);
    expect(await q(`name=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await q(`from=${encodeURIComponent('2000-01-01T00:00:00Z')}&to=${encodeURIComponent(nowIso())}`)).toHaveLength(2);
    expect(await q(`to=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).toEqual([]);
  });

  it('answers bad input naming the field', async () => {
    for (const [query, field] of [
      ['kind=video', 'kind'],
      ['from=yesterday', 'from'],
      ['size=1000', 'size'],
    ]) {
      const res = await call(t, tok.a!, 'GET', `/api/download/page?${query}`, undefined, 'en');
      expect(res.json().code).toBe(4100);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    const bad = await call(t, tok.a!, 'GET', '/api/download/file?id=lib-x', undefined, 'en');
    expect(bad.json().code).toBe(4100);
    expect(bad.json().msg).toContain('id');
    const empty = await call(t, tok.a!, 'POST', '/api/download/zip', { ids: [] }, 'en');
    expect(empty.json().code).toBe(4100);
    expect(empty.json().msg).toContain('ids');
  });

  it('serves the bytes with their content type and a UTF-8 file name', async () => {
    const res = await call(t, tok.a!, 'GET', `/api/download/file?id=${ids.png}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_________.png"; filename*=UTF-8''${encodeURIComponent('宝鸡 气温 预报图.png')}`,
    );
    expect((await sharp(res.rawPayload).metadata()).width).toBe(400);
    const pdf = await call(t, tok.a!, 'GET', `/api/download/file?id=${ids.pdf}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("keeps to the caller's customer: another customer's file is 4004, like a missing one", async () => {
    for (const url of [
      `/api/download/file?id=${ids.foreign}`,
      `/api/download/preview?id=${ids.foreign}`,
      '/api/download/file?id=lib-999999',
    ]) {
      const res = await call(t, tok.a!, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(4004);
    }
    const zip = await call(t, tok.a!, 'POST', '/api/download/zip', { ids: [ids.png, ids.foreign] });
    expect(zip.json().code).toBe(4004);
    const del = await call(t, tok.admin!, 'POST', '/api/download/delete', { ids: [ids.foreign] });
    expect(del.json().code).toBe(4004);
    expect(
      await t.storage.get(
        (
          await t.db.db
            .selectFrom('download_file')
            .select('storage_key')
            .where('id', '=', Number(ids.foreign!.slice(4)))
            .executeTakeFirstOrThrow()
        ).storage_key,
      ),
    ).not.toBeNull();
    const noCode = await call(t, tok.none!, 'GET', '/api/download/page');
    expect(noCode.json().code).toBe(4003);
  });

  it('previews PNG and PDF in place, with a PNG thumbnail', async () => {
    const full = await call(t, tok.a!, 'GET', `/api/download/preview?id=${ids.png}`);
    expect(full.headers['content-type']).toBe('image/png');
    expect(String(full.headers['content-disposition'])).toMatch(/^inline/);
    const thumb = await call(t, tok.a!, 'GET', `/api/download/preview?id=${ids.png}&thumb=1`);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([240, 180]);
    const { data } = await sharp(thumb.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([200, 30, 30]);
    const pdf = await call(t, tok.a!, 'GET', `/api/download/preview?id=${ids.pdf}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // A PDF without a stored picture has no thumbnail.
    const noThumb = await call(t, tok.a!, 'GET', `/api/download/preview?id=${ids.pdf}&thumb=1`);
    expect(noThumb.json().code).toBe(4004);
    // A PDF whose maker also made a PNG of the same thing (same kind and source) shows that PNG as its thumbnail.
    const twinPdf = (await made(customer, uid.a!, '宝鸡 气温 预报图.pdf', 'pdf', PDF)).id;
    const pdfThumb = await call(t, tok.a!, 'GET', `/api/download/preview?id=${twinPdf}&thumb=1`);
    expect(pdfThumb.headers['content-type']).toBe('image/png');
    expect((await sharp(pdfThumb.rawPayload).metadata()).width).toBe(240);
    expect((await call(t, tok.a!, 'GET', `/api/download/preview?id=${twinPdf}`)).headers['content-type']).toBe('application/pdf');
    expect((await call(t, tok.a!, 'POST', '/api/download/delete', { ids: [twinPdf] })).json().data.deleted).toBe(1);
  });

  it('zips several items, repeated names numbered', async () => {
    const twin = (await made(customer, uid.a!, '宝鸡 气温 预报图.png', 'png', await png(20, 20, [1, 2, 3]))).id;
    const res = await call(t, tok.a!, 'POST', '/api/download/zip', { ids: [ids.png, ids.pdf, twin] });
    expect(res.headers['content-type']).toBe('application/zip');
    const members = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(members)).toEqual(['宝鸡 气温 预报图.png', '=cmd|x.pdf', '宝鸡 气温 预报图 (2).png']);
    expect(Buffer.from(members['=cmd|x.pdf']!).equals(PDF)).toBe(true);
    expect((await sharp(Buffer.from(members['宝鸡 气温 预报图 (2).png']!)).metadata()).width).toBe(20);
    ids.twin = twin;
  });

  it('lets the author or an administrator delete, all or none, the row before the file', async () => {
    const keyOf = async (id: string) =>
      (
        await t.db.db
          .selectFrom('download_file')
          .select('storage_key')
          .where('id', '=', Number(id.slice(4)))
          .executeTakeFirst()
      )?.storage_key;
    const pdfKey = (await keyOf(ids.pdf!))!;
    // a may not delete a2's file: nothing goes, not even a's own.
    const refused = await call(t, tok.a!, 'POST', '/api/download/delete', { ids: [ids.twin, ids.pdf] }, 'en');
    expect(refused.json().code).toBe(4003);
    expect(refused.json().msg).toContain('=cmd|x.pdf');
    expect(await keyOf(ids.twin!)).toBeDefined();
    const own = await call(t, tok.a!, 'POST', '/api/download/delete', { ids: [ids.twin] });
    expect(own.json()).toMatchObject({ code: 0, data: { deleted: 1 } });
    expect(await keyOf(ids.twin!)).toBeUndefined();
    const byAdmin = await call(t, tok.admin!, 'POST', '/api/download/delete', { ids: [ids.pdf] });
    expect(byAdmin.json().data.deleted).toBe(1);
    expect(await t.storage.get(pdfKey)).toBeNull();
    const log = await t.db.db
      .selectFrom('operation_log')
      .selectAll()
      .where('action', '=', 'download.delete')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ type: 'download', result_code: 0 });
  });
});

describe('forecast values at stations', () => {
  beforeAll(async () => {
    const now = nowIso();
    const station = (n: string, name: string, lon: number, lat: number) => ({
      customer_id: customer,
      station_number: n,
      name,
      longitude: lon,
      latitude: lat,
      altitude: 500,
      created_at: now,
      updated_at: now,
    });
    await t.db.db
      .insertInto('station')
      .values([station('57016', '宝鸡', 107.5, 35.5), station('57124', '=HYPERLINK("x")', 108.3, 34.6), station('99999', '远站', 120, 20)])
      .execute();
    // Leads 24 and 48 of tmp: 10 + 0.1·i + 0.2·j, and 100 more at 48.
    await saveGrid(t, customer, { lead: 24 });
    await saveGrid(t, customer, { lead: 48, grid: field(SMALL, (i, j) => 110 + 0.1 * i + 0.2 * j) });
  });

  it('reads the nearest cell of each lead at every station, null outside the grid', async () => {
    const res = await call(
      t,
      tok.a!,
      'GET',
      `/api/download/stationTable?type=fine-grid&factor=tmp&baseTime=${encodeURIComponent(BASE_TIME)}`,
    );
    expect(res.json().code).toBe(0);
    const table = res.json().data;
    expect(table).toMatchObject({ type: 'fine-grid', factor: 'tmp', baseTime: BASE_TIME, leads: [24, 48] });
    expect(table.validTimes).toEqual(['2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z']);
    const byNumber = Object.fromEntries(table.stations.map((s: { number: string; values: unknown[] }) => [s.number, s.values]));
    // 107.5, 35.5 is cell (0, 0); 108.3, 34.6 is cell (8, 9).
    expect(byNumber['57016']).toEqual([10, 110]);
    expect(byNumber['57124']).toEqual([
      Math.round(Math.fround(10 + 0.8 + 1.8) * 100) / 100,
      Math.round(Math.fround(110 + 0.8 + 1.8) * 100) / 100,
    ]);
    expect(byNumber['99999']).toEqual([null, null]);
    // Another customer has no grids of this run.
    const b = await call(
      t,
      tok.b!,
      'GET',
      `/api/download/stationTable?type=fine-grid&factor=tmp&baseTime=${encodeURIComponent(BASE_TIME)}`,
    );
    expect(b.json().code).toBe(4100);
    expect(JSON.stringify(b.json())).toContain('baseTime');
  });

  it('answers an unknown forecast naming the field', async () => {
    for (const [query, name] of [
      ['type=nope&factor=tmp', 'type'],
      ['type=fine-grid&factor=nope', 'factor'],
      ['type=fine-grid', 'factor'],
    ]) {
      const res = await call(t, tok.a!, 'GET', `/api/download/stationTable?${query}`, undefined, 'en');
      expect(res.json().code).toBe(4100);
      expect(JSON.stringify(res.json().data)).toContain(name);
    }
  });

  it('exports CSV without formulas into the library', async () => {
    const res = await call(
      t,
      tok.a!,
      'POST',
      '/api/download/stationTable/export',
      { type: 'fine-grid', factor: 'tmp', format: 'csv' },
      'en',
    );
    expect(res.json().code).toBe(0);
    const item = res.json().data;
    expect(item).toMatchObject({
      kind: 'station-table',
      format: 'csv',
      contentType: 'text/csv; charset=utf-8',
      author: '作者a',
      forecastType: 'fine-grid',
    });
    expect(item.name).toMatch(/^station-forecast_.*_2026030100\.csv$/);
    const file = await call(t, tok.a!, 'GET', `/api/download/file?id=${item.id}`);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = file.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\n');
    expect(lines[0]).toBe('Station,Name,Longitude,Latitude,24 h (2026-03-02 00:00 UTC),48 h (2026-03-03 00:00 UTC)');
    expect(lines).toContain(`57124,"'=HYPERLINK(""x"")",108.3,34.6,12.6,112.6`);
    expect(lines).toContain('99999,远站,120,20,,');
    const listed = await call(t, tok.a!, 'GET', '/api/download/page?kind=station-table');
    expect(listed.json().data.list[0].id).toBe(item.id);
  });

  it('exports Excel whose text cells are strings, never formulas', async () => {
    const res = await call(t, tok.a!, 'POST', '/api/download/stationTable/export', { type: 'fine-grid', factor: 'tmp', format: 'xlsx' });
    const item = res.json().data;
    expect(item.name).toMatch(/\.xlsx$/);
    const file = await call(t, tok.a!, 'GET', `/api/download/file?id=${item.id}`);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('站点预报');
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((row) => row.eachCell((c) => cells.push(c)));
    expect(cells.some((c) => c.type === ExcelJS.ValueType.Formula)).toBe(false);
    const rowOf = (n: string) => {
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(1).text === n) found = row;
      });
      return found!;
    };
    const r = rowOf('57124');
    expect(r.getCell(2).text).toBe('=HYPERLINK("x")');
    expect(r.getCell(2).type).not.toBe(ExcelJS.ValueType.Formula);
    expect(r.getCell(5).value).toBe(12.6);
    expect(r.getCell(6).value).toBe(112.6);
    expect(sheet.getRow(2).getCell(5).text).toBe('24 小时（2026-03-02 00:00 UTC）');
    // The raw XML holds no formula element.
    const xml = Buffer.from(unzipSync(new Uint8Array(file.rawPayload))['xl/worksheets/sheet1.xml']!).toString();
    expect(xml).not.toContain('<f>');
  });
});
