import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

describe('map layers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: '1' });
    token = (await t.login('demo-make', ADMIN_PASSWORD, '10.40.0.1')).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('without a Tianditu key defaults to the offline base layer and lists the demo products', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gis/all', headers: t.bearer(token) });
    const data = res.json().data;
    expect(data.defaultBase).toBe('offline');
    expect(data.baseLayers.map((l: { id: string }) => l.id)).toEqual(['amap-vec', 'amap-img', 'osm', 'offline', 'offline-provinces']);
    expect(data.baseLayers.find((l: { id: string }) => l.id === 'amap-vec').crs).toBe('GCJ-02');
    expect(data.products.find((p: { code: string }) => p.code === 'fine-grid').baseTimes).toHaveLength(1);
    expect(data.wmsUrl).toBe('/api/wms');
    expect(JSON.stringify(data)).not.toContain('tk=');
  });

  it('serves the offline outlines as GeoJSON without network', async () => {
    const countries = await t.app.inject({ method: 'GET', url: '/api/gis/offline/countries.json' });
    expect(countries.headers['content-type']).toMatch(/geo\+json/);
    const fc = countries.json();
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.length).toBeGreaterThan(200);
    const provinces = (await t.app.inject({ method: 'GET', url: '/api/gis/offline/provinces.json' })).json();
    expect(provinces.features.map((f: { properties: { name: string } }) => f.properties.name)).toContain('陕西');
  });
});

describe('with a Tianditu key', () => {
  it('offers the normal, satellite and terrain layers with their annotations, the normal one first by default', async () => {
    const key = 'a'.repeat(32);
    const t = await createTestApp({ TIANDITU_KEY: key });
    try {
      const token = (await t.login('admin')).access_token;
      const data = (await t.app.inject({ method: 'GET', url: '/api/gis/all', headers: t.bearer(token) })).json().data;
      expect(data.defaultBase).toBe('tianditu-vec');
      const tdt = data.baseLayers.filter((l: { group: string }) => l.group === 'tianditu');
      expect(tdt.map((l: { id: string }) => l.id)).toEqual([
        'tianditu-vec',
        'tianditu-cva',
        'tianditu-img',
        'tianditu-cia',
        'tianditu-ter',
        'tianditu-cta',
      ]);
      expect(tdt[0].url).toContain(`LAYER=vec&`);
      expect(tdt[0].url).toContain(`tk=${key}`);
      expect(tdt[1].overlay).toBe(true);
    } finally {
      await t.close();
    }
  });
});
