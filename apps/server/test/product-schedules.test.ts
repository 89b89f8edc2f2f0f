import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GridStore } from '../src/modules/grids/store.js';
import { runDueSchedules } from '../src/modules/products/schedules.js';
import type { ProductDeps } from '../src/modules/products/service.js';
import { createTestApp, type TestApp } from './helpers.js';
import { addCustomer, addUser, field, saveGrid, SMALL } from './revise-helpers.js';

/**
 * Product schedules through the API and the tick: checked like a product when saved (refusals name the field and
 * store nothing), a new-run schedule waits for the next complete run and makes its product once, even with two
 * ticks at once; a daily one once its slot has passed; tenancy.
 */

let t: TestApp;
let deps: ProductDeps;
let customer = 0;
let other = 0;
const tok: Record<string, string> = {};
const RUN_1 = '2026-11-24T00:00:00.000Z';
const RUN_2 = '2026-11-24T12:00:00.000Z';
const RUN_3 = '2026-11-25T00:00:00.000Z';

function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en') {
  return t.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
}

/** Waits for the job to end, then reads it as the web client does. */
async function waitJob(token: string, jobId: string) {
  await t.jobs.waitFor(jobId);
  return (await call(token, 'GET', `/api/job/${jobId}`)).json().data;
}

const saveRun = async (baseTime: string, leads: number[]) => {
  for (const lead of leads) await saveGrid(t, customer, { factor: 'pre3h', baseTime, lead, grid: field(SMALL, () => lead / 3) });
};
const LEADS = [3, 6, 9, 12, 15, 18, 21, 24];
const products = async () =>
  await t.db.db.selectFrom('map_product').select(['id', 'base_time', 'job_id']).where('customer_id', '=', customer).execute();

let templateId = 0;
const daySum = { type: 'fine-grid', factor: 'pre3h', mode: 'aggregate', leadFrom: 3, leadTo: 24, aggregation: 'sum' };

beforeAll(async () => {
  // No ticker: the tests run the tick themselves.
  t = await createTestApp({ PRODUCT_SCHEDULE_SECONDS: '0' });
  customer = await addCustomer(t, '陕西省气象台');
  other = await addCustomer(t, '甘肃省气象台');
  tok.maker = (await addUser(t, customer, 'maker', ['make.product.admin'], '制作员')).token;
  tok.other = (await addUser(t, other, 'othermaker', ['make.product.admin'])).token;
  await saveRun(RUN_1, LEADS);
  for (const lead of LEADS) await saveGrid(t, customer, { factor: 'tmp', baseTime: RUN_1, lead, grid: field(SMALL, () => 5) });
  templateId = (await call(tok.maker!, 'GET', '/api/product/template/list')).json().data[0].id;
  deps = {
    db: t.db.db,
    storage: t.storage,
    store: new GridStore(t.db.db, t.storage),
    jobs: t.jobs,
    log: { warn: () => {} },
    timeZone: 'Asia/Shanghai',
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('product schedules', () => {
  it('refuses a schedule that could not make its product, naming the field, and stores nothing', async () => {
    const good = { name: 'x', templateId, forecast: daySum, trigger: 'new-run' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ templateId: 99_999 }, 'templateId'],
      [{ trigger: 'daily' }, 'time'],
      [{ trigger: 'daily', time: '25:00' }, 'time'],
      [{ forecast: { ...daySum, factor: 'nope' } }, 'forecast.factor'],
      [{ forecast: { ...daySum, leadFrom: 300, leadTo: 400 } }, 'forecast.leadFrom'],
      [{ forecast: { ...daySum, factor: 'tmp', aggregation: 'sum' } }, 'forecast.aggregation'],
      // A known element without any run yet.
      [{ forecast: { ...daySum, factor: 'rh', aggregation: 'mean' } }, 'forecast.factor'],
      [{ forecast: { ...daySum, areaCode: 'provinces:999' } }, 'forecast.areaCode'],
    ];
    for (const [patch, fieldName] of cases) {
      const res = await call(tok.maker!, 'POST', '/api/product/schedule/save', { ...good, ...patch });
      expect(res.json().code, fieldName).toBe(4100);
      expect(res.json().data.issues[0].field, JSON.stringify(patch)).toBe(fieldName);
    }
    const daily = await call(tok.maker!, 'POST', '/api/product/schedule/save', { ...good, trigger: 'daily' }, 'zh');
    expect(daily.json().msg).toContain('时刻');
    expect((await call(tok.maker!, 'GET', '/api/product/schedule/list')).json().data).toEqual([]);
  });

  it('new-run: waits for the next run, makes its product once that run is complete, once, even with two ticks at once', async () => {
    const saved = await call(tok.maker!, 'POST', '/api/product/schedule/save', {
      name: '24 小时降水',
      templateId,
      forecast: daySum,
      trigger: 'new-run',
    });
    expect(saved.json().code).toBe(0);
    expect(saved.json().data).toMatchObject({ enabled: true, lastBaseTime: RUN_1, lastProductId: null, lastError: null });
    // The run of now was there before the schedule: nothing to make.
    expect(await runDueSchedules(deps)).toEqual([]);
    // The next run comes in lead by lead: nothing until it has the leads the run before had.
    await saveRun(RUN_2, LEADS.slice(0, 5));
    expect(await runDueSchedules(deps)).toEqual([]);
    await saveRun(RUN_2, LEADS.slice(5));
    const [first, second] = await Promise.all([runDueSchedules(deps), runDueSchedules(deps)]);
    expect([...first!, ...second!]).toHaveLength(1);
    const made = (await products()).filter((p) => p.base_time === RUN_2);
    expect(made).toHaveLength(1);
    expect((await waitJob(tok.maker!, made[0]!.job_id)).status).toBe('done');
    const info = (await call(tok.maker!, 'GET', `/api/product/info?id=${made[0]!.id}`)).json().data;
    expect(info).toMatchObject({ status: 'done', mode: 'aggregate', aggregation: 'sum', creator: '制作员' });
    expect(info.files).toHaveLength(1);
    const listed = (await call(tok.maker!, 'GET', '/api/product/schedule/list')).json().data[0];
    expect(listed).toMatchObject({ lastBaseTime: RUN_2, lastProductId: made[0]!.id, lastError: null });
    expect(await runDueSchedules(deps)).toEqual([]);
    // Disabled: the next run is left alone.
    await call(tok.maker!, 'POST', '/api/product/schedule/save', {
      ...{ name: listed.name, templateId, forecast: daySum, trigger: 'new-run' },
      enabled: false,
      id: listed.id,
      version: listed.version,
    });
    await saveRun(RUN_3, LEADS);
    expect(await runDueSchedules(deps)).toEqual([]);
  });

  it('daily: makes the newest run once its slot has passed, once a day', async () => {
    const saved = (
      await call(tok.maker!, 'POST', '/api/product/schedule/save', {
        name: '每日降水',
        templateId,
        forecast: daySum,
        trigger: 'daily',
        time: '08:00',
      })
    ).json().data;
    const before = (await products()).length;
    // 08:00 Beijing tomorrow is 00:00 UTC: not before, once after.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const slot =
      Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate()) + (tomorrow.getUTCHours() >= 16 ? 86_400_000 : 0);
    expect(await runDueSchedules(deps, new Date(slot - 60_000))).toEqual([]);
    const made = await runDueSchedules(deps, new Date(slot + 60_000));
    expect(made).toHaveLength(1);
    expect(await runDueSchedules(deps, new Date(slot + 3_600_000))).toEqual([]);
    expect((await products()).length).toBe(before + 1);
    const row = (await products()).find((p) => p.id === made[0])!;
    expect(row.base_time).toBe(RUN_3);
    await waitJob(tok.maker!, row.job_id);
    const listed = (await call(tok.maker!, 'GET', '/api/product/schedule/list')).json().data.find((s: { id: number }) => s.id === saved.id);
    expect(listed).toMatchObject({ trigger: 'daily', time: '08:00', lastProductId: made[0], lastBaseTime: RUN_3 });
  });

  it("keeps customers apart: another customer's schedules are neither listed nor deletable", async () => {
    const mine = (await call(tok.maker!, 'GET', '/api/product/schedule/list')).json().data;
    expect(mine.length).toBe(2);
    expect((await call(tok.other!, 'GET', '/api/product/schedule/list')).json().data).toEqual([]);
    const res = await call(tok.other!, 'POST', '/api/product/schedule/delete', { id: mine[0].id });
    expect(res.json().code).toBe(4004);
    expect((await call(tok.maker!, 'POST', '/api/product/schedule/delete', { id: mine[0].id })).json().code).toBe(0);
    expect((await call(tok.maker!, 'GET', '/api/product/schedule/list')).json().data.length).toBe(1);
  });
});
