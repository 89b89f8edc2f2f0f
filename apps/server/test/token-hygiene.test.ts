import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_REFUSED_ACTION } from '../src/core/audit.js';
import { REFRESH_GRACE_SECONDS } from '../src/modules/auth/refresh-rules.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers.js';

/**
 * Tokens stay out of the server log and out of addresses where a header can carry them; the refresh token may come in
 * the body; two refreshes racing with one token both succeed, while a late reuse still ends the session.
 */
let t: TestApp;
const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1', LOG_LEVEL: 'trace' }, { loggerStream: logStream });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const MAP =
  'SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=fine-grid.tmp&STYLES=&CRS=EPSG:4326&BBOX=31.6,105.5,39.6,111.5&WIDTH=40&HEIGHT=40&FORMAT=image/png';
const refreshByQuery = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/login/refresh?refreshToken=${encodeURIComponent(token)}` });
const refreshByBody = (token: string) => t.app.inject({ method: 'POST', url: '/api/login/refresh', payload: { refreshToken: token } });
const info = (access: string) => t.app.inject({ method: 'GET', url: '/api/user/info', headers: t.bearer(access) });

describe('the server log', () => {
  it('has no access or refresh token in any line after WMS images, refreshes and failures', async () => {
    const s = await t.login('demo-revise', ADMIN_PASSWORD, '10.40.0.1');
    const image = await t.app.inject({ method: 'GET', url: `/api/wms?token=${s.access_token}&${MAP}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const capabilities = await t.app.inject({ method: 'GET', url: `/api/wms?SERVICE=WMS&REQUEST=GetCapabilities&token=${s.access_token}` });
    expect(capabilities.statusCode).toBe(200);
    const byQuery = (await refreshByQuery(s.refresh_token)).json();
    expect(byQuery.code).toBe(0);
    const byBody = (await refreshByBody(byQuery.data.refresh_token)).json();
    expect(byBody.code).toBe(0);
    // Failures log too: a bad token on WMS, an unknown refresh token, a client route with a handed-over token.
    await t.app.inject({ method: 'GET', url: `/api/wms?token=${s.access_token}x&${MAP}` });
    await t.app.inject({
      method: 'POST',
      url: '/api/login/refresh?refreshToken=no-such-refresh-token-4242',
      headers: { referer: `http://console.example/auth-redirect?token=${s.access_token}` },
    });
    await t.app.inject({ method: 'GET', url: `/auth-redirect?token=${s.access_token}&refresh_token=${byBody.data.refresh_token}` });

    const secrets = [
      s.access_token,
      s.refresh_token,
      byQuery.data.access_token,
      byQuery.data.refresh_token,
      byBody.data.access_token,
      byBody.data.refresh_token,
      'no-such-refresh-token-4242',
    ];
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(text).not.toContain(secret);
    // Every JWT part would do: the signature part alone must not appear either.
    for (const jwt of [s.access_token, byQuery.data.access_token]) expect(text).not.toContain(jwt.split('.')[2]);
    // The addresses are logged, with the values replaced.
    expect(text).toContain('/api/wms?token=[REDACTED]&SERVICE=WMS');
    expect(text).toContain('/api/login/refresh?refreshToken=[REDACTED]');
    // And the operation log keeps them out as well (the refused refresh, anonymous, is in its address's summary row).
    const rows = await t.db.db
      .selectFrom('operation_log')
      .select(['parameter', 'referer'])
      .where('action', 'in', ['refresh', ANONYMOUS_REFUSED_ACTION])
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.some((r) => r.referer.includes('auth-redirect?token=[REDACTED]'))).toBe(true);
    for (const secret of secrets) expect(JSON.stringify(rows)).not.toContain(secret);
  });
});

describe('tokens in the query', () => {
  it('are refused on ordinary API routes (401 as without a token) and accepted for WMS images', async () => {
    const s = await t.login('demo-revise', ADMIN_PASSWORD, '10.40.0.2');
    for (const url of [`/api/user/info?token=${s.access_token}`, `/api/grid/catalog?token=${s.access_token}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(4000);
    }
    expect((await info(s.access_token)).json().code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/wms?token=${s.access_token}&${MAP}` })).statusCode).toBe(200);
  });
});

describe('refresh', () => {
  it('takes the refresh token in the JSON body or the query, and names it when both are missing', async () => {
    const s = await t.login('admin', ADMIN_PASSWORD, '10.40.0.3');
    const body = (await refreshByBody(s.refresh_token)).json();
    expect(body.code).toBe(0);
    expect((await refreshByQuery(body.data.refresh_token)).json().code).toBe(0);
    const missing = await t.app.inject({ method: 'POST', url: '/api/login/refresh', headers: { 'accept-language': 'en' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 4100, msg: 'refreshToken: the refresh token is missing' });
  });

  it('gives two refreshes racing with the same token a working pair each, in the same session', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await t.login('admin', ADMIN_PASSWORD, '10.40.0.4');
      const [a, b] = (await Promise.all([refreshByBody(s.refresh_token), refreshByBody(s.refresh_token)])).map((r) => r.json());
      expect([a.code, b.code]).toEqual([0, 0]);
      expect(a.data.refresh_token).not.toBe(b.data.refresh_token);
      // Exactly one rotation of the presented token; both successors belong to its session.
      const family = await t.db.db
        .selectFrom('refresh_token')
        .innerJoin('session', 'session.id', 'refresh_token.session_id')
        .select(['refresh_token.rotated_at', 'session.revoked_at', 'session.id'])
        .where('session.id', '=', await sessionOf(s.access_token))
        .execute();
      expect(family).toHaveLength(3);
      expect(family.filter((r) => r.rotated_at !== null)).toHaveLength(1);
      expect(family.every((r) => r.revoked_at === null)).toBe(true);
      for (const pair of [a.data, b.data]) {
        expect((await info(pair.access_token)).json().code).toBe(0);
        expect((await refreshByBody(pair.refresh_token)).json().code).toBe(0);
      }
    }
  });

  it('serves a retry inside the grace window, and a reuse after it revokes the whole session', async () => {
    const s = await t.login('admin', ADMIN_PASSWORD, '10.40.0.5');
    const first = (await refreshByBody(s.refresh_token)).json();
    expect(first.code).toBe(0);
    // The answer was lost and the client retries at once: the twin gets its own pair.
    const retry = (await refreshByBody(s.refresh_token)).json();
    expect(retry.code).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (REFRESH_GRACE_SECONDS + 1) * 1000 });
    const reuse = await refreshByBody(s.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe(4002);
    for (const pair of [first.data, retry.data]) {
      expect((await info(pair.access_token)).json().code).toBe(4002);
      expect((await refreshByBody(pair.refresh_token)).json().code).toBe(4002);
    }
  });
});

async function sessionOf(access: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string };
  return payload.sid;
}
