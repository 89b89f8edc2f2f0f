import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, startApp } from './helpers.js';
import { addCustomer, addUser, call, revisePoint } from './revise-helpers.js';

/** Forecast types, factors and forecaster allocation (the allocation calls are GETs that change data, see docs/api.md#paths). */
let t: TestApp;
let customer = 0;
let other = 0;
const tok: Record<string, string> = {};
const uid: Record<string, number> = {};
let fineGrid = 0;
let agro = 0;

beforeAll(async () => {
  t = await createTestApp();
  customer = await addCustomer(t, '榆林市气象局');
  other = await addCustomer(t, '铜川市气象局');
  for (const [name, c, codes] of [
    ['boss', customer, ['revise.allocation.admin']],
    ['fc', customer, ['revise.point.admin']],
    ['viewer', customer, ['revise.recovery.admin']],
    ['clerk', customer, []],
    ['bossB', other, ['revise.allocation.admin']],
    ['fcB', other, ['revise.polygon.admin']],
  ] as const) {
    const u = await addUser(t, c, name, [...codes]);
    tok[name] = u.token;
    uid[name] = u.id;
  }
  const types = await t.db.db.selectFrom('forecast_type').select(['id', 'code']).execute();
  fineGrid = types.find((x) => x.code === 'fine-grid')!.id;
  agro = types.find((x) => x.code === 'agro')!.id;
});
afterAll(async () => {
  await t.close();
});

const logOf = (action: string) =>
  t.db.db.selectFrom('operation_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('forecast types and factors', () => {
  it('lists every type with its factors', async () => {
    const res = await call(t, tok.viewer!, 'GET', '/api/forecasr/findForevast');
    expect(res.json().code).toBe(0);
    const types = res.json().data;
    expect(types.map((x: { code: string }) => x.code)).toEqual(['fine-grid', 'agro']);
    expect(types[0]).toMatchObject({ id: fineGrid, name: '精细化网格预报', stepHours: 3, maxLeadHours: 72 });
    expect(types[0].factors[0]).toMatchObject({ code: 'tmp', name: '气温', unit: '°C', min: -60, max: 60, layer: 'fine-grid.tmp' });
  });

  it('answers the factors of one type, and 4004 for an unknown type', async () => {
    const res = await call(t, tok.fc!, 'GET', `/api/factor/getFactor?fTId=${agro}`);
    expect(res.json().data.map((f: { code: string }) => f.code)).toEqual(['sm', 'tsoil', 'et0']);
    expect((await call(t, tok.fc!, 'GET', '/api/factor/getFactor?fTId=9999')).json().code).toBe(4004);
    expect((await call(t, tok.fc!, 'GET', '/api/factor/getFactor?fTId=x', undefined, 'en')).json()).toMatchObject({
      code: 4100,
      msg: expect.stringMatching(/^fTId:/),
    });
  });
});

describe('allocation', () => {
  let allocationId = 0;

  it('allocates a type to a user of the customer with a GET, and logs it', async () => {
    const res = await call(t, tok.boss!, 'GET', `/api/forecasr/insertAllocation?uid=${uid.fc}&fTId=${fineGrid}`);
    expect(res.json()).toMatchObject({
      code: 0,
      data: { uid: uid.fc, fTId: fineGrid, username: 'fc', name: '名 fc', typeCode: 'fine-grid', typeName: '精细化网格预报' },
    });
    allocationId = res.json().data.id;
    const row = await t.db.db.selectFrom('forecast_allocation').selectAll().where('id', '=', allocationId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customer_id: customer, user_id: uid.fc, forecast_type_id: fineGrid, created_by: uid.boss });
    const log = await logOf('allocation.insert');
    expect(log).toMatchObject({ username: 'boss', type: 'allocation', result_code: 0, status_code: 200, customer_id: customer });
    expect(JSON.parse(log.parameter)).toMatchObject({ query: { uid: uid.fc, fTId: fineGrid } });
  });

  it("refuses a duplicate (4009), another customer's user (4004) and an unknown type (4004)", async () => {
    const dup = await call(t, tok.boss!, 'GET', `/api/forecasr/insertAllocation?uid=${uid.fc}&fTId=${fineGrid}`, undefined, 'en');
    expect(dup.json()).toMatchObject({ code: 4009, msg: 'User 名 fc already has forecast type 精细化网格预报' });
    expect((await call(t, tok.boss!, 'GET', `/api/forecasr/insertAllocation?uid=${uid.fcB}&fTId=${fineGrid}`)).json().code).toBe(4004);
    expect((await call(t, tok.bossB!, 'GET', `/api/forecasr/insertAllocation?uid=${uid.fc}&fTId=${agro}`)).json().code).toBe(4004);
    expect((await call(t, tok.boss!, 'GET', `/api/forecasr/insertAllocation?uid=${uid.fc}&fTId=9999`)).json().code).toBe(4004);
    expect((await call(t, tok.boss!, 'GET', `/api/forecasr/insertAllocation?uid=${uid.fc}`, undefined, 'en')).json().msg).toMatch(/^fTId:/);
    expect(await t.db.db.selectFrom('forecast_allocation').select('id').execute()).toHaveLength(1);
    expect(await logOf('allocation.insert')).toMatchObject({ result_code: 4100 });
  });

  it("answers the caller's own types (all of them for admin)", async () => {
    const mine = await call(t, tok.fc!, 'GET', '/api/forecasr/findByUserForevast');
    expect(mine.json().data.map((x: { code: string }) => x.code)).toEqual(['fine-grid']);
    expect(mine.json().data[0].factors.length).toBe(10);
    expect((await call(t, tok.viewer!, 'GET', '/api/forecasr/findByUserForevast')).json().data).toEqual([]);
    const admin = await call(t, (await t.login('admin')).access_token, 'GET', '/api/forecasr/findByUserForevast');
    expect(admin.json().data.map((x: { code: string }) => x.code)).toEqual(['fine-grid', 'agro']);
  });

  it("shows the customer's users × allocated types", async () => {
    const res = await call(t, tok.boss!, 'GET', '/api/forecasr/allocations');
    const { types, users } = res.json().data;
    expect(types.map((x: { code: string }) => x.code)).toEqual(['fine-grid', 'agro']);
    expect(users.map((u: { username: string }) => u.username)).toEqual(['boss', 'fc', 'viewer', 'clerk']);
    expect(users.find((u: { username: string }) => u.username === 'fc')).toMatchObject({
      forecaster: true,
      enabled: true,
      allocations: [{ id: allocationId, fTId: fineGrid }],
    });
    expect(users.find((u: { username: string }) => u.username === 'clerk')).toMatchObject({ forecaster: false, allocations: [] });
  });

  it('removes an allocation with a GET, only within the customer', async () => {
    expect((await call(t, tok.bossB!, 'GET', `/api/forecasr/deleteAllocation?id=${allocationId}`)).json().code).toBe(4004);
    expect((await call(t, tok.boss!, 'GET', `/api/forecasr/deleteAllocation?id=${allocationId}`)).json()).toMatchObject({
      code: 0,
      data: null,
    });
    expect((await call(t, tok.boss!, 'GET', `/api/forecasr/deleteAllocation?id=${allocationId}`)).json().code).toBe(4004);
    expect(await t.db.db.selectFrom('forecast_allocation').select('id').execute()).toEqual([]);
    expect(await logOf('allocation.delete')).toMatchObject({ username: 'boss', result_code: 4004 });
    expect((await call(t, tok.fc!, 'GET', '/api/forecasr/findByUserForevast')).json().data).toEqual([]);
  });

  it('goes when its user is deleted', async () => {
    await call(t, tok.boss!, 'GET', `/api/forecasr/insertAllocation?uid=${uid.clerk}&fTId=${agro}`);
    await t.db.db.deleteFrom('user_role').where('user_id', '=', uid.clerk!).execute();
    await t.db.db.deleteFrom('session').where('user_id', '=', uid.clerk!).execute();
    await t.db.db.deleteFrom('app_user').where('id', '=', uid.clerk!).execute();
    expect(await t.db.db.selectFrom('forecast_allocation').select('id').where('user_id', '=', uid.clerk!).execute()).toEqual([]);
  });
});

describe('demo data', () => {
  it('seeds the Shaanxi stations and allocates every type to demo-revise, once', async () => {
    const demo = await createTestApp({ DEMO: '1' });
    try {
      const customerId = demo.seedReport.demoCustomerId!;
      const token = (await demo.login('demo-revise')).access_token;
      const list = (await call(demo, token, 'GET', '/api/station/findByUidStation?size=100')).json().data;
      expect(list.total).toBe(11);
      expect(list.list.find((s: { stationNumber: string }) => s.stationNumber === '57036')).toMatchObject({
        name: '西安',
        province: '陕西省',
        latitude: 34.3,
        longitude: 108.93,
        altitude: 397.5,
      });
      for (const s of list.list as Array<{ latitude: number; longitude: number }>) {
        expect(s.latitude).toBeGreaterThan(31.6);
        expect(s.latitude).toBeLessThan(39.6);
        expect(s.longitude).toBeGreaterThan(105.5);
        expect(s.longitude).toBeLessThan(111.5);
      }
      const mine = (await call(demo, token, 'GET', '/api/forecasr/findByUserForevast')).json().data;
      expect(mine.map((x: { code: string }) => x.code)).toEqual(['fine-grid', 'agro']);
      // The demo forecaster can revise the demo grids at once.
      const data = (await call(demo, token, 'GET', '/api/forecaster/getData?type=fine-grid&factor=tmp&lead=24')).json().data;
      expect(data.allocated).toBe(true);
      const revised = await revisePoint(
        demo,
        token,
        { baseTime: data.baseTime, lead: 24, version: data.version },
        { lon: 108.93, lat: 34.3, value: 30, radiusKm: 40 },
      );
      expect(revised.json().code).toBe(0);

      // A restart seeds nothing again, and keeps what was deleted deleted.
      await call(demo, token, 'POST', `/api/station/deleteStation?id=${list.list[0].id}`);
      const again = await startApp(demo.config, { logger: false });
      try {
        expect(await again.db.db.selectFrom('station').select('id').where('customer_id', '=', customerId).execute()).toHaveLength(10);
        expect(
          await again.db.db.selectFrom('forecast_allocation').select('id').where('customer_id', '=', customerId).execute(),
        ).toHaveLength(2);
      } finally {
        await again.close();
      }
    } finally {
      await demo.close();
    }
  });
});
