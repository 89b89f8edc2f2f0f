import { legKm } from '@agromet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GREENWAY_COUNT, DEMO_ROUTE_COUNT } from '../src/modules/travel/demo.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';
import { addCustomer, addUser, call } from './revise-helpers.js';

/**
 * Greenways (length from the drawn line), routes (ordered stops among the customer's spots and landscapes, distance
 * from their positions, stops leaving with a deleted record) and the travel weather read from the demo forecast.
 */
let t: TestApp;
let tok = '';
let otherTok = '';
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  tok = (await t.login('demo-travel', ADMIN_PASSWORD)).access_token;
  const other = await addCustomer(t, '甘肃省文化和旅游厅');
  otherTok = (await addUser(t, other, 'tr-other', ['travel.scenicspot.admin'])).token;
});
afterAll(async () => {
  await t.close();
});

const wall = {
  name: '城墙<script>alert(1)</script>骑行',
  regionCode: '610103',
  line: [
    [108.9285, 34.2525],
    [108.9675, 34.2525],
  ],
  surface: 'concrete',
  difficulty: 'easy',
  start: '南门',
  end: '东南角',
  photos: [],
  description: '',
  published: true,
};

describe('greenways', () => {
  it('has the demo greenways with their lengths', async () => {
    const page = (await call(t, tok, 'GET', '/api/travel/greenway/page?size=100')).json().data;
    expect(page.total).toBe(DEMO_GREENWAY_COUNT);
    const loop = page.list.find((g: { name: string }) => g.name === '西安城墙骑行环线');
    // The wall's loop: 2 × (3.59 + 2.34) km on the sphere.
    expect(loop.lengthKm).toBeGreaterThan(11.5);
    expect(loop.lengthKm).toBeLessThan(12.5);
  });

  it('adds one with its length from the line, edits by version and keeps to the customer', async () => {
    const res = (await call(t, tok, 'POST', '/api/travel/greenway/insert', wall)).json();
    expect(res.code).toBe(0);
    const g = res.data;
    expect(g).toMatchObject({ name: wall.name, regionName: '陕西省 西安市 碑林区', version: 1 });
    expect(g.lengthKm).toBeCloseTo(legKm([108.9285, 34.2525], [108.9675, 34.2525]), 2);
    expect(g.lengthKm).toBeCloseTo(3.59, 1);
    const longer = [...wall.line, [108.9675, 34.2735]];
    const upd = (await call(t, tok, 'POST', '/api/travel/greenway/update', { ...wall, line: longer, id: g.id, version: 1 })).json();
    expect(upd.data.version).toBe(2);
    expect(upd.data.lengthKm).toBeGreaterThan(g.lengthKm + 2.2);
    expect((await call(t, tok, 'POST', '/api/travel/greenway/update', { ...wall, id: g.id, version: 1 })).json().code).toBe(4009);
    expect((await call(t, otherTok, 'GET', `/api/travel/greenway/deleteById?id=${g.id}`)).json().code).toBe(4004);
    expect((await call(t, otherTok, 'GET', '/api/travel/greenway/page')).json().data.total).toBe(0);
    const byDifficulty = (await call(t, tok, 'GET', '/api/travel/greenway/page?difficulty=moderate')).json().data;
    expect(byDifficulty.list.map((x: { name: string }) => x.name)).toEqual(['秦岭环山绿道（长安段）']);
    expect((await call(t, tok, 'GET', `/api/travel/greenway/deleteById?id=${g.id}`)).json().code).toBe(0);
    expect((await call(t, tok, 'GET', '/api/travel/greenway/page')).json().data.total).toBe(DEMO_GREENWAY_COUNT);
  });

  it.each([
    ['line', { line: [[108.9, 34.2]] }],
    [
      'line.1.0',
      {
        line: [
          [108.9, 34.2],
          [200, 34.2],
        ],
      },
    ],
    ['surface', { surface: 'ice' }],
    ['difficulty', { difficulty: 'extreme' }],
    ['regionCode', { regionCode: '619999' }],
  ])('refuses a bad %s and stores nothing', async (field, change) => {
    const res = (await call(t, tok, 'POST', '/api/travel/greenway/insert', { ...wall, ...change }, 'en')).json();
    expect(res.code).toBe(4100);
    expect(res.data.issues.map((i: { field: string }) => i.field)).toContain(field);
    expect((await call(t, tok, 'GET', '/api/travel/greenway/page')).json().data.total).toBe(DEMO_GREENWAY_COUNT);
  });
});

describe('routes', () => {
  const spotsOf = async (token = tok) =>
    (await call(t, token, 'GET', '/api/travel/spot/page?size=100')).json().data.list as Array<{
      id: number;
      name: string;
      lon: number;
      lat: number;
    }>;

  it('has the demo routes with their stops and distances', async () => {
    const page = (await call(t, tok, 'GET', '/api/travel/route/page?size=100')).json().data;
    expect(page.total).toBe(DEMO_ROUTE_COUNT);
    const classic = page.list.find((r: { name: string }) => r.name === '关中古迹两日游');
    expect(classic.stops.map((s: { name: string }) => s.name)).toEqual(['大雁塔·大唐芙蓉园', '秦始皇帝陵博物院（兵马俑）', '华山']);
    expect(classic.totalKm).toBeCloseTo(
      classic.stops.reduce((sum: number, s: { legKm: number }) => sum + s.legKm, 0),
      1,
    );
  });

  it('orders stops as given, computes the distance, refuses another customer’s stop, and loses a deleted stop', async () => {
    const spots = await spotsOf();
    const [a, b, c] = spots;
    const body = {
      name: '测试线路',
      days: 2,
      stops: [
        { type: 'spot', id: a!.id },
        { type: 'spot', id: b!.id },
        { type: 'spot', id: c!.id },
      ],
      description: '',
      published: false,
    };
    const r = (await call(t, tok, 'POST', '/api/travel/route/insert', body)).json().data;
    expect(r.stops.map((s: { id: number }) => s.id)).toEqual([a!.id, b!.id, c!.id]);
    const expected = legKm([a!.lon, a!.lat], [b!.lon, b!.lat]) + legKm([b!.lon, b!.lat], [c!.lon, c!.lat]);
    expect(r.totalKm).toBeCloseTo(expected, 1);
    // Reordered (as a drag would): the distance follows.
    const reordered = { ...body, id: r.id, version: 1, stops: [body.stops[2], body.stops[0], body.stops[1]] };
    const upd = (await call(t, tok, 'POST', '/api/travel/route/update', reordered)).json().data;
    expect(upd.stops.map((s: { id: number }) => s.id)).toEqual([c!.id, a!.id, b!.id]);
    expect(upd.version).toBe(2);

    // Another customer's spot, an unknown one, the same stop twice in a row.
    const foreign = (await call(t, otherTok, 'GET', '/api/travel/route/page')).json().data.total;
    expect(foreign).toBe(0);
    const bad1 = (await call(t, otherTok, 'POST', '/api/travel/route/insert', body, 'en')).json();
    expect(bad1.code).toBe(4100);
    expect(bad1.data.issues[0].field).toBe('stops.0');
    const bad2 = (await call(t, tok, 'POST', '/api/travel/route/insert', { ...body, stops: [body.stops[0], body.stops[0]] }, 'en')).json();
    expect(bad2.code).toBe(4100);
    expect(bad2.data.issues[0].field).toBe('stops.1');

    // Filter by a stop; deleting the spot takes it out of the route (a new version) in the same transaction.
    const withB = (await call(t, tok, 'GET', `/api/travel/route/page?stopType=spot&stopId=${b!.id}`)).json().data.list;
    expect(withB.map((x: { id: number }) => x.id)).toContain(r.id);
    expect((await call(t, tok, 'GET', `/api/travel/spot/deleteById?id=${b!.id}`)).json().code).toBe(0);
    const after = (await call(t, tok, 'GET', '/api/travel/route/page?size=100'))
      .json()
      .data.list.find((x: { id: number }) => x.id === r.id);
    expect(after.stops.map((s: { id: number }) => s.id)).toEqual([c!.id, a!.id]);
    expect(after.version).toBe(3);
    expect((await call(t, tok, 'GET', `/api/travel/route/deleteById?id=${r.id}`)).json().code).toBe(0);
  });

  it('takes comments on published routes and greenways through the public call', async () => {
    const routes = (await call(t, tok, 'GET', '/api/travel/route/page?size=100')).json().data.list;
    const published = routes.find((r: { published: boolean }) => r.published);
    const hidden = routes.find((r: { published: boolean }) => !r.published);
    const post = (targetType: string, targetId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/travel/comments',
        payload: { targetType, targetId, rating: 5, text: '很好的线路', nickname: '游客' },
        remoteAddress: '198.51.100.23',
      });
    expect((await post('route', published.id)).json().code).toBe(0);
    expect((await post('route', hidden.id)).json().code).toBe(4004);
    const comments = (await call(t, tok, 'GET', '/api/travel/comment/page?targetType=route')).json().data.list;
    expect(comments[0]).toMatchObject({ targetName: published.name, status: 'pending' });
  });
});

describe('travel weather', () => {
  it("reads the demo forecast at a spot for 72 h, as the meteogram reads it, with the days' extremes", async () => {
    const spot = (await call(t, tok, 'GET', '/api/travel/spot/page?keyword=华山')).json().data.list[0];
    const w = (await call(t, tok, 'GET', `/api/travel/weather?targetType=spot&id=${spot.id}`)).json().data;
    expect(w.status).toBe('ok');
    expect(w.hours.length).toBeGreaterThan(8);
    expect(w.hours.at(-1).lead).toBeLessThanOrEqual(72);
    // The same values as the meteogram at the spot's point (a forecaster's call).
    const revise = (await t.login('demo-revise', ADMIN_PASSWORD)).access_token;
    const m = (await call(t, revise, 'GET', `/api/grid/meteogram?type=${w.type}&lon=${spot.lon}&lat=${spot.lat}`)).json().data;
    const tmp = m.elements.find((e: { code: string }) => e.code === 'tmp').values;
    for (const h of w.hours) expect(h.temperature).toBe(tmp[m.leads.indexOf(h.lead)]);
    for (const d of w.days) {
      if (d.tmin !== null && d.tmax !== null) expect(d.tmin).toBeLessThanOrEqual(d.tmax);
      expect(d.unmet).toBeNull();
    }
    expect(w.days.some((d: { complete: boolean }) => d.complete)).toBe(true);
  });

  it('checks each day against a landscape’s needs; a forecast-less customer hears why', async () => {
    const land = (await call(t, tok, 'GET', '/api/travel/landscape/page?keyword=华山云海')).json().data.list[0];
    const w = (await call(t, tok, 'GET', `/api/travel/weather?targetType=landscape&id=${land.id}`)).json().data;
    expect(w.status).toBe('ok');
    for (const d of w.days.filter((x: { tmin: number | null }) => x.tmin !== null)) {
      expect(Array.isArray(d.unmet)).toBe(true);
      expect(typeof d.inSeason).toBe('boolean');
      if (land.weather.maxWind !== null && d.wind > land.weather.maxWind) expect(d.unmet).toContain('maxWind');
    }
    // Another customer cannot read this customer's landscape; with its own spot and no forecast it is told so.
    expect((await call(t, otherTok, 'GET', `/api/travel/weather?targetType=landscape&id=${land.id}`)).json().code).toBe(4004);
    const own = (
      await call(t, otherTok, 'POST', '/api/travel/spot/insert', {
        name: '麦积山',
        grade: 'AAAAA',
        regionCode: '620502',
        lon: 106.0,
        lat: 34.35,
      })
    ).json().data;
    const none = (await call(t, otherTok, 'GET', `/api/travel/weather?targetType=spot&id=${own.id}`)).json().data;
    expect(none).toMatchObject({ status: 'noForecast', hours: [], days: [] });
  });
});
