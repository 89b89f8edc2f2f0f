import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyExtremeLeads } from '../src/modules/grids/demo-fields.js';
import { GridStore } from '../src/modules/grids/store.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';
import { readStoredValues } from '../src/modules/grids/store.js';

let t: TestApp;
let token: string;
let travelToken: string;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  token = (await t.login('demo-revise', ADMIN_PASSWORD, '10.30.0.1')).access_token;
  travelToken = (await t.login('demo-travel', ADMIN_PASSWORD, '10.30.0.2')).access_token;
});
afterAll(async () => {
  await t.close();
});

const wms = (query: string, tok = token) => t.app.inject({ method: 'GET', url: `/api/wms?token=${tok}&${query}` });
// Shaanxi in both axis orders.
const MAP13 =
  'SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=fine-grid.tmp&STYLES=&CRS=EPSG:4326&BBOX=31.6,105.5,39.6,111.5&WIDTH=120&HEIGHT=160&FORMAT=image/png&TRANSPARENT=TRUE';

describe('demo grids', () => {
  it('are generated once for 72 h at 3 h steps (daily extremes once a day), and the catalog lists them', async () => {
    const grids = await t.db.db.selectFrom('grid').select(['lead_hours', 'base_time']).execute();
    // Eight elements every 3 h (total cloud and the weather code among them), the 3 h precipitation from lead 3 (an
    // amount ends at its lead), tmax and tmin at the ends of the three forecast days.
    expect(grids).toHaveLength(8 * 25 - 1 + 2 * 3);
    expect(new Set(grids.map((g) => g.base_time)).size).toBe(1);
    const res = await t.app.inject({ method: 'GET', url: '/api/grid/catalog', headers: t.bearer(token) });
    const fine = res.json().data.find((x: { code: string }) => x.code === 'fine-grid');
    expect(fine.leads).toEqual(Array.from({ length: 25 }, (_, k) => k * 3));
    expect(fine.factors.map((f: { layer: string }) => f.layer)).toContain('fine-grid.pre3h');
  });
});

describe('the weather code layer', () => {
  const WP = MAP13.replaceAll('fine-grid.tmp', 'fine-grid.wp');

  it('is advertised with the one style a class grid has, and refuses interpolating or contouring its codes', async () => {
    const caps = (await wms('SERVICE=WMS&VERSION=1.3.0&REQUEST=GetCapabilities')).body;
    const layer = caps.slice(caps.indexOf('<Name>fine-grid.wp</Name>'));
    const styles = [...layer.slice(0, layer.indexOf('</Layer>')).matchAll(/<Style>\s*<Name>([^<]+)<\/Name>/g)].map((m) => m[1]);
    expect(styles).toEqual(['nearest']);
    expect((await wms(`${WP.replace('STYLES=', 'STYLES=nearest')}`)).headers['content-type']).toBe('image/png');
    for (const style of ['smooth', 'contours']) {
      const refused = await wms(WP.replace('STYLES=', `STYLES=${style}`));
      expect(refused.body).toContain('StyleNotDefined');
    }
  });

  it("answers a cell's code with the phenomenon's name in the caller's language, equal to the stored code", async () => {
    const query = `${WP.replace('GetMap', 'GetFeatureInfo')}&QUERY_LAYERS=fine-grid.wp&INFO_FORMAT=application/json&I=60&J=80`;
    const zh = (await wms(query)).json() as { value: number; unit: string; name: string };
    const en = (await wms(`${query}&LANGUAGE=en`)).json() as { value: number; unit: string; name: string };
    const es = (await wms(`${query}&LANGUAGE=es`)).json() as { value: number; unit: string; name: string };
    const { weatherCodeDef } = await import('@agromet/contracts');
    const def = weatherCodeDef(zh.value)!;
    expect(def).toBeDefined();
    expect([zh.unit, en.unit, es.unit]).toEqual([def.names.zh, def.names.en, def.names.es]);
    expect([zh.name, en.name, es.name]).toEqual(['天气现象', 'Weather', 'Fenómeno meteorológico']);
  });

  it('has a legend naming each class, taller than a colour bar', async () => {
    const legend = await wms('SERVICE=WMS&VERSION=1.3.0&REQUEST=GetLegendGraphic&LAYER=fine-grid.wp&FORMAT=image/png&LANGUAGE=en');
    expect(legend.headers['content-type']).toBe('image/png');
    const meta = await sharp(legend.rawPayload).metadata();
    expect(meta.height).toBeGreaterThan(33 * 16);
    expect(meta.width).toBeGreaterThanOrEqual(190);
    const refused = await wms('SERVICE=WMS&VERSION=1.3.0&REQUEST=GetLegendGraphic&LAYER=fine-grid.wp&FORMAT=image/png&STYLE=contours');
    expect(refused.body).toContain('StyleNotDefined');
  });
});

describe('WMS', () => {
  it('tags each image with the grid version: unchanged → 304, revised → a new image', async () => {
    const first = await wms(MAP13);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"g\d+v\d+-/);
    const again = await t.app.inject({ method: 'GET', url: `/api/wms?token=${token}&${MAP13}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Another token (after a refresh) draws the same image: same tag.
    expect((await wms(MAP13, (await t.login('demo-revise', ADMIN_PASSWORD, '10.30.0.3')).access_token)).headers.etag).toBe(etag);
    // The web's GRID_VERSION only keys the browser's cache: the same image, the same tag.
    const keyed = await wms(`${MAP13}&GRID_VERSION=${first.headers['x-grid-version']}`);
    expect(keyed.statusCode).toBe(200);
    expect(keyed.headers.etag).toBe(etag);
    expect(keyed.rawPayload.equals(first.rawPayload)).toBe(true);

    const data = (
      await t.app.inject({ method: 'GET', url: '/api/forecaster/getData?type=fine-grid&factor=tmp&lead=0', headers: t.bearer(token) })
    ).json().data;
    const revised = await t.app.inject({
      method: 'POST',
      url: '/api/revise/pointRevise',
      headers: t.bearer(token),
      payload: {
        type: 'fine-grid',
        factor: 'tmp',
        baseTime: data.baseTime,
        leads: [0],
        expectedVersions: { 0: data.version },
        points: [{ lon: 108.9, lat: 34.3, value: 30, radiusKm: 40 }],
      },
    });
    expect(revised.json().code).toBe(0);
    const after = await t.app.inject({ method: 'GET', url: `/api/wms?token=${token}&${MAP13}`, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.headers['x-grid-version']).toBe(String(data.version + 1));
    // An address naming the old version still draws the grid as it is now.
    const stale = await wms(`${MAP13}&GRID_VERSION=${data.version}`);
    expect(stale.headers['x-grid-version']).toBe(String(data.version + 1));
    expect(stale.headers.etag).toBe(after.headers.etag);
  });

  it('lists layers with time and lead dimensions in GetCapabilities (both versions)', async () => {
    const v13 = await wms('SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0');
    expect(v13.headers['content-type']).toMatch(/text\/xml/);
    expect(v13.body).toMatch(/<WMS_Capabilities [^>]*version="1.3.0"/);
    expect(v13.body).toContain('<Name>fine-grid.tmp</Name>');
    expect(v13.body).toMatch(/<Dimension name="lead" units="hours" default="0">0,3,6,.*,72<\/Dimension>/);
    expect(v13.body).toContain('<westBoundLongitude>105.475</westBoundLongitude>');
    // 39.6 − 160·0.05 − 0.025 without float noise.
    expect(v13.body).toContain('<southBoundLatitude>31.575</southBoundLatitude>');
    expect(v13.body).not.toMatch(/\d\.\d{7,}/);
    const v11 = await wms('SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.1.1');
    expect(v11.body).toContain('<WMT_MS_Capabilities version="1.1.1">');
    expect(v11.body).toContain('<LatLonBoundingBox minx="105.475"');
  });

  it('draws a transparent PNG with the colour map in EPSG:4326 and EPSG:3857', async () => {
    const res = await wms(MAP13);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 120, height: 160, channels: 4 });
    let opaque = 0;
    for (let k = 3; k < data.length; k += 4) if (data[k] === 255) opaque += 1;
    expect(opaque).toBeGreaterThan(120 * 160 * 0.9);
    // Outside the grid: fully transparent.
    const away = await wms(MAP13.replace('BBOX=31.6,105.5,39.6,111.5', 'BBOX=0,0,10,10'));
    const raw = await sharp(away.rawPayload).raw().toBuffer();
    expect(raw.every((v, k) => k % 4 !== 3 || v === 0)).toBe(true);
    const merc = await wms(
      'SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=fine-grid.tmp&STYLES=&SRS=EPSG:3857&BBOX=11800000,3800000,12300000,4500000&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE&DIM_LEAD=24',
    );
    expect(merc.headers['content-type']).toBe('image/png');
  });

  it('answers the value at a pixel in JSON and text, equal to the stored cell', async () => {
    // The box of the cells' outer edges at 1 px per cell: pixel (i, j) is the centre of cell (i, j).
    const q =
      MAP13.replace('GetMap', 'GetFeatureInfo')
        .replace('BBOX=31.6,105.5,39.6,111.5', 'BBOX=31.575,105.475,39.625,111.525')
        .replace('WIDTH=120&HEIGHT=160', 'WIDTH=121&HEIGHT=161') + '&QUERY_LAYERS=fine-grid.tmp&INFO_FORMAT=application/json&I=70&J=105';
    const res = await wms(q);
    const info = res.json();
    expect(info).toMatchObject({ layer: 'fine-grid.tmp', unit: '°C', lon: 109, lat: 34.35, lead: 0 });
    const row = await t.db.db
      .selectFrom('grid')
      .innerJoin('factor', 'factor.id', 'grid.factor_id')
      .select(['grid.storage_key'])
      .where('factor.code', '=', 'tmp')
      .where('grid.lead_hours', '=', 0)
      .executeTakeFirstOrThrow();
    // A revised version may be stored as a delta on its base: read as the store reads it.
    const values = (await readStoredValues(t.storage, row.storage_key))!;
    expect(info.value).toBeCloseTo(values[105 * 121 + 70]!, 2);
    const text = await wms(q.replace('application/json', 'text/plain'));
    expect(text.body).toContain(`value=${info.value.toFixed(2)} °C`);
  });

  it('answers JPEG (GDAL asks for it), every style, and feature info in HTML and GML (issue 14)', async () => {
    const jpeg = await wms(MAP13.replace('FORMAT=image/png', 'FORMAT=image/jpeg'));
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 120, height: 160 });
    const pixels = async (style: string) =>
      (await sharp((await wms(MAP13.replace('STYLES=', `STYLES=${style}`))).rawPayload)
        .raw()
        .toBuffer()) as Buffer;
    const [nearest, smooth, contours] = (await Promise.all(['nearest', 'smooth', 'contours'].map(pixels))) as [Buffer, Buffer, Buffer];
    expect(nearest.equals(await pixels(''))).toBe(true);
    expect(smooth.equals(nearest)).toBe(false);
    // Contours: dark isolines over transparency, and some of both.
    let line = 0;
    let clear = 0;
    for (let k = 0; k < contours.length; k += 4) {
      if (contours[k + 3] === 0) clear += 1;
      else if (contours[k] === 51) line += 1;
    }
    expect(line).toBeGreaterThan(100);
    expect(clear).toBeGreaterThan(120 * 160 * 0.5);
    // Vector isolines (issue 30): antialiased edges (partly transparent line pixels), and labels in dark ink on a
    // white halo on a larger tile of the province.
    expect(contours.some((v, k) => k % 4 === 3 && v > 0 && v < 200)).toBe(true);
    const tile = await wms(MAP13.replace('STYLES=', 'STYLES=contours').replace('WIDTH=120&HEIGHT=160', 'WIDTH=480&HEIGHT=640'));
    const big = (await sharp(tile.rawPayload).raw().toBuffer()) as Buffer;
    if (process.env.SAVE_TILES) (await import('node:fs')).writeFileSync(`${process.env.SAVE_TILES}/demo-contours.png`, tile.rawPayload);
    let ink = 0;
    let halo = 0;
    for (let k = 0; k < big.length; k += 4) {
      if (big[k + 3]! > 200 && big[k]! < 40) ink += 1;
      if (big[k + 3]! > 200 && big[k]! > 240) halo += 1;
    }
    expect(ink).toBeGreaterThan(20);
    expect(halo).toBeGreaterThan(100);
    const legend = await wms('SERVICE=WMS&REQUEST=GetLegendGraphic&VERSION=1.3.0&FORMAT=image/png&LAYER=fine-grid.tmp&STYLE=contours');
    expect(legend.headers['content-type']).toBe('image/png');
    const q = `${MAP13.replace('GetMap', 'GetFeatureInfo')}&QUERY_LAYERS=fine-grid.tmp&I=60&J=80`;
    const json = (await wms(q)).json();
    const html = await wms(`${q}&INFO_FORMAT=text/html`);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain(`<th>value</th><td>${json.value}</td>`);
    const gml = await wms(`${q}&INFO_FORMAT=application/vnd.ogc.gml`);
    expect(gml.body).toContain(`<value>${json.value}</value>`);
    expect(gml.body).toContain('<fine-grid.tmp_feature>');
  });

  it('draws a legend', async () => {
    const res = await wms('SERVICE=WMS&REQUEST=GetLegendGraphic&VERSION=1.3.0&FORMAT=image/png&LAYER=fine-grid.pre3h');
    expect(res.headers['content-type']).toBe('image/png');
    expect((await sharp(res.rawPayload).metadata()).height).toBeGreaterThan(100);
  });

  it.each([
    ['unknown layer', MAP13.replace('fine-grid.tmp', 'nope.tmp'), 'LayerNotDefined'],
    ['bad bbox', MAP13.replace('BBOX=31.6,105.5,39.6,111.5', 'BBOX=a,b,c,d'), 'InvalidParameterValue'],
    ['bad crs', MAP13.replace('CRS=EPSG:4326', 'CRS=EPSG:9999'), 'InvalidCRS'],
    ['missing lead', `${MAP13}&DIM_LEAD=5`, 'InvalidDimensionValue'],
    ['unknown style', MAP13.replace('STYLES=', 'STYLES=fancy'), 'StyleNotDefined'],
    ['latitude beyond 90', MAP13.replace('BBOX=31.6,105.5,39.6,111.5', 'BBOX=31.6,105.5,95,111.5'), 'InvalidParameterValue'],
    [
      'a queried layer not in LAYERS',
      `${MAP13.replace('GetMap', 'GetFeatureInfo')}&QUERY_LAYERS=fine-grid.rh&I=1&J=1`,
      'LayerNotQueryable',
    ],
    ['unknown request', 'SERVICE=WMS&VERSION=1.3.0&REQUEST=Explode', 'OperationNotSupported'],
  ])('answers %s with service-exception XML, never a 500', async (_name, query, code) => {
    const res = await wms(query);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    expect(res.body).toContain(`<ServiceException code="${code}"`);
  });

  it('refuses callers without a token or without a grid page', async () => {
    const anon = await t.app.inject({ method: 'GET', url: `/api/wms?${MAP13}` });
    expect(anon.statusCode).toBe(401);
    expect(anon.body).toContain('code="NotAuthorized"');
    const travel = await wms(MAP13, travelToken);
    expect(travel.statusCode).toBe(403);
  });
});

describe('point values', () => {
  it('thins points to the zoom and rounds values to 2 decimals', async () => {
    const get = (zoom: number, box: string) =>
      t.app
        .inject({
          method: 'GET',
          headers: t.bearer(token),
          url: `/api/lattice/getPoint?type=fine-grid&factor=tmp&lead=3&${box}&zoom=${zoom}`,
        })
        .then((r) => r.json().data);
    const far = await get(6, 'west=105.5&south=31.6&east=111.5&north=39.6');
    // At zoom 11 a 0.05° cell is about 70 px wide: every cell gets a label.
    const near = await get(11, 'west=108.5&south=34&east=109.5&north=34.6');
    expect(near.points).toHaveLength(21 * 13);
    expect(far.stride).toBeGreaterThan(near.stride);
    expect(far.points.length).toBeLessThan(near.points.length);
    expect(near.stride).toBe(1);
    for (const p of near.points.slice(0, 50)) expect(Math.round(p.value * 100) / 100).toBe(p.value);
    expect(far.unit).toBe('°C');
    // A revised point's own cell is labelled whatever the thinning (with the value the unthinned points give it), and
    // no lattice label crowds it.
    type P = { lon: number; lat: number; value: number };
    const farBox = 'west=105.5&south=31.6&east=111.5&north=39.6';
    const withCell = (await get(6, `${farBox}&at=${encodeURIComponent('108.931,34.271')}`)) as { points: P[]; stride: number };
    const own = (p: P) => Math.abs(p.lon - 108.931) <= 0.025 + 1e-9 && Math.abs(p.lat - 34.271) <= 0.025 + 1e-9;
    const labelled = withCell.points.filter(own);
    expect(labelled).toHaveLength(1);
    expect(labelled[0]!.value).toBe((near.points as P[]).find(own)!.value);
    const reach = withCell.stride * 0.05 - 1e-6;
    expect(
      withCell.points.filter(
        (p) => p !== labelled[0] && Math.abs(p.lon - labelled[0]!.lon) < reach && Math.abs(p.lat - labelled[0]!.lat) < reach,
      ),
    ).toEqual([]);
    const bad = await t.app.inject({
      method: 'GET',
      headers: t.bearer(token),
      url: `/api/lattice/getPoint?type=fine-grid&factor=tmp&lead=3&${farBox}&zoom=6&at=x`,
    });
    expect(bad.json().code).toBe(4100);
    const missing = await t.app.inject({
      method: 'GET',
      headers: t.bearer(token),
      url: '/api/lattice/getPoint?type=fine-grid&factor=tmp&lead=5&west=105&south=31&east=112&north=40&zoom=8',
    });
    expect(missing.json().code).toBe(4004);
  });
});

describe('one lead of one layer at a newer base time', () => {
  // Layer → defaults and values of its time (valid), reference_time (run) and lead dimensions in a capabilities document.
  function dimensions(xml: string, v13: boolean) {
    const out = new Map<string, { time: string; run: string; lead: number; times: string[]; runs: string[]; leads: number[] }>();
    for (const layer of xml.split('<Layer queryable="1"').slice(1)) {
      const name = /<Name>([^<]+)<\/Name>/.exec(layer)![1]!;
      const tag = v13 ? 'Dimension' : 'Extent';
      // Made products (zoning, risk levels) are layers without a time axis.
      if (!layer.includes(`<${tag} name="time"`)) continue;
      const dim = (d: string) => new RegExp(`<${tag} name="${d}"[^>]*default="([^"]+)">([^<]*)</${tag}>`).exec(layer)!;
      const [time, run, lead] = [dim('time'), dim('reference_time'), dim('lead')];
      out.set(name, {
        time: time[1]!,
        run: run[1]!,
        lead: Number(lead[1]),
        times: time[2]!.split(','),
        runs: run[2]!.split(','),
        leads: lead[2]!.split(',').map(Number),
      });
    }
    return out;
  }
  const getMap = (layer: string, extra = '') => wms(MAP13.replace('LAYERS=fine-grid.tmp', `LAYERS=${layer}`) + extra);

  it('advertise per-layer times and leads whose defaults all render', async () => {
    const demo = await t.db.db
      .selectFrom('grid')
      .innerJoin('factor', 'factor.id', 'grid.factor_id')
      .selectAll('grid')
      .where('factor.code', '=', 'tmp')
      .where('grid.lead_hours', '=', 6)
      .executeTakeFirstOrThrow();
    const older = demo.base_time;
    const newer = new Date(Date.parse(older) + 12 * 3_600_000).toISOString();
    const store = new GridStore(t.db.db, t.storage);
    await store.save(
      { customerId: demo.customer_id, forecastTypeId: demo.forecast_type_id, factorId: demo.factor_id, baseTime: newer, leadHours: 6 },
      await store.load(demo),
      { userId: null, name: 'importer' },
    );

    const leads = Array.from({ length: 25 }, (_, k) => k * 3);
    const valid = (base: string, lead: number) => new Date(Date.parse(base) + lead * 3_600_000).toISOString();
    for (const v13 of [true, false]) {
      const caps = await wms(`SERVICE=WMS&REQUEST=GetCapabilities&VERSION=${v13 ? '1.3.0' : '1.1.1'}`);
      const dims = dimensions(caps.body, v13);
      expect([...dims.keys()].sort()).toEqual(
        ['pre12h', 'pre24h', 'pre3h', 'rh', 'tcc', 'tmax', 'tmax24h', 'tmin', 'tmin24h', 'tmp', 'vis', 'wdir', 'wp', 'wsp'].map(
          (f) => `fine-grid.${f}`,
        ),
      );
      // tmp: the newer run has one lead of 25, so the default stays on the older, complete run; both runs are listed,
      // and every valid time of both.
      const allValid = [...new Set([...leads.map((l) => valid(older, l)), valid(newer, 6)])].sort();
      expect(dims.get('fine-grid.tmp')).toEqual({ time: older, run: older, lead: 0, times: allValid, runs: [newer, older], leads });
      // The daily extremes are stored at the ends of the forecast days only: their axis starts there. Derived 12 h totals
      // end every 12 h, 24 h totals at the ends of the forecast days whose every 3 h amount is stored.
      const daily = dailyExtremeLeads(new Date(older), 72);
      const ownLeads: Record<string, number[]> = {
        'fine-grid.tmax': daily,
        'fine-grid.tmin': daily,
        'fine-grid.tmax24h': daily,
        'fine-grid.tmin24h': daily,
        'fine-grid.pre24h': daily.filter((l) => l >= 24),
        'fine-grid.pre12h': [12, 24, 36, 48, 60, 72],
        // An amount ends at its lead: the first 3 h amount is at lead 3.
        'fine-grid.pre3h': leads.slice(1),
      };
      for (const [name, d] of dims) {
        if (name === 'fine-grid.tmp') continue;
        const own = ownLeads[name] ?? leads;
        expect(d).toEqual({
          time: valid(older, own[0]!),
          run: older,
          lead: own[0],
          times: own.map((l) => valid(older, l)),
          runs: [older],
          leads: own,
        });
      }
    }

    const dims = dimensions((await wms('SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0')).body, true);
    for (const [name, d] of dims) {
      for (const extra of [
        '',
        `&TIME=${d.time}`,
        `&TIME=${d.time}&DIM_REFERENCE_TIME=${d.run}`,
        `&DIM_REFERENCE_TIME=${d.run}&DIM_LEAD=${d.lead}`,
        `&TIME=${d.times[d.times.length - 1]}`,
        ...d.runs.map((r) => `&DIM_REFERENCE_TIME=${r}`),
      ]) {
        const res = await getMap(name, extra);
        expect([name, extra, res.statusCode, res.headers['content-type']]).toEqual([name, extra, 200, 'image/png']);
      }
      // Without dimensions the layer draws its advertised defaults.
      const info = await wms(
        `${MAP13.replace('GetMap', 'GetFeatureInfo').replaceAll('fine-grid.tmp', name)}&QUERY_LAYERS=${name}&I=60&J=80`,
      );
      expect(info.json()).toMatchObject({ baseTime: d.run, lead: d.lead, validTime: d.time });
    }
    // Every valid time of tmp draws, from the run that has it; the newer run is reached by its reference time.
    const tmp = dims.get('fine-grid.tmp')!;
    const at = async (extra: string) =>
      (await wms(`${MAP13.replace('GetMap', 'GetFeatureInfo')}&QUERY_LAYERS=fine-grid.tmp&I=60&J=80${extra}`)).json();
    expect(await at(`&TIME=${valid(older, 6)}`)).toMatchObject({ baseTime: older, lead: 6 });
    expect(await at(`&TIME=${valid(older, 72)}`)).toMatchObject({ baseTime: older, lead: 72 });
    expect(await at(`&TIME=${valid(newer, 6)}&DIM_REFERENCE_TIME=${newer}`)).toMatchObject({ baseTime: newer, lead: 6 });
    expect(await at(`&DIM_REFERENCE_TIME=${newer}`)).toMatchObject({ baseTime: newer, lead: 6 });
    for (const time of tmp.times) expect((await getMap('fine-grid.tmp', `&TIME=${time}`)).headers['content-type']).toBe('image/png');
    const absent = await getMap('fine-grid.tmp', `&TIME=${valid(newer, 0)}&DIM_REFERENCE_TIME=${newer}`);
    expect(absent.body).toContain('<ServiceException code="InvalidDimensionValue" locator="TIME"');

    // The catalogue (map and revision pages) gives the same per-layer times.
    const catalog = (await t.app.inject({ method: 'GET', url: '/api/grid/catalog', headers: t.bearer(token) })).json().data;
    const factors = catalog.find((x: { code: string }) => x.code === 'fine-grid').factors;
    for (const f of factors as Array<{ layer: string; baseTimes: string[]; leads: number[] }>) {
      const d = dims.get(f.layer)!;
      expect({ layer: f.layer, baseTimes: f.baseTimes }).toEqual({ layer: f.layer, baseTimes: d.runs });
    }
  });
});
