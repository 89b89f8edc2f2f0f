import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GridStore } from '../src/modules/grids/store.js';
import { parseWmsRequest, type MapRequest } from '../src/modules/wms/params.js';
import { renderGridPixels } from '../src/modules/wms/render.js';
import { layerGrid } from '../src/modules/wms/service.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

/**
 * Large WMS images (issue 19): a stated size limit and drawing off the event loop (the turns per user are tested with
 * the renderer itself, renderer.test.ts). The hook sees every large image before it is drawn.
 */
let t: TestApp;
let token: string;
const entered: number[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { DEMO: '1' },
    {
      wmsHooks: {
        beforeHeavyRender: async () => {
          entered.push(Date.now());
        },
      },
    },
  );
  token = (await t.login('demo-revise', ADMIN_PASSWORD, '10.31.0.1')).access_token;
});
afterAll(async () => {
  await t.close();
});

const wms = (query: string, tok = token) => t.app.inject({ method: 'GET', url: `/api/wms?token=${tok}&${query}` });
const map = (width: number, height: number) =>
  `SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=fine-grid.tmp&STYLES=&CRS=EPSG:4326&BBOX=31.6,105.5,39.6,111.5&WIDTH=${width}&HEIGHT=${height}&FORMAT=image/png&TRANSPARENT=TRUE`;

describe('large WMS images', () => {
  it('are limited to 4096 pixels a side, as the 1.3.0 capabilities state, with one layer per map', async () => {
    const caps = (await wms('SERVICE=WMS&VERSION=1.3.0&REQUEST=GetCapabilities')).body;
    const service = caps.slice(caps.indexOf('<Service>'), caps.indexOf('</Service>'));
    expect(service).toContain('<LayerLimit>1</LayerLimit>');
    expect(service).toContain('<MaxWidth>4096</MaxWidth>');
    expect(service).toContain('<MaxHeight>4096</MaxHeight>');
    for (const [w, h, locator] of [
      [4097, 100, 'WIDTH'],
      [100, 5000, 'HEIGHT'],
    ] as const) {
      const refused = await wms(map(w, h));
      expect(refused.body).toContain('InvalidParameterValue');
      expect(refused.body).toContain(`locator="${locator}"`);
    }
  });

  it('are drawn in a worker thread, pixel for pixel what the renderer draws inline; tiles are drawn inline', async () => {
    const before = entered.length;
    expect((await wms(map(256, 256))).statusCode).toBe(200);
    expect(entered.length).toBe(before);
    const query = map(1024, 768);
    const answer = await wms(query);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(entered.length).toBe(before + 1);
    const request = parseWmsRequest(Object.fromEntries(new URLSearchParams(query))) as MapRequest & { request: 'GetMap' };
    const customerId = t.seedReport.demoCustomerId!;
    const resolved = await layerGrid(t.db.db, new GridStore(t.db.db, t.storage), customerId, 'fine-grid.tmp', {});
    const expected = await renderGridPixels(resolved.grid, resolved.factor.colormap, request, 'nearest');
    const { data, info } = await sharp(answer.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1024, 768]);
    expect(Buffer.compare(data, Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength))).toBe(0);
  });
});
