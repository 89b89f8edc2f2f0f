import { float32Values, GRID_META_HEADER, parseGridMeta } from '@agromet/contracts';
import { decodePatch, reviseArea, revisePoints, applyPatch, type Grid } from '@agromet/grid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.js';
import {
  addUser,
  allocate,
  appWithCustomers,
  BASE_TIME,
  bitsOf,
  call,
  field,
  gridRow,
  platformId,
  saveGrid,
  SMALL,
  storedValues,
} from './revise-helpers.js';

/** Point and polygon revision, records and recovery: answers and database contents, on SQLite and PostgreSQL. */
let t: TestApp;
let customerA = 0;
let customerB = 0;
const tok: Record<string, string> = {};
const uid: Record<string, number> = {};
const TMP_RANGE = { min: -60, max: 60 };

const S1 = [
  [108, 34.5],
  [108.8, 34.5],
  [108.8, 35.2],
  [108, 35.2],
  [108, 34.5],
];
const S2 = [
  [108.5, 34.2],
  [109.3, 34.2],
  [109.3, 34.9],
  [108.5, 34.9],
  [108.5, 34.2],
];

beforeAll(async () => {
  [t, customerA, customerB] = await appWithCustomers('延安市气象局', '汉中市气象局');
  const editing = ['revise.point.admin', 'revise.polygon.admin'];
  for (const [name, customer, codes] of [
    ['fc1', customerA, [...editing, 'revise.recovery.admin']],
    ['fc2', customerA, editing],
    ['fc3', customerA, [...editing, 'revise.recovery.admin']],
    ['alloc', customerA, ['revise.allocation.admin']],
    ['fcB', customerB, [...editing, 'revise.recovery.admin']],
    ['allocB', customerB, ['revise.allocation.admin']],
  ] as const) {
    const u = await addUser(t, customer, name, [...codes]);
    tok[name] = u.token;
    uid[name] = u.id;
  }
  tok.admin = (await t.login('admin')).access_token;
  await allocate(t, tok.alloc!, uid.fc1!);
  await allocate(t, tok.alloc!, uid.fc2!);
  await allocate(t, tok.allocB!, uid.fcB!);
  for (const lead of [24, 27, 30, 33, 36, 39]) await saveGrid(t, customerA, { lead });
  await saveGrid(t, customerB, { lead: 24 });
  await saveGrid(t, await platformId(t), { lead: 24 });
});
afterAll(async () => {
  await t.close();
});

const pointBody = (over: Record<string, unknown> = {}) => ({
  type: 'fine-grid',
  factor: 'tmp',
  baseTime: BASE_TIME,
  leads: [24],
  expectedVersions: { 24: 1 },
  points: [{ lon: 108.4, lat: 34.8, value: 25, radiusKm: 30 }],
  ...over,
});
/** A forecaster's point or area revision as the page sends it. */
const revise = (who: string, kind: 'point' | 'polygon', body: object, lang?: string) =>
  call(t, tok[who]!, 'POST', `/api/revise/${kind}Revise`, body, lang);
const polygonBody = (over: Record<string, unknown> = {}) => ({
  type: 'fine-grid',
  factor: 'tmp',
  baseTime: BASE_TIME,
  leads: [27],
  expectedVersions: { 27: 1 },
  polygons: { type: 'Polygon', coordinates: [S1] },
  operation: 'add',
  value: 3,
  edge: { mode: 'ramp', cells: 2 },
  ...over,
});

async function gridOf(customerId: number, lead: number): Promise<{ version: number; values: Float32Array; grid: Grid }> {
  const row = await gridRow(t, customerId, lead);
  const values = await storedValues(t, row.storage_key);
  return { version: row.version, values, grid: { ...SMALL, values } };
}
const revisionCount = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('revision')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastLog = (action: string) =>
  t.db.db.selectFrom('operation_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();

/** The body of an inject answer as its own ArrayBuffer, as fetch's arrayBuffer() gives it. */
const bodyBuffer = (raw: Buffer) => raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer;

describe('GET /forecaster/getData', () => {
  it('answers the geometry, version, factor range and the versions of every lead, without the values', async () => {
    const res = await call(t, tok.fc1!, 'GET', `/api/forecaster/getData?type=fine-grid&factor=tmp&baseTime=${BASE_TIME}&lead=24`);
    expect(res.json().code).toBe(0);
    const d = res.json().data;
    expect(d).toMatchObject({
      type: 'fine-grid',
      factor: 'tmp',
      baseTime: BASE_TIME,
      lead: 24,
      ...SMALL,
      version: 1,
      updatedBy: 'importer',
      unit: '°C',
      min: -60,
      max: 60,
      precision: 1,
      allocated: true,
    });
    expect(d).not.toHaveProperty('values');
    expect(d.leads.map((l: { lead: number }) => l.lead)).toEqual([24, 27, 30, 33, 36, 39]);
  });

  it("tells a forecaster without the type allocated, and hides other customers' grids", async () => {
    const mine = await call(t, tok.fc3!, 'GET', '/api/forecaster/getData?type=fine-grid&factor=tmp&lead=24');
    expect(mine.json().data.allocated).toBe(false);
    // Customer B has no grid at lead 27: A's is not visible.
    const other = await call(t, tok.fcB!, 'GET', '/api/forecaster/getData?type=fine-grid&factor=tmp&lead=27');
    expect(other.json().code).toBe(4004);
    const unknown = await call(t, tok.fc1!, 'GET', '/api/forecaster/getData?type=fine-grid&factor=nope&lead=24', undefined, 'en');
    expect(unknown.json()).toMatchObject({ code: 4100, msg: 'factor: unknown forecast type or factor' });
  });
});

describe('GET /forecaster/getGrid', () => {
  it('answers the stored values as little-endian Float32 bytes with the georeference and version in x-grid-meta', async () => {
    const res = await call(t, tok.fc1!, 'GET', `/api/forecaster/getGrid?type=fine-grid&factor=tmp&baseTime=${BASE_TIME}&lead=24`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.rawPayload.length).toBe(SMALL.nx * SMALL.ny * 4);
    const meta = parseGridMeta(res.headers[GRID_META_HEADER] as string);
    expect(meta).toEqual({ type: 'fine-grid', factor: 'tmp', baseTime: BASE_TIME, lead: 24, version: 1, unit: '°C', ...SMALL });
    const stored = await storedValues(t, (await gridRow(t, customerA, 24)).storage_key);
    expect(res.rawPayload.equals(bitsOf(stored))).toBe(true);
    expect(bitsOf(float32Values(bodyBuffer(res.rawPayload), meta)).equals(bitsOf(field().values))).toBe(true);
    // The same grid as getData describes, newest base time when none is named.
    const newest = await call(t, tok.fc1!, 'GET', '/api/forecaster/getGrid?type=fine-grid&factor=tmp&lead=24');
    expect(parseGridMeta(newest.headers[GRID_META_HEADER] as string)).toEqual(meta);
  });

  it('carries missing cells and any float bit for bit', async () => {
    const odd = field(SMALL, (i, j) => (i === j ? Number.NaN : 31.575 + i * 1e-7 - j * 3.3e5));
    odd.values[7] = -0;
    odd.values[8] = 1e-45;
    await saveGrid(t, customerB, { factor: 'rh', lead: 24, grid: odd });
    const res = await call(t, tok.fcB!, 'GET', `/api/forecaster/getGrid?type=fine-grid&factor=rh&baseTime=${BASE_TIME}&lead=24`);
    expect(res.statusCode).toBe(200);
    const meta = parseGridMeta(res.headers[GRID_META_HEADER] as string);
    expect(meta).toMatchObject({ factor: 'rh', unit: '%', version: 1, ...SMALL });
    const values = float32Values(bodyBuffer(res.rawPayload), meta);
    expect(bitsOf(values).equals(bitsOf(odd.values))).toBe(true);
    expect(Number.isNaN(values[0])).toBe(true);
  });

  it('revalidates by ETag: 304 while the version holds, the new bytes once it changed', async () => {
    await saveGrid(t, customerA, { factor: 'tmax', lead: 24 });
    const url = `/api/forecaster/getGrid?type=fine-grid&factor=tmax&baseTime=${BASE_TIME}&lead=24`;
    const first = await call(t, tok.fc1!, 'GET', url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"1-[\w-]{22}"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { ...t.bearer(tok.fc1!), 'if-none-match': `W/"other", ${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // Another forecaster of the customer holds the same bytes: the same tag.
    expect((await call(t, tok.fc2!, 'GET', url)).headers.etag).toBe(etag);

    const saved = await revise('fc1', 'point', pointBody({ factor: 'tmax' }));
    expect(saved.json().code).toBe(0);
    const after = await t.app.inject({ method: 'GET', url, headers: { ...t.bearer(tok.fc1!), 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(parseGridMeta(after.headers[GRID_META_HEADER] as string).version).toBe(2);
    expect(after.rawPayload.equals(bitsOf(await storedValues(t, (await gridRow(t, customerA, 24, 'tmax')).storage_key)))).toBe(true);
  });

  it('answers a missing grid, a bad query or a refused caller with the JSON envelope', async () => {
    const missing = await call(t, tok.fcB!, 'GET', '/api/forecaster/getGrid?type=fine-grid&factor=tmp&lead=27', undefined, 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(missing.headers[GRID_META_HEADER]).toBeUndefined();
    expect(missing.json()).toMatchObject({ code: 4004, data: null });
    const unknown = await call(t, tok.fc1!, 'GET', '/api/forecaster/getGrid?type=fine-grid&factor=nope&lead=24', undefined, 'en');
    expect(unknown.json()).toMatchObject({ code: 4100, msg: 'factor: unknown forecast type or factor' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/forecaster/getGrid?type=fine-grid&factor=tmp&lead=24' });
    expect(anonymous.json().code).toBe(4000);
    const refused = await call(t, tok.alloc!, 'GET', '/api/forecaster/getGrid?type=fine-grid&factor=tmp&lead=24');
    expect(refused.json().code).toBe(4003);
  });
});

describe('POST /revise/pointRevise', () => {
  it('applies the Cressman edit of @agromet/grid, saves a new version and its record with the exact patch', async () => {
    const before = await gridOf(customerA, 24);
    const body = pointBody();
    const res = await revise('fc1', 'point', body);
    expect(res.json().code).toBe(0);
    const expected = revisePoints(before.grid, body.points, TMP_RANGE);
    const [lead] = res.json().data.leads;
    expect(lead).toMatchObject({ lead: 24, previousVersion: 1, version: 2, cellsChanged: expected.indices.length });
    expect(lead.cellsChanged).toBeGreaterThan(10);
    const after = await gridOf(customerA, 24);
    const want = before.values.slice();
    applyPatch(want, expected);
    expect(bitsOf(after.values).equals(bitsOf(want))).toBe(true);
    expect(after.version).toBe(2);
    expect((await gridRow(t, customerA, 24)).updated_by_name).toBe('名 fc1');

    const rec = await t.db.db.selectFrom('revision').selectAll().where('id', '=', lead.recordId).executeTakeFirstOrThrow();
    expect(rec).toMatchObject({
      kind: 'point',
      customer_id: customerA,
      user_id: uid.fc1,
      user_name: '名 fc1',
      base_time: BASE_TIME,
      lead_hours: 24,
      cells_changed: expected.indices.length,
      version_before: 1,
      version_after: 2,
      recovered_by_id: null,
      nx: 30,
      ny: 20,
    });
    const stored = decodePatch(rec.patch);
    expect([...stored.indices]).toEqual([...expected.indices]);
    expect(bitsOf(stored.oldValues).equals(bitsOf(expected.oldValues))).toBe(true);
    expect(bitsOf(stored.newValues).equals(bitsOf(expected.newValues))).toBe(true);
    expect(rec.west).toBeLessThan(108.4);
    expect(rec.east).toBeGreaterThan(108.4);
    const batch = await t.db.db.selectFrom('revision_batch').selectAll().where('id', '=', rec.batch_id).executeTakeFirstOrThrow();
    expect(JSON.parse(batch.parameters)).toEqual({ points: body.points, leads: [24] });
    expect(await lastLog('revise.point')).toMatchObject({ username: 'fc1', type: 'revise', result_code: 0, customer_id: customerA });
  });

  it("clips to the factor's valid range", async () => {
    const res = await revise(
      'fc1',
      'point',
      pointBody({ expectedVersions: [2], points: [{ lon: 108.4, lat: 34.8, value: 500, radiusKm: 20 }] }),
    );
    expect(res.json().code).toBe(0);
    const after = await gridOf(customerA, 24);
    expect(Math.max(...after.values)).toBe(60);
  });

  it.each([
    ['a missing radius', { points: [{ lon: 108.4, lat: 34.8, value: 25 }] }, 'points.0.radiusKm'],
    ['a latitude out of range', { points: [{ lon: 108.4, lat: 91, value: 25, radiusKm: 10 }] }, 'points.0.lat'],
    ['too many points', { points: Array.from({ length: 201 }, () => ({ lon: 108, lat: 34, value: 1, radiusKm: 5 })) }, 'points'],
    ['no lead', { leads: [], expectedVersions: {} }, 'leads'],
    ['a lead without its version', { leads: [24, 27], expectedVersions: { 24: 3 } }, 'expectedVersions.27'],
    ['an unknown field', { sneaky: 1 }, 'sneaky'],
    ['a bad base time', { baseTime: 'yesterday' }, 'baseTime'],
  ])('refuses %s with 4100 naming the field', async (_what, over, fieldName) => {
    const count = await revisionCount();
    const res = await revise('fc1', 'point', pointBody(over), 'en');
    expect(res.json().code).toBe(4100);
    expect(res.json().msg.startsWith(`${fieldName}:`)).toBe(true);
    expect(await revisionCount()).toBe(count);
  });

  it('refuses a stale version with 4009 naming who changed the grid and when, changing nothing', async () => {
    const before = await gridOf(customerA, 24);
    const row = await gridRow(t, customerA, 24);
    const count = await revisionCount();
    const res = await revise('fc2', 'point', pointBody({ expectedVersions: { 24: 1 } }), 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 4009,
      data: { currentVersion: before.version, updatedBy: '名 fc1', updatedAt: row.updated_at, lead: 24 },
    });
    expect(res.json().msg).toContain('名 fc1');
    expect(res.json().msg).toContain(row.updated_at);
    expect(bitsOf((await gridOf(customerA, 24)).values).equals(bitsOf(before.values))).toBe(true);
    expect(await revisionCount()).toBe(count);
    expect(await lastLog('revise.point')).toMatchObject({ username: 'fc2', result_code: 4009 });
  });

  it('refuses a forecaster without the type allocated (4003); admin passes', async () => {
    const before = await gridOf(customerA, 24);
    const res = await revise('fc3', 'point', pointBody({ expectedVersions: { 24: before.version } }), 'en');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(4003);
    expect(res.json().msg).toContain('精细化网格预报');
    expect((await gridOf(customerA, 24)).version).toBe(before.version);
    const admin = await revise('admin', 'point', pointBody());
    expect(admin.json()).toMatchObject({ code: 0, data: { leads: [{ lead: 24, version: 2 }] } });
    expect((await gridRow(t, await platformId(t), 24)).version).toBe(2);
  });

  it("works only on the caller's customer's grids", async () => {
    // B's lead-24 grid is B's own; A's grids are not B's to revise.
    const res = await revise('fcB', 'point', pointBody({ leads: [27], expectedVersions: { 27: 1 } }));
    expect(res.json().code).toBe(4004);
    const own = await revise('fcB', 'point', pointBody());
    expect(own.json().code).toBe(0);
    expect((await gridRow(t, customerB, 24)).version).toBe(2);
  });
});

describe('POST /revise/polygonRevise', () => {
  it('applies the area edit of @agromet/grid to several leads in one call', async () => {
    const b27 = await gridOf(customerA, 27);
    const b39 = await gridOf(customerA, 39);
    const body = polygonBody({ leads: [27, 39], expectedVersions: [1, 1], smooth: 3 });
    const res = await revise('fc2', 'polygon', body);
    expect(res.json().code).toBe(0);
    const { batchId, leads } = res.json().data;
    expect(leads.map((l: { lead: number; version: number }) => [l.lead, l.version])).toEqual([
      [27, 2],
      [39, 2],
    ]);
    for (const [lead, before] of [
      [27, b27],
      [39, b39],
    ] as const) {
      const expected = reviseArea(
        before.grid,
        { type: 'Polygon', coordinates: [S1] },
        {
          operation: 'add',
          value: 3,
          edge: { type: 'ramp', cells: 2 },
          smooth: 3,
          range: TMP_RANGE,
        },
      );
      const want = before.values.slice();
      applyPatch(want, expected);
      expect(bitsOf((await gridOf(customerA, lead)).values).equals(bitsOf(want))).toBe(true);
    }
    const records = await t.db.db.selectFrom('revision').selectAll().where('batch_id', '=', batchId).orderBy('lead_hours').execute();
    expect(records.map((r) => [r.lead_hours, r.kind, r.version_before, r.version_after])).toEqual([
      [27, 'polygon', 1, 2],
      [39, 'polygon', 1, 2],
    ]);
    const batch = await t.db.db.selectFrom('revision_batch').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
    expect(JSON.parse(batch.parameters)).toMatchObject({
      operation: 'add',
      value: 3,
      edge: { mode: 'ramp', cells: 2 },
      smooth: 3,
      leads: [27, 39],
    });
  });

  it('is all or nothing over its leads: one stale lead refuses the call and no lead changes', async () => {
    const b27 = await gridOf(customerA, 27);
    const b33 = await gridOf(customerA, 33);
    const count = await revisionCount();
    const res = await revise('fc1', 'polygon', polygonBody({ leads: [33, 27], expectedVersions: { 33: 1, 27: 1 } }), 'en');
    expect(res.json()).toMatchObject({ code: 4009, data: { lead: 27, currentVersion: 2, updatedBy: '名 fc2' } });
    expect(res.json().msg).toContain('lead 27 h');
    expect((await gridOf(customerA, 33)).version).toBe(b33.version);
    expect(bitsOf((await gridOf(customerA, 33)).values).equals(bitsOf(b33.values))).toBe(true);
    expect(bitsOf((await gridOf(customerA, 27)).values).equals(bitsOf(b27.values))).toBe(true);
    expect(await revisionCount()).toBe(count);
  });

  it('accepts a MultiPolygon and a plain list of rings alike', async () => {
    const multi = await revise(
      'fc1',
      'polygon',
      polygonBody({
        leads: [33],
        expectedVersions: { 33: 1 },
        polygons: { type: 'MultiPolygon', coordinates: [[S1], [S2]] },
        operation: 'assign',
        value: 5,
        edge: { mode: 'flat' },
      }),
    );
    expect(multi.json().code).toBe(0);
    const rings = await revise(
      'fc1',
      'polygon',
      polygonBody({
        leads: [33],
        expectedVersions: { 33: 2 },
        polygons: [S1, S2],
        operation: 'assign',
        value: 5,
        edge: { mode: 'flat' },
      }),
    );
    // Same cells already hold 5: nothing changes, no new version, no record.
    expect(rings.json()).toMatchObject({
      code: 0,
      data: { leads: [{ lead: 33, version: 2, previousVersion: 2, cellsChanged: 0, recordId: null, bbox: null }] },
    });
  });

  it.each([
    ['division by zero', { operation: 'divide', value: 0 }, 'value', 'the divisor must be greater than 0'],
    ['an open ring', { polygons: { type: 'Polygon', coordinates: [S1.slice(0, 4)] } }, 'polygons', 'polygon rings must be closed'],
    [
      'a ring of three positions',
      {
        polygons: [
          [
            [108, 34],
            [109, 34],
            [108, 34],
          ],
        ],
      },
      'polygons',
      '',
    ],
    [
      'a latitude out of range',
      {
        polygons: [
          [
            [108, 34],
            [109, 34],
            [109, 95],
            [108, 34],
          ],
        ],
      },
      'polygons',
      '',
    ],
    ['an even smoothing window', { smooth: 4 }, 'smooth', 'odd number'],
    ['an unknown operation', { operation: 'square' }, 'operation', ''],
    ['an unknown edge mode', { edge: { mode: 'soft' } }, 'edge.mode', ''],
    ['a ramp too wide', { edge: { mode: 'ramp', cells: 500 } }, 'edge.cells', ''],
    [
      'too many positions',
      {
        polygons: [Array.from({ length: 4999 }, (_, k) => [108 + k / 5000, 34 + (k % 2) / 10]).concat([[108, 34]])].concat(
          Array.from({ length: 4 }, () => [
            [108, 34],
            [109, 34],
            [109, 35],
            ...Array.from({ length: 4000 }, () => [108.5, 34.5]),
            [108, 34],
          ]),
        ),
      },
      'polygons',
      '',
    ],
  ])('refuses %s with 4100 naming the field', async (_what, over, fieldName, text) => {
    const count = await revisionCount();
    const res = await revise('fc1', 'polygon', polygonBody({ leads: [36], expectedVersions: { 36: 1 }, ...over }), 'en');
    expect(res.json().code).toBe(4100);
    expect(res.json().msg.startsWith(fieldName)).toBe(true);
    if (text) expect(res.json().msg).toContain(text);
    expect(await revisionCount()).toBe(count);
  });

  it('words its rules in Chinese and Spanish too', async () => {
    const zh = await revise('fc1', 'polygon', polygonBody({ operation: 'divide', value: 0 }), 'zh');
    expect(zh.json().msg).toBe('value：除数必须大于 0');
    const es = await revise('fc1', 'polygon', polygonBody({ operation: 'divide', value: 0 }), 'es');
    expect(es.json().msg).toBe('value: el divisor debe ser mayor que 0');
  });
});

describe('two forecasters at once', () => {
  it("on the same grid version: exactly one wins, the other gets 4009, the grid holds only the winner's edit", async () => {
    const before = await gridOf(customerA, 36);
    const count = await revisionCount();
    const edits = [
      {
        who: 'fc1',
        body: polygonBody({ leads: [36], expectedVersions: { 36: before.version }, operation: 'assign', value: 1, edge: { mode: 'flat' } }),
      },
      {
        who: 'fc2',
        body: polygonBody({
          leads: [36],
          expectedVersions: { 36: before.version },
          polygons: { type: 'Polygon', coordinates: [S2] },
          operation: 'assign',
          value: 2,
          edge: { mode: 'flat' },
        }),
      },
    ];
    const answers = await Promise.all(edits.map((e) => call(t, tok[e.who]!, 'POST', '/api/revise/polygonRevise', e.body)));
    const codes = answers.map((a) => a.json().code);
    expect([...codes].sort()).toEqual([0, 4009]);
    const winner = edits[codes.indexOf(0)]!;
    const loser = answers[codes.indexOf(4009)]!;
    expect(loser.json().data).toMatchObject({ currentVersion: before.version + 1, updatedBy: `名 ${winner.who}` });
    const expected = reviseArea(before.grid, winner.body.polygons as never, {
      operation: 'assign',
      value: winner.who === 'fc1' ? 1 : 2,
      range: TMP_RANGE,
    });
    const want = before.values.slice();
    applyPatch(want, expected);
    const after = await gridOf(customerA, 36);
    expect(after.version).toBe(before.version + 1);
    expect(bitsOf(after.values).equals(bitsOf(want))).toBe(true);
    expect(await revisionCount()).toBe(count + 1);
  });
});

describe('revision records and recovery', () => {
  const ids: Record<string, number> = {};
  let original: Float32Array;

  it('lists the records with filters, newest first', async () => {
    original = (await gridOf(customerA, 30)).values;
    const a = await revise('fc1', 'polygon', polygonBody({ leads: [30], expectedVersions: { 30: 1 }, value: 5 }));
    ids.A = a.json().data.leads[0].recordId;
    const b = await revise(
      'fc2',
      'polygon',
      polygonBody({
        leads: [30],
        expectedVersions: { 30: 2 },
        polygons: { type: 'Polygon', coordinates: [S2] },
        operation: 'assign',
        value: 20,
        edge: { mode: 'taper' },
      }),
    );
    ids.B = b.json().data.leads[0].recordId;
    // Far from both areas.
    const c = await revise(
      'fc1',
      'point',
      pointBody({
        leads: [30],
        expectedVersions: { 30: 3 },
        points: [{ lon: 110.2, lat: 33.8, value: 0, radiusKm: 15 }],
      }),
    );
    ids.C = c.json().data.leads[0].recordId;
    expect(Object.values(ids).every((id) => id > 0)).toBe(true);

    const list = await call(t, tok.fc1!, 'GET', `/api/record/findByRecord?type=fine-grid&factor=tmp&lead=30&baseTime=${BASE_TIME}`);
    expect(list.json().code).toBe(0);
    const data = list.json().data;
    expect(data.total).toBe(3);
    expect(data.list.map((r: { id: number }) => r.id)).toEqual([ids.C, ids.B, ids.A]);
    expect(data.list[1]).toMatchObject({
      kind: 'polygon',
      type: 'fine-grid',
      typeName: '精细化网格预报',
      factor: 'tmp',
      factorName: '气温',
      unit: '°C',
      lead: 30,
      baseTime: BASE_TIME,
      userName: '名 fc2',
      versionBefore: 2,
      versionAfter: 3,
      recovered: false,
      recoveredBy: null,
      recovers: null,
      parameters: { operation: 'assign', value: 20, edge: { mode: 'taper' } },
    });
    expect(data.list[1].bbox.west).toBeGreaterThanOrEqual(108.45);
    expect(data.list[1].cellsChanged).toBeGreaterThan(0);
    const byUser = await call(t, tok.fc1!, 'GET', '/api/record/findByRecord?lead=30&user=fc2');
    expect(byUser.json().data.list.map((r: { id: number }) => r.id)).toEqual([ids.B]);
    const byKind = await call(t, tok.fc1!, 'GET', '/api/record/findByRecord?lead=30&kind=point&page=1&size=5');
    expect(byKind.json().data).toMatchObject({ total: 1, page: 1, size: 5 });
    const future = await call(t, tok.fc1!, 'GET', '/api/record/findByRecord?from=2999-01-01T00:00:00Z');
    expect(future.json().data.total).toBe(0);
  });

  it("shows a record's changed area and who must be recovered first", async () => {
    const res = await call(t, tok.fc1!, 'GET', `/api/record/detail?id=${ids.A}`);
    expect(res.json().code).toBe(0);
    const d = res.json().data;
    expect(d.blockedBy.map((b: { id: number }) => b.id)).toEqual([ids.B]);
    expect(d.area.type).toBe('Feature');
    expect(d.area.geometry.type).toBe('MultiPolygon');
    const xs = d.area.geometry.coordinates.flat(2).map((p: number[]) => p[0]);
    expect(Math.min(...xs)).toBeCloseTo(d.bbox.west, 6);
    expect(Math.max(...xs)).toBeCloseTo(d.bbox.east, 6);
    expect(d.delta.max).toBeCloseTo(5, 5);
    expect(d).not.toHaveProperty('patch');
  });

  it("answers a record's exact patch as bytes, with the grid it applies to in x-grid-meta", async () => {
    const res = await call(t, tok.fc1!, 'GET', `/api/record/patch?id=${ids.A}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    const stored = await t.db.db.selectFrom('revision').selectAll().where('id', '=', ids.A!).executeTakeFirstOrThrow();
    expect(res.rawPayload.equals(stored.patch)).toBe(true);
    expect(decodePatch(res.rawPayload).indices.length).toBe(stored.cells_changed);
    expect(parseGridMeta(res.headers[GRID_META_HEADER] as string)).toEqual({
      type: 'fine-grid',
      factor: 'tmp',
      baseTime: BASE_TIME,
      lead: 30,
      version: stored.version_after,
      unit: '°C',
      ...SMALL,
    });
    const other = await call(t, tok.fcB!, 'GET', `/api/record/patch?id=${ids.A}`);
    expect(other.json()).toMatchObject({ code: 4004 });
  });

  it('refuses to recover an older record a later one overlaps (4009 naming it), changing nothing', async () => {
    const before = await gridOf(customerA, 30);
    const count = await revisionCount();
    const res = await call(t, tok.fc1!, 'GET', `/api/record/recovery?id=${ids.A}`, undefined, 'en');
    expect(res.json().code).toBe(4009);
    expect(res.json().data.blocking).toEqual([expect.objectContaining({ id: ids.B, userName: '名 fc2', kind: 'polygon' })]);
    expect(res.json().msg).toContain(`#${ids.B}`);
    expect(res.json().msg).toContain('名 fc2');
    const after = await gridOf(customerA, 30);
    expect(after.version).toBe(before.version);
    expect(bitsOf(after.values).equals(bitsOf(before.values))).toBe(true);
    expect(await revisionCount()).toBe(count);
    expect(await lastLog('revise.recovery')).toMatchObject({ username: 'fc1', result_code: 4009 });
  });

  it('recovers newest first, then the older one, back to the original values exactly', async () => {
    const rb = await call(t, tok.fc1!, 'GET', `/api/record/recovery?id=${ids.B}`);
    expect(rb.json()).toMatchObject({ code: 0, data: { recovered: ids.B, lead: 30, version: 5 } });
    const recovery = await t.db.db.selectFrom('revision').selectAll().where('id', '=', rb.json().data.recordId).executeTakeFirstOrThrow();
    expect(recovery).toMatchObject({ kind: 'recovery', recovers_id: ids.B, version_before: 4, version_after: 5, user_name: '名 fc1' });
    expect(
      (await t.db.db.selectFrom('revision').select('recovered_by_id').where('id', '=', ids.B!).executeTakeFirstOrThrow()).recovered_by_id,
    ).toBe(recovery.id);
    const batch = await t.db.db.selectFrom('revision_batch').selectAll().where('id', '=', recovery.batch_id).executeTakeFirstOrThrow();
    expect(JSON.parse(batch.parameters)).toEqual({ recovers: ids.B });

    expect((await call(t, tok.fc1!, 'GET', `/api/record/recovery?id=${ids.B}`)).json().code).toBe(4009);
    expect((await call(t, tok.fc1!, 'GET', `/api/record/recovery?id=${recovery.id}`)).json().code).toBe(4009);

    // The point edit C is later but elsewhere: it does not block A.
    const ra = await call(t, tok.fc1!, 'GET', `/api/record/recovery?id=${ids.A}`);
    expect(ra.json().code).toBe(0);
    const rc = await call(t, tok.fc1!, 'GET', `/api/record/recovery?id=${ids.C}`);
    expect(rc.json().code).toBe(0);
    const after = await gridOf(customerA, 30);
    expect(after.version).toBe(7);
    expect(bitsOf(after.values).equals(bitsOf(original))).toBe(true);

    const list = await call(t, tok.fc1!, 'GET', '/api/record/findByRecord?lead=30&size=100');
    const rows = list.json().data.list as Array<{ id: number; kind: string; recovered: boolean; recovers: number | null }>;
    expect(rows.filter((r) => r.kind === 'recovery').map((r) => r.recovers)).toEqual([ids.C, ids.A, ids.B]);
    expect(rows.filter((r) => r.kind !== 'recovery').every((r) => r.recovered)).toBe(true);
    expect(await lastLog('revise.recovery')).toMatchObject({ username: 'fc1', result_code: 0, type: 'revise' });
  });

  it('refuses to recover a grid replaced as a whole since the record', async () => {
    const res = await revise('fc1', 'point', pointBody({ leads: [39], expectedVersions: { 39: 2 } }));
    expect(res.json().code).toBe(0);
    await saveGrid(t, customerA, { lead: 39, grid: field(SMALL, () => 7) });
    const rec = await call(t, tok.fc1!, 'GET', `/api/record/recovery?id=${res.json().data.leads[0].recordId}`, undefined, 'en');
    expect(rec.json().code).toBe(4009);
    expect(rec.json().msg).toContain('replaced');
    expect(Math.max(...(await gridOf(customerA, 39)).values)).toBe(7);
  });

  it('keeps records to their customer and recovery to allocated forecasters', async () => {
    for (const url of [`/api/record/recovery?id=${ids.A}`, `/api/record/detail?id=${ids.A}`]) {
      expect((await call(t, tok.fcB!, 'GET', url)).json().code).toBe(4004);
    }
    const list = await call(t, tok.fcB!, 'GET', '/api/record/findByRecord?size=100');
    expect(list.json().data.list.every((r: { lead: number }) => r.lead === 24)).toBe(true);
    // fc3 holds the recovery code but not the type.
    const res = await revise('fc3', 'point', pointBody({ leads: [36], expectedVersions: { 36: (await gridOf(customerA, 36)).version } }));
    expect(res.json().code).toBe(4003);
    const someRecord = (
      await t.db.db
        .selectFrom('revision')
        .select('id')
        .where('customer_id', '=', customerA)
        .where('kind', '!=', 'recovery')
        .where('recovered_by_id', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await call(t, tok.fc3!, 'GET', `/api/record/recovery?id=${someRecord}`)).json().code).toBe(4003);
  });
});
