import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/core/db/index.js';
import { StoredJsonError } from '../src/core/stored-json.js';
import { boundaryDisplayFile } from '../src/modules/gis/boundaries.js';
import { boundaryAreas } from '../src/modules/products/region.js';
import { RegionBoundaries } from '../src/modules/regions/boundary-check.js';
import { createTestApp, type TestApp } from './helpers.js';
import { addCustomer } from './revise-helpers.js';

/**
 * A boundary layer's stored file read through its schema (modules/gis/stored-boundary.ts): a damaged file is an error
 * naming the layer's row for the region check of records, the products' areas and the map's display file, never areas
 * silently missing.
 */

let t: TestApp;
let customer = 0;

beforeAll(async () => {
  t = await createTestApp();
  customer = await addCustomer(t, '损坏边界气象局');
});
afterAll(async () => {
  await t.close();
});

async function layer(name: string, text: string): Promise<number> {
  const key = `boundaries/${customer}/${name}.geojson`;
  await t.storage.put(key, Buffer.from(text));
  const row = await t.db.db
    .insertInto('boundary_layer')
    .values({ customer_id: customer, name, storage_key: key, feature_count: 1, size: text.length, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const point = JSON.stringify({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: { name: '某县' }, geometry: { type: 'Point', coordinates: [110, 38] } }],
});

describe('a damaged boundary layer file', () => {
  it('is an error naming its row wherever it is read', async () => {
    const id = await layer('points', point);
    const named = new RegExp(
      `^stored JSON in boundary_layer row ${id}, column storage_key \\(file\\): does not match its shape at features\\.0\\.geometry`,
    );
    await expect(new RegionBoundaries(t.db.db, t.storage, customer).customerLayers()).rejects.toThrow(named);
    const fail = (field: string) => new Error(field);
    await expect(boundaryAreas(t.db.db, t.storage, customer, `b${id}`, fail)).rejects.toThrow(named);
    await expect(boundaryDisplayFile(t.db.db, t.storage, customer, id)).rejects.toBeInstanceOf(StoredJsonError);
    await t.db.db.deleteFrom('boundary_layer').where('id', '=', id).execute();
  });

  it('that is not JSON is named as such', async () => {
    const id = await layer('cut', '{"type":"FeatureCollection","features":[');
    await expect(boundaryAreas(t.db.db, t.storage, customer, `b${id}`, (f) => new Error(f))).rejects.toThrow(
      new RegExp(`^stored JSON in boundary_layer row ${id}, column storage_key \\(file\\): not valid JSON`),
    );
    await t.db.db.deleteFrom('boundary_layer').where('id', '=', id).execute();
  });
});
