import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaryFile } from '../src/modules/gis/boundaries.js';
import { createTestApp, type TestApp } from './helpers.js';
import { areaCollection, squareRing } from './geojson-shapes.js';
import { addCustomer, addUser, multipartForm, platformId } from './revise-helpers.js';

/**
 * Customer boundary layers: GeoJSON polygons (e.g. counties) uploaded by a customer, checked and normalised by
 * content, kept in file storage, served only to the customer, listed among the map's boundary layers.
 */

/** A district of Xi'an with the properties a typical download carries (adcode, centre, level, parent), and `extra`. */
const xianDistrict = (adcode: number, name: string, center: [number, number], geometry: object, extra: object = {}) => ({
  type: 'Feature',
  properties: { adcode, name, center, childrenNum: 0, level: 'district', parent: { adcode: 610100 }, ...extra },
  geometry,
});

/** Three districts and counties south of Xi'an, simplified, with the properties a typical download carries. */
const SHAANXI_COUNTIES = {
  type: 'FeatureCollection',
  name: 'xian_counties',
  crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } },
  features: [
    xianDistrict(
      610116,
      '长安区',
      [108.941579, 34.157097],
      {
        type: 'Polygon',
        coordinates: [
          [
            [108.7625, 34.2011],
            [108.948, 34.2236],
            [109.1321, 34.1832],
            [109.1766, 34.0458],
            [109.0919, 33.8823],
            [108.9013, 33.7925],
            [108.7387, 33.8541],
            [108.6846, 34.0227],
            [108.7625, 34.2011],
          ],
        ],
      },
      { acroutes: [100000, 610000, 610100] },
    ),
    xianDistrict(610118, '鄠邑区', [108.607385, 34.108668], {
      type: 'Polygon',
      coordinates: [
        [
          [108.4573, 34.2312, 420],
          [108.6301, 34.2407, 415],
          [108.7625, 34.2011, 430],
          [108.6846, 34.0227, 610],
          [108.7387, 33.8541, 1800],
          [108.5602, 33.7588, 2100],
          [108.4178, 33.8711, 1500],
          [108.4573, 34.2312, 420],
        ],
      ],
    }),
    xianDistrict(610122, '蓝田县', [109.317634, 34.156189], {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [109.1321, 34.1832],
            [109.356, 34.3214],
            [109.6218, 34.2653],
            [109.8112, 34.1058],
            [109.6629, 33.9137],
            [109.3947, 33.8268],
            [109.1766, 34.0458],
            [109.1321, 34.1832],
          ],
          // A hole (an enclave), kept as it is.
          [
            [109.3, 34.1],
            [109.35, 34.1],
            [109.35, 34.05],
            [109.3, 34.05],
            [109.3, 34.1],
          ],
        ],
        [
          [
            [109.7, 34.3],
            [109.75, 34.3],
            [109.75, 34.27],
            [109.7, 34.3],
          ],
        ],
      ],
    }),
  ],
};
const FIXTURE = JSON.stringify(SHAANXI_COUNTIES);

let t: TestApp;
let customerA = 0;
let customerB = 0;
const tok: Record<string, string> = {};

const multipart = (fields: Record<string, string>, file?: { name: string; bytes: Buffer | string }) =>
  multipartForm(fields, file && { ...file, type: 'application/geo+json' });

function upload(token: string, name: string | undefined, content: Buffer | string | undefined, lang = 'zh') {
  const m = multipart(name === undefined ? {} : { name }, content === undefined ? undefined : { name: 'counties.geojson', bytes: content });
  return t.app.inject({
    method: 'POST',
    url: '/api/gis/boundary/upload',
    payload: m.payload,
    headers: { ...m.headers, ...t.bearer(token), 'accept-language': lang },
  });
}
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: t.bearer(token) });
const del = (token: string, id: number) =>
  t.app.inject({ method: 'POST', url: '/api/gis/boundary/delete', payload: { id }, headers: t.bearer(token) });

const boundariesDir = () => path.join(t.dataDir, 'files', 'boundaries');
function storedFiles(): string[] {
  const dir = boundariesDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.geojson') && !f.endsWith('.display.geojson'))
    .sort();
}
/** The display file written beside each stored layer (what a map is sent). */
function displayFiles(): string[] {
  const dir = boundariesDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.display.geojson'))
    .sort();
}
async function rowCount(): Promise<number> {
  return (await t.db.db.selectFrom('boundary_layer').select('id').execute()).length;
}

/** A one-feature collection (named x) of a polygon with the given rings. */
// Rings as given, bad ones included: the refusals below are what the server makes of them.
const withRings = (rings: unknown) => JSON.stringify(areaCollection([['x', rings as number[][][]]]));
const square = squareRing(108, 34, 1);

beforeAll(async () => {
  t = await createTestApp();
  customerA = await platformId(t);
  customerB = await addCustomer(t, '宝鸡市气象局');
  tok.admin = (await t.login('admin')).access_token;
  tok.polygon = (await addUser(t, customerA, 'b-polygon', ['revise.polygon.admin'], '落区订正员')).token;
  tok.customerAdmin = (await addUser(t, customerA, 'b-customer', ['sys.customer.admin'])).token;
  tok.reader = (await addUser(t, customerA, 'b-reader', ['revise.point.admin'])).token;
  tok.userAdmin = (await addUser(t, customerA, 'b-users', ['sys.user.admin'])).token;
  tok.otherPolygon = (await addUser(t, customerB, 'b-other', ['revise.polygon.admin'])).token;
});
afterAll(async () => {
  await t.close();
});

describe('boundary layer upload', () => {
  let layerId = 0;

  it('stores a county layer, normalised, and answers it', async () => {
    const res = await upload(tok.polygon!, '  西安南部区县 ', FIXTURE);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    layerId = body.data.id;
    expect(body.data).toEqual({
      id: layerId,
      name: '西安南部区县',
      featureCount: 3,
      url: `/api/gis/boundary/${layerId}`,
      builtIn: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      createdBy: '落区订正员',
    });
    const row = await t.db.db.selectFrom('boundary_layer').selectAll().where('id', '=', layerId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customer_id: customerA, name: '西安南部区县', feature_count: 3, created_by_name: '落区订正员' });
    expect(row.storage_key).toMatch(new RegExp(`^boundaries/${customerA}/[0-9a-f-]{36}\\.geojson$`));
    expect(row.created_by).toBeTypeOf('number');
    expect(storedFiles()).toEqual([row.storage_key.slice('boundaries/'.length)]);
    expect(displayFiles()).toEqual([row.storage_key.slice('boundaries/'.length).replace(/\.geojson$/, '.display.geojson')]);
    // Only the display names are kept, so the stored file is smaller than the upload.
    expect(row.size).toBeLessThan(Buffer.byteLength(FIXTURE));
  });

  it('lists it for readers of the customer', async () => {
    for (const token of [tok.polygon!, tok.reader!, tok.customerAdmin!, tok.admin!]) {
      const res = await get(token, '/api/gis/boundaries');
      expect(res.json().code).toBe(0);
      expect(res.json().data.map((l: { id: number; name: string }) => [l.id, l.name])).toEqual([[layerId, '西安南部区县']]);
    }
  });

  it('serves the normalised GeoJSON: a FeatureCollection of 2-D polygons whose properties are only a name', async () => {
    const res = await get(tok.reader!, `/api/gis/boundary/${layerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const fc = res.json();
    expect(Object.keys(fc)).toEqual(['type', 'features']);
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.map((f: { properties: unknown }) => f.properties)).toEqual([
      { name: '长安区' },
      { name: '鄠邑区' },
      { name: '蓝田县' },
    ]);
    expect(fc.features[0].geometry).toEqual(SHAANXI_COUNTIES.features[0]!.geometry);
    // Elevations are dropped.
    expect(fc.features[1].geometry.coordinates[0][0]).toEqual([108.4573, 34.2312]);
    expect(fc.features[2].geometry).toEqual(SHAANXI_COUNTIES.features[2]!.geometry);
  });

  it('joins the map layers after the built-in provinces', async () => {
    const data = (await get(tok.reader!, '/api/gis/all')).json().data;
    expect(data.boundaries).toEqual([
      { id: 'provinces', name: 'map.boundary.provinces', url: '/api/gis/offline/provinces.json', builtIn: true },
      { id: `b${layerId}`, name: '西安南部区县', url: `/api/gis/boundary/${layerId}`, builtIn: false, featureCount: 3 },
    ]);
  });

  it('refuses a second layer of the same name in the customer (4009), but not in another customer', async () => {
    const res = await upload(tok.customerAdmin!, '西安南部区县', FIXTURE);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 4009, msg: 'name 已存在：西安南部区县' });
    const other = await upload(tok.otherPolygon!, '西安南部区县', FIXTURE);
    expect(other.json().code).toBe(0);
    expect(await rowCount()).toBe(2);
    expect(storedFiles()).toHaveLength(2);
  });

  it('wraps a single Feature or a bare polygon into a collection, naming unnamed areas by their number', async () => {
    const bare = await upload(tok.customerAdmin!, '单个多边形', JSON.stringify({ type: 'Polygon', coordinates: [square] }));
    expect(bare.json().data).toMatchObject({ featureCount: 1, createdBy: '名 b-customer' });
    const fc = (await get(tok.reader!, bare.json().data.url)).json();
    expect(fc).toEqual({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { name: '#1' }, geometry: { type: 'Polygon', coordinates: [square] } }],
    });

    const feature = await upload(
      tok.admin!,
      '单个要素',
      `\uFEFF${JSON.stringify({ type: 'Feature', properties: { NAME: "Chang'an", pop: 1 }, geometry: { type: 'Polygon', coordinates: [square] } })}`,
    );
    expect(feature.json().code).toBe(0);
    expect((await get(tok.reader!, feature.json().data.url)).json().features[0].properties).toEqual({ name: "Chang'an" });

    for (const id of [bare.json().data.id, feature.json().data.id]) expect((await del(tok.admin!, id)).json().code).toBe(0);
  });
});

describe('two uploads of one name at once', () => {
  it('keeps one; the other answers 4009 and its file is removed again', async () => {
    const before = storedFiles().length;
    const answers = await Promise.all([upload(tok.polygon!, '同时上传', FIXTURE), upload(tok.customerAdmin!, '同时上传', FIXTURE)]);
    expect(answers.map((r) => r.json().code).sort()).toEqual([0, 4009]);
    expect(storedFiles()).toHaveLength(before + 1);
    const id = answers.find((r) => r.json().code === 0)!.json().data.id;
    expect((await del(tok.admin!, id)).json().code).toBe(0);
    expect(storedFiles()).toHaveLength(before);
  });
});

describe('refused uploads (4100 naming the problem; nothing stored)', () => {
  const cases: Array<[string, string, RegExp, number | undefined]> = [
    ['bad JSON', '{"type": "FeatureCollection", "features": [', /^file：文件不是有效的 JSON/, undefined],
    ['JSON that is not GeoJSON', '{"hello": "world"}', /^file：文件不是 GeoJSON/, undefined],
    ['an empty collection', '{"type": "FeatureCollection", "features": []}', /^file：GeoJSON 中没有要素$/, undefined],
    [
      'a LineString feature',
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          SHAANXI_COUNTIES.features[0],
          {
            type: 'Feature',
            properties: { name: '沣河' },
            geometry: {
              type: 'LineString',
              coordinates: [
                [108.7, 34.2],
                [108.8, 34.3],
              ],
            },
          },
        ],
      }),
      /^file：要素 #2 \(沣河\) 的几何类型为 LineString，只支持 Polygon 和 MultiPolygon$/,
      1,
    ],
    [
      'a feature without geometry',
      JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: null }] }),
      /^file：要素 #1 的几何类型为 null/,
      0,
    ],
    [
      'projected coordinates (Web Mercator metres)',
      withRings([
        [
          [12128000, 4050000],
          [12140000, 4050000],
          [12140000, 4060000],
          [12128000, 4050000],
        ],
      ]),
      /^file：要素 #1 \(x\) 的坐标 \[12128000, 4050000\] 超出范围/,
      0,
    ],
    [
      'a latitude beyond the pole',
      withRings([
        [
          [108, 34],
          [109, 34],
          [109, 91],
          [108, 34],
        ],
      ]),
      /超出范围/,
      0,
    ],
    [
      'an unclosed ring',
      withRings([
        [
          [108, 34],
          [109, 34],
          [109, 35],
          [108, 35],
        ],
      ]),
      /^file：要素 #1 \(x\) 的环没有闭合/,
      0,
    ],
    [
      'a ring of three positions',
      withRings([
        [
          [108, 34],
          [109, 34],
          [108, 34],
        ],
      ]),
      /的环少于 4 个坐标$/,
      0,
    ],
    [
      'non-numeric positions',
      withRings([
        [
          ['108', 34],
          [109, 34],
          [109, 35],
          ['108', 34],
        ],
      ]),
      /的坐标格式不正确/,
      0,
    ],
    [
      'an infinite number',
      withRings([
        [
          [Infinity, 34],
          [109, 34],
          [109, 35],
          [Infinity, 34],
        ],
      ]).replace(/null/g, '1e400'),
      /的坐标格式不正确/,
      0,
    ],
  ];

  it.each(cases)('%s', async (_label, content, msg, feature) => {
    const rows = await rowCount();
    const files = storedFiles();
    const res = await upload(tok.polygon!, `refused ${_label}`, content);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(4100);
    expect(body.msg).toMatch(msg);
    expect(body.data.issues).toEqual([{ field: 'file' }]);
    expect(body.data.feature).toBe(feature);
    expect(await rowCount()).toBe(rows);
    expect(storedFiles()).toEqual(files);
  });

  it("words the problem in the caller's language", async () => {
    const en = await upload(
      tok.polygon!,
      'x',
      withRings([
        [
          [108, 34],
          [109, 34],
          [109, 35],
          [108, 35],
        ],
      ]),
      'en',
    );
    expect(en.json().msg).toBe('file: feature #1 (x) has a ring that is not closed (last position differs from the first)');
    const es = await upload(
      tok.polygon!,
      'x',
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[108,34]}}]}',
      'es',
    );
    expect(es.json().msg).toBe('file: el elemento #1 tiene una geometría Point; solo se aceptan Polygon y MultiPolygon');
  });

  it('refuses more than 5000 features', async () => {
    const many = JSON.stringify({
      type: 'FeatureCollection',
      features: Array.from({ length: 5001 }, () => ({
        type: 'Feature',
        properties: {},
        geometry: { type: 'Polygon', coordinates: [square] },
      })),
    });
    const res = await upload(tok.polygon!, 'many', many);
    expect(res.json()).toMatchObject({ code: 4100, msg: 'file：要素过多：5001 个（上限 5000 个）' });
  });

  it('refuses a layer of more than 500 000 positions (one ring of a million), storing nothing', async () => {
    const before = [storedFiles(), displayFiles(), await rowCount()];
    // Whole degrees keep the file (9 MB) under the 20 MB upload limit: the positions are what is refused.
    const ring = Array.from({ length: 1_000_000 }, (_, k) => (k % 2 === 1 && k < 999_999 ? [109, 35] : [108, 34]));
    const res = await upload(tok.polygon!, 'huge', withRings([ring]), 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4100, msg: 'file: too many positions: more than 500000 (simplify the boundary first)' });
    expect([storedFiles(), displayFiles(), await rowCount()]).toEqual(before);
  });

  it('needs a name of 1 to 64 characters and a file', async () => {
    const noName = await upload(tok.polygon!, undefined, FIXTURE);
    expect(noName.json().code).toBe(4100);
    expect(noName.json().msg).toMatch(/^name：/);
    expect((await upload(tok.polygon!, '   ', FIXTURE)).json().msg).toMatch(/^name：/);
    expect((await upload(tok.polygon!, 'x'.repeat(65), FIXTURE)).json().msg).toMatch(/^name：/);
    const noFile = await upload(tok.polygon!, 'no file', undefined);
    expect(noFile.json()).toMatchObject({ code: 4100, msg: 'file：缺少上传文件（字段 file）' });
    expect((await upload(tok.polygon!, 'empty', '')).json()).toMatchObject({ code: 4100, msg: 'file：上传的文件为空' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/gis/boundary/upload',
      payload: { name: 'x' },
      headers: t.bearer(tok.polygon!),
    });
    expect(json.json().code).toBe(4100);
  });

  it('refuses files over 20 MB with 413 / 4130', async () => {
    const rows = await rowCount();
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 0x20);
    const res = await upload(tok.polygon!, 'big', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 4130, msg: '请求内容过大（上限 20 MB）' });
    expect(await rowCount()).toBe(rows);
  });
});

describe('who may use boundary layers', () => {
  let layerId = 0;
  beforeAll(async () => {
    layerId = (await get(tok.polygon!, '/api/gis/boundaries')).json().data[0].id;
  });

  it('keeps another customer out: not listed, 4004 to fetch or delete, file untouched', async () => {
    const list = (await get(tok.otherPolygon!, '/api/gis/boundaries')).json().data;
    expect(list.map((l: { id: number }) => l.id)).not.toContain(layerId);
    const other = (await get(tok.otherPolygon!, '/api/gis/all')).json().data.boundaries;
    expect(other.map((b: { id: string }) => b.id)).not.toContain(`b${layerId}`);
    const fetch = await get(tok.otherPolygon!, `/api/gis/boundary/${layerId}`);
    expect(fetch.statusCode).toBe(404);
    expect(fetch.json().code).toBe(4004);
    expect((await del(tok.otherPolygon!, layerId)).json().code).toBe(4004);
    expect((await get(tok.reader!, `/api/gis/boundary/${layerId}`)).statusCode).toBe(200);
    expect((await get(tok.reader!, '/api/gis/boundary/987654')).json().code).toBe(4004);
  });

  it('refuses callers without the codes (4003)', async () => {
    expect((await upload(tok.reader!, 'reader layer', FIXTURE)).json().code).toBe(4003);
    expect((await del(tok.reader!, layerId)).json().code).toBe(4003);
    expect((await upload(tok.userAdmin!, 'user admin layer', FIXTURE)).json().code).toBe(4003);
    expect((await get(tok.userAdmin!, '/api/gis/boundaries')).json().code).toBe(4003);
    expect((await get(tok.userAdmin!, `/api/gis/boundary/${layerId}`)).json().code).toBe(4003);
    expect((await t.app.inject({ method: 'GET', url: `/api/gis/boundary/${layerId}` })).json().code).toBe(4000);
  });

  it('deletes the row and the file; the layer is gone from the list and the map', async () => {
    const row = await t.db.db.selectFrom('boundary_layer').select('storage_key').where('id', '=', layerId).executeTakeFirstOrThrow();
    const file = path.join(t.dataDir, 'files', row.storage_key);
    expect(fs.existsSync(file)).toBe(true);
    const res = await del(tok.customerAdmin!, layerId);
    expect(res.json()).toMatchObject({ code: 0, data: null });
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(file.replace(/\.geojson$/, '.display.geojson'))).toBe(false);
    expect(await t.db.db.selectFrom('boundary_layer').select('id').where('id', '=', layerId).executeTakeFirst()).toBeUndefined();
    expect((await get(tok.reader!, `/api/gis/boundary/${layerId}`)).json().code).toBe(4004);
    expect((await get(tok.reader!, '/api/gis/boundaries')).json().data).toEqual([]);
    expect((await get(tok.reader!, '/api/gis/all')).json().data.boundaries.map((b: { id: string }) => b.id)).toEqual(['provinces']);
    expect((await del(tok.customerAdmin!, layerId)).json().code).toBe(4004);
    // The other customer's layer of the same name remains.
    expect(storedFiles()).toHaveLength(1);
    expect(storedFiles()[0]).toMatch(new RegExp(`^${customerB}/`));
  });

  it('logs every upload and delete with the name and size, never the content', async () => {
    const rows = await t.db.db.selectFrom('operation_log').selectAll().where('type', '=', 'boundary').orderBy('id').execute();
    const uploads = rows.filter((r) => r.action === 'gis.boundary.upload');
    const deletes = rows.filter((r) => r.action === 'gis.boundary.delete');
    const first = uploads.find((r) => r.username === 'b-polygon' && r.result_code === 0)!;
    expect(first).toMatchObject({ description: '上传边界图层', customer_id: customerA, status_code: 200 });
    const p = JSON.parse(first.parameter);
    expect(p.fields).toEqual({ name: '  西安南部区县 ' });
    expect(p.file).toEqual({ name: 'counties.geojson', size: Buffer.byteLength(FIXTURE) });
    expect(p.layer).toMatchObject({ featureCount: 3 });
    expect(uploads.some((r) => r.result_code === 4100)).toBe(true);
    expect(uploads.some((r) => r.result_code === 4009)).toBe(true);
    expect(uploads.some((r) => r.result_code === 4130)).toBe(true);
    expect(uploads.some((r) => r.result_code === 4003)).toBe(true);
    for (const r of uploads) {
      expect(r.parameter).not.toContain('108.7625');
      expect(r.parameter).not.toContain('FeatureCollection');
    }
    const okDelete = deletes.find((r) => r.username === 'b-customer' && r.result_code === 0)!;
    expect(JSON.parse(okDelete.parameter)).toMatchObject({ body: { id: layerId }, name: '西安南部区县' });
    expect(deletes.some((r) => r.username === 'b-other' && r.result_code === 4004)).toBe(true);
  });
});

describe('a large layer on the map', () => {
  /** A circle of `n` positions around (108.9, 34.3), closed, radius 0.4°. */
  const circle = (n: number) => {
    const open = Array.from({ length: n - 1 }, (_, k) => {
      const a = (2 * Math.PI * k) / (n - 1);
      return [Number((108.9 + 0.4 * Math.cos(a)).toFixed(6)), Number((34.3 + 0.4 * Math.sin(a)).toFixed(6))];
    });
    return [...open, open[0]!];
  };
  const positionsOf = (collection: { features: { geometry: { coordinates: number[][][] } }[] }) =>
    collection.features.reduce((n, f) => n + f.geometry.coordinates.reduce((m, r) => m + r.length, 0), 0);

  it('is sent simplified to at most 30 000 positions, its areas kept; the server computes with the exact layer', async () => {
    const rings = [0, 1, 2].map(() => circle(40_000));
    const doc = JSON.stringify({
      type: 'FeatureCollection',
      features: rings.map((r, k) => ({ type: 'Feature', properties: { name: `圈${k}` }, geometry: { type: 'Polygon', coordinates: [r] } })),
    });
    const up = await upload(tok.polygon!, '大图层', doc);
    expect(up.json().code).toBe(0);
    const id = up.json().data.id as number;
    const sent = (await get(tok.reader!, `/api/gis/boundary/${id}`)).json();
    expect(positionsOf(sent)).toBeLessThanOrEqual(30_000);
    expect(positionsOf(sent)).toBeGreaterThan(300);
    expect(sent.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual(['圈0', '圈1', '圈2']);
    for (const f of sent.features as { geometry: { type: string; coordinates: number[][][] } }[]) {
      expect(f.geometry.type).toBe('Polygon');
      const ring = f.geometry.coordinates[0]!;
      expect(ring.length).toBeGreaterThanOrEqual(4);
      expect(ring[0]).toEqual(ring[ring.length - 1]);
      // Every position sent lies on the circle within a few metres: simplified, not moved.
      for (const [x, y] of ring) expect(Math.abs(Math.hypot(x! - 108.9, y! - 34.3) - 0.4)).toBeLessThan(1e-5);
    }
    const exact = JSON.parse((await boundaryFile(t.db.db, t.storage, customerA, id)).toString('utf8'));
    expect(positionsOf(exact)).toBe(120_000);

    // A layer stored before display files existed gets one on its first read.
    const row = await t.db.db.selectFrom('boundary_layer').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow();
    const display = path.join(t.dataDir, 'files', row.storage_key.replace(/\.geojson$/, '.display.geojson'));
    fs.rmSync(display);
    expect(positionsOf((await get(tok.reader!, `/api/gis/boundary/${id}`)).json())).toBe(positionsOf(sent));
    expect(fs.existsSync(display)).toBe(true);
    await del(tok.polygon!, id);
  });
});
