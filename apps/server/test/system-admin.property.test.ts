import { createHash } from 'node:crypto';
import { API, type ApiDef } from '@agromet/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/** Random and malformed bodies at every create/update call of system administration: always 4100, nothing changed. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  token = (await t.login('admin')).access_token;
});
afterAll(async () => {
  await t.close();
});

const TABLES = ['customer', 'customer_entitlement', 'app_user', 'role', 'role_permission', 'user_role', 'permission', 'session'] as const;

async function snapshot(): Promise<string> {
  const hash = createHash('sha256');
  for (const table of TABLES) hash.update(JSON.stringify(await t.db.db.selectFrom(table).selectAll().execute()));
  return hash.digest('hex');
}

/** A valid body per call, which the arbitraries then break. */
const VALID: Record<string, Record<string, unknown>> = {
  customerAdd: { name: '新客户', centerLat: 30, centerLon: 110, zoom: 8 },
  customerUpdate: { id: 2, version: 1, name: '改名客户', centerLat: 30, centerLon: 110, zoom: 8 },
  customerDelete: { id: 2 },
  customerEntitlements: { id: 2, version: 1, entitlements: ['travel.scenicspot.admin'] },
  customerContext: { customerId: 2 },
  userAdd: { username: 'newuser', password: 'pass-12345', name: '新用户', customerId: 2, roleIds: [] },
  userUpdate: { id: 2, version: 1, name: '改名', customerId: 2, roleIds: [] },
  userEnable: { id: 2, version: 1, enabled: false },
  userResetPassword: { id: 2, password: 'pass-12345' },
  userDelete: { id: 2 },
  roleAdd: { name: '新角色', permissions: [] },
  roleUpdate: { id: 2, version: 1, name: '改名角色', permissions: [] },
  roleDelete: { id: 2 },
  permissionAdd: { code: 'new.code', name: '新权限' },
  permissionUpdate: { id: 1, version: 1, code: 'admin', name: '改名' },
  permissionDelete: { id: 1 },
};

const wrongValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.integer({ min: -1e9, max: 1e9 }),
  fc.string({ maxLength: 300 }),
  fc.string({ minLength: 400, maxLength: 2000 }),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
  fc.constantFrom('', ' ', '0', '-1', 'NaN', '1e999', '<script>', "'; DROP TABLE app_user; --", '../../etc/passwd'),
);

function bodies(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return fc.oneof(
    // Anything at all as the body.
    fc.anything({ maxDepth: 2 }),
    // The valid body with one field broken.
    fc.record({ key: fc.constantFrom(...keys), value: wrongValue }).map(({ key, value }) => ({ ...valid, [key]: value })),
    // The valid body with one field missing.
    fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))),
    // The valid body with a field it must not carry (mass assignment).
    fc
      .record({
        key: fc.constantFrom(
          'customer_id',
          'is_platform',
          'builtin',
          'password_hash',
          'roles',
          'enabled',
          'username',
          'admin',
          '__proto__x',
        ),
        value: wrongValue,
      })
      .map(({ key, value }) => ({ ...valid, [key]: value })),
  );
}

const mutating = Object.entries(API as Record<string, ApiDef>).filter(([name]) => name in VALID);

describe('malformed bodies (property-based)', () => {
  it('covers every create/update/delete call of the system administration table', () => {
    const names = Object.entries(API as Record<string, ApiDef>)
      .filter(
        ([, d]) => d.method === 'POST' && /^\/api\/(customer|user|role|permission)\//.test(d.url) && d.body && d.access.kind === 'codes',
      )
      .map(([n]) => n);
    expect(names.sort()).toEqual(Object.keys(VALID).sort());
  });

  it.each(mutating)('%s answers 4100 and changes nothing', async (name, def) => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(bodies(VALID[name]!), async (body) => {
        fc.pre(!def.body!.safeParse(body).success);
        const res = await t.app.inject({
          method: def.method,
          url: def.url,
          headers: { ...t.bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
        });
        const json = res.json();
        expect(json.code).toBe(4100);
        expect(res.statusCode).toBe(400);
        expect(typeof json.msg).toBe('string');
        // The answer names the offending field (or the body as a whole).
        expect(json.data.issues.length).toBeGreaterThan(0);
        expect(json.msg.startsWith(`${json.data.issues[0].field}`)).toBe(true);
      }),
      { numRuns: 60 },
    );
    expect(await snapshot()).toBe(before);
  });
});
