import { readGeoTiff } from '@agromet/grid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

/** GET /api/grid/meteogram: every element of the demo forecast at a point or a station over all leads, JSON and CSV. */
let t: TestApp;
let token = '';
let travelToken = '';
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  token = (await t.login('demo-revise', ADMIN_PASSWORD)).access_token;
  travelToken = (await t.login('demo-travel', ADMIN_PASSWORD)).access_token;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, tok = token, lang = 'zh') =>
  t.app.inject({ method: 'GET', url, headers: { ...t.bearer(tok), 'accept-language': lang } });

interface Meteogram {
  baseTime: string;
  lon: number;
  lat: number;
  cell: { i: number; j: number; lon: number; lat: number };
  station: { id: number; name: string } | null;
  leads: number[];
  validTimes: string[];
  elements: Array<{ code: string; name: string; unit: string; derived: boolean; values: Array<number | null> }>;
}

async function exported(factor: string, baseTime: string, lead: number): Promise<Float32Array> {
  const res = await get(
    `/api/grid/export?type=fine-grid&factor=${factor}&lead=${lead}&baseTime=${encodeURIComponent(baseTime)}&format=geotiff`,
  );
  return (await readGeoTiff(res.rawPayload)).grid.values;
}

describe('meteogram', () => {
  it("answers every element over all leads at the cell nearest the point, each value the stored (or derived) grid's", async () => {
    const res = (await get('/api/grid/meteogram?type=fine-grid&lon=108.93&lat=34.3')).json();
    expect(res.code).toBe(0);
    const m = res.data as Meteogram;
    expect(m.cell).toEqual({ i: 69, j: 106, lon: 108.95, lat: 34.3 });
    expect(m.leads).toEqual(Array.from({ length: 25 }, (_, k) => k * 3));
    expect(m.validTimes[8]).toBe(new Date(Date.parse(m.baseTime) + 24 * 3_600_000).toISOString());
    const codes = m.elements.map((e) => e.code);
    expect(codes).toEqual(
      expect.arrayContaining(['tmp', 'tmax', 'tmin', 'pre3h', 'wsp', 'wdir', 'rh', 'vis', 'pre12h', 'pre24h', 'tmax24h', 'tmin24h']),
    );
    expect(m.elements.find((e) => e.code === 'pre24h')!.derived).toBe(true);
    const k = m.cell.j * 121 + m.cell.i;
    for (const e of m.elements) {
      for (const [n, lead] of m.leads.entries()) {
        const v = e.values[n];
        if (v === null) continue;
        const stored = (await exported(e.code, m.baseTime, lead))[k]!;
        expect([e.code, lead, v]).toEqual([e.code, lead, Math.round(stored * 100) / 100 || 0]); // JSON has no -0
      }
    }
    // Daily extremes only at the ends of the forecast days; 3 h elements at every lead.
    const tmax = m.elements.find((e) => e.code === 'tmax')!;
    expect(tmax.values.filter((v) => v !== null)).toHaveLength(3);
    expect(m.elements.find((e) => e.code === 'tmp')!.values.every((v) => v !== null)).toBe(true);
  });

  it('takes a station of the caller’s customer by id (its position), and refuses another’s', async () => {
    const stations = (await get('/api/station/findByUidStation?page=1&size=100')).json().data.list as Array<{
      id: number;
      name: string;
      longitude: number;
      latitude: number;
    }>;
    const hua = stations.find((s) => s.name === '华山')!;
    const byStation = (await get(`/api/grid/meteogram?type=fine-grid&station=${hua.id}`)).json().data as Meteogram;
    const byPoint = (await get(`/api/grid/meteogram?type=fine-grid&lon=${hua.longitude}&lat=${hua.latitude}`)).json().data as Meteogram;
    expect(byStation.station).toMatchObject({ id: hua.id, name: '华山' });
    expect(byStation.elements).toEqual(byPoint.elements);
    expect(await get(`/api/grid/meteogram?type=fine-grid&station=999999`).then((r) => r.json().code)).toBe(4004);
  });

  it('answers a formula-safe CSV with one row per lead and one column per element', async () => {
    const res = await get('/api/grid/meteogram?type=fine-grid&lon=108.93&lat=34.3&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="fine-grid_meteogram_\d{10}_108\.95_34\.3\.csv"$/);
    const text = res.body.replace(/^\ufeff/, '');
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(26);
    expect(lines[0]).toMatch(/^validTime,lead,气温 \(°C\),/);
    const json = (await get('/api/grid/meteogram?type=fine-grid&lon=108.93&lat=34.3')).json().data as Meteogram;
    const header = lines[0]!.split(',');
    const tmpCol = header.indexOf('气温 (°C)');
    expect(lines[9]!.split(',')[tmpCol]).toBe(String(json.elements.find((e) => e.code === 'tmp')!.values[8]));
    // A missing value is an empty cell: tmax has none at lead 3.
    const tmaxCol = header.indexOf('最高气温 (°C)');
    expect(lines[2]!.split(',')[tmaxCol]).toBe('');
  });

  it('refuses a point outside the grid (4100 naming the field, in the caller’s language), a missing place, an unknown type', async () => {
    const outside = (await get('/api/grid/meteogram?type=fine-grid&lon=120&lat=30', token, 'en')).json();
    expect(outside.code).toBe(4100);
    expect(outside.msg).toMatch(/^lon: .*outside the forecast grid/);
    expect((await get('/api/grid/meteogram?type=fine-grid&lon=108.9')).json().code).toBe(4100);
    const unknown = (await get('/api/grid/meteogram?type=nope&lon=108.9&lat=34.3', token, 'en')).json();
    expect(unknown.code).toBe(4100);
    expect(unknown.msg).toMatch(/^type: /);
    expect((await get('/api/grid/meteogram?type=fine-grid&lon=108.9&lat=34.3&format=xls')).json().code).toBe(4100);
  });

  it('needs a code of the pages that read grids', async () => {
    const other = await get('/api/grid/meteogram?type=fine-grid&lon=108.93&lat=34.3', travelToken);
    // demo-travel belongs to the demo customer but holds no grid-reading code.
    expect(other.json().code).toBe(4003);
  });
});
