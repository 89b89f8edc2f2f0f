import { float32Values, parseGridMeta } from '@agromet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

/**
 * The demo forecast as stored at first start (DEMO=1): consistent (issued without confirmation), daily extremes once
 * per forecast day at the day's end (08–08 Beijing time unless DAILY_WINDOW says 20-20), wind with its direction.
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
