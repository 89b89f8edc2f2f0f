import { createGrid, type Grid, type GridGeometry } from '@agromet/grid';
import { hashPassword } from '../src/core/auth/password.js';
import { nowIso } from '../src/core/db/index.js';
import { GridStore, readStoredValues } from '../src/modules/grids/store.js';
import type { TestApp } from './helpers.js';

export const USER_PASSWORD = 'Revise-Pass-1';

/** A small grid over central Shaanxi: 30 × 20 cells at 0.1°, rows north to south. */
export const SMALL: GridGeometry = { lon0: 107.5, lat0: 35.5, dx: 0.1, dy: -0.1, nx: 30, ny: 20 };
export const BASE_TIME = '2026-03-01T00:00:00.000Z';

let ipCounter = 0;

/** A user of the customer holding a role with the codes; signs in and answers the id and access token. */
export async function addUser(t: TestApp, customerId: number, username: string, codes: string[], name = `名 ${username}`) {
  const db = t.db.db;
  const now = nowIso();
  const role = await db
    .insertInto('role')
    .values({ customer_id: customerId, name: `role ${username}`, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (codes.length > 0)
    await db
      .insertInto('role_permission')
      .values(codes.map((code) => ({ role_id: role.id, permission_code: code })))
      .execute();
  const user = await db
    .insertInto('app_user')
    .values({
      customer_id: customerId,
      username,
      name,
      password_hash: await hashPassword(USER_PASSWORD, 10),
      setting: '{}',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_role').values({ user_id: user.id, role_id: role.id }).execute();
  ipCounter += 1;
  const token = (await t.login(username, USER_PASSWORD, `10.60.${ipCounter % 250}.${1 + Math.floor(ipCounter / 250)}`)).access_token;
  return { id: user.id, token };
}

export async function addCustomer(t: TestApp, name: string): Promise<number> {
  const now = nowIso();
  return (
    await t.db.db
      .insertInto('customer')
      .values({ name, center_lat: 34, center_lon: 108, zoom: 7, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function platformId(t: TestApp): Promise<number> {
  return (await t.db.db.selectFrom('customer').select('id').where('is_platform', '=', 1).executeTakeFirstOrThrow()).id;
}

/** A smooth field: 10 + 0.1·i + 0.2·j. */
export function field(geometry: GridGeometry = SMALL, f: (i: number, j: number) => number = (i, j) => 10 + 0.1 * i + 0.2 * j): Grid {
  const g = createGrid(geometry, 0);
  for (let j = 0; j < g.ny; j++) for (let i = 0; i < g.nx; i++) g.values[j * g.nx + i] = f(i, j);
  return g;
}

export async function factorIds(t: TestApp, type: string, factor: string) {
  const row = await t.db.db
    .selectFrom('factor')
    .innerJoin('forecast_type', 'forecast_type.id', 'factor.forecast_type_id')
    .select(['factor.id', 'forecast_type.id as type_id'])
    .where('forecast_type.code', '=', type)
    .where('factor.code', '=', factor)
    .executeTakeFirstOrThrow();
  return { factorId: row.id, typeId: row.type_id };
}

/** Saves a grid straight through the store, as an import would. */
export async function saveGrid(
  t: TestApp,
  customerId: number,
  opts: { type?: string; factor?: string; baseTime?: string; lead?: number; grid?: Grid } = {},
) {
  const { factorId, typeId } = await factorIds(t, opts.type ?? 'fine-grid', opts.factor ?? 'tmp');
  const store = new GridStore(t.db.db, t.storage);
  return store.save(
    { customerId, forecastTypeId: typeId, factorId, baseTime: opts.baseTime ?? BASE_TIME, leadHours: opts.lead ?? 24 },
    opts.grid ?? field(),
    { userId: null, name: 'importer' },
  );
}

export async function gridRow(t: TestApp, customerId: number, lead: number, factor = 'tmp', type = 'fine-grid') {
  const { factorId } = await factorIds(t, type, factor);
  return t.db.db
    .selectFrom('grid')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('factor_id', '=', factorId)
    .where('lead_hours', '=', lead)
    .executeTakeFirstOrThrow();
}

export async function storedValues(t: TestApp, storageKey: string): Promise<Float32Array> {
  return (await readStoredValues(t.storage, storageKey))!;
}

export const bitsOf = (values: Float32Array) => Buffer.from(values.buffer, values.byteOffset, values.byteLength);

export function call(t: TestApp, token: string, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'zh') {
  return t.app.inject({
    method,
    url,
    headers: { ...t.bearer(token), 'accept-language': lang, 'user-agent': 'revise-test' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export async function allocate(t: TestApp, adminToken: string, uid: number, type = 'fine-grid') {
  const typeId = (await t.db.db.selectFrom('forecast_type').select('id').where('code', '=', type).executeTakeFirstOrThrow()).id;
  const res = await call(t, adminToken, 'GET', `/api/forecasr/insertAllocation?uid=${uid}&fTId=${typeId}`);
  if (res.json().code !== 0) throw new Error(`allocation failed: ${res.body}`);
  return res.json().data.id as number;
}

export function multipart(file: { name: string; bytes: Uint8Array | string }, fieldName = 'file') {
  const boundary = '----agrometReviseBoundary42';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'utf8') : Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
