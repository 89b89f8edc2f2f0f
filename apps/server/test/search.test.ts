// Keyword searches treat the user's `%`, `_` and `\` as plain characters and ignore ASCII case alike on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).access_token;
  for (const name of ['达标率100%', '达标率1000', 'Forecast_Desk', 'ForecastXDesk', 'back\\slash']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/role/add',
      headers: t.bearer(admin),
      payload: { name, permissions: ['sys.log.view'] },
    });
    expect(res.json().code).toBe(0);
  }
});
afterAll(async () => {
  await t.close();
});

const roleNames = async (keyword: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/role/page?size=50&keyword=${encodeURIComponent(keyword)}`,
    headers: t.bearer(admin),
  });
  return (res.json().data.list as Array<{ name: string }>).map((r) => r.name).sort();
};

describe('keyword search', () => {
  it('a % or _ in the keyword matches only itself', async () => {
    expect(await roleNames('0%')).toEqual(['达标率100%']);
    expect(await roleNames('t_D')).toEqual(['Forecast_Desk']);
    expect(await roleNames('\\')).toEqual(['back\\slash']);
  });

  it('ASCII case is ignored on both engines', async () => {
    expect(await roleNames('forecast')).toEqual(['ForecastXDesk', 'Forecast_Desk']);
  });

  it('the operation log filters by IP prefix literally', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/log/page?ip=${encodeURIComponent('1_7')}`, headers: t.bearer(admin) });
    expect(res.json().code).toBe(0);
    expect(res.json().data.total).toBe(0);
  });
});
