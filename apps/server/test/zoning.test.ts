import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseGridMeta, ZONING_CLASS_COLORS } from '@agromet/contracts';
import { createGrid, EARTH_RADIUS_KM, parseColor, readGeoTiff, writeGeoTiff, zone, type Grid, type GridGeometry } from '@agromet/grid';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedDemoStations, SHAANXI_STATIONS } from '../src/modules/stations/demo.js';
import { productFiles, productGeometry } from '../src/modules/zoning/products.js';
import { demoAppAs, type TestApp } from './helpers.js';
import { areaCollection, boxRing } from './geojson-shapes.js';
import { addSignedInUsers, appWithCustomers } from './revise-helpers.js';

/**
 * Agro-climatic zoning through the API: crops and criteria with their checks, base factors (altitude import and
 * slope, station normals gridded with their fit), zoning runs as jobs over the whole region, a boundary area and a
 * polygon, cell explanation, statistics, download, and tenancy. Classes and areas are worked out here independently.
 */

let t: TestApp;
let customer = 0;
let other = 0;
const tok: Record<string, string> = {};

/** The test region: 105.5–111.5°E, 31.6–39.5°N at 0.1°, rows north to south. */
const G: GridGeometry = { lon0: 105.5, lat0: 39.5, dx: 0.1, dy: -0.1, nx: 61, ny: 80 };
const METRES_PER_DEGREE = (EARTH_RADIUS_KM * 1000 * Math.PI) / 180;
/** A plane rising northwards by 5 m per km; the north-east corner (lon > 111, lat > 39) has no data. */
const altitudeAt = (lon: number, lat: number) => (lon > 111 && lat > 39 ? Number.NaN : 300 + 0.005 * (lat - 31.6) * METRES_PER_DEGREE);
/** Normals that follow a known linear law of longitude, latitude and altitude. */
const TMEAN = (lon: number, lat: number, h: number) => 40 - 0.6 * lat + 0.05 * lon - 0.0055 * h;
const PRECIP = (_lon: number, lat: number, h: number) => 2000 - 40 * lat - 0.1 * h;

const lonOf = (i: number) => G.lon0 + i * G.dx;
const latOf = (j: number) => G.lat0 + j * G.dy;

/** Cells of the test region with an altitude (the north-east corner has none). */
let CELLS_WITH_DATA = 0;
for (let j = 0; j < G.ny; j++) for (let i = 0; i < G.nx; i++) if (!Number.isNaN(altitudeAt(lonOf(i), latOf(j)))) CELLS_WITH_DATA++;

function altitudeGrid(): Grid {
  const g = createGrid(G);
  for (let j = 0; j < G.ny; j++) for (let i = 0; i < G.nx; i++) g.values[j * G.nx + i] = altitudeAt(lonOf(i), latOf(j));
  return g;
}

function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en') {
  return t.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
}

function form(fields: Record<string, string>, file: { name: string; bytes: Uint8Array | string }) {
  const boundary = '----agrometZoningBoundary7';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'utf8') : Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(
  token: string,
  url: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array | string },
  lang = 'en',
) {
  const m = form(fields, file);
  return t.app.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: { ...m.headers, authorization: `Bearer ${token}`, 'accept-language': lang },
  });
}

async function job(id: string, lang = 'en') {
  await t.jobs.waitFor(id);
  return (await call(tok.crit!, 'GET', `/api/job/${id}`, undefined, lang)).json().data;
}

const count = async (
  table: 'zoning_criterion' | 'zoning_product' | 'zoning_station_normal' | 'zoning_crop' | 'job',
  customerId = customer,
) =>
  Number(
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The class of a value under upper-closed intervals, thresholds compared at single precision. */
function classOf(v: number, breaks: number[], classes: number[]): number {
  let k = 0;
  while (k < breaks.length && v > Math.fround(breaks[k]!)) k++;
  return classes[k]!;
}

/** km² of one cell of row j: R²·Δλ·(sin φ_north − sin φ_south). */
const cellArea = (g: GridGeometry, j: number) => {
  const rad = Math.PI / 180;
  const lat = g.lat0 + j * g.dy;
  const h = Math.abs(g.dy) / 2;
  return EARTH_RADIUS_KM ** 2 * g.dx * rad * (Math.sin((lat + h) * rad) - Math.sin((lat - h) * rad));
};

const normalsCsv = (rows: string[]) => `station,factor,value\n${rows.join('\n')}\n`;

beforeAll(async () => {
  [t, customer, other] = await appWithCustomers('陕西省农业气象中心', '甘肃省农业气象中心');
  await addSignedInUsers(t, tok, {
    crit: [customer, 'zn-crit', ['quhua.criteria.admin']],
    make: [customer, 'zn-make', ['quhua.make.admin']],
    result: [customer, 'zn-result', ['quhua.result.admin']],
    poly: [customer, 'zn-poly', ['revise.polygon.admin']],
    other: [other, 'zn-other', ['quhua.criteria.admin', 'quhua.make.admin', 'quhua.result.admin']],
  });
  await seedDemoStations(t.db.db, customer);
});
afterAll(async () => {
  await t.close();
});

describe('crops', () => {
  it('are seeded once per customer, named in the caller’s language', async () => {
    const en = (await call(tok.crit!, 'GET', '/api/crop/all')).json().data;
    expect(en.map((c: { name: string }) => c.name)).toEqual([
      'Winter wheat',
      'Summer maize',
      'Spring maize',
      'Rice',
      'Rapeseed',
      'Potato',
      'Apple',
      'Kiwifruit',
      'Tea',
      'Citrus',
      'Grape',
      'Walnut',
    ]);
    const zh = (await call(tok.make!, 'GET', '/api/crop/all', undefined, 'zh')).json().data;
    expect(zh.find((c: { nameEn: string }) => c.nameEn === 'Tea')).toMatchObject({ name: '茶树', builtIn: true, criteriaCount: 1 });
    expect((await call(tok.crit!, 'GET', '/api/crop/all')).json().data).toHaveLength(12);
    expect(await count('zoning_crop')).toBe(12);
    // The other customer has its own list.
    const theirs = (await call(tok.other!, 'GET', '/api/crop/all')).json().data;
    expect(theirs).toHaveLength(12);
    expect(theirs.map((c: { id: number }) => c.id)).not.toContain(en[0].id);
  });

  it('are added, renamed with their version, refused when taken or stale, deleted when unused', async () => {
    const add = await call(tok.crit!, 'POST', '/api/crop/add', { name: '花椒', remark: '韩城' });
    expect(add.json()).toMatchObject({ code: 0, data: { name: '花椒', remark: '韩城', builtIn: false, version: 1 } });
    const id = add.json().data.id;
    expect((await call(tok.crit!, 'POST', '/api/crop/add', { name: '花椒' })).json()).toMatchObject({
      code: 4009,
      data: { field: 'name' },
    });
    const upd = await call(tok.crit!, 'POST', '/api/crop/update', { id, version: 1, name: '大红袍花椒', remark: '' });
    expect(upd.json()).toMatchObject({ code: 0, data: { name: '大红袍花椒', version: 2 } });
    const stale = await call(tok.crit!, 'POST', '/api/crop/update', { id, version: 1, name: 'x', remark: '' });
    expect(stale.json()).toMatchObject({ code: 4009, data: { currentVersion: 2 } });
    expect((await call(tok.other!, 'POST', '/api/crop/update', { id, version: 2, name: 'y', remark: '' })).json().code).toBe(4004);
    expect((await call(tok.crit!, 'POST', '/api/crop/delete', { id })).json().code).toBe(0);
    expect((await call(tok.crit!, 'GET', '/api/crop/all')).json().data).toHaveLength(12);
  });

  it('with criteria are not deleted (4009, nothing changed)', async () => {
    const tea = (await call(tok.crit!, 'GET', '/api/crop/all')).json().data.find((c: { nameEn: string }) => c.nameEn === 'Tea');
    const res = await call(tok.crit!, 'POST', '/api/crop/delete', { id: tea.id });
    expect(res.json()).toMatchObject({ code: 4009, msg: 'The crop still has 1 criteria and cannot be deleted' });
    expect(await count('zoning_crop')).toBe(12);
  });
});

async function cropId(nameEn: string, token = tok.crit!) {
  return (await call(token, 'GET', '/api/crop/all')).json().data.find((c: { nameEn: string }) => c.nameEn === nameEn).id as number;
}

describe('criteria', () => {
  it('include the tea example, the published table reproduced exactly', async () => {
    const list = (await call(tok.make!, 'GET', `/api/qhCriterion/allByCrop?cropId=${await cropId('Tea')}`)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      example: true,
      method: 'limiting',
      cropName: 'Tea',
      classNames: ['', '', '', ''],
      factors: [
        { factor: 'textmin', breaks: [-14.7, -9.2, -7.8], classes: [3, 2, 1, 0] },
        { factor: 'springFrost', breaks: [20, 27, 43], classes: [0, 1, 2, 3] },
        { factor: 'tmean', breaks: [12.4, 14.4, 15.5], classes: [3, 2, 1, 0] },
        { factor: 'precip', breaks: [650, 810, 1010], classes: [3, 2, 1, 0] },
        { factor: 'rhMarSep', breaks: [67, 73, 76], classes: [3, 2, 1, 0] },
      ],
    });
    const one = (await call(tok.result!, 'GET', `/api/qhCriterion/queryIndex?criteriaId=${list[0].id}`)).json();
    expect(one).toMatchObject({ code: 0, data: { id: list[0].id, name: list[0].name } });
    const kiwi = (await call(tok.make!, 'GET', `/api/qhCriterion/allByCrop?cropId=${await cropId('Kiwifruit')}`)).json().data[0];
    expect(kiwi).toMatchObject({ example: true, method: 'weighted', cutPoints: [3.6, 3, 2.2], classScores: [4, 3, 2, 1] });
    // The literature's absolute limits are vetoes (docs/zoning.md#vetoes).
    const vetoes = (c: { factors: { factor: string; veto?: unknown }[] }) => c.factors.map((f) => [f.factor, f.veto ?? null]);
    expect(vetoes(list[0])).toEqual([
      ['textmin', { lower: -14.7 }],
      ['springFrost', null],
      ['tmean', null],
      ['precip', { lower: 650 }],
      ['rhMarSep', null],
    ]);
    expect(vetoes(kiwi)).toEqual([
      ['tmean', null],
      ['textmin', { lower: -19 }],
      ['acc10', null],
      ['precip', null],
      ['sunshine', null],
    ]);
    expect(kiwi.factors.reduce((s: number, f: { weight: number }) => s + f.weight, 0)).toBeCloseTo(1, 9);
    // Another customer's criterion is not there.
    expect((await call(tok.other!, 'GET', `/api/qhCriterion/queryIndex?criteriaId=${list[0].id}`)).json().code).toBe(4004);
  });

  const valid = async () => ({
    name: '试验指标',
    cropId: await cropId('Apple'),
    description: 'hand-made',
    method: 'limiting',
    factors: [
      { factor: 'tmean', breaks: [12, 14, 16], classes: [3, 2, 1, 0] },
      { factor: 'precip', breaks: [500, 700], classes: [3, 1, 0] },
    ],
    classNames: ['', '', '', '很差'],
  });

  it('refuse bad input with 4100 naming the field, and store nothing', async () => {
    const before = await count('zoning_criterion');
    const base = await valid();
    const cases: Array<[unknown, string, string]> = [
      [{ ...base, cropId: 999_999 }, 'cropId', 'cropId: No such crop'],
      [
        { ...base, factors: [{ factor: 'tmean', breaks: [12, 16, 14], classes: [3, 2, 1, 0] }] },
        'factors.0.breaks.2',
        'factors.0.breaks.2: Thresholds must strictly increase (14 after 16); intervals must not overlap',
      ],
      [
        { ...base, factors: [{ factor: 'tmean', breaks: [12, 12, 14], classes: [3, 2, 1, 0] }] },
        'factors.0.breaks.1',
        'factors.0.breaks.1: Thresholds must strictly increase (12 after 12); intervals must not overlap',
      ],
      [
        {
          ...base,
          method: 'weighted',
          cutPoints: [3.5, 2.5, 1.5],
          factors: [
            { factor: 'tmean', breaks: [12, 14, 16], classes: [3, 2, 1, 0], weight: 0.6 },
            { factor: 'precip', breaks: [500, 700], classes: [3, 1, 0], weight: 0.3 },
          ],
        },
        'factors',
        'factors: Weights must sum to 1 (they sum to 0.9)',
      ],
      [
        { ...base, factors: [{ factor: 'cloudiness', breaks: [1], classes: [3, 0] }] },
        'factors.0.factor',
        'factors.0.factor: Unknown base factor: cloudiness',
      ],
      [
        { ...base, factors: [{ factor: 'tmean', breaks: [12, 14], classes: [3, 2, 1, 0] }] },
        'factors.0.classes',
        'factors.0.classes: Give one class more than thresholds (3)',
      ],
      [
        { ...base, factors: [{ factor: 'rh', breaks: [50, 120], classes: [3, 1, 0] }] },
        'factors.0.breaks.1',
        'factors.0.breaks.1: Threshold 120 is outside the valid range of Annual mean relative humidity [0, 100] %',
      ],
      [
        { ...base, factors: [{ factor: 'precip', breaks: [500, 700], classes: [3, 1, 0], veto: {} }] },
        'factors.0.veto',
        'factors.0.veto: A veto needs a lower limit, an upper limit or both',
      ],
      [
        { ...base, factors: [{ factor: 'precip', breaks: [500, 700], classes: [3, 1, 0], veto: { lower: 800, upper: 600 } }] },
        'factors.0.veto.upper',
        'factors.0.veto.upper: The lower limit of a veto must be below its upper limit',
      ],
      [
        { ...base, factors: [{ factor: 'precip', breaks: [500, 700], classes: [3, 1, 0], veto: { lower: -5 } }] },
        'factors.0.veto.lower',
        'factors.0.veto.lower: Veto limit -5 is outside the valid range of Annual precipitation [0, 6000] mm',
      ],
      [
        { ...base, factors: [{ factor: 'precip', breaks: [500, 700], classes: [3, 1, 0], veto: { below: 600 } }] },
        'factors.0.veto.below',
        '',
      ],
    ];
    for (const [body, field, msg] of cases) {
      const res = await call(tok.crit!, 'POST', '/api/qhCriterion/add', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject(msg ? { code: 4100, msg } : { code: 4100 });
      expect(res.json().data.issues[0].field, field).toBe(field);
    }
    // The veto's messages in Chinese and Spanish too.
    const bad = { ...base, factors: [{ factor: 'precip', breaks: [500, 700], classes: [3, 1, 0], veto: { lower: 800, upper: 600 } }] };
    for (const [lang, msg] of [
      ['zh', 'factors.0.veto.upper：否决条件的下限须小于上限'],
      ['es', 'factors.0.veto.upper: El límite inferior de un veto debe ser menor que el superior'],
    ] as const) {
      expect((await call(tok.crit!, 'POST', '/api/qhCriterion/add', bad, lang)).json()).toMatchObject({ code: 4100, msg });
    }
    // Every problem is listed, not only the first.
    const many = await call(tok.crit!, 'POST', '/api/qhCriterion/add', {
      ...base,
      factors: [
        { factor: 'tmean', breaks: [16, 14], classes: [3, 2, 1] },
        { factor: 'nope', breaks: [1], classes: [3, 0] },
      ],
    });
    expect(many.json().data.issues.map((i: { field: string }) => i.field)).toEqual(['factors.0.breaks.1', 'factors.1.factor']);
    expect(await count('zoning_criterion')).toBe(before);
  });

  it('are added, edited with their version and listed by crop and name', async () => {
    const body = await valid();
    const add = await call(tok.crit!, 'POST', '/api/qhCriterion/add', body);
    expect(add.json()).toMatchObject({
      code: 0,
      data: { ...body, cropName: 'Apple', example: false, productCount: 0, version: 1, creator: '名 zn-crit' },
    });
    expect((await call(tok.crit!, 'POST', '/api/qhCriterion/add', body)).json()).toMatchObject({ code: 4009, data: { field: 'name' } });
    const id = add.json().data.id;
    const upd = await call(tok.crit!, 'POST', '/api/qhCriterion/update', { ...body, id, version: 1, description: 'edited' });
    expect(upd.json()).toMatchObject({ code: 0, data: { description: 'edited', version: 2 } });
    const stale = await call(tok.crit!, 'POST', '/api/qhCriterion/update', { ...body, id, version: 1 });
    expect(stale.json()).toMatchObject({ code: 4009 });
    const page = (await call(tok.crit!, 'GET', `/api/qhCriterion/page?current=1&size=10&name=${encodeURIComponent('试验')}`)).json().data;
    expect(page).toMatchObject({ total: 1, page: 1, size: 10 });
    expect(page.list[0].id).toBe(id);
    const byCrop = (await call(tok.crit!, 'GET', `/api/qhCriterion/page?cropId=${body.cropId}`)).json().data;
    expect(byCrop.list.map((c: { id: number }) => c.id)).toEqual([id]);
  });
});

describe('base factors', () => {
  it('list the catalogue without grids at first', async () => {
    const list = (await call(tok.make!, 'GET', '/api/baseWeatherFactor/allFactorAndAltitude')).json().data;
    expect(list.map((f: { code: string }) => f.code)).toEqual([
      'altitude',
      'slope',
      'tmean',
      'acc10',
      'precip',
      'sunshine',
      'textmin',
      'tcold',
      'twarm',
      'frostfree',
      'rh',
      'rhMarSep',
      'springFrost',
    ]);
    expect(list[2]).toMatchObject({
      name: 'Annual mean temperature',
      unit: '°C',
      min: -30,
      max: 35,
      source: 'stations',
      hasGrid: false,
      version: null,
    });
  });

  it('refuse a normals CSV with any bad row, listing every problem and storing nothing', async () => {
    const csv = normalsCsv([
      '57036,tmean,14.2',
      '99999,tmean,10',
      '57034,cloudiness,5',
      '57016,precip,abc',
      '57127,rh,120',
      '57036,tmean,14.3',
      '57245,slope,3',
    ]);
    const res = await upload(tok.crit!, '/api/baseWeatherFactor/importNormals', {}, { name: 'normals.csv', bytes: csv });
    expect(res.json()).toMatchObject({ code: 4100 });
    expect(res.json().data.issues).toEqual([
      { row: 3, field: 'station', message: 'No station 99999 (add it in station management first)' },
      { row: 4, field: 'factor', message: 'Unknown base factor: cloudiness' },
      { row: 5, field: 'value', message: 'Not a number: abc' },
      { row: 6, field: 'value', message: '120 is outside the valid range [0, 100] %' },
      { row: 7, field: 'factor', message: 'Annual mean temperature of station 57036 appears twice in the file (first on line 2)' },
      { row: 8, field: 'factor', message: 'Slope comes from the altitude grid and cannot be imported as station normals' },
    ]);
    expect(await count('zoning_station_normal')).toBe(0);
  });

  it('refuse slope as a grid import (4100 naming code)', async () => {
    const res = await upload(
      tok.crit!,
      '/api/baseWeatherFactor/importGrid',
      { code: 'slope' },
      { name: 's.tif', bytes: writeGeoTiff(altitudeGrid()) },
    );
    expect(res.json()).toMatchObject({ code: 4100, data: { issues: [{ field: 'code' }] } });
  });

  it('take an altitude grid (GeoTIFF) as a job and derive slope from it', async () => {
    const res = await upload(
      tok.crit!,
      '/api/baseWeatherFactor/importGrid',
      { code: 'altitude' },
      { name: 'dem.tif', bytes: writeGeoTiff(altitudeGrid()) },
    );
    expect(res.json().code).toBe(0);
    expect(await job(res.json().data.jobId)).toMatchObject({ status: 'done' });
    const list = (await call(tok.crit!, 'GET', '/api/baseWeatherFactor/allFactorAndAltitude')).json().data;
    const alt = list.find((f: { code: string }) => f.code === 'altitude');
    expect(alt).toMatchObject({ hasGrid: true, source: 'import', version: 1, geometry: G });
    expect(alt.gridMin).toBeCloseTo(altitudeAt(105.5, 31.6), 1);
    // A plane rising 5 m per km has a slope of atan(0.005) everywhere.
    const slope = await call(tok.crit!, 'GET', '/api/baseWeatherFactor/grid?code=slope');
    const values = new Float32Array(new Uint8Array(slope.rawPayload).buffer);
    const expected = (Math.atan(0.005) * 180) / Math.PI;
    const with_ = [...values].filter((v) => !Number.isNaN(v));
    expect(with_.length).toBe(CELLS_WITH_DATA);
    for (const v of with_) expect(v).toBeCloseTo(expected, 4);
  });

  it('grid station normals, recovering a linear law with R² 1, and the leave-one-out RMSE worked out here', async () => {
    const rows = SHAANXI_STATIONS.flatMap((s) => [
      `${s.number},tmean,${TMEAN(s.lon, s.lat, s.alt).toFixed(6)}`,
      `${s.number},年降水量,${PRECIP(s.lon, s.lat, s.alt).toFixed(6)}`,
    ]);
    const res = await upload(tok.crit!, '/api/baseWeatherFactor/importNormals', {}, { name: 'normals.csv', bytes: normalsCsv(rows) });
    expect(res.json()).toMatchObject({ code: 0, data: { rows: 22, stations: 11, factors: ['tmean', 'precip'] } });
    expect(await job(res.json().data.jobId)).toMatchObject({ status: 'done' });
    const list = (await call(tok.crit!, 'GET', '/api/baseWeatherFactor/allFactorAndAltitude')).json().data;
    const tmean = list.find((f: { code: string }) => f.code === 'tmean');
    expect(tmean).toMatchObject({ hasGrid: true, source: 'stations', stationCount: 11, version: 1 });
    expect(tmean.fit.stationCount).toBe(11);
    expect(tmean.fit.r2).toBeCloseTo(1, 9);
    // Left out, a station is predicted at its own position and altitude (the station table's, not the grid's): a law
    // the regression fits exactly leaves no error either way, to the single precision of a cell.
    expect(tmean.fit.scale).toBe('linear');
    expect(tmean.fit.looRmseRegression).toBeLessThan(1e-5);
    expect(tmean.fit.looRmseResiduals).toBeLessThan(1e-5);
    expect(tmean.fit.looRmse).toBe(Math.min(tmean.fit.looRmseRegression, tmean.fit.looRmseResiduals));
    expect(tmean.fit.coefficients.lat).toBeCloseTo(-0.6, 6);
    expect(tmean.fit.coefficients.lon).toBeCloseTo(0.05, 6);
    expect(tmean.fit.coefficients.altitude).toBeCloseTo(-0.0055, 8);
    // Every cell is the law at the cell's position and altitude.
    const res2 = await call(tok.make!, 'GET', '/api/baseWeatherFactor/grid?code=tmean');
    const meta = parseGridMeta(res2.headers['x-grid-meta'] as string);
    expect(meta).toMatchObject({ type: 'zoning', factor: 'tmean', version: 1, unit: '°C', ...G });
    const values = new Float32Array(new Uint8Array(res2.rawPayload).buffer);
    for (let j = 0; j < G.ny; j++) {
      for (let i = 0; i < G.nx; i++) {
        const h = altitudeAt(lonOf(i), latOf(j));
        const v = values[j * G.nx + i]!;
        if (Number.isNaN(h)) expect(v).toBeNaN();
        else expect(Math.abs(v - TMEAN(lonOf(i), latOf(j), h))).toBeLessThan(2e-3);
      }
    }
    // Unchanged: 304 by its tag.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/baseWeatherFactor/grid?code=tmean',
      headers: { authorization: `Bearer ${tok.make}`, 'if-none-match': res2.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const hist = (await call(tok.crit!, 'GET', '/api/baseWeatherFactor/histogram?code=tmean&bins=10')).json().data;
    expect(hist.counts).toHaveLength(10);
    expect(hist.edges).toHaveLength(11);
    expect(hist.counts.reduce((s: number, c: number) => s + c, 0)).toBe(hist.total);
    expect(hist.total).toBe(CELLS_WITH_DATA);
    const normals = (await call(tok.crit!, 'GET', '/api/baseWeatherFactor/normals')).json().data;
    expect(normals.find((s: { stationNumber: string }) => s.stationNumber === '57036').values.tmean).toBeCloseTo(
      TMEAN(108.93, 34.3, 397.5),
      5,
    );
  });

  it('import a grid of another factor onto the altitude grid’s cells, and refuse one out of range or not covering', async () => {
    // Sunshine on a coarser 0.2° grid covering the region: resampled bilinearly.
    const coarse: GridGeometry = { lon0: 105.3, lat0: 39.7, dx: 0.2, dy: -0.2, nx: 33, ny: 42 };
    const sun = createGrid(coarse);
    for (let j = 0; j < coarse.ny; j++)
      for (let i = 0; i < coarse.nx; i++) sun.values[j * coarse.nx + i] = 1500 + 100 * (coarse.lat0 + j * coarse.dy - 31);
    const ok = await upload(
      tok.crit!,
      '/api/baseWeatherFactor/importGrid',
      { code: 'sunshine' },
      { name: 'sun.tif', bytes: writeGeoTiff(sun) },
    );
    expect(await job(ok.json().data.jobId)).toMatchObject({ status: 'done' });
    const sunshine = (await call(tok.crit!, 'GET', '/api/baseWeatherFactor/allFactorAndAltitude'))
      .json()
      .data.find((f: { code: string }) => f.code === 'sunshine');
    expect(sunshine).toMatchObject({ hasGrid: true, source: 'import', geometry: G, fit: null });
    expect(sunshine.gridMin).toBeCloseTo(1500 + 100 * (31.6 - 31), 0);

    const wet = createGrid(G, 150);
    const bad = await upload(tok.crit!, '/api/baseWeatherFactor/importGrid', { code: 'rh' }, { name: 'rh.tif', bytes: writeGeoTiff(wet) });
    expect(await job(bad.json().data.jobId)).toMatchObject({
      status: 'failed',
      error: `${61 * 80} cells are outside the valid range of Annual mean relative humidity [0, 100] %; nothing was imported`,
    });
    const small = createGrid({ lon0: 107, lat0: 34, dx: 0.1, dy: -0.1, nx: 5, ny: 5 }, 60);
    const part = await upload(
      tok.crit!,
      '/api/baseWeatherFactor/importGrid',
      { code: 'rh' },
      { name: 'rh.tif', bytes: writeGeoTiff(small) },
    );
    expect(await job(part.json().data.jobId)).toMatchObject({
      status: 'failed',
      error: 'The file does not cover the region of the altitude grid; nothing was imported',
    });
    expect(
      (await call(tok.crit!, 'GET', '/api/baseWeatherFactor/allFactorAndAltitude'))
        .json()
        .data.find((f: { code: string }) => f.code === 'rh').hasGrid,
    ).toBe(false);
  });
});

/** Two rectangles splitting the region at 108.55°E (between cell centres); the west one's name looks like a formula. */
const HALVES = areaCollection([
  ['=HYPERLINK("x")', [boxRing(105, 31, 108.55, 40)]],
  ['East', [boxRing(108.55, 31, 112, 40)]],
]);

describe('zoning products', () => {
  let criteriaId = 0;
  let layerId = 0;
  let productId = 0;
  let eastId = 0;
  const tmeanRule = { factor: 'tmean', breaks: [12, 14, 16], classes: [3, 2, 1, 0] };
  const precipRule = { factor: 'precip', breaks: [500, 700], classes: [3, 1, 0] };
  let tmean: Float32Array;
  let precip: Float32Array;

  beforeAll(async () => {
    criteriaId = (await call(tok.crit!, 'GET', `/api/qhCriterion/page?name=${encodeURIComponent('试验指标')}`)).json().data.list[0].id;
    const grid = async (code: string) =>
      new Float32Array(new Uint8Array((await call(tok.make!, 'GET', `/api/baseWeatherFactor/grid?code=${code}`)).rawPayload).buffer);
    tmean = await grid('tmean');
    precip = await grid('precip');
    const m = form({ name: '南北两半' }, { name: 'halves.geojson', bytes: JSON.stringify(HALVES) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gis/boundary/upload',
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${tok.poly}` },
    });
    layerId = res.json().data.id;
  });

  /** The class of each cell worked out here: the worst of the two factors' classes (255 without data). */
  const expectedClass = (k: number) =>
    Number.isNaN(tmean[k]!)
      ? 255
      : Math.max(classOf(tmean[k]!, tmeanRule.breaks, tmeanRule.classes), classOf(precip[k]!, precipRule.breaks, precipRule.classes));

  it('refuses a run that cannot be made, naming the field, and stores nothing', async () => {
    const products = await count('zoning_product');
    const jobs = await count('job');
    const tea = (await call(tok.make!, 'GET', `/api/qhCriterion/allByCrop?cropId=${await cropId('Tea')}`)).json().data[0];
    const cases: Array<[unknown, string, number, string]> = [
      [{ criteriaId: 999_999, name: 'x' }, 'criteriaId', 4100, 'criteriaId: No such zoning criterion'],
      [
        { criteriaId: tea.id, name: 'x' },
        'criteriaId',
        4100,
        'criteriaId: Base factor Mean annual extreme minimum temperature has no grid yet; import station normals or a grid file first',
      ],
      [
        {
          criteriaId,
          name: 'x',
          polygon: {
            type: 'Polygon',
            coordinates: [
              [
                [120, 20],
                [121, 20],
                [121, 21],
                [120, 20],
              ],
            ],
          },
        },
        'polygon',
        4100,
        'polygon: The region lies outside every base-factor grid',
      ],
      [{ criteriaId, name: 'x', areaCode: 'b999999:0' }, 'areaCode', 4100, 'areaCode: No such boundary layer: b999999'],
      [{ criteriaId, name: 'x', areaCode: `b${layerId}:7` }, 'areaCode', 4100, `areaCode: The boundary layer has no area b${layerId}:7`],
      [
        { criteriaId, name: 'x', areaCode: 'counties' },
        'areaCode',
        4100,
        'areaCode: Must be "layer:area index", e.g. provinces:26 or b3:0',
      ],
      [
        {
          criteriaId,
          name: 'x',
          areaCode: `b${layerId}:0`,
          polygon: [
            [
              [107, 33],
              [108, 33],
              [108, 34],
              [107, 33],
            ],
          ],
        },
        'polygon',
        4100,
        'polygon: Choose either a boundary area or a polygon, not both',
      ],
    ];
    for (const [body, field, code, msg] of cases) {
      const res = await call(tok.make!, 'POST', '/api/quhua/execute', body);
      expect(res.json(), msg).toMatchObject({ code, msg });
      expect(res.json().data.issues[0].field, msg).toBe(field);
    }
    expect(await count('zoning_product')).toBe(products);
    expect(await count('job')).toBe(jobs);
  });

  it('runs a criterion over the whole region as a job: every cell’s class and the class areas as worked out by hand', async () => {
    // Jobs ahead of it fill every slot of the queue, so the product is read back while its job is certainly queued.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    t.jobs.define('test.zoning-hold', z.unknown(), () => gate);
    const holds = await Promise.all(
      Array.from({ length: t.config.jobConcurrency }, () => t.jobs.enqueue('test.zoning-hold', {}, { customerId: customer, userId: null })),
    );
    const res = await call(tok.make!, 'POST', '/api/quhua/execute', { criteriaId, name: '=1+1 apple' });
    expect(res.json()).toMatchObject({ code: 0, data: { productId: expect.any(Number), jobId: expect.any(String) } });
    productId = res.json().data.productId;
    const { jobId } = res.json().data;
    const running = (await call(tok.make!, 'GET', '/api/quhua/queryproucting')).json().data;
    expect(running).toEqual([expect.objectContaining({ productId, name: '=1+1 apple', jobId, status: 'queued' })]);
    open();
    for (const hold of holds) await t.jobs.waitFor(hold);
    await t.jobs.waitFor(jobId);
    expect((await call(tok.make!, 'GET', '/api/quhua/queryproucting')).json().data).toEqual([]);

    const product = (await call(tok.result!, 'GET', `/api/quhua/product?productId=${productId}`)).json().data;
    expect(product).toMatchObject({
      id: productId,
      status: 'done',
      progress: 100,
      error: null,
      cropName: 'Apple',
      criteriaId,
      criteriaName: '试验指标',
      method: 'limiting',
      region: { kind: 'customer', name: 'Whole region' },
      classNames: ['Most suitable', 'Suitable', 'Sub-suitable', '很差'],
      classColors: [...ZONING_CLASS_COLORS],
      inputs: [
        { factor: 'tmean', gridVersion: 1, unit: '°C' },
        { factor: 'precip', gridVersion: 1, unit: 'mm' },
      ],
      layer: `zoning.p${productId}`,
      creator: '名 zn-make',
    });
    // The whole grid has data somewhere in every row and column: the product's grid is the base grid.
    expect(product.bbox).toEqual([105.45, 31.55, 111.55, 39.55].map((v) => expect.closeTo(v, 9)));

    const areas = [0, 0, 0, 0];
    const west = [0, 0, 0, 0];
    for (let j = 0; j < G.ny; j++) {
      for (let i = 0; i < G.nx; i++) {
        const c = expectedClass(j * G.nx + i);
        if (c === 255) continue;
        areas[c]! += cellArea(G, j);
        if (lonOf(i) < 108.55) west[c]! += cellArea(G, j);
      }
    }
    expect(areas.filter((a) => a > 0).length).toBeGreaterThanOrEqual(3);
    product.stats.classAreasKm2.forEach((a: number, c: number) => expect(a).toBeCloseTo(areas[c]!, 1));
    expect(product.stats.totalKm2).toBeCloseTo(
      areas.reduce((s, v) => s + v, 0),
      1,
    );
    expect(product.stats.layer).toEqual({ id: `b${layerId}`, name: '南北两半' });
    expect(product.stats.byArea.map((a: { code: string; name: string }) => [a.code, a.name])).toEqual([
      [`b${layerId}:0`, '=HYPERLINK("x")'],
      [`b${layerId}:1`, 'East'],
    ]);
    product.stats.byArea[0].areasKm2.forEach((a: number, c: number) => expect(a).toBeCloseTo(west[c]!, 1));

    // Each cell explained: class, limiting factor, values and classes.
    for (const [i, j] of [
      [3, 70],
      [30, 40],
      [50, 10],
      [60, 79],
      [0, 0],
    ] as const) {
      const k = j * G.nx + i;
      const q = (await call(tok.make!, 'POST', '/api/quhua/querydata', { productId, lon: lonOf(i) + 0.02, lat: latOf(j) - 0.03 })).json();
      expect(q.code).toBe(0);
      const ct = classOf(tmean[k]!, tmeanRule.breaks, tmeanRule.classes);
      const cp = classOf(precip[k]!, precipRule.breaks, precipRule.classes);
      expect(q.data).toMatchObject({
        class: expectedClass(k),
        className: product.classNames[expectedClass(k)],
        limitingFactor: cp > ct ? 1 : 0,
        limitingFactorName: cp > ct ? 'Annual precipitation' : 'Annual mean temperature',
        score: null,
        lon: expect.closeTo(lonOf(i), 6),
        lat: expect.closeTo(latOf(j), 6),
        factors: [
          { factor: 'tmean', name: 'Annual mean temperature', unit: '°C', value: expect.closeTo(tmean[k]!, 2), class: ct },
          { factor: 'precip', name: 'Annual precipitation', unit: 'mm', value: expect.closeTo(precip[k]!, 2), class: cp },
        ],
      });
    }
    // A cell without data has no class; a point off the grid is refused naming lon.
    const corner = (await call(tok.make!, 'POST', '/api/quhua/querydata', { productId, lon: 111.5, lat: 39.5 })).json().data;
    expect(corner).toMatchObject({
      class: null,
      className: 'No data',
      limitingFactor: null,
      factors: [
        { value: null, class: null },
        { value: null, class: null },
      ],
    });
    const off = await call(tok.make!, 'POST', '/api/quhua/querydata', { productId, lon: 100, lat: 30 });
    expect(off.json()).toMatchObject({
      code: 4100,
      msg: 'lon: The position (100, 30) is outside the zoning product',
      data: { issues: [{ field: 'lon' }] },
    });
  });

  it('runs over one area of a boundary layer', async () => {
    const res = await call(tok.make!, 'POST', '/api/quhua/execute', { criteriaId, name: 'east half', areaCode: `b${layerId}:1` });
    eastId = res.json().data.productId;
    await t.jobs.waitFor(res.json().data.jobId);
    const product = (await call(tok.make!, 'GET', `/api/quhua/product?productId=${eastId}`)).json().data;
    expect(product).toMatchObject({ status: 'done', region: { kind: 'area', name: 'East' } });
    expect(product.bbox[0]).toBeCloseTo(108.55, 9);
    const east = [0, 0, 0, 0];
    for (let j = 0; j < G.ny; j++) {
      for (let i = 0; i < G.nx; i++) {
        const c = expectedClass(j * G.nx + i);
        if (c !== 255 && lonOf(i) > 108.55) east[c]! += cellArea(G, j);
      }
    }
    product.stats.classAreasKm2.forEach((a: number, c: number) => expect(a).toBeCloseTo(east[c]!, 1));
    expect(product.stats.byArea.map((a: { name: string }) => a.name)).toEqual(['East']);
    // A cell of the other half is outside this product.
    const q = await call(tok.make!, 'POST', '/api/quhua/querydata', { productId: eastId, lon: 106, lat: 35 });
    expect(q.json()).toMatchObject({ code: 4100 });
  });

  it('lists products by crop, newest first', async () => {
    const apple = await cropId('Apple');
    const page = (await call(tok.result!, 'GET', `/api/quhua/allByCrop?cropId=${apple}&current=1&size=10`)).json().data;
    expect(page).toMatchObject({ total: 2, page: 1, size: 10 });
    expect(page.list.map((p: { id: number }) => p.id)).toEqual([eastId, productId]);
    expect((await call(tok.result!, 'GET', `/api/quhua/allByCrop?cropId=${await cropId('Tea')}`)).json().data.total).toBe(0);
  });

  it('is a layer of the WMS: capabilities, class colours cell by cell, feature info, legend', async () => {
    const wms = (query: string, token = tok.result!) =>
      t.app.inject({
        method: 'GET',
        url: `/api/wms?SERVICE=WMS&${query}`,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      });
    const layer = `zoning.p${productId}`;
    const caps = (await wms('REQUEST=GetCapabilities&VERSION=1.3.0')).body;
    const block = caps.slice(caps.indexOf(`<Name>${layer}</Name>`));
    expect(block).toContain('<Title>=1+1 apple (Apple)</Title>');
    expect(block.slice(0, block.indexOf('</Layer>'))).not.toContain('<Dimension');
    expect(block.slice(0, block.indexOf('</Layer>'))).not.toContain('<Name>contours</Name>');
    // One pixel per cell: every pixel has its cell's class colour (no class: transparent).
    const map = await wms(
      `REQUEST=GetMap&VERSION=1.1.1&LAYERS=${layer}&STYLES=&SRS=EPSG:4326&BBOX=105.45,31.55,111.55,39.55&WIDTH=61&HEIGHT=80&FORMAT=image/png&TRANSPARENT=true`,
    );
    expect(map.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(map.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([61, 80, 4]);
    for (let k = 0; k < 61 * 80; k++) {
      const c = expectedClass(k);
      const px = [...data.subarray(4 * k, 4 * k + 4)];
      expect(px, `cell ${k}`).toEqual(c === 255 ? [0, 0, 0, 0] : parseColor(ZONING_CLASS_COLORS[c]!));
    }
    const k = 40 * G.nx + 30;
    const fi = await wms(
      `REQUEST=GetFeatureInfo&VERSION=1.1.1&LAYERS=${layer}&QUERY_LAYERS=${layer}&STYLES=&SRS=EPSG:4326&BBOX=105.45,31.55,111.55,39.55&WIDTH=61&HEIGHT=80&X=30&Y=40&INFO_FORMAT=application/json`,
    );
    expect(fi.json()).toMatchObject({
      layer,
      name: '=1+1 apple',
      value: expectedClass(k),
      unit: ['Most suitable', 'Suitable', 'Sub-suitable', '很差'][expectedClass(k)],
    });
    const legend = await wms(`REQUEST=GetLegendGraphic&VERSION=1.3.0&LAYER=${layer}&FORMAT=image/png`);
    expect((await sharp(legend.rawPayload).metadata()).format).toBe('png');
    expect(
      (
        await wms(
          `REQUEST=GetMap&VERSION=1.1.1&LAYERS=${layer}&STYLES=contours&SRS=EPSG:4326&BBOX=105,31,112,40&WIDTH=10&HEIGHT=10&FORMAT=image/png`,
        )
      ).body,
    ).toContain('StyleNotDefined');
    // Another customer does not have it.
    const theirs = await wms(
      `REQUEST=GetMap&VERSION=1.1.1&LAYERS=${layer}&STYLES=&SRS=EPSG:4326&BBOX=105,31,112,40&WIDTH=10&HEIGHT=10&FORMAT=image/png`,
      tok.other!,
    );
    expect(theirs.body).toContain('LayerNotDefined');
  });

  it('downloads a zip: GeoTIFF with colour table, PNG and PDF map, formula-safe CSV, JSON', async () => {
    const res = await call(tok.result!, 'GET', `/api/quhua/down?productId=${productId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="zoning-${productId}.zip"`);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      '=1+1 apple-stats.csv',
      '=1+1 apple.json',
      '=1+1 apple.pdf',
      '=1+1 apple.png',
      '=1+1 apple.tif',
    ]);

    const tif = files['=1+1 apple.tif']!;
    const read = await readGeoTiff(tif);
    expect(read.grid).toMatchObject({ nx: G.nx, ny: G.ny, dx: expect.closeTo(0.1, 9), lon0: expect.closeTo(105.5, 9) });
    for (let k = 0; k < G.nx * G.ny; k++) {
      const c = expectedClass(k);
      if (c === 255) expect(read.grid.values[k]).toBeNaN();
      else expect(read.grid.values[k]).toBe(c);
    }
    if (hasGdal()) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoning-'));
      const file = path.join(dir, 'p.tif');
      fs.writeFileSync(file, tif);
      const info = execFileSync('gdalinfo', [file], { encoding: 'utf8' });
      expect(info).toContain('Type=Byte');
      expect(info).toContain('NoData Value=255');
      expect(info).toContain('Color Table');
      for (const [k, hex] of ZONING_CLASS_COLORS.entries()) {
        const [r, g, b] = parseColor(hex);
        expect(info).toContain(`${k}: ${r},${g},${b},255`);
      }
      expect(info).toContain('CRITERION=试验指标');
      const cell = execFileSync('gdallocationinfo', ['-valonly', '-geoloc', file, String(lonOf(30)), String(latOf(40))], {
        encoding: 'utf8',
      });
      expect(Number(cell.trim())).toBe(expectedClass(40 * G.nx + 30));
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // The map (docs/zoning.md#download): A4 landscape at 6 px/mm, the classes in their colours; the PDF names the
    // region (never "Whole region"), the legend with areas, scale, source, issuer and time.
    const png = files['=1+1 apple.png']!;
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([1782, 1260]);
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [r0, g0, b0] = parseColor(ZONING_CLASS_COLORS[0]);
    let first = 0;
    for (let k = 0; k < info.width * info.height; k++) if (data[3 * k] === r0 && data[3 * k + 1] === g0 && data[3 * k + 2] === b0) first++;
    expect(first).toBeGreaterThan(100);
    const pdfDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoning-pdf-'));
    fs.writeFileSync(path.join(pdfDir, 'm.pdf'), files['=1+1 apple.pdf']!);
    const text = execFileSync('pdftotext', [path.join(pdfDir, 'm.pdf'), '-'], { encoding: 'utf8' });
    fs.rmSync(pdfDir, { recursive: true, force: true });
    for (const s of ['=1+1 apple', 'Legend', 'Suitability', 'Most suitable', 'km²', 'km', 'N', 'Data: Zoning factor grids', 'Issued: ']) {
      expect(text, s).toContain(s);
    }
    expect(text).not.toContain('Whole region');
    expect(text).toMatch(/Issued: \d{4}-\d{2}-\d{2} \d{2}:\d{2} BJT/);

    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(files['=1+1 apple-stats.csv']!);
    expect(csv.startsWith('\ufeffArea,Class,Area (km²),Share (%)')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""x"")",Most suitable,`);
    expect(csv).toContain('Whole region,Total,');

    const json = JSON.parse(new TextDecoder().decode(files['=1+1 apple.json']!));
    expect(json).toMatchObject({
      product: {
        id: productId,
        name: '=1+1 apple',
        crop: 'Apple',
        criterion: { id: criteriaId, method: 'limiting', factors: [tmeanRule, precipRule] },
      },
      classes: [{ index: 0, color: ZONING_CLASS_COLORS[0] }, { index: 1 }, { index: 2 }, { index: 3, name: '很差' }],
      noData: 255,
      inputs: [
        { factor: 'tmean', gridVersion: 1 },
        { factor: 'precip', gridVersion: 1 },
      ],
    });
  });

  it('makes a cell beyond a veto unsuitable under weights that would rate it suitable (worked out by hand)', async () => {
    // Weighted: mean temperature 0.8, precipitation 0.2, scores 4, 3, 2, 1, cut points 3.5, 2.5, 1.5; precipitation
    // vetoed at or below 600 mm. A warm cell with 550 mm scores 0.8·4 + 0.2·3 = 3.8 (most suitable) but is unsuitable.
    const tRule = { ...tmeanRule, weight: 0.8 };
    const pRule = { ...precipRule, weight: 0.2, veto: { lower: 600 } };
    const add = await call(tok.crit!, 'POST', '/api/qhCriterion/add', {
      name: '否决试验',
      cropId: await cropId('Grape'),
      method: 'weighted',
      factors: [tRule, pRule],
      classScores: [4, 3, 2, 1],
      cutPoints: [3.5, 2.5, 1.5],
    });
    expect(add.json()).toMatchObject({ code: 0, data: { factors: [tRule, pRule] } });
    const res = await call(tok.make!, 'POST', '/api/quhua/execute', { criteriaId: add.json().data.id, name: 'veto' });
    await t.jobs.waitFor(res.json().data.jobId);
    const vetoProduct = res.json().data.productId;
    const product = (await call(tok.result!, 'GET', `/api/quhua/product?productId=${vetoProduct}`)).json().data;
    expect(product.criterion.factors).toEqual([tRule, pRule]);

    const score = [4, 3, 2, 1];
    const areas = [0, 0, 0, 0];
    let bought = 0;
    let vetoed = -1;
    for (let j = 0; j < G.ny; j++) {
      for (let i = 0; i < G.nx; i++) {
        const k = j * G.nx + i;
        if (Number.isNaN(tmean[k]!)) continue;
        const x =
          0.8 * score[classOf(tmean[k]!, tRule.breaks, tRule.classes)]! + 0.2 * score[classOf(precip[k]!, pRule.breaks, pRule.classes)]!;
        const byWeights = x >= 3.5 - 1e-6 ? 0 : x >= 2.5 - 1e-6 ? 1 : x >= 1.5 - 1e-6 ? 2 : 3;
        const beyond = precip[k]! <= Math.fround(600);
        if (beyond && byWeights <= 1) {
          bought++;
          if (vetoed < 0) vetoed = k;
        }
        areas[beyond ? 3 : byWeights]! += cellArea(G, j);
      }
    }
    expect(bought).toBeGreaterThan(100);
    product.stats.classAreasKm2.forEach((a: number, c: number) => expect(a).toBeCloseTo(areas[c]!, 1));

    const i = vetoed % G.nx;
    const j = Math.floor(vetoed / G.nx);
    for (const [lang, name] of [
      ['en', 'Annual precipitation'],
      ['zh', '年降水量'],
    ] as const) {
      const q = (
        await call(tok.make!, 'POST', '/api/quhua/querydata', { productId: vetoProduct, lon: lonOf(i), lat: latOf(j) }, lang)
      ).json();
      expect(q).toMatchObject({
        code: 0,
        data: {
          class: 3,
          limitingFactor: 1,
          limitingFactorName: name,
          vetoFactor: 1,
          vetoFactorName: name,
          factors: [
            { factor: 'tmean', veto: null, vetoed: false },
            { factor: 'precip', veto: { lower: 600 }, vetoed: true, value: expect.closeTo(precip[vetoed]!, 2) },
          ],
        },
      });
      expect(q.data.score).toBeGreaterThanOrEqual(2.5 - 1e-6);
    }
    // A cell within the veto names none.
    const north = (await call(tok.make!, 'POST', '/api/quhua/querydata', { productId: vetoProduct, lon: 106, lat: 31.7 })).json().data;
    expect(north).toMatchObject({ vetoFactor: null, vetoFactorName: '' });
  });

  it('keeps a criterion with products (4009) and a product of it unchanged when the criterion is edited', async () => {
    const del = await call(tok.crit!, 'POST', '/api/qhCriterion/deleteCriteria', { criteriaId });
    expect(del.json()).toMatchObject({ code: 4009, msg: 'The criterion is used by 2 zoning products and cannot be deleted' });
    expect((await call(tok.crit!, 'GET', `/api/qhCriterion/queryIndex?criteriaId=${criteriaId}`)).json().data.productCount).toBe(2);
    const crit = (await call(tok.crit!, 'GET', `/api/qhCriterion/queryIndex?criteriaId=${criteriaId}`)).json().data;
    const edited = await call(tok.crit!, 'POST', '/api/qhCriterion/update', {
      id: crit.id,
      version: crit.version,
      name: crit.name,
      cropId: crit.cropId,
      description: crit.description,
      method: 'limiting',
      factors: [{ factor: 'tmean', breaks: [0], classes: [3, 0] }],
      classNames: crit.classNames,
    });
    expect(edited.json().code).toBe(0);
    const product = (await call(tok.make!, 'GET', `/api/quhua/product?productId=${productId}`)).json().data;
    expect(product.criterion.factors).toEqual([tmeanRule, precipRule]);
  });

  it('is seen only by its customer', async () => {
    for (const [method, url, body] of [
      ['GET', `/api/quhua/product?productId=${productId}`, undefined],
      ['POST', '/api/quhua/querydata', { productId, lon: 108, lat: 35 }],
      ['GET', `/api/quhua/down?productId=${productId}`, undefined],
      ['POST', '/api/quhua/delete', { productId }],
    ] as const) {
      expect((await call(tok.other!, method, url, body)).json().code, url).toBe(4004);
    }
    expect((await call(tok.other!, 'GET', '/api/quhua/allByCrop')).json().data.total).toBe(0);
  });

  it('is not deleted while its job runs (4009); deleted with its files once done', async () => {
    // A product whose job is still running (as another process would leave it).
    const now = new Date().toISOString();
    await t.db.db
      .insertInto('job')
      .values({
        id: 'zoning-running-1',
        customer_id: customer,
        user_id: null,
        kind: 'zoning.execute',
        status: 'running',
        progress: 40,
        error: null,
        result: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const row = await t.db.db.selectFrom('zoning_product').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
    const { id: _id, ...rest } = row;
    const running = await t.db.db
      .insertInto('zoning_product')
      .values({ ...rest, name: 'running', status: 'running', job_id: 'zoning-running-1', storage_prefix: null, stats: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = (await call(tok.make!, 'GET', '/api/quhua/queryproucting')).json().data;
    expect(list).toEqual([{ productId: running.id, name: 'running', progress: 40, status: 'running', jobId: 'zoning-running-1' }]);
    const refused = await call(tok.result!, 'POST', '/api/quhua/delete', { productId: running.id });
    expect(refused.json()).toMatchObject({ code: 4009, msg: 'The zoning product is still being made and cannot be deleted' });
    expect(await t.db.db.selectFrom('zoning_product').select('id').where('id', '=', running.id).executeTakeFirst()).toBeDefined();
    // Its job fails: so does the product, with the job's reason.
    await t.db.db
      .updateTable('job')
      .set({ status: 'failed', error: JSON.stringify({ key: 'jobInterrupted', params: {} }) })
      .where('id', '=', 'zoning-running-1')
      .execute();
    expect((await call(tok.result!, 'GET', `/api/quhua/product?productId=${running.id}`)).json().data).toMatchObject({
      status: 'failed',
      error: 'The job was interrupted because the server stopped; submit it again',
      layer: '',
    });
    expect((await call(tok.result!, 'POST', '/api/quhua/delete', { productId: running.id })).json().code).toBe(0);

    const dir = path.join(t.dataDir, 'files', row.storage_prefix!);
    expect(fs.readdirSync(dir).sort()).toEqual(['classes.u8', 'factor-classes.u8', 'limiting.u8', 'values.f32']);
    expect((await call(tok.make!, 'POST', '/api/quhua/delete', { productId })).json().code).toBe(4003);
    expect((await call(tok.result!, 'POST', '/api/quhua/delete', { productId })).json().code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'classes.u8'))).toBe(false);
    expect((await call(tok.result!, 'GET', `/api/quhua/product?productId=${productId}`)).json().code).toBe(4004);
  });
});

function hasGdal(): boolean {
  try {
    execFileSync('gdalinfo', ['--version']);
    return true;
  } catch {
    return false;
  }
}

describe('the demo (DEMO=1)', () => {
  let demo: TestApp;
  let token = '';
  beforeAll(async () => {
    [demo, token] = await demoAppAs('demo-zoning');
  });
  afterAll(() => demo.close());
  const get = (url: string) =>
    demo.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
  const post = (url: string, payload: unknown) =>
    demo.app.inject({
      method: 'POST',
      url,
      payload: payload as never,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });

  it('has every base factor gridded at start, with its fit', async () => {
    const list = (await get('/api/baseWeatherFactor/allFactorAndAltitude')).json().data;
    for (const f of list) expect(f.hasGrid, f.code).toBe(true);
    for (const f of list.filter((x: { source: string }) => x.source === 'stations')) {
      expect(f.stationCount, f.code).toBe(11);
      expect(f.fit.r2, f.code).toBeGreaterThan(0.8);
    }
    const tmean = list.find((f: { code: string }) => f.code === 'tmean');
    expect(tmean.fit.looRmse).toBeLessThan(1);
    // Colder with height.
    expect(tmean.fit.coefficients.altitude).toBeLessThan(-0.004);
    expect(tmean.fit.coefficients.altitude).toBeGreaterThan(-0.007);
  });

  it('zones tea and kiwifruit as a specialist expects: the Han valley suitable, the north unsuitable', async () => {
    const crops = (await get('/api/crop/all')).json().data;
    const criterion = async (crop: string) =>
      (await get(`/api/qhCriterion/allByCrop?cropId=${crops.find((c: { nameEn: string }) => c.nameEn === crop).id}`)).json().data[0];
    const run = async (crop: string) => {
      const res = await post('/api/quhua/execute', { criteriaId: (await criterion(crop)).id, name: crop });
      await demo.jobs.waitFor(res.json().data.jobId);
      return res.json().data.productId as number;
    };
    const classAt = async (productId: number, lon: number, lat: number) =>
      (await post('/api/quhua/querydata', { productId, lon, lat })).json().data;
    const tea = await run('Tea');
    const product = (await get(`/api/quhua/product?productId=${tea}`)).json().data;
    expect(product.status).toBe('done');
    // The province's area (205 600 km²) within 1 %.
    expect(product.stats.totalKm2).toBeGreaterThan(203_500);
    expect(product.stats.totalKm2).toBeLessThan(207_700);
    expect((await classAt(tea, 107.03, 33.07)).class).toBeLessThanOrEqual(1); // Hanzhong
    expect((await classAt(tea, 109.03, 32.72)).class).toBeLessThanOrEqual(1); // Ankang
    expect((await classAt(tea, 109.78, 38.27)).class).toBe(3); // Yulin
    const kiwi = await run('Kiwifruit');
    const hanzhong = await classAt(kiwi, 107.03, 33.07);
    expect(hanzhong.class).toBeLessThanOrEqual(1);
    expect(hanzhong.score).toBeGreaterThan(3);
    expect((await classAt(kiwi, 109.78, 38.27)).class).toBe(3);
  });

  it('rates no cell beyond a veto above unsuitable: kiwifruit (−19 °C) and tea (−14.7 °C, 650 mm)', async () => {
    const crops = (await get('/api/crop/all')).json().data;
    const criterionOf = async (crop: string) =>
      (await get(`/api/qhCriterion/allByCrop?cropId=${crops.find((c: { nameEn: string }) => c.nameEn === crop).id}`)).json().data[0];
    const figures: Record<string, unknown> = {};
    // Kiwifruit's 800 mm is a rain-fed requirement, not a veto (docs/zoning.md#vetoes): it is counted, not vetoed.
    for (const [crop, vetoes, dryLimit] of [
      ['Kiwifruit', { textmin: -19 }, 800],
      ['Tea', { textmin: -14.7, precip: 650 }, 650],
    ] as const) {
      const criterion = await criterionOf(crop);
      const rules = criterion.factors as { factor: string; veto?: { lower?: number } }[];
      expect(Object.fromEntries(rules.filter((f) => f.veto).map((f) => [f.factor, f.veto!.lower]))).toEqual(vetoes);
      const res = await post('/api/quhua/execute', { criteriaId: criterion.id, name: `${crop} vetoes` });
      await demo.jobs.waitFor(res.json().data.jobId);
      const productId = res.json().data.productId as number;
      const row = await demo.db.db.selectFrom('zoning_product').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
      const files = await productFiles(demo.storage, row);
      const n = files.classes.length;
      const valuesOf = (f: number) => files.values.subarray(f * n, (f + 1) * n);
      const cold = rules.findIndex((f) => f.factor === 'textmin');
      const dry = rules.findIndex((f) => f.factor === 'precip');
      // The same run without its vetoes, by the engine on the product's own values.
      const mask = files.classes.map((c) => (c === 255 ? 0 : 1));
      const free = zone(
        {
          method: criterion.method,
          factors: rules.map(({ veto: _veto, ...f }) => f) as never,
          classScores: criterion.classScores,
          cutPoints: criterion.cutPoints,
        },
        rules.map((_, f) => valuesOf(f)),
        mask,
      );
      const count = {
        classed: 0,
        beyondCold: 0,
        beyondColdAbove: 0,
        beyondColdAboveWithout: 0,
        beyondDry: 0,
        beyondDryAbove: 0,
        dryAtLeastSuitableWithout: 0,
        changed: 0,
        // cells the vetoes made unsuitable, by the class the weights alone gave them
        changedFrom: [0, 0, 0],
      };
      let vetoedCell = -1;
      for (let k = 0; k < n; k++) {
        const c = files.classes[k]!;
        if (c === 255) continue;
        count.classed++;
        if (c !== free.classes[k]) {
          count.changed++;
          count.changedFrom[free.classes[k]!]!++;
        }
        expect(c).toBeGreaterThanOrEqual(free.classes[k]!);
        if (valuesOf(cold)[k]! <= Math.fround(vetoes.textmin)) {
          count.beyondCold++;
          if (c < 3) count.beyondColdAbove++;
          if (free.classes[k]! < 3) count.beyondColdAboveWithout++;
          expect(files.limiting[k]).toBe(cold);
        }
        if (valuesOf(cold)[k]! <= Math.fround(vetoes.textmin) && free.classes[k]! < 3 && vetoedCell < 0) vetoedCell = k;
        if (valuesOf(dry)[k]! <= Math.fround(dryLimit)) {
          count.beyondDry++;
          if (c < 3) count.beyondDryAbove++;
          if (free.classes[k]! <= 1) count.dryAtLeastSuitableWithout++;
        }
      }
      figures[crop] = count;
      expect(count.beyondCold).toBeGreaterThan(0);
      expect(count.beyondColdAbove).toBe(0);
      if (crop === 'Tea') {
        expect(count.beyondDryAbove).toBe(0);
        // The limiting method already makes the table's unsuitable classes unsuitable: the vetoes change no class.
        expect(count.changed).toBe(0);
        continue;
      }
      // Without the veto the weights bought back cells beyond the cold limit; only those change.
      expect(count.beyondColdAboveWithout).toBeGreaterThan(0);
      expect(count.changed).toBe(count.beyondColdAboveWithout);
      // The irrigated kiwifruit area of the Wei plain at the Qinling's northern foot (Zhouzhi, 600 mm here) stays
      // suitable; 34.25° N, as the demo's synthetic Qinling front lies a little north of the real one.
      const zhouzhi = (await post('/api/quhua/querydata', { productId, lon: 108.22, lat: 34.25 })).json().data;
      expect(zhouzhi.class).toBeLessThanOrEqual(1);
      expect(zhouzhi.factors[dry].value).toBeLessThan(800);
      // The cell explanation names the veto that decided a cell the weights alone would rate better.
      const g = productGeometry(row)!;
      const i = vetoedCell % g.nx;
      const j = Math.floor(vetoedCell / g.nx);
      const q = (await post('/api/quhua/querydata', { productId, lon: g.lon0 + i * g.dx, lat: g.lat0 + j * g.dy })).json().data;
      expect(q).toMatchObject({
        class: 3,
        limitingFactor: cold,
        limitingFactorName: 'Mean annual extreme minimum temperature',
        vetoFactor: cold,
        vetoFactorName: 'Mean annual extreme minimum temperature',
      });
      expect(q.factors[cold]).toMatchObject({ factor: 'textmin', veto: { lower: -19 }, vetoed: true });
      expect(q.factors[dry]).toMatchObject({ factor: 'precip', veto: null, vetoed: false });
      expect(q.score).toBeGreaterThan(2.2 - 1e-6);
    }
    console.info('zoning vetoes on the demo', JSON.stringify(figures));
  });
});
