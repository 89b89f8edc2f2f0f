import { encodeGbk } from '@agromet/grid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.js';
import { addSignedInUsers, appWithCustomers, call, multipart } from './revise-helpers.js';

/** Stations: CRUD with tenancy and optimistic versions, CSV export and all-or-nothing CSV import. */
let t: TestApp;
let customer = 0;
let other = 0;
const tok: Record<string, string> = {};

beforeAll(async () => {
  [t, customer, other] = await appWithCustomers('咸阳市气象局', '渭南市气象局');
  await addSignedInUsers(t, tok, {
    a: [customer, 'st-a', ['revise.point.admin']],
    a2: [customer, 'st-a2', ['revise.point.admin']],
    b: [other, 'st-b', ['revise.point.admin']],
  });
});
afterAll(async () => {
  await t.close();
});

const wugong = {
  stationNumber: '57034',
  name: '武功',
  province: '陕西省',
  city: '咸阳市',
  district: '武功县',
  address: '武功县气象局',
  longitude: 108.22,
  latitude: 34.25,
  altitude: 447.8,
  contactPerson: '王工',
  contactPhone: '029-8888 0000',
  remarks: '农业气象试验站',
};
const stations = (customerId: number) =>
  t.db.db.selectFrom('station').selectAll().where('customer_id', '=', customerId).orderBy('station_number').execute();
const lastLog = (action: string) =>
  t.db.db.selectFrom('operation_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();

function importCsv(content: string | Uint8Array, who = 'a', lang = 'en', name = 'stations.csv') {
  const m = multipart({ name, bytes: content });
  return t.app.inject({
    method: 'POST',
    url: '/api/station/import',
    payload: m.payload,
    headers: { ...m.headers, ...t.bearer(tok[who]!), 'accept-language': lang },
  });
}

describe('stations', () => {
  let id = 0;

  it("adds a station of the caller's customer", async () => {
    const res = await call(t, tok.a!, 'POST', '/api/station/insertStation', wugong);
    expect(res.json()).toMatchObject({ code: 0, data: { ...wugong, version: 1 } });
    id = res.json().data.id;
    const [row] = await stations(customer);
    expect(row).toMatchObject({
      id,
      customer_id: customer,
      station_number: '57034',
      name: '武功',
      altitude: 447.8,
      contact_phone: '029-8888 0000',
    });
    expect(await lastLog('station.insert')).toMatchObject({ username: 'st-a', type: 'station', result_code: 0 });
  });

  it.each([
    ['latitude', { latitude: 95 }],
    ['longitude', { longitude: -181 }],
    ['altitude', { altitude: 9500 }],
    ['altitude', { altitude: -600 }],
    ['name', { name: '' }],
    ['stationNumber', { stationNumber: '57 034' }],
    ['contactPhone', { contactPhone: 'call me' }],
    ['customerId', { customerId: 99 }],
  ])('refuses a bad %s with 4100 naming it', async (fieldName, over) => {
    const res = await call(t, tok.a!, 'POST', '/api/station/insertStation', { ...wugong, stationNumber: '99999', ...over }, 'en');
    expect(res.json().code).toBe(4100);
    expect(res.json().msg.startsWith(`${fieldName}:`)).toBe(true);
    expect((await stations(customer)).length).toBe(1);
  });

  it("words the station number and phone rules in the caller's language", async () => {
    const zh = await call(t, tok.a!, 'POST', '/api/station/insertStation', { ...wugong, stationNumber: '57 034' });
    expect(zh.json().msg).toContain('须为 1 到 16 位字母或数字');
    const es = await call(
      t,
      tok.a!,
      'POST',
      '/api/station/insertStation',
      { ...wugong, stationNumber: '99998', contactPhone: 'llámame' },
      'es',
    );
    expect(es.json().msg).toContain('solo dígitos, espacios y + - ( )');
  });

  it('keeps station numbers unique per customer (4009), while another customer may use the same number', async () => {
    const dup = await call(t, tok.a2!, 'POST', '/api/station/insertStation', { ...wugong, name: '武功二' }, 'en');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('Station number 57034 already exists (武功)');
    const elsewhere = await call(t, tok.b!, 'POST', '/api/station/insertStation', wugong);
    expect(elsewhere.json().code).toBe(0);
  });

  it("lists only the customer's stations, with search and paging", async () => {
    await call(t, tok.a!, 'POST', '/api/station/insertStation', {
      ...wugong,
      stationNumber: '57036',
      name: '西安',
      city: '西安市',
      district: '未央区',
    });
    await call(t, tok.a!, 'POST', '/api/station/insertStation', {
      ...wugong,
      stationNumber: '57016',
      name: '宝鸡',
      city: '宝鸡市',
      district: '渭滨区',
    });
    const all = (await call(t, tok.a!, 'GET', '/api/station/findByUidStation')).json().data;
    expect(all).toMatchObject({ total: 3, page: 1, size: 20 });
    expect(all.list.map((s: { stationNumber: string }) => s.stationNumber)).toEqual(['57016', '57034', '57036']);
    const search = (await call(t, tok.a!, 'GET', '/api/station/findByUidStation?keyword=西安')).json().data;
    expect(search.list.map((s: { name: string }) => s.name)).toEqual(['西安']);
    const page = (await call(t, tok.a!, 'GET', '/api/station/findByUidStation?page=2&size=2')).json().data;
    expect(page).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(page.list).toHaveLength(1);
    expect((await call(t, tok.b!, 'GET', '/api/station/findByUidStation')).json().data.total).toBe(1);
    expect((await call(t, tok.a!, 'GET', '/api/station/findByUidStation?size=1001')).json().code).toBe(4100);
  });

  it("updates with the version seen; a stale version or a taken number is 4009, another customer's station 4004", async () => {
    const ok = await call(t, tok.a!, 'POST', '/api/station/updateStation', { id, version: 1, ...wugong, remarks: '已迁站' });
    expect(ok.json()).toMatchObject({ code: 0, data: { id, version: 2, remarks: '已迁站' } });
    const stale = await call(t, tok.a2!, 'POST', '/api/station/updateStation', { id, version: 1, ...wugong, remarks: '旧' });
    expect(stale.json()).toMatchObject({ code: 4009, data: { currentVersion: 2 } });
    const taken = await call(t, tok.a!, 'POST', '/api/station/updateStation', { id, version: 2, ...wugong, stationNumber: '57036' });
    expect(taken.json().code).toBe(4009);
    const foreign = await call(t, tok.b!, 'POST', '/api/station/updateStation', { id, version: 2, ...wugong });
    expect(foreign.json().code).toBe(4004);
    expect((await stations(customer)).find((s) => s.id === id)).toMatchObject({ version: 2, remarks: '已迁站', station_number: '57034' });
    expect(await lastLog('station.update')).toMatchObject({ result_code: 4004, username: 'st-b' });
  });

  it('deletes by ?id, only within the customer', async () => {
    const victim = (await stations(customer)).find((s) => s.station_number === '57016')!;
    expect((await call(t, tok.b!, 'POST', `/api/station/deleteStation?id=${victim.id}`)).json().code).toBe(4004);
    expect((await call(t, tok.a!, 'POST', `/api/station/deleteStation?id=${victim.id}`)).json()).toMatchObject({ code: 0, data: null });
    expect((await call(t, tok.a!, 'POST', `/api/station/deleteStation?id=${victim.id}`)).json().code).toBe(4004);
    expect((await stations(customer)).map((s) => s.station_number)).toEqual(['57034', '57036']);
    expect(await lastLog('station.delete')).toMatchObject({ username: 'st-a', result_code: 4004 });
  });
});

describe('station CSV', () => {
  it("exports the customer's stations as UTF-8 CSV with a byte-order mark", async () => {
    const res = await call(t, tok.a!, 'GET', '/api/station/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="stations-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'stationNumber,name,province,city,district,address,longitude,latitude,altitude,contactPerson,contactPhone,remarks',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['57034', '57036']);
    expect(lines[1]).toContain('108.22,34.25,447.8');
  });

  it('imports its own export back (every station updated, none added)', async () => {
    const csv = (await call(t, tok.a!, 'GET', '/api/station/export')).body;
    const res = await importCsv(csv);
    expect(res.json()).toMatchObject({ code: 0, data: { inserted: 0, updated: 2, total: 2 } });
  });

  it('adds new numbers and updates known ones, from Chinese headers in GBK (as spreadsheets save)', async () => {
    const csv =
      '站号,站名,省,市,区县,经度,纬度,海拔,备注\r\n' +
      '53845,延安,陕西省,延安市,宝塔区,109.5,36.6,958.5,"示例, 含逗号"\r\n' +
      '57036,西安,陕西省,西安市,未央区,108.93,34.3,397.5,更新\r\n';
    const res = await importCsv(encodeGbk(csv));
    expect(res.json()).toMatchObject({ code: 0, data: { inserted: 1, updated: 1, total: 2 } });
    const rows = await stations(customer);
    expect(rows.map((s) => s.station_number)).toEqual(['53845', '57034', '57036']);
    expect(rows[0]).toMatchObject({ name: '延安', latitude: 36.6, altitude: 958.5, remarks: '示例, 含逗号', contact_person: '' });
    expect(rows[2]).toMatchObject({ remarks: '更新', altitude: 397.5 });
    expect(await lastLog('station.import')).toMatchObject({ username: 'st-a', result_code: 0, type: 'station' });
    expect(JSON.parse((await lastLog('station.import')).parameter)).toMatchObject({ file: { name: 'stations.csv' } });
  });

  it('refuses a file with any bad row, reporting every problem by row and field, and imports nothing', async () => {
    const before = await stations(customer);
    const csv =
      'stationNumber,name,longitude,latitude,altitude\n' +
      '57127,汉中,107.03,33.07,509.5\n' +
      '57245,安康,109.03,95,290.8\n' +
      '57143,,109.97,33.87,742.2\n' +
      '57127,汉中重复,107.03,33.07,509.5\n' +
      '53646,榆林,abc,38.27,\n';
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(4100);
    expect(body.data.issues).toEqual([
      { row: 3, field: 'latitude', message: expect.stringContaining('90') },
      { row: 4, field: 'name', message: expect.any(String) },
      { row: 5, field: 'stationNumber', message: 'station number 57127 appears twice in the file (first on line 2)' },
      { row: 6, field: 'longitude', message: expect.any(String) },
      { row: 6, field: 'altitude', message: expect.any(String) },
    ]);
    expect(body.msg).toMatch(/^The CSV has 5 errors; no station was imported\. Line 3, latitude: /);
    expect(await stations(customer)).toEqual(before);
    expect(await lastLog('station.import')).toMatchObject({ result_code: 4100 });
  });

  it.each([
    ['an unknown column', 'stationNumber,name,longitude,latitude,altitude,colour\n1,a,1,1,1,red\n', 'The CSV has unknown columns: colour'],
    ['a missing column', 'stationNumber,name,longitude,latitude\n1,a,1,1\n', 'The CSV lacks columns: altitude'],
    ['no data rows', 'stationNumber,name,longitude,latitude,altitude\n', 'The CSV file has no data rows'],
    ['an unclosed quote', 'stationNumber,name,longitude,latitude,altitude\n1,"a,1,1,1\n', 'a quote opened on line 2 is never closed'],
  ])('refuses %s', async (_what, csv, message) => {
    const res = await importCsv(csv);
    expect(res.json().code).toBe(4100);
    expect(res.json().msg).toContain(message);
  });

  it('wants a multipart file', async () => {
    const res = await call(t, tok.a!, 'POST', '/api/station/import', { file: 'x' });
    expect(res.json().code).toBe(4100);
  });
});
