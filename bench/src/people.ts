// What the benches with many people share: national grids saved before the server starts, and accounts made as an
// administrator makes them (their first password replaced, as the console requires before anything else).
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config.js';
import { buildApp } from '../../apps/server/src/app.js';
import { GridStore } from '../../apps/server/src/modules/grids/store.js';
import { prepareServerData } from '../../apps/server/src/startup.js';
import { call, dataOf } from './cluster-fixtures.js';
import { nationalGrid } from './national.js';

export const BASE_TIME = '2026-03-01T00:00:00.000Z';
export const ADMIN_PASSWORD = 'Bench-Admin-1';
const FIRST_PASSWORD = 'Bench-First-1';
export const PASSWORD = 'Bench-Users-1';

/**
 * National grids of fine-grid factors (`offsets`: factor code → °C added to the national field, e.g. tmin −3) at `leads`,
 * in the platform customer, saved before the server starts as an import would have left them.
 */
export async function seedNationalGrids(
  dataDir: string,
  databaseUrl: string,
  leads: number[],
  offsets: Record<string, number> = { tmp: 0 },
): Promise<void> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    SCRYPT_LOG_N: '12',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const built = await buildApp(config, await prepareServerData(config, { demo: false }), { logger: false });
  try {
    const db = built.db.db;
    const customerId = (await db.selectFrom('customer').select('id').where('is_platform', '=', 1).executeTakeFirstOrThrow()).id;
    const grid = nationalGrid();
    const store = new GridStore(db, built.storage);
    for (const [code, offset] of Object.entries(offsets)) {
      const factor = await db
        .selectFrom('factor')
        .innerJoin('forecast_type', 'forecast_type.id', 'factor.forecast_type_id')
        .select(['factor.id', 'forecast_type.id as type_id'])
        .where('forecast_type.code', '=', 'fine-grid')
        .where('factor.code', '=', code)
        .executeTakeFirstOrThrow();
      const values = offset === 0 ? grid.values : grid.values.map((v) => v + offset);
      for (const lead of leads) {
        const key = { customerId, forecastTypeId: factor.type_id, factorId: factor.id, baseTime: BASE_TIME, leadHours: lead };
        await store.save(key, { ...grid, values }, { userId: null, name: 'bench' });
      }
    }
  } finally {
    await built.close();
  }
}

export interface Caller {
  token: string;
  userId: number;
  customerId: number;
}

export async function signIn(url: string, username: string, password: string): Promise<Caller> {
  const o = await call(`${url}/api/login/login`, { method: 'POST', json: { username, password } });
  if (!o.ok) throw new Error(`sign-in of ${username}: ${JSON.stringify(o.body).slice(0, 200)}`);
  const token = dataOf<{ access_token: string }>(o).access_token;
  const info = await call(`${url}/api/user/info`, { headers: { authorization: `Bearer ${token}` } });
  const who = info.ok ? dataOf<{ id: number; customerId: number }>(info) : { id: 0, customerId: 0 };
  return { token, userId: who.id, customerId: who.customerId };
}

/** An account with the role, its administrator-set password replaced as the console requires before anything else. */
export async function addUser(url: string, admin: Caller, username: string, roleId: number): Promise<Caller> {
  const auth = { authorization: `Bearer ${admin.token}` };
  const added = await call(`${url}/api/user/add`, {
    method: 'POST',
    headers: auth,
    json: { username, password: FIRST_PASSWORD, name: username, customerId: admin.customerId, roleIds: [roleId] },
  });
  if (!added.ok) throw new Error(`user ${username}: ${JSON.stringify(added.body).slice(0, 200)}`);
  const first = await signIn(url, username, FIRST_PASSWORD);
  const changed = await call(`${url}/api/user/changePassword`, {
    method: 'POST',
    headers: { authorization: `Bearer ${first.token}` },
    json: { password: FIRST_PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD },
  });
  if (!changed.ok) throw new Error(`password of ${username}: ${JSON.stringify(changed.body).slice(0, 200)}`);
  return signIn(url, username, PASSWORD);
}

export async function addRole(url: string, admin: Caller, name: string, permissions: string[]): Promise<number> {
  const o = await call(`${url}/api/role/add`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    json: { name, permissions },
  });
  if (!o.ok) throw new Error(`role ${name}: ${JSON.stringify(o.body).slice(0, 200)}`);
  return dataOf<{ id: number }>(o).id;
}
