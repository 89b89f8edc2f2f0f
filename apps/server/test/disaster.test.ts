import ExcelJS from 'exceljs';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/core/db/index.js';
import { DEMO_SANDSTORM_COUNT, seedDemoSandstorms } from '../src/modules/disaster/demo.js';
import type { TestApp } from './helpers.js';
import { addSignedInUsers, appWithCustomers, call, multipart } from './revise-helpers.js';

/**
 * Sandstorm disaster records: CRUD with tenancy and versions, GB/T 20480 grades derived and checked, GB/T 2260 region
 * codes from the table with prefix search, points inside the region's loaded boundaries, statistics, Excel/CSV export
 * without formulas and all-or-nothing import.
 */
let t: TestApp;
let customer = 0;
let other = 0;
const tok: Record<string, string> = {};

beforeAll(async () => {
  [t, customer, other] = await appWithCustomers('榆林市气象局', '延安市气象局');
  await addSignedInUsers(t, tok, {
    a: [customer, 'ss-a', ['basedata.disastersituation.admin'], '张预报'],
    b: [other, 'ss-b', ['basedata.disastersituation.admin']],
    travel: [customer, 'ss-travel', ['travel.scenicspot.admin']],
    none: [customer, 'ss-none', ['revise.point.admin']],
  });
});
afterAll(async () => {
  await t.close();
});

const yuyang = {
  location: '榆林市榆阳区',
  lon: 109.73,
  lat: 38.28,
  time: '2023-04-10T20:00:00+08:00',
  duration: 7,
  minVisibility: 600,
  maxWindSpeed: 17.2,
  precipitation: 0,
  regionCode: '610802',
  economicLoss: 120.5,
  description: '沙尘暴过境',
  housesCollapsed: 2,
  deaths: 0,
  injured: 3,
  remark: '',
};

const insert = (body: object, who = 'a', lang = 'zh') => call(t, tok[who]!, 'POST', '/api/sandstorm/insert', body, lang);
const find = (query: string, who = 'a') => call(t, tok[who]!, 'GET', `/api/sandstorm/findByCode?${query}`);

describe('sandstorm records', () => {
  let id = 0;

  it('adds a record, deriving the level from visibility and wind (GB/T 20480)', async () => {
    const res = await insert(yuyang);
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        level: 'sandstorm',
        levelDerived: true,
        regionName: '陕西省 榆林市 榆阳区',
        time: '2023-04-10T12:00:00.000Z',
        version: 1,
        createdBy: '张预报',
      },
    });
    id = res.json().data.id;
  });

  it('keeps a level that agrees with the visibility; refuses one that contradicts it, naming the grade meant', async () => {
    const ok = await insert({ ...yuyang, level: 'floating-dust', maxWindSpeed: 2 });
    expect(ok.json().data).toMatchObject({ level: 'floating-dust', levelDerived: false });
    const bad = await insert({ ...yuyang, level: 'severe-sandstorm', minVisibility: 1200 }, 'a', 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(4100);
    expect(bad.json().msg).toContain('level');
    expect(bad.json().msg).toContain('"Severe sandstorm"');
    expect(bad.json().msg).toContain('"Blowing sand"');
    const zh = await insert({ ...yuyang, level: 'sandstorm', minVisibility: 499 });
    expect(zh.json().msg).toContain('强沙尘暴');
    const none = await insert({ ...yuyang, minVisibility: 12000 }, 'a', 'es');
    expect(none.json()).toMatchObject({ code: 4100, data: { issues: [{ field: 'minVisibility' }] } });
    const noWind = await insert({ ...yuyang, minVisibility: 3000, maxWindSpeed: null }, 'a', 'en');
    expect(noWind.json().msg).toContain('3 m/s');
  });

  it.each([
    ['lat', { lat: 60 }],
    ['lon', { lon: 140 }],
    ['duration', { duration: -1 }],
    ['maxWindSpeed', { maxWindSpeed: 90 }],
    ['deaths', { deaths: 1.5 }],
    ['injured', { injured: -2 }],
    ['time', { time: new Date(Date.now() + 3_600_000).toISOString() }],
    ['time', { time: 'yesterday' }],
    ['regionCode', { regionCode: '61080' }],
    ['regionCode', { regionCode: '619999' }],
    ['level', { level: 'hurricane' }],
    ['location', { location: '' }],
  ])('refuses a bad %s (4100 naming it)', async (field, change) => {
    const res = await insert({ ...yuyang, ...change }, 'a', 'en');
    expect(res.json().code).toBe(4100);
    expect(res.json().data.issues.map((i: { field: string }) => i.field)).toContain(field);
  });

  it('refuses a point outside the province of its region code', async () => {
    // Xi'an's coordinates given for a county of Yulin are still in Shaanxi; Lanzhou's are not.
    const inside = await insert({ ...yuyang, lon: 108.95, lat: 34.33 });
    expect(inside.json().code).toBe(0);
    const res = await insert({ ...yuyang, lon: 103.83, lat: 36.06 }, 'a', 'en');
    expect(res.json()).toMatchObject({ code: 4100, data: { issues: [{ field: 'lon' }] } });
    // The region is named in the reader's language (docs/i18n.md#place-names).
    expect(res.json().msg).toContain('Yuyang District, Yulin, Shaanxi');
  });

  it("checks the point against an uploaded layer's area named like the county", async () => {
    const key = `boundaries/${customer}/counties-test.geojson`;
    const square = (x0: number, y0: number, x1: number, y1: number) => [
      [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
        [x0, y0],
      ],
    ];
    const geojson = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: '神木市' }, geometry: { type: 'Polygon', coordinates: square(110, 38.5, 111, 39.3) } },
      ],
    };
    await t.storage.put(key, Buffer.from(JSON.stringify(geojson)));
    await t.db.db
      .insertInto('boundary_layer')
      .values({ customer_id: customer, name: '县界', storage_key: key, feature_count: 1, size: 100, created_at: nowIso() })
      .execute();
    const shenmu = { ...yuyang, location: '神木市', regionCode: '610881' };
    expect((await insert({ ...shenmu, lon: 110.5, lat: 38.84 })).json().code).toBe(0);
    const out = await insert({ ...shenmu, lon: 109.73, lat: 38.28 }, 'a', 'en');
    expect(out.json().code).toBe(4100);
    expect(out.json().msg).toContain('县界');
    // The same layer names the region of a point picked on the map: the county inside it, the province outside it.
    const at = (lon: number, lat: number, lang = 'zh') => call(t, tok.a!, 'GET', `/api/region/at?lon=${lon}&lat=${lat}`, undefined, lang);
    expect((await at(110.5, 38.84, 'en')).json().data).toEqual({ code: '610881', name: 'Shenmu City, Yulin, Shaanxi', layer: '县界' });
    expect((await at(109.73, 38.28)).json().data).toEqual({ code: '610000', name: '陕西省', layer: null });
    // Another customer's layer says nothing of its points.
    expect((await call(t, tok.b!, 'GET', '/api/region/at?lon=110.5&lat=38.84')).json().data.code).toBe('610000');
    await t.db.db.deleteFrom('boundary_layer').where('customer_id', '=', customer).execute();
  });

  it('updates with the version seen; a stale version answers 4009', async () => {
    const first = await call(t, tok.a!, 'POST', '/api/sandstorm/update', { ...yuyang, id, version: 1, level: 'sandstorm', deaths: 1 });
    expect(first.json().data).toMatchObject({ version: 2, deaths: 1, levelDerived: false });
    const stale = await call(t, tok.a!, 'POST', '/api/sandstorm/update', { ...yuyang, id, version: 1, deaths: 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 4009, data: { currentVersion: 2 } });
  });

  it("keeps every call inside the caller's customer", async () => {
    expect((await find('', 'b')).json().data.total).toBe(0);
    const upd = await call(t, tok.b!, 'POST', '/api/sandstorm/update', { ...yuyang, id, version: 2 });
    expect(upd.json().code).toBe(4004);
    const del = await call(t, tok.b!, 'GET', `/api/sandstorm/deleteById?id=${id}`);
    expect(del.json().code).toBe(4004);
    expect((await find('', 'none')).json().code).toBe(4003);
    expect((await find('', 'travel')).json().code).toBe(4003);
    expect((await call(t, tok.travel!, 'GET', '/api/region/options')).json().code).toBe(0);
  });

  it('stores text as given and answers it as data (XSS is the page’s to show as text)', async () => {
    const xss = '<img src=x onerror=alert(1)>';
    const res = await insert({ ...yuyang, location: xss, description: `<script>alert(1)</script>` });
    expect(res.json().data.location).toBe(xss);
    expect(res.headers['content-type']).toContain('application/json');
    await call(t, tok.a!, 'GET', `/api/sandstorm/deleteById?id=${res.json().data.id}`);
  });
});

describe('search and statistics', () => {
  beforeAll(async () => {
    await t.db.db.deleteFrom('sandstorm_record').where('customer_id', '=', customer).execute();
    expect(await seedDemoSandstorms(t.db.db, customer)).toBe(DEMO_SANDSTORM_COUNT);
    expect(await seedDemoSandstorms(t.db.db, customer)).toBe(0);
  });

  it('a province or prefecture code matches every county below it; a county only itself', async () => {
    const all = (await find('size=100')).json().data;
    expect(all.total).toBe(DEMO_SANDSTORM_COUNT);
    const codes = all.list.map((r: { regionCode: string }) => r.regionCode);
    const count = (prefix: string) => codes.filter((c: string) => c.startsWith(prefix)).length;
    expect((await find('code=610000')).json().data.total).toBe(DEMO_SANDSTORM_COUNT);
    expect((await find('code=610800')).json().data.total).toBe(count('6108'));
    expect((await find('code=610802')).json().data.total).toBe(count('610802'));
    expect((await find('code=620000')).json().data.total).toBe(0);
    expect(count('6108')).toBeGreaterThan(count('610802'));
  });

  it('filters by time range, level and keyword, newest first, paged', async () => {
    const r = (await find('from=2021-03-15T00:00:00%2B08:00&to=2021-03-16T23:59:59%2B08:00&size=5')).json().data;
    expect(r.total).toBe(8);
    expect(r.list).toHaveLength(5);
    const times = r.list.map((x: { time: string }) => x.time);
    expect([...times].sort().reverse()).toEqual(times);
    const floating = (await find('level=floating-dust&size=50')).json().data;
    expect(floating.list.every((x: { level: string }) => x.level === 'floating-dust')).toBe(true);
    expect((await find('keyword=定边')).json().data.total).toBe(5);
  });

  it('counts by month, year, level and region with totals', async () => {
    const s = (await call(t, tok.a!, 'GET', '/api/sandstorm/statistics?code=610000')).json().data;
    expect(s.totals.count).toBe(DEMO_SANDSTORM_COUNT);
    expect(s.byLevel.map((l: { level: string }) => l.level)).toEqual([
      'floating-dust',
      'blowing-sand',
      'sandstorm',
      'severe-sandstorm',
      'extreme-sandstorm',
    ]);
    const sum = (xs: Array<{ count: number }>) => xs.reduce((a, x) => a + x.count, 0);
    expect(sum(s.byLevel)).toBe(DEMO_SANDSTORM_COUNT);
    expect(sum(s.byMonth)).toBe(DEMO_SANDSTORM_COUNT);
    expect(sum(s.byYear)).toBe(DEMO_SANDSTORM_COUNT);
    expect(sum(s.byRegion)).toBe(DEMO_SANDSTORM_COUNT);
    // Within the province, by prefecture: Yulin has the most.
    expect(s.byRegion[0]).toMatchObject({ code: '610800', name: '榆林市' });
    expect(s.byMonth.find((m: { month: string }) => m.month === '2021-03').count).toBe(10);
    const rows = await t.db.db.selectFrom('sandstorm_record').selectAll().where('customer_id', '=', customer).execute();
    expect(s.totals.injured).toBe(rows.reduce((a, r) => a + r.injured, 0));
    expect(s.totals.economicLoss).toBeCloseTo(
      rows.reduce((a, r) => a + r.economic_loss, 0),
      2,
    );
    const yulin = (await call(t, tok.a!, 'GET', '/api/sandstorm/statistics?code=610800')).json().data;
    expect(yulin.byRegion.every((r: { code: string }) => r.code.startsWith('6108') && !r.code.endsWith('00'))).toBe(true);
  });
});

describe('export and import', () => {
  const importFile = (name: string, bytes: Uint8Array | string, lang = 'en') => {
    const m = multipart({ name, bytes });
    return t.app.inject({
      method: 'POST',
      url: '/api/sandstorm/import',
      payload: m.payload,
      headers: { ...m.headers, ...t.bearer(tok.a!), 'accept-language': lang },
    });
  };

  it('exports the filtered rows to Excel with headings in the caller’s language and no formula cell', async () => {
    await insert({ ...yuyang, location: '=HYPERLINK("http://x","y")', remark: '+1-2', description: '@SUM(A1)' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sandstorm/export?code=610800',
      headers: { ...t.bearer(tok.a!), 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).not.toContain('<f>');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('Lugar');
    const yulinCount = (await find('code=610800')).json().data.total;
    expect(ws.rowCount).toBe(yulinCount + 1);
    const texts = ws.getColumn(1).values.filter((v) => typeof v === 'string');
    expect(texts).toContain('=HYPERLINK("http://x","y")');
    const csv = await t.app.inject({ method: 'GET', url: '/api/sandstorm/export?format=csv&keyword=HYPERLINK', headers: t.bearer(tok.a!) });
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csv.body).toContain('地点');
  });

  it('imports its own export back (xlsx and csv), all rows', async () => {
    const exported = await t.app.inject({ method: 'GET', url: '/api/sandstorm/export?code=610881', headers: t.bearer(tok.a!) });
    const before = (await find('code=610881')).json().data.total;
    const res = await importFile('back.xlsx', new Uint8Array(exported.rawPayload));
    expect(res.json()).toMatchObject({ code: 0, data: { inserted: before } });
    expect((await find('code=610881')).json().data.total).toBe(2 * before);
    const csv = await t.app.inject({ method: 'GET', url: '/api/sandstorm/export?format=csv&keyword=HYPERLINK', headers: t.bearer(tok.a!) });
    const again = await importFile('back.csv', csv.body);
    expect(again.json()).toMatchObject({ code: 0, data: { inserted: 1 } });
    const rows = (await find('keyword=HYPERLINK')).json().data.list;
    expect(rows.map((r: { location: string }) => r.location)).toEqual(['=HYPERLINK("http://x","y")', '=HYPERLINK("http://x","y")']);
    expect(rows[0].remark).toBe('+1-2');
  });

  it('refuses a file with any bad row, listing every problem by row, and stores nothing', async () => {
    const before = (await find('')).json().data.total;
    const csv = [
      'location,time,level,regionCode,lon,lat,duration,minVisibility,maxWindSpeed',
      '定边县,2024-04-13 16:00,sandstorm,610825,107.6,37.59,5,800,15',
      '靖边县,2024-04-13 17:00,Sandstorm,610824,108.79,37.6,5,3000,15',
      '佳县,2024-13-01 10:00,,610828,110.49,38.02,3,2000,9',
      '府谷县,2024-04-13 18:00,扬沙,999999,111.07,39.03,x,2000,9',
    ].join('\n');
    const res = await importFile('bad.csv', csv);
    expect(res.json().code).toBe(4100);
    const issues = res.json().data.issues as Array<{ row: number; field: string }>;
    expect(issues.map((i) => [i.row, i.field])).toEqual([
      [3, 'level'],
      [4, 'time'],
      [5, 'duration'],
    ]);
    expect((await find('')).json().data.total).toBe(before);
    const fixed = csv.replace('Sandstorm', '扬沙').replace('2024-13-01', '2024-04-01').replace(',x,', ',4,');
    const region = await importFile('bad2.csv', fixed);
    expect(region.json().data.issues).toEqual([
      { row: 5, field: 'regionCode', message: 'region code 999999 is not in the GB/T 2260 table' },
    ]);
    const good = await importFile('good.csv', fixed.replace('999999', '610822'));
    expect(good.json()).toMatchObject({ code: 0, data: { inserted: 4 } });
    expect((await find('')).json().data.total).toBe(before + 4);
  });

  it('refuses unknown columns and an empty file', async () => {
    const res = await importFile('x.csv', 'location,time,colour\n');
    expect(res.json()).toMatchObject({ code: 4100, data: { issues: [{ row: 1, field: 'file' }] } });
    expect(res.json().msg).toContain('colour');
    const empty = await importFile('x.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(empty.json().code).toBe(4100);
  });
});

describe('region options', () => {
  it('answers provinces, opened along the way to a code', async () => {
    const res = (await call(t, tok.a!, 'GET', '/api/region/options?code=610802')).json().data;
    const shaanxi = res.find((r: { value: string }) => r.value === '610000');
    expect(shaanxi.label).toBe('陕西省');
    expect(shaanxi.children.find((c: { value: string }) => c.value === '610800').children.length).toBe(12);
  });

  it('answers the region of a point from the built-in provinces; none at sea; a bad coordinate names its field', async () => {
    expect((await call(t, tok.travel!, 'GET', '/api/region/at?lon=108.95&lat=34.27', undefined, 'es')).json().data).toEqual({
      code: '610000',
      name: 'Shaanxi',
      layer: null,
    });
    expect((await call(t, tok.a!, 'GET', '/api/region/at?lon=125&lat=20')).json().data).toEqual({ code: null, name: '', layer: null });
    const bad = (await call(t, tok.a!, 'GET', '/api/region/at?lon=500&lat=20')).json();
    expect(bad.code).toBe(4100);
    expect(bad.data.issues.map((i: { field: string }) => i.field)).toEqual(['lon']);
    expect((await call(t, tok.none!, 'GET', '/api/region/at?lon=108.95&lat=34.27')).json().code).toBe(4003);
  });
});
