import fs from 'node:fs';
import { createGrid, readGeoTiff, windDirection } from '@agromet/grid';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GridStore } from '../src/modules/grids/store.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';
import { addWindComponentType } from './revise-helpers.js';

/**
 * Elements a forecaster expects, on the demo forecast: 12 h / 24 h precipitation and daily extremes derived on demand
 * (never stored), wind drawn as arrows and barbs on wind layers only.
 */
let t: TestApp;
let token = '';
let baseTime = '';
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  token = (await t.login('demo-revise', ADMIN_PASSWORD)).access_token;
  const catalog = (await t.app.inject({ method: 'GET', url: '/api/grid/catalog', headers: t.bearer(token) })).json().data;
  baseTime = catalog[0].baseTimes[0];
});
afterAll(async () => {
  await t.close();
});

const wms = (query: string) => t.app.inject({ method: 'GET', url: `/api/wms?token=${token}&${query}` });
const MAP = (layer: string, style: string, extra = '') =>
  `SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${layer}&STYLES=${style}&CRS=EPSG:4326&BBOX=31.6,105.5,39.6,111.5&WIDTH=240&HEIGHT=320&FORMAT=image/png&TRANSPARENT=TRUE&DIM_REFERENCE_TIME=${baseTime}${extra}`;

/** The values of a grid as exported (GeoTIFF, Float32, the stored or derived values themselves). */
async function exported(factor: string, lead: number): Promise<Float32Array> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/grid/export?type=fine-grid&factor=${factor}&lead=${lead}&baseTime=${encodeURIComponent(baseTime)}&format=geotiff`,
    headers: t.bearer(token),
  });
  expect(res.statusCode, `${factor} +${lead}: ${res.body.slice(0, 200)}`).toBe(200);
  return (await readGeoTiff(res.rawPayload)).grid.values;
}

describe('derived elements', () => {
  it('are listed in the catalogue with their own leads, marked derived, and never stored', async () => {
    const catalog = (await t.app.inject({ method: 'GET', url: '/api/grid/catalog', headers: t.bearer(token) })).json().data;
    const fine = catalog.find((c: { code: string }) => c.code === 'fine-grid');
    const f = (code: string) => fine.factors.find((x: { code: string }) => x.code === code);
    // The first 08–08 Beijing day (00–00 UTC) wholly inside the run: lead 24 of a 00 UTC run, lead 36 of a 12 UTC one.
    const first = 24 + ((24 - new Date(baseTime).getUTCHours()) % 24);
    expect(f('pre24h')).toMatchObject({
      derived: true,
      layer: 'fine-grid.pre24h',
      unit: 'mm',
      leads: [first, first + 24, first + 48].filter((l) => l <= 72),
    });
    expect(f('pre12h').leads).toEqual([12, 24, 36, 48, 60, 72]);
    expect(f('tmax24h')).toMatchObject({ derived: true, leads: f('tmax').leads });
    expect(f('tmin24h').leads).toEqual(f('tmin').leads);
    expect(f('pre24h').id).toBeLessThan(0);
    expect(f('tmp').derived).toBeUndefined();
    const stored = await t.db.db.selectFrom('factor').select('code').execute();
    expect(stored.map((s) => s.code)).not.toContain('pre24h');
    // Not offered for revision: the forecaster's types list stored factors only.
    const mine = (await t.app.inject({ method: 'GET', url: '/api/forecasr/findByUserForevast', headers: t.bearer(token) })).json().data;
    expect(mine[0].factors.map((x: { code: string }) => x.code)).not.toContain('pre24h');
  });

  it('12 h and 24 h totals are the sums of the 3 h amounts of their window, cell by cell', async () => {
    const lastDay = (
      await (await t.app.inject({ method: 'GET', url: '/api/grid/catalog', headers: t.bearer(token) })).json()
    ).data[0].factors.find((x: { code: string }) => x.code === 'pre24h').leads as number[];
    for (const [factor, hours, end] of [
      ['pre12h', 12, 36],
      ['pre24h', 24, lastDay[lastDay.length - 1]!],
    ] as const) {
      const total = await exported(factor, end);
      const parts: Float32Array[] = [];
      for (let l = end - hours + 3; l <= end; l += 3) parts.push(await exported('pre3h', l));
      let wet = 0;
      for (let k = 0; k < total.length; k++) {
        let sum = 0;
        for (const p of parts) sum += p[k]!;
        expect(total[k]).toBe(Math.fround(sum));
        if (sum > 0) wet++;
      }
      expect(wet).toBeGreaterThan(0);
    }
  });

  it('the daily maximum is the highest of the day (stored extreme and 3-hourly temperatures), the minimum the lowest', async () => {
    const end = (
      await (await t.app.inject({ method: 'GET', url: '/api/grid/catalog', headers: t.bearer(token) })).json()
    ).data[0].factors.find((x: { code: string }) => x.code === 'tmax').leads[0] as number;
    const [hi, lo, tmax, tmin] = [
      await exported('tmax24h', end),
      await exported('tmin24h', end),
      await exported('tmax', end),
      await exported('tmin', end),
    ];
    const day: Float32Array[] = [];
    for (let l = Math.max(0, end - 21); l <= end; l += 3) day.push(await exported('tmp', l));
    for (let k = 0; k < hi.length; k++) {
      // (+ 0: a zero is a zero whatever its sign)
      expect(hi[k]! + 0).toBe(Math.max(tmax[k]!, ...day.map((d) => d[k]!)) + 0);
      expect(lo[k]! + 0).toBe(Math.min(tmin[k]!, ...day.map((d) => d[k]!)) + 0);
    }
  });

  it('draws in the WMS at their valid times, and answers GetFeatureInfo with the derived value', async () => {
    const res = await wms(MAP('fine-grid.pre24h', 'nearest'));
    expect(res.headers['content-type']).toBe('image/png');
    const caps = (await wms('SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0')).body;
    expect(caps).toContain('<Name>fine-grid.pre24h</Name>');
    expect(caps).toContain('<Name>fine-grid.tmax24h</Name>');
    const info = (
      await wms(
        MAP('fine-grid.pre12h', '', '&DIM_LEAD=24').replace('GetMap', 'GetFeatureInfo') + '&QUERY_LAYERS=fine-grid.pre12h&I=120&J=160',
      )
    ).json();
    expect(info).toMatchObject({ layer: 'fine-grid.pre12h', lead: 24, unit: 'mm' });
    const parts = [];
    for (const l of [15, 18, 21, 24])
      parts.push(
        (
          await wms(
            MAP('fine-grid.pre3h', '', `&DIM_LEAD=${l}`).replace('GetMap', 'GetFeatureInfo') + '&QUERY_LAYERS=fine-grid.pre3h&I=120&J=160',
          )
        ).json().value as number,
      );
    expect(info.value).toBeCloseTo(
      parts.reduce((a, b) => a + b, 0),
      4,
    );
  });
});

describe('wind styles', () => {
  it('are offered for wind speed and direction only, each with its legend', async () => {
    const caps = (await wms('SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0')).body;
    const stylesOf = (layer: string) => {
      const at = caps.indexOf(`<Name>${layer}</Name>`);
      const block = caps.slice(at, caps.indexOf('</Layer>', at));
      return [...block.matchAll(/<Style><Name>(\w+)<\/Name>/g)].map((m) => m[1]);
    };
    expect(stylesOf('fine-grid.wsp')).toEqual(['nearest', 'smooth', 'contours', 'arrows', 'barbs']);
    expect(stylesOf('fine-grid.wdir')).toEqual(['nearest', 'smooth', 'contours', 'arrows', 'barbs']);
    expect(stylesOf('fine-grid.tmp')).toEqual(['nearest', 'smooth', 'contours']);
    expect(caps).toContain('LAYER=fine-grid.wsp&amp;STYLE=arrows');
    for (const style of ['arrows', 'barbs']) {
      const legend = await wms(`SERVICE=WMS&REQUEST=GetLegendGraphic&VERSION=1.3.0&FORMAT=image/png&LAYER=fine-grid.wsp&STYLE=${style}`);
      expect(legend.headers['content-type']).toBe('image/png');
      const refused = await wms(`SERVICE=WMS&REQUEST=GetLegendGraphic&VERSION=1.3.0&FORMAT=image/png&LAYER=fine-grid.tmp&STYLE=${style}`);
      expect(refused.body).toContain('<ServiceException code="StyleNotDefined" locator="STYLE"');
    }
    const tmp = await wms(MAP('fine-grid.tmp', 'arrows'));
    expect(tmp.body).toContain('<ServiceException code="StyleNotDefined" locator="STYLES"');
  });

  it('draws symbols on a lattice over transparency: pixels unlike the nearest style, the same for speed and direction', async () => {
    const pixels = async (layer: string, style: string) => {
      const res = await wms(MAP(layer, style, '&DIM_LEAD=60'));
      expect(res.headers['content-type']).toBe('image/png');
      const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
      if (process.env.WIND_PNG_DIR) fs.writeFileSync(`${process.env.WIND_PNG_DIR}/${layer}-${style}.png`, res.rawPayload);
      expect(info.channels).toBe(4);
      return data;
    };
    const nearest = await pixels('fine-grid.wsp', 'nearest');
    const arrows = await pixels('fine-grid.wsp', 'arrows');
    const barbs = await pixels('fine-grid.wsp', 'barbs');
    const count = (d: Buffer, test: (k: number) => boolean) => {
      let n = 0;
      for (let k = 0; k < d.length; k += 4) if (test(k)) n++;
      return n;
    };
    // Nearest colours every cell; the symbols leave most pixels transparent and ink (dark, opaque) some of them.
    expect(count(nearest, (k) => nearest[k + 3]! === 0)).toBeLessThan((240 * 320) / 10);
    for (const d of [arrows, barbs]) {
      const clear = count(d, (k) => d[k + 3]! === 0);
      const ink = count(d, (k) => d[k + 3]! > 200 && d[k]! < 80);
      expect(clear).toBeGreaterThan(240 * 320 * 0.6);
      expect(ink).toBeGreaterThan(300);
    }
    expect(Buffer.compare(arrows, barbs)).not.toBe(0);
    // The direction layer draws the same wind.
    expect(Buffer.compare(await pixels('fine-grid.wdir', 'arrows'), arrows)).toBe(0);
  });
});

describe('wind from u and v', () => {
  it('a type storing the components offers speed and direction computed from them, and wind styles', async () => {
    // A type of an office that stores 10 m wind as components (inserted as an office would configure it).
    const { type, ids } = await addWindComponentType(t, 'uv-grid');
    const customer = (
      await t.db.db.selectFrom('app_user').select('customer_id').where('username', '=', 'demo-revise').executeTakeFirstOrThrow()
    ).customer_id;
    const geometry = { lon0: 108, lat0: 35, dx: 0.1, dy: -0.1, nx: 20, ny: 10 };
    const u = createGrid(geometry, 0);
    const v = createGrid(geometry, 0);
    for (let k = 0; k < u.values.length; k++) {
      u.values[k] = (k % 7) - 3;
      v.values[k] = (k % 5) - 2;
    }
    u.values[5] = Number.NaN;
    const store = new GridStore(t.db.db, t.storage);
    const run = '2026-07-01T00:00:00.000Z';
    for (const [code, grid] of [
      ['u', u],
      ['v', v],
    ] as const)
      await store.save({ customerId: customer, forecastTypeId: type.id, factorId: ids[code]!, baseTime: run, leadHours: 3 }, grid, {
        userId: null,
        name: 'importer',
      });

    const catalog = (await t.app.inject({ method: 'GET', url: '/api/grid/catalog', headers: t.bearer(token) })).json().data;
    const uv = catalog.find((c: { code: string }) => c.code === 'uv-grid');
    expect(uv.factors.map((f: { code: string; derived?: boolean }) => [f.code, f.derived ?? false])).toEqual([
      ['u', false],
      ['v', false],
      ['wsp', true],
      ['wdir', true],
    ]);
    const read = async (factor: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/grid/export?type=uv-grid&factor=${factor}&lead=3&baseTime=${encodeURIComponent(run)}&format=geotiff`,
        headers: t.bearer(token),
      });
      return (await readGeoTiff(res.rawPayload)).grid.values;
    };
    const [speed, direction] = [await read('wsp'), await read('wdir')];
    for (let k = 0; k < u.values.length; k++) {
      if (k === 5) {
        expect(speed[k]).toBeNaN();
        continue;
      }
      expect(speed[k]).toBe(Math.fround(Math.hypot(u.values[k]!, v.values[k]!)));
      expect(direction[k]).toBe(Math.fround(windDirection(u.values[k]!, v.values[k]!)));
    }
    const caps = (await wms('SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0')).body;
    const at = caps.indexOf('<Name>uv-grid.wsp</Name>');
    expect(caps.slice(at, caps.indexOf('</Layer>', at))).toContain('<Name>barbs</Name>');
  });
});
