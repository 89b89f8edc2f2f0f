import { float32Values, parseGridMeta } from '@agromet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from '../src/core/errors.js';
import { GridStore } from '../src/modules/grids/store.js';
import { itemValues, planForecast } from '../src/modules/products/making.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

/**
 * The demo forecast as stored at first start (DEMO=1): consistent (issued without confirmation), daily extremes once
 * per forecast day at the day's end (08–08 Beijing time unless DAILY_WINDOW says 20-20), 3 h amounts from lead 3, wind
 * with its direction; and the demo map product of the day's maximum drawn from the stored daily maximum.
 */
describe.each([
  ['08-08', 0],
  ['20-20', 12],
])('demo forecast, DAILY_WINDOW=%s', (window, endUtcHour) => {
  let t: TestApp;
  let token = '';
  beforeAll(async () => {
    t = await createTestApp({ DEMO: '1', DAILY_WINDOW: window });
    token = (await t.login('demo-revise', ADMIN_PASSWORD)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: t.bearer(token) })).json();

  it('stores tmax and tmin at the ends of the forecast days only, every other element every 3 h, wind direction included', async () => {
    const catalog = (await get('/api/grid/catalog')).data as Array<{ code: string; factors: Array<{ code: string; leads: number[] }> }>;
    const fine = catalog.find((c) => c.code === 'fine-grid')!;
    const baseTime: string = (await get('/api/grid/catalog')).data[0].baseTimes[0];
    const leadsOf = (code: string) => fine.factors.find((f) => f.code === code)!.leads;
    const daily = leadsOf('tmax');
    expect(daily.length).toBeGreaterThanOrEqual(3);
    for (const lead of daily) expect(new Date(Date.parse(baseTime) + lead * 3_600_000).getUTCHours()).toBe(endUtcHour);
    expect(leadsOf('tmin')).toEqual(daily);
    expect(leadsOf('tmp')).toEqual(Array.from({ length: 25 }, (_, k) => k * 3));
    expect(leadsOf('wdir')).toEqual(leadsOf('wsp'));
  });

  const grid = async (factor: string, lead: number, baseTime: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/forecaster/getGrid?type=fine-grid&factor=${factor}&lead=${lead}&baseTime=${encodeURIComponent(baseTime)}`,
      headers: t.bearer(token),
    });
    if (res.statusCode !== 200) return null;
    const meta = parseGridMeta(String(res.headers['x-grid-meta']));
    const body = res.rawPayload;
    return float32Values(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer, meta);
  };

  it('stores no 3 h precipitation at lead 0: the first amount is the 3 h ending at lead 3, then one every 3 h', async () => {
    const catalog = (await get('/api/grid/catalog')).data as Array<{
      code: string;
      baseTimes: string[];
      factors: Array<{ code: string; leads: number[] }>;
    }>;
    const fine = catalog.find((c) => c.code === 'fine-grid')!;
    expect(fine.factors.find((f) => f.code === 'pre3h')!.leads).toEqual(Array.from({ length: 24 }, (_, k) => 3 + k * 3));
    const rows = await t.db.db
      .selectFrom('grid')
      .innerJoin('factor', 'factor.id', 'grid.factor_id')
      .select(['grid.lead_hours'])
      .where('factor.code', '=', 'pre3h')
      .orderBy('grid.lead_hours')
      .execute();
    expect(rows[0]!.lead_hours).toBe(3);
    expect(await grid('pre3h', 0, fine.baseTimes[0]!)).toBeNull();
    expect(await grid('pre3h', 3, fine.baseTimes[0]!)).not.toBeNull();
    // The state of the run's hour is there at lead 0.
    expect(await grid('tmp', 0, fine.baseTimes[0]!)).not.toBeNull();
  });

  it("maps the day's maximum from the daily element: the demo product's values are the stored daily maximum, cell by cell", async () => {
    const product = await t.db.db.selectFrom('map_product').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const request = JSON.parse(product.request);
    expect(request).toMatchObject({ type: 'fine-grid', factor: 'tmax24h', mode: 'lead' });
    const lead = request.lead as number;
    const daily = (await get('/api/grid/catalog')).data[0].factors.find((f: { code: string }) => f.code === 'tmax').leads as number[];
    // The end of a forecast day that lies wholly after the run.
    expect(daily).toContain(lead);
    expect(lead).toBeGreaterThanOrEqual(24);
    const item = await t.db.db.selectFrom('map_product_item').selectAll().where('product_id', '=', product.id).executeTakeFirstOrThrow();
    expect([item.valid_start, item.valid_end].map((v) => (Date.parse(v) - Date.parse(product.base_time)) / 3_600_000)).toEqual([
      lead - 24,
      lead,
    ]);
    expect(item.title).toContain('日最高气温预报');

    // What the product draws, read as its making reads it.
    const deps = { db: t.db.db, store: new GridStore(t.db.db, t.storage) };
    const fail = (field: string, key: Parameters<typeof errors.validation>[1]) => errors.validation(field, key);
    const plan = await planForecast(t.db.db, product.customer_id, request, fail);
    const drawn = (await itemValues(deps, product.customer_id, plan, plan.items[0]!, fail)).values;
    const stored = (await grid('tmax', lead, product.base_time))!;
    expect(drawn.length).toBe(stored.length);
    let same = 0;
    for (let k = 0; k < stored.length; k++) if (drawn[k] === stored[k]) same++;
    expect(same).toBe(stored.length);

    // The highest of the day's 3-hourly temperatures misses the peak between them: lower in most cells.
    let lower = 0;
    const threeHourly = await Promise.all(Array.from({ length: 8 }, (_, n) => grid('tmp', lead - 21 + n * 3, product.base_time)));
    for (let k = 0; k < stored.length; k++) if (Math.max(...threeHourly.map((g) => g![k]!)) < stored[k]!) lower++;
    expect(lower / stored.length).toBeGreaterThan(0.5);
  });

  it("is colder on Huashan (2065 m) than in Xi'an (398 m) at every lead, by the lapse rate", async () => {
    const baseTime: string = (await get('/api/grid/catalog')).data[0].baseTimes[0];
    const stations = (await get('/api/station/findByUidStation?page=1&size=100')).data.list as Array<{
      name: string;
      longitude: number;
      latitude: number;
    }>;
    const [hua, xian] = ['华山', '西安'].map((n) => stations.find((s) => s.name === n)!);
    for (let lead = 0; lead <= 72; lead += 3) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/forecaster/getGrid?type=fine-grid&factor=tmp&lead=${lead}&baseTime=${encodeURIComponent(baseTime)}`,
        headers: t.bearer(token),
      });
      const meta = parseGridMeta(String(res.headers['x-grid-meta']));
      const body = res.rawPayload;
      const values = float32Values(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer, meta);
      const at = (s: { longitude: number; latitude: number }) =>
        values[Math.round((s.latitude - meta.lat0) / meta.dy) * meta.nx + Math.round((s.longitude - meta.lon0) / meta.dx)]!;
      // 1667 m higher: about 10 °C colder, less what latitude, the daily cycle and noise take.
      expect(at(xian!) - at(hua!), `lead ${lead}`).toBeGreaterThan(5);
    }
  });

  it('has no consistency violation and is issued without confirmation', async () => {
    const baseTime: string = (await get('/api/grid/catalog')).data[0].baseTimes[0];
    const report = await get(`/api/revise/consistency?type=fine-grid&baseTime=${encodeURIComponent(baseTime)}`);
    expect(report.code).toBe(0);
    expect(report.data.violations).toEqual([]);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/revise/submit',
      headers: t.bearer(token),
      payload: { type: 'fine-grid', baseTime },
    });
    expect(issued.json().code).toBe(0);
    await t.jobs.waitFor(issued.json().data.jobId);
  });
});
