import { API, PERMISSION_CODES, type ApiDef } from '@agromet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/core/auth/password.js';
import { nowIso } from '../src/core/db/index.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Generated from the contracts' API table: every route, called without a token and as a user holding each single
 * permission code. Guards run before validation, so an allowed caller with an empty body gets past them (any answer
 * but 4000/4003), and a refused one gets 4003 whatever the body. Routes added later join the matrix by themselves.
 */
let t: TestApp;
const tokens = new Map<string, string>();
const PASSWORD = 'Matrix-Pass-1';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db.db;
  const customer = await db.selectFrom('customer').select('id').where('is_platform', '=', 1).executeTakeFirstOrThrow();
  const hash = await hashPassword(PASSWORD, 10);
  const now = nowIso();
  for (const code of PERMISSION_CODES) {
    const role = await db
      .insertInto('role')
      .values({ customer_id: customer.id, name: `only ${code}`, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('role_permission').values({ role_id: role.id, permission_code: code }).execute();
    const user = await db
      .insertInto('app_user')
      .values({
        customer_id: customer.id,
        username: `m-${code}`,
        name: code,
        password_hash: hash,
        setting: '{}',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_role').values({ user_id: user.id, role_id: role.id }).execute();
  }
});
afterAll(async () => {
  await t.close();
});

async function tokenFor(code: string): Promise<string> {
  if (!tokens.has(code)) tokens.set(code, (await t.login(`m-${code}`, PASSWORD, `10.9.${PERMISSION_CODES.indexOf(code)}.1`)).access_token);
  return tokens.get(code)!;
}

function urlOf(def: ApiDef): string {
  return def.url.replace(/:(\w+)/g, '999999');
}

/** The matrix calls with another user's id (999999), so self-or-codes routes need the codes. */
function allowed(def: ApiDef, code: string): boolean {
  if (def.access.kind !== 'codes' && def.access.kind !== 'self-or-codes') return true;
  // A platform-only route needs the platform scope as well as one of its codes: of single codes, only admin has both.
  if (def.access.kind === 'codes' && def.access.platform) return code === 'admin';
  return code === 'admin' || def.access.codes.includes(code);
}

// Logout ends the caller's session, so it is called last with throw-away sessions.
const routes = Object.entries(API as Record<string, ApiDef>).sort(([a], [b]) => Number(a === 'logout') - Number(b === 'logout'));

describe('authorisation matrix', () => {
  it.each(routes)('%s without a token', async (_name, def) => {
    const res = await t.app.inject({ method: def.method, url: urlOf(def), payload: def.method === 'GET' ? undefined : {} });
    const code = res.json().code as number;
    if (def.access.kind === 'public') expect(code).not.toBe(4000);
    else {
      expect(code).toBe(4000);
      expect(res.statusCode).toBe(401);
    }
  });

  it.each(routes)('%s as each single permission code', async (name, def) => {
    const answers: Record<string, number> = {};
    for (const code of PERMISSION_CODES) {
      const token = name === 'logout' ? (await t.login(`m-${code}`, PASSWORD, '10.8.0.1')).access_token : await tokenFor(code);
      const res = await t.app.inject({
        method: def.method,
        url: urlOf(def),
        headers: { authorization: `Bearer ${token}` },
        payload: def.method === 'GET' ? undefined : {},
      });
      answers[code] = def.raw && res.statusCode === 200 ? 0 : (res.json().code as number);
    }
    const expected = Object.fromEntries(PERMISSION_CODES.map((code) => [code, allowed(def, code) ? 'passes' : 4003]));
    const actual = Object.fromEntries(
      Object.entries(answers).map(([code, c]) => [code, c === 4003 || c === 4000 || c === 4002 ? c : 'passes']),
    );
    expect(actual).toEqual(expected);
  });
});
