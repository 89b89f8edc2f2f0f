import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/core/db/index.js';
import { makeDemoMapProduct } from '../src/modules/products/demo.js';
import { GridStore } from '../src/modules/grids/store.js';
import type { TestApp } from './helpers.js';
import { addCustomer, addSignedInUsers, appWithCustomers, field, multipartForm, saveGrid, SMALL } from './revise-helpers.js';

/**
 * Map products through the API: templates with their checks (placeholders, classes, layers, logo size), version and
 * the last template kept; preview and making from one lead, a series and an aggregation, with every refusal naming
 * its field and changing nothing; the files read back (PDF text, PNG size), their library entries, tenancy and access.
 */

let t: TestApp;
let customer = 0;
let other = 0;
const tok: Record<string, string> = {};
const BASE = '2026-11-24T00:00:00.000Z';
/** 3-hourly precipitation at lead L: L/3 mm everywhere (sum over leads 3–24: 1 + 2 + … + 8 = 36 mm). */
const PRE = (lead: number) => lead / 3;

function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en') {
  return t.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
}

/** Waits for the job to end, then reads it as the web client does. */
async function waitJob(token: string, jobId: string) {
  await t.jobs.waitFor(jobId);
  return (await call(token, 'GET', `/api/job/${jobId}`)).json().data;
}

const forecast = { type: 'fine-grid', factor: 'pre3h', baseTime: BASE };

beforeAll(async () => {
  [t, customer, other] = await appWithCustomers('陕西省气象台', '甘肃省气象台');
  await addSignedInUsers(t, tok, {
    maker: [customer, 'maker', ['make.product.admin'], '制作员'],
    plain: [customer, 'plain', ['revise.point.admin']],
    other: [other, 'othermaker', ['make.product.admin']],
  });
  for (let lead = 3; lead <= 24; lead += 3)
    await saveGrid(t, customer, { factor: 'pre3h', baseTime: BASE, lead, grid: field(SMALL, () => PRE(lead)) });
  for (const lead of [24, 27, 30])
    await saveGrid(t, customer, { factor: 'tmp', baseTime: BASE, lead, grid: field(SMALL, (i) => lead / 3 + i * 0.5) });
  const now = nowIso();
  await t.db.db
    .insertInto('station')
    .values({
      customer_id: customer,
      station_number: '57036',
      name: '西安',
      longitude: 108.94,
      latitude: 34.34,
      altitude: 397,
      created_at: now,
      updated_at: now,
    })
    .execute();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('templates', () => {
  it('seeds a default template per customer on first read, and keeps customers apart', async () => {
    const mine = (await call(tok.maker!, 'GET', '/api/product/template/list')).json().data;
    expect(mine).toHaveLength(1);
    // Stored in Chinese, the default template is read in the reader's language until edited (docs/products.md#language).
    expect(mine[0]).toMatchObject({ builtIn: true, language: 'en', paper: 'A4', customerName: '陕西省气象台' });
    expect(mine[0].title).toBe('{factor} forecast for {region}, {validStart} to {validEnd}');
    const zh = (await call(tok.maker!, 'GET', '/api/product/template/list', undefined, 'zh')).json().data;
    expect(zh[0]).toMatchObject({ language: 'zh', title: '{region}{validStart}—{validEnd}{factor}预报' });
    expect((await call(tok.maker!, 'GET', '/api/product/template/list', undefined, 'es')).json().data[0].language).toBe('es');
    const theirs = (await call(tok.other!, 'GET', '/api/product/template/list')).json().data;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].id).not.toBe(mine[0].id);
    expect(theirs[0].customerName).toBe('甘肃省气象台');
  });

  it('refuses an unknown placeholder, bad classes or an unknown layer naming the field, and changes nothing', async () => {
    const before = (await call(tok.maker!, 'GET', '/api/product/template/list')).json().data.length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '{region} {weather} 预报' }, 'title'],
      [{ subtitle: '{basetime}' }, 'subtitle'],
      [{ legendMode: 'custom', thresholds: [1, 5], colors: ['#ffffff', '#00ff00'] }, 'colors'],
      [{ legendMode: 'custom', thresholds: [5, 1], colors: ['#ffffff', '#00ff00', '#0000ff'] }, 'thresholds.1'],
      [{ boundaryLayers: ['provinces', 'b999'] }, 'boundaryLayers'],
      [{ logo: '/api/files/uploads/2026/01/missing.png' }, 'logo'],
    ];
    for (const [patch, field] of cases) {
      const res = await call(tok.maker!, 'POST', '/api/product/template/save', { name: `T ${field}`, title: '{factor}', ...patch });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe(4100);
      expect(res.json().data.issues[0].field).toBe(field);
    }
    const unknown = await call(tok.maker!, 'POST', '/api/product/template/save', { name: 'x', title: '{weather}' }, 'zh');
    expect(unknown.json().msg).toContain('{weather}');
    expect((await call(tok.maker!, 'GET', '/api/product/template/list')).json().data.length).toBe(before);
  });

  it('accepts a small logo and refuses an oversized one', async () => {
    const upload = async (png: Buffer) => {
      const m = multipartForm({}, { name: 'logo.png', bytes: png, type: 'image/png' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/file/upload',
        payload: m.payload,
        headers: { authorization: `Bearer ${tok.maker}`, ...m.headers },
      });
      return res.json().data.path as string;
    };
    const small = await upload(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c8102e' } })
        .png()
        .toBuffer(),
    );
    const noise = randomBytes(700 * 700 * 3);
    const big = await upload(
      await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
    const tooBig = await call(tok.maker!, 'POST', '/api/product/template/save', { name: 'Big logo', title: '{factor}', logo: big });
    expect(tooBig.json().code).toBe(4100);
    expect(tooBig.json().data.issues[0].field).toBe('logo');
    const ok = await call(tok.maker!, 'POST', '/api/product/template/save', {
      name: 'English map',
      language: 'en',
      title: '{factor} forecast for {region}, {validStart} to {validEnd}',
      subtitle: 'Run {baseTime}, lead {lead}',
      customerName: 'Shaanxi Meteorological Observatory',
      issuer: 'Shaanxi Meteorological Observatory',
      logo: small,
      orientation: 'portrait',
    });
    expect(ok.json().code).toBe(0);
    expect(ok.json().data).toMatchObject({ name: 'English map', language: 'en', logo: small, version: 1, builtIn: false });
  });

  it('updates by version (stale: 4009), keeps names unique, hides other customers, keeps the last template', async () => {
    const list = (await call(tok.maker!, 'GET', '/api/product/template/list')).json().data;
    const tpl = list.find((x: { name: string }) => x.name === 'English map');
    const { id, version, builtIn: _b, updateTime: _u, creator: _c, ...fields } = tpl;
    const saved = await call(tok.maker!, 'POST', '/api/product/template/save', { ...fields, id, version, footer: 'For guidance only' });
    expect(saved.json().data.version).toBe(2);
    const stale = await call(tok.maker!, 'POST', '/api/product/template/save', { ...fields, id, version, footer: 'again' });
    expect(stale.json().code).toBe(4009);
    const dup = await call(tok.maker!, 'POST', '/api/product/template/save', { ...fields, name: '标准预报图' });
    expect(dup.json().code).toBe(4009);
    expect((await call(tok.other!, 'POST', '/api/product/template/save', { ...fields, id, version: 2 })).json().code).toBe(4004);
    expect((await call(tok.other!, 'POST', '/api/product/template/delete', { id })).json().code).toBe(4004);
    const theirs = (await call(tok.other!, 'GET', '/api/product/template/list')).json().data;
    expect((await call(tok.other!, 'POST', '/api/product/template/delete', { id: theirs[0].id })).json().code).toBe(4009);
  });
});

describe('making', () => {
  let templateId = 0;
  beforeAll(async () => {
    templateId = (await call(tok.maker!, 'GET', '/api/product/template/list')).json().data.find((x: { builtIn: boolean }) => x.builtIn).id;
  });

  it('refuses bad input naming the field, and makes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'nope', mode: 'lead', lead: 3 }, 'type'],
      [{ factor: 'nope', mode: 'lead', lead: 3 }, 'factor'],
      [{ baseTime: '2020-01-01T00:00:00Z', mode: 'lead', lead: 3 }, 'baseTime'],
      [{ mode: 'lead', lead: 5 }, 'lead'],
      [{ mode: 'lead' }, 'lead'],
      [{ mode: 'aggregate', leadFrom: 30, leadTo: 48, aggregation: 'sum' }, 'leadFrom'],
      [{ mode: 'series', leadFrom: 12, leadTo: 6 }, 'leadFrom'],
      [{ mode: 'aggregate', leadFrom: 3, leadTo: 24 }, 'aggregation'],
      [{ factor: 'tmp', mode: 'aggregate', leadFrom: 24, leadTo: 30, aggregation: 'sum' }, 'aggregation'],
      [{ mode: 'lead', lead: 3, areaCode: 'provinces:999' }, 'areaCode'],
      [{ mode: 'lead', lead: 3, areaCode: 'b77:0' }, 'areaCode'],
    ];
    for (const [patch, field] of cases) {
      for (const url of ['/api/product/make', '/api/product/preview']) {
        const res = await call(tok.maker!, 'POST', url, { ...forecast, templateId, ...patch });
        expect(res.json().code, `${url} ${field}`).toBe(4100);
        expect(res.json().data.issues[0].field, `${url} ${JSON.stringify(patch)}`).toBe(field);
      }
    }
    const noTemplate = await call(tok.maker!, 'POST', '/api/product/make', { ...forecast, mode: 'lead', lead: 3, templateId: 999_999 });
    expect(noTemplate.json().data.issues[0].field).toBe('templateId');
    const inline = await call(tok.maker!, 'POST', '/api/product/preview', {
      ...forecast,
      mode: 'lead',
      lead: 3,
      template: { name: 'x', title: '{oops}' },
    });
    expect(inline.json().data.issues[0].field).toBe('template.title');
    expect((await call(tok.maker!, 'GET', '/api/product/page')).json().data.total).toBe(0);
  });

  it('previews at once as a PNG, with an unsaved template too', async () => {
    const res = await call(tok.maker!, 'POST', '/api/product/preview', { ...forecast, mode: 'lead', lead: 3, templateId });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBeGreaterThan(meta.height!);
    const inline = await call(tok.maker!, 'POST', '/api/product/preview', {
      ...forecast,
      mode: 'lead',
      lead: 3,
      template: { name: 'draft', title: '{factor}', orientation: 'portrait' },
    });
    const m2 = await sharp(inline.rawPayload).metadata();
    expect(m2.height).toBeGreaterThan(m2.width!);
  });

  it('makes 24 h precipitation as a job: PNG and PDF stored, read back, listed in the library', async () => {
    const made = await call(
      tok.maker!,
      'POST',
      '/api/product/make',
      {
        ...forecast,
        mode: 'aggregate',
        leadFrom: 3,
        leadTo: 24,
        aggregation: 'sum',
        templateId,
      },
      'zh',
    );
    expect(made.json().code).toBe(0);
    const { productId, jobId } = made.json().data;
    const job = await waitJob(tok.maker!, jobId);
    expect(job.status).toBe('done');
    const info = (await call(tok.maker!, 'GET', `/api/product/info?id=${productId}`, undefined, 'zh')).json().data;
    expect(info).toMatchObject({
      status: 'done',
      progress: 100,
      mode: 'aggregate',
      aggregation: 'sum',
      leadFrom: 3,
      leadTo: 24,
      language: 'zh',
    });
    expect(info.files).toHaveLength(1);
    const file = info.files[0];
    expect(file.title).toContain('24小时降水量');
    expect(file.validEnd).toBe('2026-11-25T00:00:00.000Z');
    expect(file.validStart).toBe(BASE);

    const png = await call(tok.maker!, 'GET', `/api/product/file?id=${file.id}&format=png`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toContain('attachment');
    expect(png.rawPayload.length).toBe(file.pngSize);
    const pdf = await call(tok.maker!, 'GET', `/api/product/file?id=${file.id}&format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'product-pdf-'));
    fs.writeFileSync(path.join(dir, 'p.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'p.pdf'), '-'], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    // 36 mm everywhere: the class 25～49.9 (GB/T 28592 notation); the title names the element, the station its value.
    expect(text).toContain(file.title);
    expect(text).toContain('25～49.9');
    expect(text).toContain('数据来源：');
    expect(text).toContain('公里');
    expect(text).toContain('西安 36.0');
    expect(text).toContain('发布单位：陕西省气象台');

    const library = await t.db.db
      .selectFrom('download_file')
      .selectAll()
      .where('source_id', '=', String(productId))
      .orderBy('format')
      .execute();
    expect(library.map((r) => [r.kind, r.format, r.customer_id, r.size])).toEqual([
      ['map-product', 'pdf', customer, file.pdfSize],
      ['map-product', 'png', customer, file.pngSize],
    ]);
    expect(library[0]!.name).toBe(`${file.title}.pdf`);
  });

  it('makes a series: one product per lead in one job, in the template language', async () => {
    const tpl = (await call(tok.maker!, 'GET', '/api/product/template/list'))
      .json()
      .data.find((x: { name: string }) => x.name === 'English map');
    const made = await call(tok.maker!, 'POST', '/api/product/make', {
      ...forecast,
      mode: 'series',
      leadFrom: 3,
      leadTo: 9,
      templateId: tpl.id,
    });
    await waitJob(tok.maker!, made.json().data.jobId);
    const info = (await call(tok.maker!, 'GET', `/api/product/info?id=${made.json().data.productId}`)).json().data;
    expect(info.language).toBe('en');
    expect(info.files.map((f: { lead: number }) => f.lead)).toEqual([3, 6, 9]);
    expect(info.files[0].title).toMatch(/^3-hour precipitation forecast for /);
    const meta = await sharp((await call(tok.maker!, 'GET', `/api/product/file?id=${info.files[2].id}&format=png`)).rawPayload).metadata();
    expect(meta.height).toBeGreaterThan(meta.width!);
  });

  it('makes tomorrow-style maxima of temperature over a boundary area', async () => {
    const made = await call(
      tok.maker!,
      'POST',
      '/api/product/make',
      {
        ...forecast,
        factor: 'tmp',
        mode: 'aggregate',
        leadFrom: 24,
        leadTo: 30,
        aggregation: 'max',
        areaCode: 'provinces:13',
        templateId,
      },
      'zh',
    );
    expect(made.json().code).toBe(0);
    const job = await waitJob(tok.maker!, made.json().data.jobId);
    expect(job.status).toBe('done');
    const info = (await call(tok.maker!, 'GET', `/api/product/info?id=${made.json().data.productId}`, undefined, 'zh')).json().data;
    expect(info.regionName).toBe('陕西');
    expect(info.files[0].title).toContain('最高气温');
  });

  it('lists, reads and serves products of the caller customer only; needs the code', async () => {
    const page = (await call(tok.maker!, 'GET', '/api/product/page?page=1&size=10')).json().data;
    expect(page.total).toBe(3);
    expect(page.list[0].createTime >= page.list[2].createTime).toBe(true);
    const id = page.list[0].id;
    const fileId = page.list[0].files[0].id;
    expect((await call(tok.other!, 'GET', '/api/product/page')).json().data.total).toBe(0);
    expect((await call(tok.other!, 'GET', `/api/product/info?id=${id}`)).json().code).toBe(4004);
    expect((await call(tok.other!, 'GET', `/api/product/file?id=${fileId}&format=png`)).json().code).toBe(4004);
    expect((await call(tok.plain!, 'GET', '/api/product/page')).json().code).toBe(4003);
    expect((await call(tok.plain!, 'POST', '/api/product/preview', { ...forecast, mode: 'lead', lead: 3, templateId })).json().code).toBe(
      4003,
    );
  });

  it('makes the demo product once for a customer with temperature grids, over Shaanxi', async () => {
    const deps = {
      db: t.db.db,
      storage: t.storage,
      store: new GridStore(t.db.db, t.storage),
      timeZone: 'Asia/Shanghai',
      log: { warn: () => {} },
    };
    const third = await addCustomer(t, '演示客户（示例）');
    expect(await makeDemoMapProduct(deps, third)).toBeNull();
    for (let lead = 0; lead <= 24; lead += 3)
      await saveGrid(t, third, { factor: 'tmp', baseTime: BASE, lead, grid: field(SMALL, (i) => lead + i) });
    const id = await makeDemoMapProduct(deps, third);
    expect(id).not.toBeNull();
    expect(await makeDemoMapProduct(deps, third)).toBeNull();
    const row = await t.db.db.selectFrom('map_product').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
    // The day's maximum (derived here from the 3-hourly grids, as no tmax is stored), over the day ending at lead 24.
    expect(JSON.parse(row.request)).toMatchObject({ factor: 'tmax24h', mode: 'lead', lead: 24, areaCode: 'provinces:13' });
    expect(row.name).toBe('日最高气温预报（示例）');
    const item = await t.db.db.selectFrom('map_product_item').selectAll().where('product_id', '=', id!).executeTakeFirstOrThrow();
    expect(item.title).toBe('陕西11月24日08时—11月25日08时日最高气温预报');
    const files = await t.db.db.selectFrom('download_file').select(['format', 'storage_key']).where('customer_id', '=', third).execute();
    expect(files.map((f) => f.format).sort()).toEqual(['pdf', 'png']);
    // The capital with its symbol's legend entry, the valid period, the unit, the source and the scale (docs/products.md#labels).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-pdf-'));
    fs.writeFileSync(path.join(dir, 'p.pdf'), (await t.storage.get(files.find((f) => f.format === 'pdf')!.storage_key))!);
    const text = execFileSync('pdftotext', [path.join(dir, 'p.pdf'), '-'], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    for (const s of ['西安', '省会', '11月24日08时—11月25日08时', '日最高气温（°C）', '数据来源：', '公里', '北'])
      expect(text, s).toContain(s);
  });
});
