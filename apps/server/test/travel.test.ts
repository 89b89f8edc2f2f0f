import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PUBLISHED_SPOTS, DEMO_SPOT_COUNT, seedDemoTravel } from '../src/modules/travel/demo.js';
import type { TestApp } from './helpers.js';
import { addSignedInUsers, appWithCustomers, call } from './revise-helpers.js';
import { HUASHAN_SPOT } from './sample-records.js';

/**
 * Tourism content: scenic spots with tenancy and versions; comments moderated in bulk with the customer's sensitive
 * words; the public calls never show an unpublished spot or a comment not passed, strip HTML and hold their limit.
 */
let t: TestApp;
let customer = 0;
let other = 0;
const tok: Record<string, string> = {};

beforeAll(async () => {
  [t, customer, other] = await appWithCustomers('陕西省文化和旅游厅', '甘肃省文化和旅游厅');
  await addSignedInUsers(t, tok, {
    a: [customer, 'tr-a', ['travel.scenicspot.admin'], '王编辑'],
    b: [other, 'tr-b', ['travel.scenicspot.admin']],
  });
});
afterAll(async () => {
  await t.close();
});

const huashan = HUASHAN_SPOT;

const post = (body: object, ip = '203.0.113.7', lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/travel/comments',
    payload: body,
    remoteAddress: ip,
    headers: { 'accept-language': lang },
  });

describe('scenic spots', () => {
  let id = 0;
  it('adds, edits with a version and keeps to the customer', async () => {
    const res = await call(t, tok.a!, 'POST', '/api/travel/spot/insert', huashan);
    expect(res.json()).toMatchObject({
      code: 0,
      data: { ...huashan, regionName: '陕西省 渭南市 华阴市', version: 1, comments: 0, rating: null },
    });
    id = res.json().data.id;
    const upd = await call(t, tok.a!, 'POST', '/api/travel/spot/update', { ...huashan, id, version: 1, ticketPrice: 180 });
    expect(upd.json().data).toMatchObject({ ticketPrice: 180, version: 2 });
    const stale = await call(t, tok.a!, 'POST', '/api/travel/spot/update', { ...huashan, id, version: 1 });
    expect(stale.json().code).toBe(4009);
    expect((await call(t, tok.b!, 'POST', '/api/travel/spot/update', { ...huashan, id, version: 2 })).json().code).toBe(4004);
    expect((await call(t, tok.b!, 'GET', '/api/travel/spot/page')).json().data.total).toBe(0);
    await call(t, tok.a!, 'GET', `/api/travel/spot/deleteById?id=${id}`);
  });

  it.each([
    ['grade', { grade: '6A' }],
    ['regionCode', { regionCode: '619999' }],
    ['lon', { lon: 103.8, lat: 36.06 }],
    ['photos.0', { photos: ['http://evil.example/x.png'] }],
    ['phone', { phone: 'call me' }],
    ['ticketPrice', { ticketPrice: -1 }],
  ])('refuses a bad %s', async (field, change) => {
    const res = await call(t, tok.a!, 'POST', '/api/travel/spot/insert', { ...huashan, ...change }, 'en');
    expect(res.json().code).toBe(4100);
    expect(res.json().data.issues.map((i: { field: string }) => i.field)).toContain(field);
  });
});

describe('comments and the public calls', () => {
  let spots: Array<{ id: number; name: string; published: boolean }> = [];
  beforeAll(async () => {
    expect(await seedDemoTravel(t.db.db, customer)).toBe(DEMO_SPOT_COUNT);
    spots = (await call(t, tok.a!, 'GET', '/api/travel/spot/page?size=100')).json().data.list;
  });

  it('lists published spots only, without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/travel/spots?customerId=${customer}&size=100` });
    const list = res.json().data.list as Array<{ id: number; name: string }>;
    expect(list).toHaveLength(DEMO_PUBLISHED_SPOTS);
    const unpublished = spots.find((s) => !s.published)!;
    expect(list.some((s) => s.id === unpublished.id)).toBe(false);
    expect(list[0]).not.toHaveProperty('published');
    const none = await t.app.inject({ method: 'GET', url: `/api/public/travel/spots?customerId=${other}` });
    expect(none.json().data.total).toBe(0);
  });

  it('takes a comment with HTML stripped, pending and flagged; never shows it before it is passed', async () => {
    const spot = spots.find((s) => s.name === '华山')!;
    const res = await post({
      targetType: 'spot',
      targetId: spot.id,
      rating: 5,
      text: '<script>alert(1)</script>景色<b>绝美</b>，加微信有优惠',
      nickname: '<i>游客</i>',
    });
    expect(res.json()).toMatchObject({ code: 0, data: { status: 'pending' } });
    const commentId = res.json().data.id;
    const stored = await t.db.db.selectFrom('travel_comment').selectAll().where('id', '=', commentId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ text: '景色绝美，加微信有优惠', nickname: '游客', status: 'pending', flagged: '["加微信"]' });
    const publicList = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/public/travel/comments?targetType=spot&targetId=${spot.id}&size=100` })).json().data
        .list as Array<{
        id: number;
      }>;
    expect((await publicList()).some((c) => c.id === commentId)).toBe(false);

    const flagged = (await call(t, tok.a!, 'GET', '/api/travel/comment/page?flagged=true&status=pending')).json().data.list;
    expect(flagged.map((c: { id: number }) => c.id)).toContain(commentId);
    const refuse = await call(t, tok.a!, 'POST', '/api/travel/comment/moderate', { ids: [commentId], status: 'rejected' }, 'en');
    expect(refuse.json()).toMatchObject({ code: 4100, data: { issues: [{ field: 'reason' }] } });
    await call(t, tok.a!, 'POST', '/api/travel/comment/moderate', { ids: [commentId], status: 'rejected', reason: '含广告' });
    expect((await publicList()).some((c) => c.id === commentId)).toBe(false);
    await call(t, tok.a!, 'POST', '/api/travel/comment/moderate', { ids: [commentId], status: 'passed' });
    expect((await publicList()).some((c) => c.id === commentId)).toBe(true);
    // Another customer cannot moderate it; nothing changes when one id is foreign.
    const foreign = await call(t, tok.b!, 'POST', '/api/travel/comment/moderate', { ids: [commentId], status: 'rejected', reason: 'x' });
    expect(foreign.json().code).toBe(4004);
  });

  it('stores and serves plain text: entities decoded before markup is taken out, never a live tag', async () => {
    const spot = spots.find((s) => s.name === '华山')!;
    const res = await post(
      {
        targetType: 'spot',
        targetId: spot.id,
        rating: 4,
        text: '&lt;img src=x onerror=alert(9)&gt;山高 &amp; 路远',
        nickname: '&lt;b&gt;客',
      },
      '203.0.113.41',
    );
    expect(res.json()).toMatchObject({ code: 0, data: { status: 'pending' } });
    const id = res.json().data.id as number;
    const stored = await t.db.db.selectFrom('travel_comment').select(['text', 'nickname']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ text: '山高 & 路远', nickname: '客' });
    // A row written before the fix, holding live HTML, is served as plain text all the same.
    await t.db.db
      .updateTable('travel_comment')
      .set({ text: '<img src=x onerror=alert(9)>旧&lt;b&gt;', status: 'passed' })
      .where('id', '=', id)
      .execute();
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/public/travel/comments?targetType=spot&targetId=${spot.id}&size=100` })
    ).json().data.list as Array<{ id: number; text: string; nickname: string }>;
    const served = list.find((c) => c.id === id)!;
    expect(served).toMatchObject({ text: '旧', nickname: '客' });
    for (const c of list) expect(`${c.text} ${c.nickname}`).not.toMatch(/<[a-zA-Z/!?]/);
  });

  it('refuses comments on unpublished or unknown records, empty or too long text', async () => {
    const unpublished = spots.find((s) => !s.published)!;
    expect(
      (await post({ targetType: 'spot', targetId: unpublished.id, rating: 4, text: '好', nickname: 'x' }, '198.51.100.1')).json().code,
    ).toBe(4004);
    expect((await post({ targetType: 'spot', targetId: 999999, rating: 4, text: '好', nickname: 'x' }, '198.51.100.1')).json().code).toBe(
      4004,
    );
    expect((await post({ targetType: 'route', targetId: 999999, rating: 4, text: '好', nickname: 'x' }, '198.51.100.1')).json().code).toBe(
      4004,
    );
    const spot = spots.find((s) => s.published)!;
    const empty = await post({ targetType: 'spot', targetId: spot.id, rating: 4, text: '<p> </p>', nickname: 'x' }, '198.51.100.2');
    expect(empty.json()).toMatchObject({ code: 4100, data: { issues: [{ field: 'text' }] } });
    const long = await post({ targetType: 'spot', targetId: spot.id, rating: 4, text: '好'.repeat(501), nickname: 'x' }, '198.51.100.2');
    expect(long.json().code).toBe(4100);
    const rating = await post({ targetType: 'spot', targetId: spot.id, rating: 6, text: '好', nickname: 'x' }, '198.51.100.2');
    expect(rating.json().code).toBe(4100);
  });

  it('holds a per-address limit (4290 with Retry-After), other addresses unaffected', async () => {
    const spot = spots.find((s) => s.published)!;
    const body = { targetType: 'spot', targetId: spot.id, rating: 3, text: '还行', nickname: '路人' };
    for (let k = 0; k < 5; k++) expect((await post(body, '192.0.2.55')).json().code).toBe(0);
    const sixth = await post(body, '192.0.2.55');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe(4290);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(body, '192.0.2.56')).json().code).toBe(0);
  });

  it('keeps the sensitive-word list per customer', async () => {
    const saved = await call(t, tok.a!, 'POST', '/api/travel/sensitiveWords/save', { words: ['假票', '假票', ' 黄牛 '] });
    expect(saved.json().data.words).toEqual(['假票', '黄牛']);
    expect((await call(t, tok.b!, 'GET', '/api/travel/sensitiveWords')).json().data.words).toEqual([]);
  });
});

describe('landscapes', () => {
  const snow = {
    name: '太白积雪',
    kind: 'snow',
    regionCode: '610326',
    lon: 107.77,
    lat: 34.05,
    bestFrom: '11-15',
    bestTo: '04-15',
    weather: { tempMax: 0, precipitation: 'needed' },
    published: true,
  };

  it('adds one with its season and weather needs, linked to a spot of the customer', async () => {
    const spots = (await call(t, tok.a!, 'GET', '/api/travel/spot/page?keyword=太白山')).json().data.list;
    const res = await call(t, tok.a!, 'POST', '/api/travel/landscape/insert', { ...snow, spotId: spots[0].id });
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        spotName: '太白山国家森林公园',
        regionName: '陕西省 宝鸡市 眉县',
        weather: { tempMin: null, tempMax: 0, precipitation: 'needed' },
        version: 1,
      },
    });
    expect(typeof res.json().data.inSeason).toBe('boolean');
    const id = res.json().data.id;
    const upd = await call(t, tok.a!, 'POST', '/api/travel/landscape/update', { ...snow, id, version: 1, bestTo: '03-31' });
    expect(upd.json().data).toMatchObject({ bestTo: '03-31', version: 2, spotId: null });
    expect((await call(t, tok.b!, 'GET', `/api/travel/landscape/deleteById?id=${id}`)).json().code).toBe(4004);
    // A published landscape takes public comments; deleting it removes them.
    const c = await post({ targetType: 'landscape', targetId: id, rating: 5, text: '雪景很美', nickname: '山友' }, '198.51.100.9');
    expect(c.json().code).toBe(0);
    expect((await call(t, tok.a!, 'GET', '/api/travel/comment/page?targetType=landscape')).json().data.list[0]).toMatchObject({
      targetName: '太白积雪',
    });
    expect((await call(t, tok.a!, 'GET', `/api/travel/landscape/deleteById?id=${id}`)).json().code).toBe(0);
    expect(
      await t.db.db.selectFrom('travel_comment').select('id').where('target_type', '=', 'landscape').where('target_id', '=', id).execute(),
    ).toEqual([]);
  });

  it.each([
    ['bestFrom', { bestFrom: '13-01' }],
    ['kind', { kind: 'volcano' }],
    ['weather.tempMax', { weather: { tempMin: 5, tempMax: 0, precipitation: 'any' } }],
    ['spotId', { spotId: 999999 }],
  ])('refuses a bad %s', async (field, change) => {
    const res = await call(t, tok.a!, 'POST', '/api/travel/landscape/insert', { ...snow, ...change }, 'en');
    expect(res.json().code).toBe(4100);
    expect(res.json().data.issues.map((i: { field: string }) => i.field)).toContain(field);
  });
});
