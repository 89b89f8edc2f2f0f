import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/** GET /api/job/recent lists the caller's own jobs only: active ones, then the latest finished of the last 7 days. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
});
afterAll(async () => {
  await t.close();
});

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe('recent jobs', () => {
  it("are the caller's own, active first, finished within 7 days, newest first, without results", async () => {
    const s = await t.login('demo-revise');
    const me = (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: t.bearer(s.access_token) })).json().data;
    const other = await t.db.db
      .selectFrom('app_user')
      .select(['id', 'customer_id'])
      .where('username', '=', 'demo-sysadmin')
      .executeTakeFirstOrThrow();
    const job = (userId: number, customerId: number, status: 'queued' | 'running' | 'done' | 'failed', hoursAgo: number) => ({
      id: randomUUID(),
      customer_id: customerId,
      user_id: userId,
      kind: 'grid.import',
      status,
      progress: status === 'done' ? 100 : 40,
      error: status === 'failed' ? JSON.stringify({ key: 'importFileGone', params: {} }) : null,
      result: status === 'done' ? JSON.stringify({ big: 'x'.repeat(1000) }) : null,
      created_at: ago(hoursAgo),
      updated_at: ago(hoursAgo),
    });
    const running = job(me.id, me.customerId, 'running', 1);
    const done = job(me.id, me.customerId, 'done', 2);
    const failed = job(me.id, me.customerId, 'failed', 30);
    const old = job(me.id, me.customerId, 'done', 24 * 8);
    const someoneElse = job(other.id, other.customer_id, 'running', 1);
    await t.db.db.insertInto('job').values([running, done, failed, old, someoneElse]).execute();

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/job/recent',
      headers: { ...t.bearer(s.access_token), 'accept-language': 'en' },
    });
    expect(res.json().code).toBe(0);
    const data = res.json().data as { active: Array<Record<string, unknown>>; finished: Array<Record<string, unknown>> };
    expect(data.active.map((j) => j.id)).toEqual([running.id]);
    expect(data.finished.map((j) => j.id)).toEqual([done.id, failed.id]);
    expect(data.finished[0]).not.toHaveProperty('result');
    expect(data.finished[1]).toMatchObject({ status: 'failed', error: expect.stringMatching(/upload/i) });

    const theirs = await t.login('demo-sysadmin');
    const seen = (await t.app.inject({ method: 'GET', url: '/api/job/recent', headers: t.bearer(theirs.access_token) })).json().data;
    expect(seen.active.map((j: { id: string }) => j.id)).toEqual([someoneElse.id]);
    expect(seen.finished).toEqual([]);
  });
});
