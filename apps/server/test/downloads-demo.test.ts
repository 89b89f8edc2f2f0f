import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/core/db/index.js';
import { stationTable } from '../src/modules/downloads/station-table.js';
import { GridStore } from '../src/modules/grids/store.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

/**
 * The library on the demo (DEMO=1): a newcomer finds the demo map product at once; issued forecast files and zoning
 * products appear from their own tables as soon as they are made, and are served and previewed from there.
 */
interface Item {
  id: string;
  kind: string;
  name: string;
  format: string;
  contentType: string;
  size: number | null;
  author: string;
  previewable: boolean;
  deletable: boolean;
  forecastType: string | null;
  factor: string | null;
}

let t: TestApp;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  for (const u of ['demo-make', 'demo-zoning', 'demo-revise']) tok[u] = (await t.login(u, ADMIN_PASSWORD)).access_token;
}, 240_000);
afterAll(async () => {
  await t.close();
});

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...t.bearer(tok[who]!), 'accept-language': 'zh' }, ...(payload ? { payload } : {}) });
const page = async (query = '') =>
  (await call('demo-make', 'GET', `/api/download/page?size=100&${query}`)).json().data as { list: Item[]; total: number };

describe('the demo library', () => {
  it('holds the demo map product from the first start, as PNG and PDF', async () => {
    const { list } = await page('kind=map-product');
    expect(list.length).toBeGreaterThanOrEqual(2);
    const png = list.find((i) => i.format === 'png')!;
    const pdf = list.find((i) => i.format === 'pdf')!;
    expect(png).toMatchObject({ contentType: 'image/png', previewable: true });
    expect(pdf).toMatchObject({ contentType: 'application/pdf', previewable: true });
    const file = await call('demo-make', 'GET', `/api/download/file?id=${png.id}`);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await sharp(file.rawPayload).metadata()).width).toBeGreaterThan(500);
    const pdfFile = await call('demo-make', 'GET', `/api/download/file?id=${pdf.id}`);
    expect(pdfFile.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(pdfFile.headers['content-disposition'])).toContain("filename*=UTF-8''");
  });

  it('holds the demo risk product from the first start, its map previewed and its PDF thumbnailed by the map', async () => {
    const { list } = await page('kind=risk-product');
    const png = list.find((i) => i.format === 'png')!;
    const pdf = list.find((i) => i.format === 'pdf')!;
    expect(png).toMatchObject({ contentType: 'image/png', previewable: true, deletable: false });
    const preview = await call('demo-make', 'GET', `/api/download/preview?id=${png.id}`);
    expect(preview.headers['content-type']).toBe('image/png');
    const thumb = await call('demo-make', 'GET', `/api/download/preview?id=${pdf.id}&thumb=1`);
    expect(thumb.headers['content-type']).toBe('image/png');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(240);
  });

  it('lists a zoning product from its own table, serves its zip and previews its map; deletes it only on the zoning list', async () => {
    const crops = (await call('demo-zoning', 'GET', '/api/crop/all')).json().data as Array<{ id: number; criteriaCount: number }>;
    const cropId = crops.find((c) => c.criteriaCount > 0)!.id;
    const criteria = (await call('demo-zoning', 'GET', `/api/qhCriterion/allByCrop?cropId=${cropId}`)).json().data as Array<{ id: number }>;
    const run = (await call('demo-zoning', 'POST', '/api/quhua/execute', { criteriaId: criteria[0]!.id, name: '秦岭 区划/示例' })).json();
    expect(run.code).toBe(0);
    await t.jobs.waitFor(run.data.jobId);
    const item = (await page('kind=zoning')).list.find((i) => i.id === `zoning-${run.data.productId}`)!;
    expect(item).toMatchObject({ name: '秦岭 区划_示例.zip', format: 'zip', size: null, previewable: true, deletable: false });
    const zip = await call('demo-make', 'GET', `/api/download/file?id=${item.id}`);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(String(zip.headers['content-disposition'])).toContain(encodeURIComponent('秦岭 区划_示例.zip'));
    const members = Object.keys(unzipSync(new Uint8Array(zip.rawPayload)));
    expect(members.some((m) => m.endsWith('.tif'))).toBe(true);
    const preview = await call('demo-make', 'GET', `/api/download/preview?id=${item.id}`);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(String(preview.headers['content-disposition'])).toMatch(/^inline/);
    const refused = await call('demo-make', 'POST', '/api/download/delete', { ids: [item.id] });
    expect(refused.json().code).toBe(4003);
    // Deleted on the zoning list, it leaves the library with it.
    expect((await call('demo-zoning', 'POST', '/api/quhua/delete', { productId: run.data.productId })).json().code).toBe(0);
    expect((await page('kind=zoning')).list.some((i) => i.id === item.id)).toBe(false);
    expect((await call('demo-make', 'GET', `/api/download/file?id=${item.id}`)).json().code).toBe(4004);
  });

  it('lists the files of an issued forecast with their content types and run; they have no preview', async () => {
    const catalog = (await call('demo-revise', 'GET', '/api/grid/catalog')).json().data as Array<{ code: string; baseTimes: string[] }>;
    const fine = catalog.find((c) => c.code === 'fine-grid')!;
    const issued = (
      await call('demo-revise', 'POST', '/api/revise/submit', {
        type: 'fine-grid',
        baseTime: fine.baseTimes[0],
        factors: ['tmp'],
        confirmViolations: true,
      })
    ).json();
    expect(issued.code).toBe(0);
    await t.jobs.waitFor(issued.data.jobId);
    const { list, total } = await page('kind=forecast-file&factor=tmp');
    expect(total).toBe(issued.data.grids * 2);
    const tif = list.find((i) => i.format === 'tiff')!;
    const m4 = list.find((i) => i.format === 'micaps4')!;
    expect(tif).toMatchObject({ forecastType: 'fine-grid', factor: 'tmp', author: '订正预报员', previewable: false, deletable: false });
    expect((await call('demo-make', 'GET', `/api/download/file?id=${tif.id}`)).headers['content-type']).toBe('image/tiff');
    expect((await call('demo-make', 'GET', `/api/download/file?id=${m4.id}`)).headers['content-type']).toBe('text/plain; charset=gbk');
    expect((await call('demo-make', 'GET', `/api/download/preview?id=${tif.id}`)).json().code).toBe(4004);
    // Several kinds in one zip.
    const mapPng = (await page('kind=map-product')).list.find((i) => i.format === 'png')!;
    const zip = await call('demo-make', 'POST', '/api/download/zip', { ids: [tif.id, m4.id, mapPng.id] });
    expect(Object.keys(unzipSync(new Uint8Array(zip.rawPayload)))).toEqual([tif.name, m4.name, mapPng.name]);
  });
});

describe('forecast values at stations on the demo', () => {
  it('reads the same values one cell at a time and from whole grids, stored and derived elements alike', async () => {
    const customer = (
      await t.db.db.selectFrom('app_user').select('customer_id').where('username', '=', 'demo-make').executeTakeFirstOrThrow()
    ).customer_id;
    // 120 more stations at seeded random places over Shaanxi (some outside the grid).
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const now = nowIso();
    await t.db.db
      .insertInto('station')
      .values(
        Array.from({ length: 120 }, (_, k) => ({
          customer_id: customer,
          station_number: `T${String(k).padStart(4, '0')}`,
          name: `随机站 ${k}`,
          longitude: 104 + random() * 9,
          latitude: 31 + random() * 9,
          altitude: 500,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const catalog = (await call('demo-make', 'GET', '/api/grid/catalog')).json().data as Array<{
      code: string;
      factors: Array<{ code: string; derived?: boolean; baseTimes: string[] }>;
    }>;
    const fine = catalog.find((c) => c.code === 'fine-grid')!;
    const factors = fine.factors.filter((f) => f.baseTimes.length > 0);
    expect(factors.some((f) => f.derived)).toBe(true);
    const deps = { db: t.db.db, store: new GridStore(t.db.db, t.storage) };
    for (const f of factors) {
      const q = { type: 'fine-grid', factor: f.code };
      const byCell = await stationTable(deps, customer, q, Number.POSITIVE_INFINITY);
      const whole = await stationTable({ db: t.db.db, store: new GridStore(t.db.db, t.storage) }, customer, q, 0);
      expect(whole, f.code).toEqual(byCell);
      expect(byCell.stations).toHaveLength(131);
      expect(byCell.stations.some((st) => st.values.every((v) => v === null))).toBe(true);
      expect(byCell.stations.filter((st) => st.values.some((v) => v !== null)).length).toBeGreaterThan(11);
    }
    // The API answers the same table.
    const api = (await call('demo-make', 'GET', `/api/download/stationTable?type=fine-grid&factor=${factors[0]!.code}`)).json().data;
    expect(api).toEqual(await stationTable(deps, customer, { type: 'fine-grid', factor: factors[0]!.code }, Number.POSITIVE_INFINITY));
  });
});
