// GDAL's own WMS driver against our WMS on loopback: it reads the capabilities, asks GetMap as it does by default
// (image/jpeg, WMS 1.1.1 unless told), and the pixels it reads are the colours of the values the API answers.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { compileColorMap } from '@agromet/grid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

const run = promisify(execFile);
const hasGdal = spawnSync('gdalinfo', ['--version']).status === 0;

describe.skipIf(!hasGdal)("GDAL's WMS driver reads our WMS", () => {
  let t: TestApp;
  let base: string;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: '1' });
    token = (await t.login('demo-revise', ADMIN_PASSWORD, '10.31.0.1')).access_token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/wms?token=${token}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists our layers as subdatasets from the capabilities', async () => {
    const { stdout } = await run('gdalinfo', [`WMS:${base}`], { env: { ...process.env, GDAL_HTTP_TIMEOUT: '30' } });
    expect(stdout).toMatch(/SUBDATASET_\d+_NAME=WMS:.*LAYERS=fine-grid\.tmp/);
    expect(stdout).toMatch(/SUBDATASET_\d+_DESC=.*气温/);
  });

  it('draws with its default request (JPEG) the colours of the values GetFeatureInfo answers', async () => {
    const { stdout } = await run('gdalinfo', [`WMS:${base}`]);
    const name = /SUBDATASET_\d+_NAME=(WMS:\S*LAYERS=fine-grid\.tmp\S*)/.exec(stdout)![1]!;
    const out = path.join(t.dataDir, 'gdal-wms.tif');
    // A 60 × 80 image of the south-east of the grid: 0.1° per pixel, so each pixel centre is a grid cell centre.
    const box = { west: 106.5, north: 36.0, east: 112.5, south: 28.0 };
    const translated = await run(
      'gdal_translate',
      [
        '-q',
        '-of',
        'GTiff',
        '-projwin',
        String(box.west),
        String(box.north),
        String(box.east),
        String(box.south),
        '-outsize',
        '60',
        '80',
        name,
        out,
      ],
      { env: { ...process.env, CPL_CURL_VERBOSE: 'YES' } },
    );
    // GDAL asked GetMap for JPEG, its default.
    expect(translated.stderr).toMatch(/GET \S*REQUEST=GetMap\S*FORMAT=image(%2F|\/)jpeg/i);
    const info = JSON.parse((await run('gdalinfo', ['-json', out])).stdout);
    expect(info.bands.length).toBeGreaterThanOrEqual(3);
    const colormap = (await t.app.inject({ method: 'GET', url: '/api/grid/catalog', headers: t.bearer(token) }))
      .json()
      .data.find((x: { code: string }) => x.code === 'fine-grid')
      .factors.find((f: { code: string }) => f.code === 'tmp').colormap;
    const paint = compileColorMap(colormap);
    let compared = 0;
    for (const [lon, lat] of [
      [108.95, 34.25],
      [107.05, 33.05],
      [110.55, 35.55],
      [109.45, 32.45],
    ] as const) {
      const gdal = (await run('gdallocationinfo', ['-valonly', '-geoloc', out, String(lon), String(lat)])).stdout
        .trim()
        .split(/\s+/)
        .map(Number);
      const q = `SERVICE=WMS&VERSION=1.1.1&REQUEST=GetFeatureInfo&LAYERS=fine-grid.tmp&QUERY_LAYERS=fine-grid.tmp&STYLES=&SRS=EPSG:4326&BBOX=${lon - 0.05},${lat - 0.05},${lon + 0.05},${lat + 0.05}&WIDTH=1&HEIGHT=1&X=0&Y=0&INFO_FORMAT=application/json`;
      const api = (await t.app.inject({ method: 'GET', url: `/api/wms?token=${token}&${q}` })).json();
      if (api.value === null) continue;
      const px = new Uint8ClampedArray(4);
      paint(api.value, px, 0);
      // JPEG is lossy: each channel within a few levels of the colour of the API's value.
      for (let c = 0; c < 3; c++) expect(Math.abs(gdal[c]! - px[c]!), `${lon},${lat} channel ${c}`).toBeLessThanOrEqual(24);
      compared += 1;
    }
    expect(compared).toBeGreaterThanOrEqual(3);
    fs.rmSync(out, { force: true });
  });

  it('reads exactly the colours of the API values through a GDAL_WMS description in 1.3.0 (latitude-first EPSG:4326, PNG)', async () => {
    const xml = path.join(t.dataDir, 'wms13.xml');
    const serverUrl = base.replace(/&/g, '&amp;');
    // 0.05° per pixel over the grid's cells: pixel centres on cell centres.
    fs.writeFileSync(
      xml,
      `<GDAL_WMS>
  <Service name="WMS">
    <Version>1.3.0</Version>
    <ServerUrl>${serverUrl}</ServerUrl>
    <CRS>EPSG:4326</CRS>
    <BBoxOrder>yxYX</BBoxOrder>
    <ImageFormat>image/png</ImageFormat>
    <Layers>fine-grid.tmp</Layers>
    <Styles>nearest</Styles>
    <Transparent>TRUE</Transparent>
  </Service>
  <DataWindow>
    <UpperLeftX>105.475</UpperLeftX><UpperLeftY>39.625</UpperLeftY>
    <LowerRightX>111.525</LowerRightX><LowerRightY>31.575</LowerRightY>
    <SizeX>121</SizeX><SizeY>161</SizeY>
  </DataWindow>
  <BandsCount>4</BandsCount>
  <BlockSizeX>121</BlockSizeX><BlockSizeY>161</BlockSizeY>
</GDAL_WMS>
`,
    );
    const out = path.join(t.dataDir, 'gdal-wms13.tif');
    const translated = await run('gdal_translate', ['-q', '-of', 'GTiff', xml, out], {
      env: { ...process.env, CPL_CURL_VERBOSE: 'YES' },
    });
    // 1.3.0 with EPSG:4326 is latitude first, as the standard says; this GDAL sends longitude first unless the
    // description says BBoxOrder yxYX (without it our server refuses the box: latitude 105 is beyond 90).
    expect(translated.stderr).toMatch(/bbox=31\.57\d*,105\.47\d*,39\.62\d*,111\.52\d*/i);
    const colormap = (await t.app.inject({ method: 'GET', url: '/api/grid/catalog', headers: t.bearer(token) }))
      .json()
      .data.find((x: { code: string }) => x.code === 'fine-grid')
      .factors.find((f: { code: string }) => f.code === 'tmp').colormap;
    const paint = compileColorMap(colormap);
    for (const [lon, lat] of [
      [108.95, 34.25],
      [105.5, 39.6],
      [111.5, 31.6],
      [110.05, 36.7],
    ] as const) {
      const gdal = (await run('gdallocationinfo', ['-valonly', '-geoloc', out, String(lon), String(lat)])).stdout
        .trim()
        .split(/\s+/)
        .map(Number);
      const q = `SERVICE=WMS&VERSION=1.3.0&REQUEST=GetFeatureInfo&LAYERS=fine-grid.tmp&QUERY_LAYERS=fine-grid.tmp&STYLES=&CRS=CRS:84&BBOX=${lon - 0.025},${lat - 0.025},${lon + 0.025},${lat + 0.025}&WIDTH=1&HEIGHT=1&I=0&J=0`;
      const api = (await t.app.inject({ method: 'GET', url: `/api/wms?token=${token}&${q}` })).json();
      const px = new Uint8ClampedArray(4);
      // The API rounds to 2 decimals; the demo's values are tenths, so the Float32 of that is the stored value.
      paint(Math.fround(api.value), px, 0);
      expect({ lon, lat, rgba: gdal }).toEqual({ lon, lat, rgba: [...px] });
    }
  });
});
