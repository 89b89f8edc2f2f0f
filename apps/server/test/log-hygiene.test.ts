import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_REFUSED_ACTION } from '../src/core/audit.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Refused anonymous calls do not each add an operation-log row: they are summed up per client address and minute in
 * one row whose parameter counts them (a flood from one address is one row, however long it lasts within the minute).
 */
let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).access_token;
});
afterAll(async () => {
  await t.close();
});

const summaryRows = (ip: string) => t.db.db.selectFrom('operation_log').selectAll().where('ip', '=', ip).orderBy('id').execute();

/**
 * Sets the clock to the start of the next minute and lets it run on from there, so that the calls below all fall in one
 * minute (a summary row is per minute) without waiting for one on the real clock. Later, not earlier: the tokens
 * already issued stay valid. Only Date is replaced; timers run as they do.
 */
function startOfNextMinute() {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Math.ceil((Date.now() + 1) / 60_000) * 60_000 + 1000);
}
afterEach(() => {
  vi.useRealTimers();
});

describe('refused anonymous writes', () => {
  it('200 from one address within a minute add one summary row counting 200', async () => {
    startOfNextMinute();
    const before = await t.db.db
      .selectFrom('operation_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const attacker = '203.0.113.9';
    for (let k = 0; k < 200; k++) {
      const res = await t.app.inject({
        method: 'POST',
        url: k % 2 ? '/api/station/insertStation' : '/api/user/add',
        payload: { k },
        remoteAddress: attacker,
      });
      expect(res.json().code).toBe(4000);
    }
    // Another address has its own row.
    await t.app.inject({ method: 'POST', url: '/api/user/add', payload: {}, remoteAddress: '198.51.100.4' });

    // The first refusal's row is there at once; the count is written within a second.
    const deadline = Date.now() + 5000;
    let rows = await summaryRows(attacker);
    while (JSON.parse(rows[0]?.parameter ?? '{}').count !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await summaryRows(attacker);
    }
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      action: ANONYMOUS_REFUSED_ACTION,
      type: 'auth',
      user_id: null,
      customer_id: null,
      status_code: 401,
      result_code: 4000,
    });
    const parameter = JSON.parse(row.parameter);
    expect(parameter).toMatchObject({
      count: 200,
      actions: { 'user.add': 100, 'station.insert': 100 },
      statuses: { 401: 200 },
    });
    expect(parameter.minute).toBe(`${row.created_at.slice(0, 16)}Z`);
    expect(await summaryRows('198.51.100.4')).toHaveLength(1);
    const after = await t.db.db
      .selectFrom('operation_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(2);

    // The log answers the row's description in the reader's language, and its count in the parameter.
    const described = async (lang: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/log/${row.id}`,
          headers: { ...t.bearer(admin), 'accept-language': lang },
        })
      ).json().data;
    expect((await described('en')).description).toBe('Refused anonymous calls (summed up per address and minute)');
    expect((await described('es')).description).toBe('Llamadas anónimas rechazadas (resumidas por dirección y minuto)');
    const zh = await described('zh');
    expect(zh.description).toBe('匿名请求被拒绝（按地址与分钟汇总）');
    expect(JSON.parse(zh.parameter).count).toBe(200);
  });

  it('still logs a refused sign-in (it names its subject) and a signed-in refusal row by row', async () => {
    const ip = '192.0.2.77';
    for (let k = 0; k < 2; k++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login/login',
        payload: { username: 'admin', password: `wrong-${k}` },
        remoteAddress: ip,
      });
    }
    const rows = await summaryRows(ip);
    expect(rows.map((r) => r.action)).toEqual(['login', 'login']);
  });
});
