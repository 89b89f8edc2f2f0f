import { createGrid, type GridGeometry } from '@agromet/grid';
import { makeDemoRiskProduct } from '../src/modules/risk/demo.js';
import { GridStore } from '../src/modules/grids/store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { addCustomer, addUser, saveGrid } from './revise-helpers.js';

/**
 * Risk through the crop's stages (docs/risk.md#stages), worked by hand on tea: the built-in tea calendar (south
 * Shaanxi, 33.0° N, 500 m, 4 days per degree north; no altitude grid here, so every cell is at the reference altitude)
 * on a 4 × 3 grid whose rows lie at 35.0, 34.5 and 34.0° N, i.e. 8, 6 and 4 days later than the reference.
 *
 * - Late November (valid date 2026-11-25): tea is dormant everywhere. Frost harms bud break and the spring flush only:
 *   no frost risk, and the summary says there is no frost-sensitive stage. Winter injury harms dormancy (V = 1):
 *   its own thresholds (≤ −5 / −8 / −11 / −14 °C on the air minimum) give its own levels.
 * - Late March (valid date 2026-03-25, day 83): bud break (days 59–78) shifted by 8 and 6 days covers day 83 in rows 0
 *   and 1 (V = 1); shifted by 4 days (63–82) it does not, and row 2 is in the spring flush (V = 0.8). Frost reads the
 *   surface minimum tmin − 2 °C against 0 / −2 / −4 / −6 °C; the level is H × V × E rounded up, with E = 1 (no exposure).
 */
let t: TestApp;
let customer = 0;
let token = '';
let teaId = 0;
const hazards: Record<string, number> = {};

const G: GridGeometry = { lon0: 108, lat0: 35, dx: 0.5, dy: -0.5, nx: 4, ny: 3 };
const NOV = '2026-11-24T00:00:00.000Z';
const MAR = '2026-03-24T00:00:00.000Z';
/** Air minima of late November, on the winter-injury thresholds. */
const TMIN_NOV = [-5, -8, -11, -14, -4.9, -7.9, 0, -20, -6, -9, -12, Number.NaN];
/** H of winter injury: ≤ −5 IV, ≤ −8 III, ≤ −11 II, ≤ −14 I; V = 1 (dormancy) → the same levels. */
const WINTER_NOV = [1, 2, 3, 4, 0, 1, 0, 4, 1, 2, 3, 255];
/** Air minima of late March. */
const TMIN_MAR = [3, 2, 0, -4, 1.9, -2, 10, 5, 2, 0, -2, -4];
/**
 * surface = tmin − 2: row 0: 1, 0, −2, −6 → H 0, 1, 2, 4; row 1: −0.1, −4, 8, 3 → H 1, 3, 0, 0 (bud break, V = 1: same);
 * row 2: 0, −2, −4, −6 → H 1, 2, 3, 4 (spring flush, V = 0.8) → R 0.8, 1.6, 2.4, 3.2 → 1, 2, 3, 4.
 */
const FROST_MAR = [0, 1, 2, 4, 1, 3, 0, 0, 1, 2, 3, 4];

function call(method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en') {
  return t.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
}

async function run(hazard: string, baseTime: string, lang = 'en') {
  const res = (
    await call('POST', '/api/risk/execute', {
      name: `${hazard} ${baseTime}`,
      hazardId: hazards[hazard],
      cropId: teaId,
      baseTime,
      leadFrom: 0,
      leadTo: 72,
      lang,
    })
  ).json();
  expect(res.code, JSON.stringify(res)).toBe(0);
  await t.jobs.waitFor(res.data.jobId);
  const product = (await call('GET', `/api/risk/product?productId=${res.data.productId}`)).json().data;
  const row = await t.db.db.selectFrom('risk_product').selectAll().where('id', '=', res.data.productId).executeTakeFirstOrThrow();
  const levels = [...new Uint8Array((await t.storage.get(`${row.storage_prefix}/levels.u8`))!)];
  return { product, levels };
}

beforeAll(async () => {
  t = await createTestApp();
  customer = await addCustomer(t, '陕西省农业气象中心');
  token = (await addUser(t, customer, 'rs-risk', ['make.risk.admin', 'quhua.make.admin'])).token;
  const grid = (values: number[]) => {
    const g = createGrid(G);
    g.values.set(values);
    return g;
  };
  await saveGrid(t, customer, { factor: 'tmin', baseTime: NOV, lead: 24, grid: grid(TMIN_NOV) });
  await saveGrid(t, customer, { factor: 'tmin', baseTime: MAR, lead: 24, grid: grid(TMIN_MAR) });
  const list = (await call('GET', '/api/risk/hazard/all')).json().data as Array<{ id: number; kind: string }>;
  for (const h of list) hazards[h.kind] = h.id;
  const crops = (await call('GET', '/api/crop/all')).json().data as Array<{ id: number; nameEn: string }>;
  teaId = crops.find((c) => c.nameEn === 'Tea')!.id;
});
afterAll(async () => {
  await t.close();
});

describe('crops a run may assess', () => {
  it('are the customer’s crops with whether they have a calendar', async () => {
    const crops = (await call('GET', '/api/risk/crops')).json().data as Array<{ key: string; name: string; hasCalendar: boolean }>;
    expect(crops.find((c) => c.key === 'tea')).toMatchObject({ name: 'Tea', hasCalendar: true });
    expect(crops.find((c) => c.key === 'rice')).toMatchObject({ name: 'Rice', hasCalendar: false });
    expect(crops.filter((c) => c.hasCalendar).map((c) => c.key)).toEqual(['winter-wheat', 'apple', 'kiwifruit', 'tea']);
  });
});

describe('tea in late November', () => {
  it('has no frost risk: no frost-sensitive stage, said in the product’s language', async () => {
    const { product, levels } = await run('frost', NOV);
    expect(levels).toEqual(TMIN_NOV.map((v) => (Number.isNaN(v) ? 255 : 0)));
    expect(product.summaries).toEqual(['Whole region: no frost-sensitive stage of tea on 2026-11-25']);
    expect(product.crop).toMatchObject({ id: teaId, key: 'tea', name: 'Tea' });
    expect(product.stages).toContainEqual({ stage: 'budBreak', stageName: 'Bud break', vulnerability: 1 });
    const zh = await run('frost', NOV, 'zh');
    expect(zh.product.summaries).toEqual(['全区：2026-11-25 茶树无霜冻敏感发育期']);
    const es = await run('frost', NOV, 'es');
    expect(es.product.summaries).toEqual([
      'Whole region: ningún estadio de té sensible a helada el 2026-11-25'.replace('Whole region', 'Toda la región'),
    ]);
  });

  it('gets a winter-injury assessment with its own levels', async () => {
    const { product, levels } = await run('winterInjury', NOV);
    expect(levels).toEqual(WINTER_NOV);
    expect(product.summaries.join(' ')).toMatch(/red winter injury risk for tea on 2026-11-25/);
    expect(product.method).toMatch(/^Risk level = H × V × E rounded up/);
    expect(product.method).not.toMatch(/plant-surface/);
  });
});

describe('tea in late March', () => {
  it('gives the frost levels worked by hand (hazard on the surface minimum, stage, vulnerability)', async () => {
    const { product, levels } = await run('frost', MAR);
    expect(levels).toEqual(FROST_MAR);
    expect(product.method).toMatch(/plant-surface minimum taken as daily minimum temperature −2 °C\.$/);
    // the inputs name the stored element read and its lead
    expect(product.inputs).toEqual([{ element: 'tmin24h', source: 'tmin', lead: 24, version: 1 }]);
  });

  it('winter injury meets no dormant tea in late March', async () => {
    const { product, levels } = await run('winterInjury', MAR);
    expect(levels.filter((l) => l > 0 && l < 255)).toEqual([]);
    expect(product.summaries).toEqual(['Whole region: no winter injury-sensitive stage of tea on 2026-03-25']);
  });
});

describe('the demo product', () => {
  it('is tea’s winter injury when the demo’s run finds tea dormant (late November)', async () => {
    const demo = await addCustomer(t, '演示客户');
    const g = createGrid(G);
    g.values.set(TMIN_NOV);
    await saveGrid(t, demo, { factor: 'tmin', baseTime: NOV, lead: 24, grid: g });
    const store = new GridStore(t.db.db, t.storage);
    const id = await makeDemoRiskProduct({ db: t.db.db, storage: t.storage, store, log: { warn: () => {} } }, demo, 'en');
    const row = await t.db.db.selectFrom('risk_product').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'winterInjury', name: 'Tea winter injury risk (example)', status: 'done' });
    expect(JSON.parse(row.crop!)).toMatchObject({ key: 'tea' });
    expect([...new Uint8Array((await t.storage.get(`${row.storage_prefix}/levels.u8`))!)]).toEqual(WINTER_NOV);
  });
});
