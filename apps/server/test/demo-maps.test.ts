import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageLayout } from '../src/core/cartography/layout.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

/**
 * Every map the demo makes read back (docs/products.md#furniture): the demo map product, the demo risk product and a
 * demo zoning product carry the capital with its star (red pixels inside the map frame, "西安" and "省会" in the PDF),
 * the valid period, the unit, the source and the scale. With MAP_LOOK_DIR set the PNGs are written there to be looked
 * at.
 */

let t: TestApp;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  for (const u of ['demo-make', 'demo-zoning']) tok[u] = (await t.login(u, ADMIN_PASSWORD)).access_token;
}, 240_000);
afterAll(async () => {
  await t.close();
});

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...t.bearer(tok[who]!), 'accept-language': 'zh' }, ...(payload ? { payload } : {}) });
const library = async (kind: string) =>
  (await call('demo-make', 'GET', `/api/download/page?size=100&kind=${kind}`)).json().data.list as Array<{ id: string; format: string }>;
const file = async (id: string) => (await call('demo-make', 'GET', `/api/download/file?id=${id}`)).rawPayload;

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-map-'));
  try {
    fs.writeFileSync(path.join(dir, 'm.pdf'), pdf);
    return execFileSync('pdftotext', [path.join(dir, 'm.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Pixels of the capital's red (#c8102e, the star and its name) below the header, inside the map frame's column. */
async function capitalRedPixels(png: Buffer, name: string): Promise<number> {
  if (process.env.MAP_LOOK_DIR) fs.writeFileSync(path.join(process.env.MAP_LOOK_DIR, `${name}.png`), png);
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const scale = info.width / 297;
  const frame = pageLayout({ size: 'A4', orientation: 'landscape' }).map;
  let n = 0;
  for (let y = Math.ceil(frame.y * scale); y < info.height; y++) {
    for (let x = Math.ceil(frame.x * scale); x < Math.floor((frame.x + frame.w) * scale); x++) {
      const k = (y * info.width + x) * 3;
      if (data[k] === 0xc8 && data[k + 1] === 0x10 && data[k + 2] === 0x2e) n++;
    }
  }
  return n;
}

describe('the demo maps', () => {
  it('the map product names Xi’an with its star, the period, the unit, the source and the scale', async () => {
    const list = await library('map-product');
    const png = await file(list.find((i) => i.format === 'png')!.id);
    expect(await capitalRedPixels(png, 'demo-product')).toBeGreaterThan(50);
    const text = pdfText(await file(list.find((i) => i.format === 'pdf')!.id));
    for (const s of ['西安', '省会', '地级市', '日最高气温（°C）', '数据来源：', '公里', '北', '发布时间：']) expect(text, s).toContain(s);
    expect(text).toMatch(/\d+月\d+日\d{2}时—\d+月\d+日\d{2}时日最高气温预报/);
    expect(text).not.toContain('全区');
  });

  it('the risk product names Xi’an with its star, and its title its valid period', async () => {
    const list = await library('risk-product');
    const png = await file(list.find((i) => i.format === 'png')!.id);
    expect(await capitalRedPixels(png, 'demo-risk')).toBeGreaterThan(50);
    const text = pdfText(await file(list.find((i) => i.format === 'pdf')!.id));
    for (const s of ['西安', '省会', '风险等级', '数据来源：', '公里', '北', '发布时间：']) expect(text, s).toContain(s);
    expect(text).toMatch(/（\d+月\d+日\d{2}时—(\d+月)?\d+日\d{2}时）/);
    expect(text).not.toContain('全区');
  });

  it('a zoning map names its region, Xi’an with its star, the source and the scale', async () => {
    const crops = (await call('demo-zoning', 'GET', '/api/crop/all')).json().data as Array<{ id: number; criteriaCount: number }>;
    const cropId = crops.find((c) => c.criteriaCount > 0)!.id;
    const criteria = (await call('demo-zoning', 'GET', `/api/qhCriterion/allByCrop?cropId=${cropId}`)).json().data as Array<{ id: number }>;
    const run = (await call('demo-zoning', 'POST', '/api/quhua/execute', { criteriaId: criteria[0]!.id, name: '示例区划' })).json();
    expect(run.code).toBe(0);
    await t.jobs.waitFor(run.data.jobId);
    const zip = await call('demo-zoning', 'GET', `/api/quhua/down?productId=${run.data.productId}`);
    const members = unzipSync(new Uint8Array(zip.rawPayload));
    expect(await capitalRedPixels(Buffer.from(members['示例区划.png']!), 'demo-zoning')).toBeGreaterThan(50);
    const text = pdfText(Buffer.from(members['示例区划.pdf']!));
    for (const s of ['示例区划', '陕西', '西安', '省会', '适宜性等级', 'km²', '数据来源：区划因子格点', '公里', '北', '发布时间：'])
      expect(text, s).toContain(s);
    expect(text).not.toContain('全区');
  });
});
