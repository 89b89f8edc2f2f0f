import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RISK_LEVEL_COLORS } from '@agromet/contracts';
import { createGrid, EARTH_RADIUS_KM, parseColor, type GridGeometry } from '@agromet/grid';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMapProduct } from '../src/modules/products/render.js';
import { makeDemoRiskProduct } from '../src/modules/risk/demo.js';
import { riskMapInput } from '../src/modules/risk/render.js';
import { ensureZoningSetup } from '../src/modules/zoning/criteria.js';
import { GridStore } from '../src/modules/grids/store.js';
import type { TestApp } from './helpers.js';
import { areaCollection, boxRing } from './geojson-shapes.js';
import { addSignedInUsers, appWithCustomers, saveGrid } from './revise-helpers.js';

/**
 * Crop risk products through the API: hazards with their checks, a run over hand-written minimum temperatures with
 * values exactly on the thresholds, levels, areas per county and summaries worked out here, exposure by a zoning,
 * the WMS layer's colours, refusals naming the field with nothing stored, and tenancy.
 */

let t: TestApp;
let customer = 0;
let other = 0;
const tok: Record<string, string> = {};

/** 4 × 3 cells of 0.5°, rows north to south: 108–109.5 °E, 35–34 °N. */
const G: GridGeometry = { lon0: 108, lat0: 35, dx: 0.5, dy: -0.5, nx: 4, ny: 3 };
const BASE = '2026-11-24T00:00:00.000Z';
/** Minimum temperatures at lead 24 (the forecast day ending 2026-11-25 08:00 Beijing time): every threshold hit exactly. */
const TMIN_24 = [1, 0, -0.1, -2, -2.5, -4, -5.9, -6, -10, Number.NaN, 0.5, -3];
/** At lead 48: mild except cell 0 (−6: red) and cell 11 (−4: orange). */
const TMIN_48 = [-6, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, -4];
/** Frost ≤ 0 / −2 / −4 / −6 by hand: level per cell at each lead, and the worse of the two. */
const LEVELS_24 = [0, 1, 1, 2, 2, 3, 3, 4, 4, 255, 0, 2];
const LEVELS_48 = [4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3];
const WORST = [4, 1, 1, 2, 2, 3, 3, 4, 4, 0, 0, 3];

/** Two counties: the western two columns and the eastern two. */
const COUNTIES = areaCollection([
  ['West county', [boxRing(107.7, 33.7, 108.75, 35.3)]],
  ['East county', [boxRing(108.75, 33.7, 109.8, 35.3)]],
]);
const WEST = (k: number) => k % 4 < 2;

/** km² of one cell of row j: R²·Δλ·(sin φ_north − sin φ_south). */
const cellArea = (j: number) => {
  const rad = Math.PI / 180;
  const lat = G.lat0 + j * G.dy;
  return EARTH_RADIUS_KM ** 2 * G.dx * rad * (Math.sin((lat + 0.25) * rad) - Math.sin((lat - 0.25) * rad));
};
/** Areas of levels 0–4 over the cells `keep` selects, by hand. */
const areasOf = (levels: number[], keep: (k: number) => boolean, weight: (k: number) => number = () => 1) => {
  const a = [0, 0, 0, 0, 0];
  levels.forEach((l, k) => {
    if (l <= 4 && keep(k) && weight(k) > 0) a[l]! += cellArea(Math.floor(k / 4)) * weight(k);
  });
  return a;
};

function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en') {
  return t.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
}

async function countRows(table: 'risk_product' | 'risk_hazard' | 'job', customerId = customer) {
  return Number(
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).n,
  );
}

let layerId = '';
let frostId = 0;

beforeAll(async () => {
  [t, customer, other] = await appWithCustomers('陕西省农业气象中心', '甘肃省农业气象中心');
  await addSignedInUsers(t, tok, {
    risk: [customer, 'rk-make', ['make.risk.admin']],
    poly: [customer, 'rk-poly', ['revise.polygon.admin']],
    zoning: [customer, 'rk-zone', ['quhua.make.admin']],
    other: [other, 'rk-other', ['make.risk.admin']],
  });
  const grid = (values: number[]) => {
    const g = createGrid(G);
    g.values.set(values);
    return g;
  };
  await saveGrid(t, customer, { factor: 'tmin', baseTime: BASE, lead: 24, grid: grid(TMIN_24) });
  await saveGrid(t, customer, { factor: 'tmin', baseTime: BASE, lead: 48, grid: grid(TMIN_48) });
  const boundary = '----riskBoundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nCounties\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.geojson"\r\nContent-Type: application/geo+json\r\n\r\n`,
    ),
    Buffer.from(JSON.stringify(COUNTIES)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/gis/boundary/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${tok.poly}` },
  });
  layerId = `b${up.json().data.id}`;
});
afterAll(async () => {
  await t.close();
});

describe('hazards', () => {
  it('are seeded once per customer with the default thresholds, named in the caller’s language', async () => {
    const list = (await call(tok.risk!, 'GET', '/api/risk/hazard/all')).json().data;
    expect(list.map((h: { kind: string }) => h.kind)).toEqual(['frost', 'winterInjury', 'heat', 'rain', 'wind', 'dryHotWind', 'drought']);
    const frost = list[0];
    expect(frost).toMatchObject({
      name: 'Frost',
      forecastType: 'fine-grid',
      builtIn: true,
      conditions: [
        { element: 'tmin24h', op: 'le', thresholds: [0, -2, -4, -6], offset: -2, elementName: 'daily minimum temperature', unit: '°C' },
      ],
    });
    expect(frost.stages).toContainEqual({ crop: 'tea', stage: 'budBreak', vulnerability: 1, cropName: 'Tea', stageName: 'Bud break' });
    expect(frost.description).toMatch(/^Plant-surface minimum ≤ 0/);
    expect(list[1]).toMatchObject({ name: 'Winter injury', conditions: [{ element: 'tmin24h', thresholds: [-5, -8, -11, -14] }] });
    expect(list[1].conditions[0].offset).toBeUndefined();
    expect(list[2].conditions[0].thresholds).toEqual([null, 35, 37, 40]);
    expect(list[3].conditions[0].thresholds).toEqual([25, 50, 100, 250]);
    expect(list[5].conditions.map((c: { element: string }) => c.element)).toEqual(['tmp', 'rh', 'wsp']);
    const zh = (await call(tok.risk!, 'GET', '/api/risk/hazard/all', undefined, 'zh')).json().data;
    expect(zh[0].name).toBe('霜冻');
    expect(zh[1].name).toBe('冻害');
    expect(zh[0].description).toMatch(/^植株表面最低温度 ≤ 0/);
    expect(await countRows('risk_hazard')).toBe(7);
    // The runs below are worked on the air minimum: a frost hazard without the surface offset and without stages.
    const air = (
      await call(tok.risk!, 'POST', '/api/risk/hazard/add', {
        name: 'Air frost',
        kind: 'frost',
        forecastType: 'fine-grid',
        conditions: [{ element: 'tmin24h', op: 'le', thresholds: [0, -2, -4, -6] }],
      })
    ).json();
    expect(air.code).toBe(0);
    frostId = air.data.id;
    expect((await call(tok.other!, 'GET', '/api/risk/hazard/all')).json().data.map((h: { id: number }) => h.id)).not.toContain(frostId);
  });

  it('refuse thresholds out of order, unknown elements and values out of range, naming the field; nothing stored', async () => {
    const before = await countRows('risk_hazard');
    const base = { name: 'Late frost', kind: 'custom', forecastType: 'fine-grid', description: '' };
    const cases: Array<[unknown, string, string]> = [
      [
        { ...base, conditions: [{ element: 'tmin24h', op: 'le', thresholds: [0, -2, -1, -6] }] },
        'conditions.0.thresholds.2',
        'Thresholds must fall',
      ],
      [{ ...base, conditions: [{ element: 'tmin24h', op: 'ge', thresholds: [0, 0, 1, 2] }] }, 'conditions.0.thresholds.1', 'must rise'],
      [
        { ...base, conditions: [{ element: 'nope', op: 'le', thresholds: [0, -2, -4, -6] }] },
        'conditions.0.element',
        'has no element nope',
      ],
      [
        { ...base, conditions: [{ element: 'rh', op: 'le', thresholds: [60, 50, 40, -30] }] },
        'conditions.0.thresholds.3',
        'outside the valid range',
      ],
      [
        { ...base, forecastType: 'nope', conditions: [{ element: 'tmin24h', op: 'le', thresholds: [0, -2, -4, -6] }] },
        'forecastType',
        'Unknown forecast type',
      ],
    ];
    for (const [body, field, text] of cases) {
      const res = (await call(tok.risk!, 'POST', '/api/risk/hazard/add', body)).json();
      expect(res.code).toBe(4100);
      expect(res.data.issues[0].field).toBe(field);
      expect(res.msg).toContain(text);
    }
    // empty condition list: the schema's answer, naming conditions
    const empty = (await call(tok.risk!, 'POST', '/api/risk/hazard/add', { ...base, conditions: [] })).json();
    expect(empty.code).toBe(4100);
    expect(JSON.stringify(empty.data)).toContain('conditions');
    expect(await countRows('risk_hazard')).toBe(before);
  });

  it('are added, edited with their version (4009 when stale), deleted; another customer’s are 4004', async () => {
    const add = await call(tok.risk!, 'POST', '/api/risk/hazard/add', {
      name: 'Late frost',
      kind: 'custom',
      forecastType: 'fine-grid',
      conditions: [{ element: 'tmin24h', op: 'le', thresholds: [2, 0, null, null] }],
    });
    expect(add.json()).toMatchObject({ code: 0, data: { name: 'Late frost', builtIn: false, version: 1 } });
    const id = add.json().data.id;
    const fields = { name: 'Late frost', kind: 'custom', forecastType: 'fine-grid' };
    expect(
      (
        await call(tok.risk!, 'POST', '/api/risk/hazard/add', {
          ...fields,
          conditions: add
            .json()
            .data.conditions.map(({ element, op, thresholds }: Record<string, unknown>) => ({ element, op, thresholds })),
        })
      ).json(),
    ).toMatchObject({ code: 4009, data: { field: 'name' } });
    const upd = await call(tok.risk!, 'POST', '/api/risk/hazard/update', {
      id,
      version: 1,
      name: 'Late frost',
      kind: 'custom',
      forecastType: 'fine-grid',
      conditions: [{ element: 'tmin24h', op: 'le', thresholds: [2, 0, -1, null] }],
    });
    expect(upd.json()).toMatchObject({ code: 0, data: { version: 2, conditions: [{ thresholds: [2, 0, -1, null] }] } });
    const stale = await call(tok.risk!, 'POST', '/api/risk/hazard/update', {
      id,
      version: 1,
      ...fields,
      conditions: [{ element: 'tmin24h', op: 'le', thresholds: [1, null, null, null] }],
    });
    expect(stale.json()).toMatchObject({ code: 4009 });
    expect((await call(tok.other!, 'POST', '/api/risk/hazard/delete', { id })).json().code).toBe(4004);
    expect((await call(tok.risk!, 'POST', '/api/risk/hazard/delete', { id })).json().code).toBe(0);
    expect((await call(tok.zoning!, 'GET', '/api/risk/hazard/all')).json().code).toBe(4003);
  });
});

async function run(body: Record<string, unknown>, token = tok.risk!) {
  const res = (
    await call(token, 'POST', '/api/risk/execute', {
      name: 'Frost test',
      hazardId: frostId,
      baseTime: BASE,
      leadFrom: 0,
      leadTo: 72,
      statsLayer: layerId,
      ...body,
    })
  ).json();
  if (res.code !== 0) return { res, product: null };
  await t.jobs.waitFor(res.data.jobId);
  const product = (await call(token, 'GET', `/api/risk/product?productId=${res.data.productId}`)).json().data;
  return { res, product };
}

async function storedLevels(productId: number) {
  const row = await t.db.db.selectFrom('risk_product').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
  return [...new Uint8Array((await t.storage.get(`${row.storage_prefix}/levels.u8`))!)];
}

describe('risk runs', () => {
  it('refuse what cannot be run, naming the field, and store nothing', async () => {
    const products = await countRows('risk_product');
    const jobs = await countRows('job');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ hazardId: 999_999 }, 'hazardId'],
      [{ baseTime: '2026-11-20T00:00:00Z' }, 'baseTime'],
      [{ leadFrom: 50, leadTo: 60 }, 'leadTo'],
      [{ leadFrom: 48, leadTo: 24 }, 'leadTo'],
      [{ zoningProductId: 424_242 }, 'zoningProductId'],
      [{ statsLayer: 'b999999' }, 'statsLayer'],
      [{ areaCode: `${layerId}:7` }, 'areaCode'],
      [
        {
          polygon: [
            [
              [10, 10],
              [11, 10],
              [11, 11],
              [10, 10],
            ],
          ],
        },
        'polygon',
      ],
    ];
    for (const [body, field] of cases) {
      const { res } = await run(body);
      expect(res.code, JSON.stringify(body)).toBe(4100);
      expect(JSON.stringify(res.data), JSON.stringify(body)).toContain(field);
    }
    // another customer's hazard is unknown to the caller
    expect((await run({}, tok.other!)).res).toMatchObject({ code: 4100, data: { issues: [{ field: 'hazardId' }] } });
    expect(await countRows('risk_product')).toBe(products);
    expect(await countRows('job')).toBe(jobs);
  });

  it('gives the hand-computed levels, values exactly on thresholds included, the worst over the leads', async () => {
    const { product } = await run({ leadFrom: 24, leadTo: 24 });
    expect(product.status).toBe('done');
    expect(await storedLevels(product.id)).toEqual(LEVELS_24);
    const two = (await run({ leadFrom: 40, leadTo: 48 })).product;
    expect(await storedLevels(two.id)).toEqual(LEVELS_48);
    const all = (await run({})).product;
    expect(await storedLevels(all.id)).toEqual(WORST);
    expect(all.stats.leads.map((l: { lead: number }) => l.lead)).toEqual([24, 48]);
    expect(all.bbox).toEqual([107.75, 33.75, 109.75, 35.25]);
  });

  it('measures areas per level per county on the sphere and writes the summaries', async () => {
    const { product } = await run({});
    const expectClose = (got: number[], want: number[]) => want.forEach((v, l) => expect(got[l]).toBeCloseTo(v, 1));
    expectClose(
      product.stats.areasKm2,
      areasOf(WORST, () => true),
    );
    const west = product.stats.byArea.find((a: { name: string }) => a.name === 'West county');
    const east = product.stats.byArea.find((a: { name: string }) => a.name === 'East county');
    expectClose(west.areasKm2, areasOf(WORST, WEST));
    expectClose(
      east.areasKm2,
      areasOf(WORST, (k) => !WEST(k)),
    );
    expect(west).toMatchObject({ worst: 4, dates: ['2026-11-25', '2026-11-26'] });
    expect(east).toMatchObject({ worst: 4, dates: ['2026-11-25'] });
    const km2 = (v: number) => String(Math.round(v)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
    expect(product.summaries).toEqual([
      `West county: red frost risk on 2026-11-25, 2026-11-26 over ${km2(areasOf(WORST, WEST)[4]!)} km²`,
      `East county: red frost risk on 2026-11-25 over ${km2(areasOf(WORST, (k) => !WEST(k))[4]!)} km²`,
    ]);
    const zh = (await run({ lang: 'zh' })).product;
    expect(zh.summaries[0]).toBe(`West county：2026-11-25、2026-11-26 霜冻红色风险，面积 ${km2(areasOf(WORST, WEST)[4]!)} km²`);
    const es = (await run({ lang: 'es' })).product;
    expect(es.summaries[1]).toBe(`East county: riesgo rojo de helada el 2026-11-25 en ${km2(areasOf(WORST, (k) => !WEST(k))[4]!)} km²`);
  });

  it('weighs by a zoning: unsuitable cells are not exposed, and the crop is named', async () => {
    // A finished zoning product on the same cells: the east half unsuitable (3), the west most suitable (0).
    await ensureZoningSetup(t.db.db, customer);
    const crop = await t.db.db
      .selectFrom('zoning_crop')
      .selectAll()
      .where('customer_id', '=', customer)
      .where('seed_key', '=', 'apple')
      .executeTakeFirstOrThrow();
    const prefix = `zoning/${customer}/products/test-apple`;
    const classes = Uint8Array.from({ length: 12 }, (_, k) => (WEST(k) ? 0 : 3));
    await t.storage.put(`${prefix}/classes.u8`, Buffer.from(classes));
    await t.storage.put(`${prefix}/factor-classes.u8`, Buffer.from(classes));
    await t.storage.put(`${prefix}/limiting.u8`, Buffer.alloc(12));
    await t.storage.put(`${prefix}/values.f32`, Buffer.alloc(48));
    const now = new Date().toISOString();
    const z = await t.db.db
      .insertInto('zoning_product')
      .values({
        customer_id: customer,
        name: 'Apple zoning',
        crop_id: crop.id,
        crop_name: crop.name,
        criterion_id: null,
        criterion_name: 'x',
        method: 'limiting',
        definition: JSON.stringify({ factors: [] }),
        class_names: JSON.stringify(['', '', '', '']),
        region_kind: 'customer',
        region_name: '',
        region: '{}',
        status: 'done',
        job_id: 'none',
        ...G,
        storage_prefix: prefix,
        stats: null,
        inputs: '[]',
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const options = (await call(tok.risk!, 'GET', '/api/risk/exposures')).json().data;
    expect(options).toEqual([expect.objectContaining({ zoningProductId: z.id, cropName: 'Apple' })]);
    const { product } = await run({ zoningProductId: z.id });
    const exposed = WORST.map((l, k) => (WEST(k) ? l : l === 255 ? 255 : 0));
    expect(await storedLevels(product.id)).toEqual(exposed);
    expect(product.exposure).toMatchObject({ zoningProductId: z.id, cropName: 'Apple' });
    product.stats.areasKm2.forEach((v: number, l: number) => expect(v).toBeCloseTo(areasOf(exposed, WEST)[l]!, 1));
    expect(product.stats.byArea.map((a: { name: string }) => a.name)).toEqual(['West county']);
    expect(product.summaries).toEqual([
      expect.stringMatching(/^West county: red frost risk for apple on 2026-11-25, 2026-11-26 over [\d ]+ km²$/),
    ]);
  });

  it('is a WMS layer in the four warning colours with a legend; another customer cannot see it', async () => {
    const { product } = await run({});
    const url = `/api/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${product.layer}&STYLES=&CRS=EPSG:4326&BBOX=33.75,107.75,35.25,109.75&WIDTH=4&HEIGHT=3&FORMAT=image/png&TRANSPARENT=TRUE`;
    const res = await t.app.inject({ method: 'GET', url: `${url}&token=${tok.risk}` });
    expect(res.headers['content-type']).toContain('image/png');
    const { data } = await sharp(res.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    WORST.forEach((level, k) => {
      const px = [...data.subarray(k * 4, k * 4 + 4)];
      if (level >= 1 && level <= 4) {
        const [r, g, b] = parseColor(RISK_LEVEL_COLORS[level - 1]!);
        expect(px, `cell ${k}`).toEqual([r, g, b, 255]);
      } else expect(px[3], `cell ${k}`).toBe(0);
    });
    // GetFeatureInfo: the level of the cell under the pixel and its name (cell 0: level I, red).
    const info = await t.app.inject({
      method: 'GET',
      url: `${url.replace('GetMap', 'GetFeatureInfo')}&QUERY_LAYERS=${product.layer}&I=0&J=0&INFO_FORMAT=application/json&token=${tok.risk}`,
    });
    expect(info.json()).toMatchObject({ layer: product.layer, value: 4, unit: 'I 级（红色）' });
    const caps = (await t.app.inject({ method: 'GET', url: `/api/wms?REQUEST=GetCapabilities&token=${tok.risk}` })).body;
    expect(caps).toContain(`<Name>${product.layer}</Name>`);
    const legend = await t.app.inject({ method: 'GET', url: `/api/wms?REQUEST=GetLegendGraphic&LAYER=${product.layer}&token=${tok.risk}` });
    expect(legend.headers['content-type']).toContain('image/png');
    const theirs = await t.app.inject({ method: 'GET', url: `${url}&token=${tok.other}` });
    expect(theirs.body).toContain('LayerNotDefined');
    expect((await call(tok.other!, 'GET', `/api/risk/product?productId=${product.id}`)).json().code).toBe(4004);
  });

  it('writes the risk map as PNG (legend in the warning colours) and PDF (Chinese text), and the areas as CSV, into the library', async () => {
    const { product } = await run({ name: '霜冻风险图', lang: 'zh' });
    const files = await t.db.db
      .selectFrom('download_file')
      .selectAll()
      .where('customer_id', '=', customer)
      .where('kind', '=', 'risk-product')
      .where('source_id', '=', String(product.id))
      .orderBy('id')
      .execute();
    expect(files.map((f) => [f.name, f.format, f.content_type])).toEqual([
      ['霜冻风险图.png', 'png', 'image/png'],
      ['霜冻风险图.pdf', 'pdf', 'application/pdf'],
      ['霜冻风险图-areas.csv', 'csv', 'text/csv; charset=utf-8'],
    ]);
    const row = await t.db.db.selectFrom('risk_product').selectAll().where('id', '=', product.id).executeTakeFirstOrThrow();
    // The legend's swatches, where the renderer puts them for this product, carry the four warning colours.
    const levels = Uint8Array.from(await storedLevels(product.id));
    const window = { lon0: row.lon0!, lat0: row.lat0!, dx: row.dx!, dy: row.dy!, nx: row.nx!, ny: row.ny! };
    const again = await renderMapProduct(
      await riskMapInput({ db: t.db.db, storage: t.storage }, row, {
        window,
        levels,
        stats: product.stats,
        summaries: product.summaries,
        method: product.method,
        inputs: product.inputs,
      }),
      { pdf: false },
    );
    const png = (await t.storage.get(files[0]!.storage_key))!;
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(again.width);
    expect(again.swatches.map((s) => s.classIndex)).toEqual([0, 1, 2, 3]);
    for (const s of again.swatches) {
      const x = Math.round((s.x + s.w / 2) * again.pngScale);
      const y = Math.round((s.y + s.h / 2) * again.pngScale);
      const k = (y * info.width + x) * 3;
      const [r, g, b] = parseColor(RISK_LEVEL_COLORS[s.classIndex]!);
      expect([...data.subarray(k, k + 3)], `swatch ${s.classIndex}`).toEqual([r, g, b]);
    }
    // The PDF's text: the title, the legend's title and level names in Chinese, the summary.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'risk-pdf-'));
    fs.writeFileSync(path.join(dir, 'r.pdf'), (await t.storage.get(files[1]!.storage_key))!);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    for (const s of ['霜冻风险图', '风险等级', 'I 级（红色）', 'II 级（橙色）', 'III 级（黄色）', 'IV 级（蓝色）', '霜冻风险'])
      expect(text).toContain(s);
    // The title names the valid period in the map date style; source, scale and north arrow (docs/risk.md#files).
    expect(text).toMatch(/霜冻风险图（\d+月\d+日\d{2}时—(\d+月)?\d+日\d{2}时）/);
    for (const s of ['数据来源：', '公里', '北', '发布时间：']) expect(text).toContain(s);
    // The CSV: one line per county and the total, km² per level as the product counted them.
    const csv = (await t.storage.get(files[2]!.storage_key))!.toString('utf8');
    expect(csv.split('\n')[0]).toBe('\ufeff区域,IV 级（蓝色） km²,III 级（黄色） km²,II 级（橙色） km²,I 级（红色） km²,风险面积 km²');
    expect(csv).toContain(`West county,${Math.round(areasOf(WORST, WEST)[1]! * 100) / 100},`);
    // Deleting the product takes its library files with it.
    expect((await call(tok.risk!, 'POST', '/api/risk/delete', { productId: product.id })).json().code).toBe(0);
    expect(
      await t.db.db
        .selectFrom('download_file')
        .select('id')
        .where('source_id', '=', String(product.id))
        .where('kind', '=', 'risk-product')
        .execute(),
    ).toEqual([]);
    expect(await t.storage.get(files[0]!.storage_key)).toBeNull();
  });

  it('lists, deletes (row then file) and keeps products when their hazard goes', async () => {
    const page = (await call(tok.risk!, 'GET', '/api/risk/page?page=1&size=50')).json().data;
    expect(page.total).toBe(await countRows('risk_product'));
    const { product } = await run({ name: 'To delete' });
    const row = await t.db.db.selectFrom('risk_product').selectAll().where('id', '=', product.id).executeTakeFirstOrThrow();
    expect((await call(tok.other!, 'POST', '/api/risk/delete', { productId: product.id })).json().code).toBe(4004);
    expect((await call(tok.risk!, 'POST', '/api/risk/delete', { productId: product.id })).json().code).toBe(0);
    expect(await t.storage.get(`${row.storage_prefix}/levels.u8`)).toBeNull();
    expect((await call(tok.risk!, 'GET', `/api/risk/product?productId=${product.id}`)).json().code).toBe(4004);
    expect((await call(tok.other!, 'GET', '/api/risk/page')).json().data.total).toBe(0);
  });

  it('makes the demo product once per customer without a job', async () => {
    const store = new GridStore(t.db.db, t.storage);
    const id = await makeDemoRiskProduct({ db: t.db.db, storage: t.storage, store, log: { warn: () => {} } }, customer, 'en');
    expect(id).toBeGreaterThan(0);
    // the customer already has products: the first is answered
    const first = await t.db.db
      .selectFrom('risk_product')
      .select('id')
      .where('customer_id', '=', customer)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(id).toBe(first.id);
    // the other customer has no grids: none is made
    expect(await makeDemoRiskProduct({ db: t.db.db, storage: t.storage, store, log: { warn: () => {} } }, other)).toBeNull();
  });
});
