import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * A platform administrator works in a customer's context (docs/security.md#customer-context): the header (or `actAs`
 * on map images) makes every call act for that customer; the switch and the calls are recorded in that customer's log;
 * anyone else asking for a context is refused.
 */
let t: TestApp;
let admin: string;
let demoCustomer: number;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  admin = (await t.login('admin')).access_token;
  demoCustomer = (
    await t.db.db.selectFrom('app_user').select('customer_id').where('username', '=', 'demo-revise').executeTakeFirstOrThrow()
  ).customer_id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string, actAs?: number) =>
  t.app.inject({ method: 'GET', url, headers: { ...t.bearer(token), ...(actAs ? { 'x-act-as-customer': String(actAs) } : {}) } });

describe('customer context', () => {
  it("lets the platform administrator read and act for a customer, recorded in that customer's log", async () => {
    const own = (await get('/api/grid/catalog', admin)).json().data as Array<{ baseTimes: string[] }>;
    expect(own.every((type) => type.baseTimes.length === 0)).toBe(true);
    const theirs = (await get('/api/grid/catalog', admin, demoCustomer)).json().data as Array<{ code: string; baseTimes: string[] }>;
    expect(theirs.find((type) => type.code === 'fine-grid')!.baseTimes.length).toBeGreaterThan(0);

    const info = (await get('/api/user/info', admin, demoCustomer)).json().data;
    expect(info).toMatchObject({ username: 'admin', customerId: demoCustomer });
    expect(info.homeCustomerId).not.toBe(demoCustomer);
    expect(info.customer).toContain('陕西');

    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/user/customerContext',
      headers: t.bearer(admin),
      payload: { customerId: demoCustomer },
    });
    expect(switched.json()).toMatchObject({ code: 0, data: { customerId: demoCustomer } });
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/user/customerContext',
      headers: t.bearer(admin),
      payload: { customerId: null },
    });
    expect(back.json().data.customerId).toBe(info.homeCustomerId);

    // A change made in the context is the customer's: it lands in their data and their log, naming the context.
    const station = await t.app.inject({
      method: 'POST',
      url: '/api/station/insertStation',
      headers: { ...t.bearer(admin), 'x-act-as-customer': String(demoCustomer) },
      payload: { stationNumber: 'CTX01', name: '代管测试站', longitude: 108.9, latitude: 34.3, altitude: 400 },
    });
    expect(station.json().code, station.body).toBe(0);
    const row = await t.db.db.selectFrom('station').select('customer_id').where('station_number', '=', 'CTX01').executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(demoCustomer);
    const logs = await t.db.db
      .selectFrom('operation_log')
      .select(['customer_id', 'username', 'parameter', 'action'])
      .where('username', '=', 'admin')
      .where('action', 'in', ['user.customerContext', 'station.insert'])
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toContain('user.customerContext');
    const insertLog = logs.find((l) => l.action !== 'user.customerContext')!;
    expect(insertLog.customer_id).toBe(demoCustomer);
    expect(JSON.parse(insertLog.parameter)).toMatchObject({ actAsCustomer: demoCustomer });
  });

  it('serves map images in the context with actAs, where images cannot send headers', async () => {
    const caps = (await get('/api/grid/catalog', admin, demoCustomer)).json().data as Array<{ code: string; baseTimes: string[] }>;
    const base = caps.find((c) => c.code === 'fine-grid')!.baseTimes[0]!;
    const map = `/api/wms?token=${admin}&SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=fine-grid.tmp&STYLES=&CRS=EPSG:4326&BBOX=31.6,105.5,39.6,111.5&WIDTH=40&HEIGHT=40&FORMAT=image/png&DIM_REFERENCE_TIME=${encodeURIComponent(base)}`;
    expect((await t.app.inject({ method: 'GET', url: `${map}&actAs=${demoCustomer}` })).headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ method: 'GET', url: map })).headers['content-type']).not.toBe('image/png');
  });

  it('refuses a context to anyone but the platform, a customer that does not exist, and a malformed id', async () => {
    const sysadmin = (await t.login('demo-sysadmin')).access_token;
    const platformId = (await get('/api/user/info', admin)).json().data.homeCustomerId as number;
    expect((await get('/api/user/info', sysadmin, platformId)).json().code).toBe(4003);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/customerContext',
          headers: t.bearer(sysadmin),
          payload: { customerId: platformId },
        })
      ).json().code,
    ).toBe(4003);
    expect((await get('/api/user/info', admin, 999_999)).json().code).toBe(4004);
    const bad = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { ...t.bearer(admin), 'x-act-as-customer': 'abc' } });
    expect(bad.json()).toMatchObject({ code: 4100 });
    // Naming one's own customer is no context at all.
    expect((await get('/api/user/info', sysadmin, demoCustomer)).json().code).toBe(0);
  });
});
