import { describe, expect, it } from 'vitest';
import {
  buildQuery,
  buildUrl,
  classifyResponse,
  decideLockedRefresh,
  fillPathParams,
  isSuccessCode,
  needsReloginDialog,
  parseJson,
  shouldRefreshToken,
  transportErrorText,
  withApiPrefix,
} from './request-rules';

describe('isSuccessCode', () => {
  it('accepts 0 and 200 only', () => {
    expect(isSuccessCode(0)).toBe(true);
    expect(isSuccessCode(200)).toBe(true);
    for (const c of [1, 201, 4000, 4101, 5000, -1]) expect(isSuccessCode(c)).toBe(false);
  });
});

describe('needsReloginDialog', () => {
  it('is true for 4000, 4001 and 4002', () => {
    expect(needsReloginDialog(4000)).toBe(true);
    expect(needsReloginDialog(4001)).toBe(true);
    expect(needsReloginDialog(4002)).toBe(true);
  });
  it('is false for bad credentials, throttling and other errors', () => {
    for (const c of [0, 200, 4003, 4004, 4009, 4100, 4101, 4130, 4290, 5000]) expect(needsReloginDialog(c)).toBe(false);
  });
});

describe('classifyResponse', () => {
  it('resolves data of a success envelope', () => {
    expect(classifyResponse(200, { code: 0, msg: 'ok', data: { a: 1 } })).toEqual({ kind: 'success', code: 0, msg: 'ok', data: { a: 1 } });
    expect(classifyResponse(200, { code: 200, msg: '', data: [1] })).toMatchObject({ kind: 'success', data: [1] });
  });

  it('reads the body code of an error status', () => {
    expect(classifyResponse(401, { code: 4101, msg: '用户名或密码错误', data: null })).toEqual({
      kind: 'api-error',
      code: 4101,
      msg: '用户名或密码错误',
      status: 401,
      relogin: false,
    });
    expect(classifyResponse(401, { code: 4001, msg: 'expired', data: null })).toMatchObject({ kind: 'api-error', relogin: true });
    expect(classifyResponse(429, { code: 4290, msg: 'slow down', data: null })).toMatchObject({
      kind: 'api-error',
      code: 4290,
      relogin: false,
    });
  });

  it('treats an error code inside a 200 response as an error', () => {
    expect(classifyResponse(200, { code: 4002, msg: 'revoked', data: null })).toMatchObject({
      kind: 'api-error',
      code: 4002,
      relogin: true,
    });
  });

  it('reports bodies without an envelope as transport errors, keeping a msg when present', () => {
    expect(classifyResponse(502, undefined)).toEqual({ kind: 'transport-error', status: 502, msg: undefined, reason: 'http' });
    expect(classifyResponse(500, { msg: 'gateway says no' })).toEqual({
      kind: 'transport-error',
      status: 500,
      msg: 'gateway says no',
      reason: 'http',
    });
    expect(classifyResponse(200, undefined)).toMatchObject({ kind: 'transport-error', reason: 'invalid' });
    expect(classifyResponse(200, { code: '0', data: 1 })).toMatchObject({ kind: 'transport-error' });
  });
});

describe('parseJson', () => {
  it('parses JSON and returns undefined otherwise', () => {
    expect(parseJson('{"code":0}')).toEqual({ code: 0 });
    expect(parseJson('<html>')).toBeUndefined();
    expect(parseJson('')).toBeUndefined();
  });
});

describe('transportErrorText', () => {
  it('prefers the response msg, else the error message', () => {
    expect(transportErrorText('from server', 'Failed to fetch')).toBe('from server');
    expect(transportErrorText(undefined, 'Failed to fetch')).toBe('Failed to fetch');
    expect(transportErrorText('  ', 'timeout')).toBe('timeout');
  });
});

describe('shouldRefreshToken', () => {
  const now = 1_000_000_000_000;
  it('does nothing without a refresh token', () => {
    expect(shouldRefreshToken({ refreshToken: undefined, expiredAt: now - 1 }, now)).toBe(false);
  });
  it('refreshes when the expiry is less than 5 minutes away (or past)', () => {
    expect(shouldRefreshToken({ refreshToken: 'r', expiredAt: now + 299_999 }, now)).toBe(true);
    expect(shouldRefreshToken({ refreshToken: 'r', expiredAt: now - 10 }, now)).toBe(true);
  });
  it('does not refresh at 5 minutes or more', () => {
    expect(shouldRefreshToken({ refreshToken: 'r', expiredAt: now + 300_000 }, now)).toBe(false);
    expect(shouldRefreshToken({ refreshToken: 'r', expiredAt: now + 7_200_000 }, now)).toBe(false);
  });
  it('refreshes when the expiry is unknown', () => {
    expect(shouldRefreshToken({ refreshToken: 'r', expiredAt: undefined }, now)).toBe(true);
    expect(shouldRefreshToken({ refreshToken: 'r', expiredAt: Number.NaN }, now)).toBe(true);
  });
  it('honours a custom threshold', () => {
    expect(shouldRefreshToken({ refreshToken: 'r', expiredAt: now + 1000 }, now, 500)).toBe(false);
  });
});

describe('decideLockedRefresh', () => {
  it('refreshes when the token is still the one we saw', () => {
    expect(decideLockedRefresh('r1', 'r1')).toBe('refresh');
  });
  it('uses the new cookies when another tab rotated the token', () => {
    expect(decideLockedRefresh('r1', 'r2')).toBe('use-current');
  });
  it('gives up when the session was cleared meanwhile', () => {
    expect(decideLockedRefresh('r1', undefined)).toBe('signed-out');
    expect(decideLockedRefresh('r1', '')).toBe('signed-out');
  });
});

describe('URL building', () => {
  it('adds the /api prefix once', () => {
    expect(withApiPrefix('/api/login/login')).toBe('/api/login/login');
    expect(withApiPrefix('/user/info')).toBe('/api/user/info');
    expect(withApiPrefix('user/info')).toBe('/api/user/info');
    expect(withApiPrefix('/apiary')).toBe('/api/apiary');
  });
  it('fills path parameters and refuses missing ones', () => {
    expect(fillPathParams('/api/user/:id/rids', { id: 7 })).toBe('/api/user/7/rids');
    expect(fillPathParams('/api/x/:name', { name: 'a b/c' })).toBe('/api/x/a%20b%2Fc');
    expect(() => fillPathParams('/api/user/:id/rids', {})).toThrow(/id/);
  });
  it('serialises queries, skipping null and undefined, repeating arrays', () => {
    expect(buildQuery(undefined)).toBe('');
    expect(buildQuery({ a: undefined, b: null })).toBe('');
    expect(buildQuery({ page: 1, q: 'x y', on: true, ids: [1, 2] })).toBe('?page=1&q=x+y&on=true&ids=1&ids=2');
  });
  it('builds a full URL', () => {
    expect(buildUrl('/api/user/:id/rids', { id: 3 }, { token: 't' })).toBe('/api/user/3/rids?token=t');
  });
});
