import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/core/db/index.js';
import { pageRoutes } from '../src/modules/travel/itineraries.js';
import { pageSpots } from '../src/modules/travel/service.js';
import type { TestApp } from './helpers.js';
import { addUser, appWithCustomers, call } from './revise-helpers.js';
import { HUASHAN_SPOT } from './sample-records.js';

/**
 * Tourism records' JSON columns read through their items' schemas (modules/travel/records.ts storedArray): a bad row is
 * an error naming its table, row and column, where it used to read as an empty list.
 */

let t: TestApp;
let customer = 0;
let token = '';

beforeAll(async () => {
  [t, customer] = await appWithCustomers('损坏记录文旅厅');
  token = (await addUser(t, customer, 'ts-a', ['travel.scenicspot.admin'])).token;
});
afterAll(async () => {
  await t.close();
});

const auth = () => ({ customerId: customer }) as Parameters<typeof pageSpots>[1];

describe('a tourism record with a bad JSON column', () => {
  it("a spot's photos that are not a list of texts name the spot's row, and the list call fails instead of hiding them", async () => {
    const spot = { ...HUASHAN_SPOT, description: '' };
    const res = await call(t, token, 'POST', '/api/travel/spot/insert', spot);
    expect(res.json().code).toBe(0);
    const id = res.json().data.id as number;
    expect((await call(t, token, 'GET', '/api/travel/spot/page?page=1&size=10')).json().data.list[0].photos).toEqual(spot.photos);
    await t.db.db.updateTable('travel_spot').set({ photos: '[1]' }).where('id', '=', id).execute();
    await expect(pageSpots(t.db.db, auth(), { page: 1, size: 10 } as Parameters<typeof pageSpots>[2])).rejects.toThrow(
      `stored JSON in travel_spot row ${id}, column photos: does not match its shape at 0: `,
    );
    const page = await call(t, token, 'GET', '/api/travel/spot/page?page=1&size=10');
    expect(page.statusCode).toBe(500);
    expect(page.json().code).not.toBe(0);
  });

  it("a route's stops that are not stop references name the route's row", async () => {
    const now = nowIso();
    const row = await t.db.db
      .insertInto('travel_route')
      .values({ customer_id: customer, name: '坏路线', days: 1, stops: '{"type":"spot"}', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(pageRoutes(t.db.db, auth(), { page: 1, size: 10 } as Parameters<typeof pageRoutes>[2])).rejects.toThrow(
      `stored JSON in travel_route row ${row.id}, column stops: does not match its shape at (root): `,
    );
  });
});
