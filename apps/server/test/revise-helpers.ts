import fs from 'node:fs';
import path from 'node:path';
import { createGrid, type Grid, type GridGeometry } from '@agromet/grid';
import { hashPassword } from '../src/core/auth/password.js';
import { nowIso } from '../src/core/db/index.js';
import { GridStore, readStoredValues } from '../src/modules/grids/store.js';
import { createTestApp, type TestApp } from './helpers.js';

export const USER_PASSWORD = 'Revise-Pass-1';

/** A small grid over central Shaanxi: 30 × 20 cells at 0.1°, rows north to south. */
export const SMALL: GridGeometry = { lon0: 107.5, lat0: 35.5, dx: 0.1, dy: -0.1, nx: 30, ny: 20 };
export const BASE_TIME = '2026-03-01T00:00:00.000Z';

let ipCounter = 0;

/**
 * Inserts a user of the customer holding a role of its own with the codes (as an administrator would set them up),
 * without signing in: answers the user's id.
 */
export async function insertUser(
  db: TestApp['db']['db'],
  customerId: number,
  username: string,
  codes: string[],
  opts: { name: string; passwordHash: string; roleName?: string },
): Promise<number> {
  const now = nowIso();
  const role = await db
    .insertInto('role')
    .values({ customer_id: customerId, name: opts.roleName ?? `role ${username}`, created_at: now, updated_at: now })
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
      name: opts.name,
      password_hash: opts.passwordHash,
      setting: '{}',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_role').values({ user_id: user.id, role_id: role.id }).execute();
  return user.id;
}

/** A user of the customer holding a role with the codes; signs in and answers the id and access token. */
export async function addUser(t: TestApp, customerId: number, username: string, codes: string[], name = `名 ${username}`) {
  const id = await insertUser(t.db.db, customerId, username, codes, { name, passwordHash: await hashPassword(USER_PASSWORD, 10) });
  ipCounter += 1;
  const token = (await t.login(username, USER_PASSWORD, `10.60.${ipCounter % 250}.${1 + Math.floor(ipCounter / 250)}`)).access_token;
  return { id, token };
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

/** A fresh test app and a customer of each name, their ids in the order named: a test file's usual start. */
export async function appWithCustomers<const Names extends readonly string[]>(
  ...names: Names
): Promise<[TestApp, ...{ [K in keyof Names]: number }]> {
  const t = await createTestApp();
  const ids: number[] = [];
  for (const name of names) ids.push(await addCustomer(t, name));
  return [t, ...(ids as { [K in keyof Names]: number })];
}

/**
 * Adds the users one after another (key → customer, username, codes, display name), each signed in, and keeps each
 * one's access token in `tokens` under its key.
 */
export async function addSignedInUsers(
  t: TestApp,
  tokens: Record<string, string>,
  users: Record<string, [customerId: number, username: string, codes: string[], name?: string]>,
): Promise<void> {
  for (const [key, [customerId, username, codes, name]] of Object.entries(users))
    tokens[key] = (await addUser(t, customerId, username, codes, name)).token;
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

/**
 * A forecast type storing 10 m wind as u and v components (factors `u` and `v`, m/s), inserted as an office would
 * configure it: answers the type's id and the factors' ids by code.
 */
export async function addWindComponentType(t: TestApp, code: string) {
  const type = await t.db.db
    .insertInto('forecast_type')
    .values({ code, name: '风场', description: '', step_hours: 3, max_lead_hours: 6, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: Record<string, number> = {};
  for (const [n, factor] of ['u', 'v'].entries()) {
    ids[factor] = (
      await t.db.db
        .insertInto('factor')
        .values({
          forecast_type_id: type.id,
          code: factor,
          name: factor,
          unit: 'm/s',
          min_value: -75,
          max_value: 75,
          precision: 1,
          colormap: '{"type":"ramp","stops":[{"value":-20,"color":"#0000ff"},{"value":20,"color":"#ff0000"}]}',
          sort: 900 + n,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  return { type, ids };
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

/** The names of the grid files stored for the customer (under the data folder's files/grids/<customer>), sorted. */
export function gridFileNames(t: TestApp, customerId: number): string[] {
  const root = path.join(t.dataDir, 'files', 'grids', String(customerId));
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name)
    .sort();
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

/**
 * The platform renames permission code `from` to `to`, named `name`, at its stored version (as the catalogue page
 * does): answers the answer's code.
 */
export async function renamePermission(t: TestApp, platformToken: string, from: string, to: string, name: string): Promise<number> {
  const row = await t.db.db.selectFrom('permission').select(['id', 'version']).where('code', '=', from).executeTakeFirstOrThrow();
  const res = await call(t, platformToken, 'POST', '/api/permission/update', { id: row.id, version: row.version, code: to, name });
  return res.json().code as number;
}

/** One point revision of fine-grid temperature at one lead, made on the grid at `at.version` (as a forecaster's click sends it). */
export function revisePoint(
  t: TestApp,
  token: string,
  at: { baseTime: string; lead: number; version: number },
  point: { lon: number; lat: number; value: number; radiusKm: number },
) {
  return call(t, token, 'POST', '/api/revise/pointRevise', {
    type: 'fine-grid',
    factor: 'tmp',
    baseTime: at.baseTime,
    leads: [at.lead],
    expectedVersions: [at.version],
    points: [point],
  });
}

export async function allocate(t: TestApp, adminToken: string, uid: number, type = 'fine-grid') {
  const typeId = (await t.db.db.selectFrom('forecast_type').select('id').where('code', '=', type).executeTakeFirstOrThrow()).id;
  const res = await call(t, adminToken, 'GET', `/api/forecasr/insertAllocation?uid=${uid}&fTId=${typeId}`);
  if (res.json().code !== 0) throw new Error(`allocation failed: ${res.body}`);
  return res.json().data.id as number;
}

/**
 * A forecaster of the customer holding `codes`, with fine-grid allocated to them by an allocating user made for it
 * (`${username}-alloc`): what revising a grid needs besides the codes.
 */
export async function addForecaster(t: TestApp, customerId: number, username: string, codes: string[]) {
  const fc = await addUser(t, customerId, username, codes);
  await allocate(t, (await addUser(t, customerId, `${username}-alloc`, ['revise.allocation.admin'])).token, fc.id);
  return fc;
}

/**
 * A multipart/form-data body as a browser's form sends it: the text fields, then the file (in field `file` unless
 * `field` names another, `application/octet-stream` unless `type` says otherwise).
 */
export function multipartForm(
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array | string; type?: string; field?: string },
) {
  const boundary = '----agrometTestBoundary42';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'utf8') : Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A form of one CSV file (field `file` unless named), as the import dialogs send it. */
export function multipart(file: { name: string; bytes: Uint8Array | string }, fieldName = 'file') {
  return multipartForm({}, { ...file, type: 'text/csv', field: fieldName });
}
