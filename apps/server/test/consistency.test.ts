import { writeGeoTiff } from '@agromet/grid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { squareRing } from './geojson-shapes.js';
import {
  addCustomer,
  addForecaster,
  addUser,
  BASE_TIME,
  call,
  field,
  gridRow,
  multipartForm,
  saveGrid,
  SMALL,
  storedValues,
} from './revise-helpers.js';

/** Consistency of a forecast: violations listed per grid with outlines, fixed as undoable records, checked on issue. */
let t: TestApp;
let customer = 0;
const tok: Record<string, string> = {};
const base = (i: number, j: number) => 10 + 0.1 * i + 0.2 * j;
const Q = `/api/revise/consistency?type=fine-grid&baseTime=${encodeURIComponent(BASE_TIME)}`;

beforeAll(async () => {
  t = await createTestApp();
  customer = await addCustomer(t, '汉中市气象局');
  tok.fc = (await addForecaster(t, customer, 'cons-fc', ['revise.polygon.admin', 'revise.recovery.admin'])).token;
  tok.submit = (await addUser(t, customer, 'cons-submit', ['revise.submit.admin'])).token;
  tok.none = (await addUser(t, customer, 'cons-none', [])).token;
  // t within [tmin, tmax] = [t − 2, t + 2] at leads 3 and 6; four 3 h amounts of 1 mm and their 12 h total of 4 mm.
  for (const lead of [3, 6]) {
    await saveGrid(t, customer, { lead, grid: field(SMALL, base) });
    await saveGrid(t, customer, { lead, factor: 'tmin', grid: field(SMALL, (i, j) => base(i, j) - 2) });
    await saveGrid(t, customer, { lead, factor: 'tmax', grid: field(SMALL, (i, j) => base(i, j) + 2) });
  }
  for (const lead of [3, 6, 9, 12]) await saveGrid(t, customer, { lead, factor: 'pre3h', grid: field(SMALL, () => 1) });
  await saveGrid(t, customer, { lead: 3, factor: 'rh', grid: field(SMALL, () => 60) });
});
afterAll(async () => {
  await t.close();
});

/** A square area of `side` degrees with its south-west corner at (lon, lat), as a revision sends it. */
const polygon = (lon: number, lat: number, side: number) => ({ type: 'Polygon', coordinates: [squareRing(lon, lat, side)] });
const square = polygon(108.0, 34.0, 0.5);

/** The forecaster's area revision of fine-grid `factor` at `leads`, made on their grids at `versions`. */
const revisePolygon = (factor: string, leads: number[], versions: number[], change: Record<string, unknown>) =>
  call(t, tok.fc!, 'POST', '/api/revise/polygonRevise', {
    type: 'fine-grid',
    factor,
    baseTime: BASE_TIME,
    leads,
    expectedVersions: versions,
    ...change,
  });

/** A stored 12 h total (the catalogue derives totals on demand; a type may also hold them as grids). */
async function addTotalFactor() {
  const pre12h = await t.db.db.selectFrom('factor').select('id').where('code', '=', 'pre12h').executeTakeFirst();
  if (pre12h) return;
  const type = await t.db.db.selectFrom('forecast_type').select('id').where('code', '=', 'fine-grid').executeTakeFirstOrThrow();
  await t.db.db
    .insertInto('factor')
    .values({
      forecast_type_id: type.id,
      code: 'pre12h',
      name: '12小时降水',
      unit: 'mm',
      min_value: 0,
      max_value: 500,
      colormap: '{"type":"ramp","stops":[{"value":0,"color":"#ffffff"},{"value":50,"color":"#0000ff"}]}',
    })
    .execute();
}

async function check(who = 'fc', query = '') {
  const res = await call(t, tok[who]!, 'GET', Q + query);
  return res.json();
}

describe('consistency', () => {
  it('a consistent forecast has no violation', async () => {
    const body = await check();
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ type: 'fine-grid', baseTime: BASE_TIME, violations: [], cells: 0 });
  });

  it('refuses unknown types (4100) and callers without a revision or submission code (4003)', async () => {
    expect(
      (await call(t, tok.fc!, 'GET', `/api/revise/consistency?type=nope&baseTime=${encodeURIComponent(BASE_TIME)}`)).json(),
    ).toMatchObject({
      code: 4100,
      data: { issues: [{ field: 'type' }] },
    });
    expect((await check('none')).code).toBe(4003);
  });

  it('a revision that leaves t above tmax answers its violations, listed with an outline', async () => {
    const row = await gridRow(t, customer, 3);
    const res = await revisePolygon('tmp', [3], [row.version], {
      polygons: square,
      operation: 'add',
      value: 5,
      edge: { mode: 'flat' },
    });
    const body = res.json();
    expect(body.code).toBe(0);
    const changed = body.data.leads[0].cellsChanged as number;
    expect(changed).toBeGreaterThan(0);
    // +5 on t while tmax = t + 2: every changed cell is above tmax.
    expect(body.data.violations).toBe(changed);

    const report = (await check()).data;
    expect(report.violations).toHaveLength(1);
    const v = report.violations[0];
    expect(v).toMatchObject({
      rule: 'temperature',
      factor: 'tmp',
      lead: 3,
      cells: changed,
      grids: [
        { factor: 'tmp', lead: 3 },
        { factor: 'tmin', lead: 3 },
        { factor: 'tmax', lead: 3 },
      ],
      outlineComplete: true,
    });
    expect(v.outline.type).toBe('MultiPolygon');
    // The outline's rectangles cover exactly the violating cells (0.1° × 0.1° each).
    const area = (v.outline.coordinates as number[][][][]).reduce(
      (s, [ring]) => s + (ring![1]![0]! - ring![0]![0]!) * (ring![2]![1]! - ring![1]![1]!),
      0,
    );
    expect(area / 0.01).toBeCloseTo(changed, 6);
    expect(v.bbox.west).toBeGreaterThanOrEqual(107.95);
    expect(v.bbox.north).toBeLessThanOrEqual(34.55 + 1e-9);
    // Filtered by factor and lead.
    expect((await check('fc', '&factor=tmp&lead=6')).data.violations).toEqual([]);
    expect((await check('fc', '&factor=tmax&lead=3')).data.violations).toHaveLength(1);
  });

  it('issuing a forecast with violations asks for confirmation (4009 listing them)', async () => {
    const refused = await call(t, tok.submit!, 'POST', '/api/revise/submit', { type: 'fine-grid', baseTime: BASE_TIME }, 'en');
    const body = refused.json();
    expect(body.code).toBe(4009);
    expect(body.msg).toMatch(/1 consistency violations/);
    expect(body.data.violations).toEqual([{ rule: 'temperature', factor: 'tmp', lead: 3, cells: expect.any(Number) }]);
    expect(await t.db.db.selectFrom('issue').select('id').where('customer_id', '=', customer).execute()).toEqual([]);
    const es = (await call(t, tok.submit!, 'POST', '/api/revise/submit', { type: 'fine-grid', baseTime: BASE_TIME }, 'es')).json();
    expect(es.msg).toMatch(/incoherencias/);
    // Issuing factors the violation does not involve needs no confirmation.
    const rh = (
      await call(t, tok.submit!, 'POST', '/api/revise/submit', { type: 'fine-grid', baseTime: BASE_TIME, factors: ['rh'] })
    ).json();
    expect(rh.code).toBe(0);
    const confirmed = await call(t, tok.submit!, 'POST', '/api/revise/submit', {
      type: 'fine-grid',
      baseTime: BASE_TIME,
      confirmViolations: true,
    });
    expect(confirmed.json().code).toBe(0);
    await t.jobs.waitFor(confirmed.json().data.jobId);
  });

  it('the fix clips t to the extremes as an undoable record', async () => {
    const before = await gridRow(t, customer, 3);
    const tmax = await storedValues(t, (await gridRow(t, customer, 3, 'tmax')).storage_key);
    const broken = await storedValues(t, before.storage_key);
    const res = await call(t, tok.fc!, 'POST', '/api/revise/consistencyFix', { type: 'fine-grid', baseTime: BASE_TIME });
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.fixed).toBe(1);
    expect(body.data.records).toHaveLength(1);
    const rec = body.data.records[0];
    expect(rec).toMatchObject({ factor: 'tmp', lead: 3, version: before.version + 1 });

    // The database holds the clipped values: exactly tmax where t was above it, the rest untouched.
    const after = await gridRow(t, customer, 3);
    expect(after.version).toBe(before.version + 1);
    const fixed = await storedValues(t, after.storage_key);
    let clipped = 0;
    for (let k = 0; k < fixed.length; k++) {
      if (broken[k]! > tmax[k]!) {
        expect(fixed[k]).toBe(tmax[k]);
        clipped++;
      } else expect(fixed[k]).toBe(broken[k]);
    }
    expect(clipped).toBe(rec.cellsChanged);
    expect((await check()).data.violations).toEqual([]);

    // Recorded like any revision (kind consistency), in the operation log too, and undoable.
    const listed = (await call(t, tok.fc!, 'GET', '/api/record/findByRecord?kind=consistency')).json();
    expect(listed.data.list.map((r: { id: number }) => r.id)).toEqual([rec.recordId]);
    const log = await t.db.db.selectFrom('operation_log').select('action').where('action', '=', 'revise.consistencyFix').execute();
    expect(log).toHaveLength(1);
    const undo = (await call(t, tok.fc!, 'GET', `/api/record/recovery?id=${rec.recordId}`)).json();
    expect(undo.code).toBe(0);
    expect(Buffer.from((await storedValues(t, (await gridRow(t, customer, 3)).storage_key)).buffer)).toEqual(Buffer.from(broken.buffer));
    expect((await check()).data.violations).toHaveLength(1);
    // Fix again, for the next tests.
    expect(
      (await call(t, tok.fc!, 'POST', '/api/revise/consistencyFix', { type: 'fine-grid', baseTime: BASE_TIME, rule: 'temperature' })).json()
        .code,
    ).toBe(0);
  });

  it('3 h amounts that do not add up to their stored 12 h total are rescaled to it', async () => {
    await addTotalFactor();
    // Cells with i ≥ 10 get 6 mm where their four 3 h amounts give 4.
    await saveGrid(t, customer, { lead: 12, factor: 'pre12h', grid: field(SMALL, (i) => (i < 10 ? 4 : 6)) });
    const report = (await check()).data;
    const v = report.violations.find((x: { rule: string }) => x.rule === 'accumulation');
    expect(v).toMatchObject({ factor: 'pre12h', lead: 12, cells: 20 * 20 });
    const fix = (
      await call(t, tok.fc!, 'POST', '/api/revise/consistencyFix', { type: 'fine-grid', baseTime: BASE_TIME, rule: 'accumulation' })
    ).json();
    expect(fix.data.records.map((r: { lead: number }) => r.lead).sort((a: number, b: number) => a - b)).toEqual([3, 6, 9, 12]);
    const parts = await Promise.all([3, 6, 9, 12].map(async (l) => storedValues(t, (await gridRow(t, customer, l, 'pre3h')).storage_key)));
    expect(parts.map((p) => p[15])).toEqual([1.5, 1.5, 1.5, 1.5]);
    expect(parts.map((p) => p[5])).toEqual([1, 1, 1, 1]);
  });

  it('relative humidity above 100 % is listed and clipped', async () => {
    const wet = field(SMALL, () => 60);
    wet.values[42] = 130;
    wet.values[43] = 100.5;
    await saveGrid(t, customer, { lead: 3, factor: 'rh', grid: wet });
    const v = (await check('fc', '&factor=rh')).data.violations;
    expect(v).toEqual([expect.objectContaining({ rule: 'range', factor: 'rh', lead: 3, cells: 2, cellIndices: [42, 43] })]);
    expect(
      (
        await call(t, tok.fc!, 'POST', '/api/revise/consistencyFix', { type: 'fine-grid', baseTime: BASE_TIME, factor: 'rh', lead: 3 })
      ).json().code,
    ).toBe(0);
    const stored = await storedValues(t, (await gridRow(t, customer, 3, 'rh')).storage_key);
    expect([stored[42], stored[43], stored[44]]).toEqual([100, 100, 60]);
    expect((await check()).data.violations).toEqual([]);
  });

  it('only a forecaster allocated the type may fix (4003), and nothing changes', async () => {
    const other = await addUser(t, customer, 'cons-unallocated', ['revise.polygon.admin']);
    const before = await gridRow(t, customer, 3);
    const res = (await call(t, other.token, 'POST', '/api/revise/consistencyFix', { type: 'fine-grid', baseTime: BASE_TIME })).json();
    expect(res.code).toBe(4003);
    expect((await gridRow(t, customer, 3)).version).toBe(before.version);
  });

  it('an import answers the violations it brings', async () => {
    const bytes = Buffer.from(writeGeoTiff(field(SMALL, (i, j) => base(i, j) + 5)));
    const fields = { type: 'fine-grid', factor: 'tmp', baseTime: BASE_TIME, lead: '6' };
    const m = multipartForm(fields, { name: 't.tif', bytes, type: 'image/tiff' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/grid/import',
      payload: m.payload,
      headers: { ...m.headers, ...t.bearer(tok.submit!) },
    });
    expect(res.json().code).toBe(0);
    const jobId = res.json().data.jobId as string;
    await t.jobs.waitFor(jobId);
    const job = (await call(t, tok.submit!, 'GET', `/api/job/${jobId}`)).json().data;
    expect(job.status).toBe('done');
    // tmp = t + 5 against tmax = t + 2: every cell of the 30 × 20 grid.
    expect(job.result.violations).toBe(600);
    expect((await check('fc', '&factor=tmp&lead=6')).data.violations).toEqual([
      expect.objectContaining({ rule: 'temperature', factor: 'tmp', lead: 6, cells: 600 }),
    ]);
  });

  it("a revision's violations, counted again only at the cells it changed, equal a full recount", async () => {
    // Revisions of t and of its extremes at lead 6, mixed with a recovery: each answer against the listing, which
    // checks the whole grids. A seeded sequence of squares, values and operations, from consistent grids again.
    await saveGrid(t, customer, { lead: 6, grid: field(SMALL, base) });
    await saveGrid(t, customer, { lead: 6, factor: 'tmin', grid: field(SMALL, (i, j) => base(i, j) - 2) });
    await saveGrid(t, customer, { lead: 6, factor: 'tmax', grid: field(SMALL, (i, j) => base(i, j) + 2) });
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const records: number[] = [];
    const counts: number[] = [];
    for (let step = 0; step < 12; step++) {
      const factor = step % 3 === 2 ? (step % 2 ? 'tmin' : 'tmax') : 'tmp';
      const row = await gridRow(t, customer, 6, factor);
      const lon = 107.5 + 2.5 * next();
      const lat = 33.6 + 1.7 * next();
      const size = 0.2 + 0.6 * next();
      const res = await revisePolygon(factor, [6], [row.version], {
        polygons: polygon(lon, lat, size),
        operation: next() < 0.5 ? 'add' : 'subtract',
        value: Math.round(40 * next()) / 10,
        edge: { mode: step % 2 ? 'flat' : 'ramp', cells: 2 },
      });
      const body = res.json();
      expect(body.code).toBe(0);
      if (body.data.leads[0].recordId) records.push(body.data.leads[0].recordId);
      const full = (await check('fc', `&factor=${factor}&lead=6`)).data;
      expect(body.data.violations).toBe(full.cells);
      counts.push(full.cells);
      if (step === 5) {
        // A recovery in between: the next revision's version before was not made by a revision.
        expect((await call(t, tok.fc!, 'GET', `/api/record/recovery?id=${records.at(-1)!}`)).json().code).toBe(0);
      }
    }
    expect(records.length).toBeGreaterThan(8);
    // Violations came and went (not all cells, not none throughout).
    expect(new Set(counts).size).toBeGreaterThan(3);
    expect(Math.max(...counts)).toBeLessThan(SMALL.nx * SMALL.ny);
  });

  it('a revision of several leads counts a rule over all its revised grids as a full recount does (3 h parts of a 12 h total)', async () => {
    // The four 3 h amounts and their 12 h total revised together, leads 3 to 12: the total's rule compares four revised
    // grids at once, each amount's range rule one. Counts before are known from a first listing, so each answer adds
    // up what changed at the revised cells; the listing after it recounts the whole grids.
    await addTotalFactor();
    const leads = [3, 6, 9, 12];
    for (const lead of leads) await saveGrid(t, customer, { lead, factor: 'pre3h', grid: field(SMALL, () => 1) });
    await saveGrid(t, customer, { lead: 12, factor: 'pre12h', grid: field(SMALL, () => 4) });
    await check();
    const involved = (v: { grids: Array<{ factor: string; lead: number }> }) =>
      v.grids.some((g) => g.factor === 'pre3h' && leads.includes(g.lead));
    let seed = 11;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const counts: number[] = [];
    for (let step = 0; step < 6; step++) {
      const rows = await Promise.all(leads.map((lead) => gridRow(t, customer, lead, 'pre3h')));
      const lon = 107.5 + 2.5 * next();
      const lat = 33.6 + 1.7 * next();
      const size = 0.2 + 0.8 * next();
      const res = await revisePolygon(
        'pre3h',
        leads,
        rows.map((r) => r.version),
        {
          polygons: polygon(lon, lat, size),
          operation: step % 3 === 2 ? 'subtract' : 'add',
          value: 0.5 + Math.round(20 * next()) / 10,
          edge: { mode: step % 2 ? 'flat' : 'ramp', cells: 2 },
        },
      );
      const body = res.json();
      expect(body.code).toBe(0);
      const full = (await check()).data.violations.filter(involved);
      expect(full.some((v: { rule: string }) => v.rule === 'accumulation')).toBe(true);
      expect(body.data.violations).toBe(full.reduce((n: number, v: { cells: number }) => n + v.cells, 0));
      counts.push(body.data.violations);
    }
    expect(new Set(counts).size).toBeGreaterThan(2);
  });
  it('a weather code that contradicts the 3 h precipitation of its lead is listed, recoded from it, and counted by revisions', async () => {
    // Lead 15, outside every stored total: no rain for i < 10, 2 mm elsewhere; light rain (7) coded everywhere but one
    // wet cell called cloudy (1). 20 % cloud and −5 °C at the same lead, which the fix reads.
    const LEAD = 15;
    await saveGrid(t, customer, { lead: LEAD, factor: 'pre3h', grid: field(SMALL, (i) => (i < 10 ? 0 : 2)) });
    const codes = field(SMALL, () => 7);
    codes.values[25] = 1;
    await saveGrid(t, customer, { lead: LEAD, factor: 'wp', grid: codes });
    await saveGrid(t, customer, { lead: LEAD, factor: 'tcc', grid: field(SMALL, () => 20) });
    await saveGrid(t, customer, { lead: LEAD, factor: 'tmp', grid: field(SMALL, () => -5) });
    const listed = (await check('fc', '&factor=wp')).data.violations;
    expect(listed).toEqual([
      expect.objectContaining({
        rule: 'weather',
        factor: 'wp',
        lead: LEAD,
        cells: 10 * 20 + 1,
        grids: [
          { factor: 'wp', lead: LEAD },
          { factor: 'pre3h', lead: LEAD },
        ],
      }),
    ]);
    // Found from the precipitation's side too.
    expect((await check('fc', `&factor=pre3h&lead=${LEAD}`)).data.violations.map((v: { rule: string }) => v.rule)).toEqual(['weather']);

    const fix = (
      await call(t, tok.fc!, 'POST', '/api/revise/consistencyFix', { type: 'fine-grid', baseTime: BASE_TIME, rule: 'weather' })
    ).json();
    expect(fix.code).toBe(0);
    expect(fix.data.records).toEqual([expect.objectContaining({ factor: 'wp', lead: LEAD, cellsChanged: 201 })]);
    const fixed = await storedValues(t, (await gridRow(t, customer, LEAD, 'wp')).storage_key);
    // Dry cells: the sky by the cloud (20 % → sunny); the wet cloudy cell: snow at −5 °C graded by 2 mm (heavy snow).
    expect([fixed[0], fixed[9], fixed[25], fixed[10], fixed[26]]).toEqual([0, 0, 16, 7, 7]);
    expect((await check('fc', '&factor=wp')).data.violations).toEqual([]);
    const listedRecords = (await call(t, tok.fc!, 'GET', '/api/record/findByRecord?kind=consistency')).json().data.list;
    expect(listedRecords[0]).toMatchObject({ factor: 'wp', lead: LEAD, parameters: expect.objectContaining({ rules: ['weather'] }) });

    // A revision of the amount answers the code's violations, counted at the cells it changed: as a full recount.
    const row = await gridRow(t, customer, LEAD, 'pre3h');
    const res = (
      await revisePolygon('pre3h', [LEAD], [row.version], {
        polygons: square,
        operation: 'assign',
        value: 0,
        edge: { mode: 'flat' },
      })
    ).json();
    expect(res.code).toBe(0);
    const full = (await check('fc', `&factor=pre3h&lead=${LEAD}`)).data;
    expect(full.violations.map((v: { rule: string }) => v.rule)).toEqual(['weather']);
    expect(res.data.violations).toBe(full.cells);
    // Only the cells that were wet and became dry under their rain code.
    expect(full.cells).toBeGreaterThan(0);
    expect(full.cells).toBeLessThan(res.data.leads[0].cellsChanged + 1);
  });
});
