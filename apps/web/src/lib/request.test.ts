// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type FetchCall } from '../test/fetch-stub';

vi.mock('./feedback', async () => (await import('../test/feedback-spies')).feedbackSpies());
vi.mock('./reload', () => ({ reloadPage: vi.fn() }));

const feedback = await import('./feedback');
const { reloadPage } = await import('./reload');
const { api, ApiError, http, request } = await import('./request');
const relogin = await import('./relogin');
const { resetRefreshStateForTests, REFRESH_LOCK_NAME } = await import('./token-refresh');
const { i18n } = await import('./i18n');

let calls: FetchCall[];

function envelope(code: number, msg: string, data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ code, msg, data }), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  calls = stubFetch(handler);
}

function header(call: FetchCall | undefined, name: string): string | undefined {
  const h = call?.init.headers as Record<string, string> | undefined;
  return h?.[name];
}

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}

beforeEach(async () => {
  clearCookies();
  vi.clearAllMocks();
  relogin.resetReloginForTests();
  resetRefreshStateForTests();
  await i18n.changeLanguage('zh');
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'locks');
});

describe('envelope handling', () => {
  it('resolves data for code 0 and 200', async () => {
    mockFetch(() => envelope(0, 'success', { x: 1 }));
    await expect(http('GET', '/thing')).resolves.toEqual({ x: 1 });
    mockFetch(() => envelope(200, 'ok', [1, 2]));
    await expect(http('GET', '/thing')).resolves.toEqual([1, 2]);
    expect(feedback.toastError).not.toHaveBeenCalled();
  });

  it('sends /api-prefixed URLs with query, JSON body, Accept-Language and the bearer token', async () => {
    Cookies.set('Access-Token', 'tok-1');
    Cookies.set('Refresh-Token', 'ref-1');
    Cookies.set('Expired', String(Date.now() + 3_600_000));
    await i18n.changeLanguage('es');
    mockFetch(() => envelope(0, '', null));
    await http('POST', '/station/updateStation', { query: { id: 5, skip: undefined }, body: { name: 'A' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/station/updateStation?id=5');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"name":"A"}');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(header(calls[0], 'Authorization')).toBe('Bearer tok-1');
    expect(header(calls[0], 'Accept-Language')).toBe('es');
  });

  it('with a fresh token, the call leaves in the task that made it, before any microtask (a re-render) runs', async () => {
    Cookies.set('Access-Token', 'tok-2');
    Cookies.set('Refresh-Token', 'ref-2');
    Cookies.set('Expired', String(Date.now() + 3_600_000));
    mockFetch(() => envelope(0, '', null));
    const answered = http('GET', '/record/patch', { query: { id: 3 } });
    expect(calls).toHaveLength(1);
    expect(header(calls[0], 'Authorization')).toBe('Bearer tok-2');
    await answered;
  });

  it('sends no Authorization header without a token', async () => {
    mockFetch(() => envelope(0, '', null));
    await http('GET', '/api/health');
    expect(header(calls[0], 'Authorization')).toBeUndefined();
  });

  it('toasts msg for 5 s and rejects on an error code, reading the body of a non-2xx response', async () => {
    mockFetch(() => envelope(4100, 'name: too long', null, 400));
    const err = await http('POST', '/x', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 4100, status: 400, message: 'name: too long', notified: true });
    expect(feedback.toastError).toHaveBeenCalledWith('name: too long');
    expect(relogin.isReloginOpen()).toBe(false);
  });

  it("keeps the error envelope's data (per-row issues, blocking records) on the error", async () => {
    const issues = [{ row: 3, field: 'name', message: 'required' }];
    mockFetch(() => envelope(4100, 'bad rows', { issues }, 400));
    await expect(http('POST', '/x', { body: {} })).rejects.toMatchObject({ code: 4100, data: { issues } });
    mockFetch(() => envelope(4003, 'no', null, 403));
    await expect(http('GET', '/x')).rejects.toMatchObject({ code: 4003, data: null });
  });

  it('only toasts on 4101 (bad credentials), no dialog', async () => {
    mockFetch(() => envelope(4101, '用户名或密码错误', null, 401));
    await expect(api.login({ username: 'a', password: 'b' })).rejects.toMatchObject({ code: 4101 });
    expect(feedback.toastError).toHaveBeenCalledWith('用户名或密码错误');
    expect(relogin.isReloginOpen()).toBe(false);
  });

  it('stays quiet when silent', async () => {
    mockFetch(() => envelope(4001, 'expired', null, 401));
    await expect(http('GET', '/x', { silent: true })).rejects.toMatchObject({ code: 4001, notified: false });
    expect(feedback.toastError).not.toHaveBeenCalled();
    expect(relogin.isReloginOpen()).toBe(false);
  });
});

describe('re-login dialog', () => {
  function countOpens(): () => number {
    let opens = 0;
    relogin.subscribeRelogin(() => {
      if (relogin.isReloginOpen()) opens += 1;
    });
    return () => opens;
  }

  it.each([4000, 4001, 4002])('opens once for code %i, even for concurrent failures', async (code) => {
    const opens = countOpens();
    mockFetch(() => envelope(code, 'token problem', null, 401));
    await Promise.allSettled([http('GET', '/a'), http('GET', '/b'), http('GET', '/c')]);
    expect(feedback.toastError).toHaveBeenCalledTimes(3);
    expect(feedback.toastError).toHaveBeenCalledWith('token problem');
    expect(relogin.isReloginOpen()).toBe(true);
    expect(opens()).toBe(1);
  });

  it.each([4003, 4100, 4101, 4290, 5000])('does not open for code %i', async (code) => {
    mockFetch(() => envelope(code, 'nope', null, 400));
    await http('GET', '/a').catch(() => undefined);
    expect(relogin.isReloginOpen()).toBe(false);
  });

  it('opens again after cancel; confirm clears the session and reloads', async () => {
    Cookies.set('Access-Token', 'tok');
    Cookies.set('Refresh-Token', 'ref');
    Cookies.set('Expired', String(Date.now() + 3_600_000));
    const opens = countOpens();
    mockFetch(() => envelope(4002, 'revoked', null, 401));
    await http('GET', '/a').catch(() => undefined);
    relogin.dismissRelogin();
    expect(relogin.isReloginOpen()).toBe(false);
    await http('GET', '/a').catch(() => undefined);
    expect(opens()).toBe(2);
    relogin.confirmRelogin();
    expect(Cookies.get('Access-Token')).toBeUndefined();
    expect(Cookies.get('Refresh-Token')).toBeUndefined();
    expect(Cookies.get('Expired')).toBeUndefined();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('transport errors', () => {
  it('toasts a network failure', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http('GET', '/a')).rejects.toMatchObject({ kind: 'network' });
    expect(feedback.toastError).toHaveBeenCalledWith(i18n.t('request.networkError'));
  });

  it('toasts the msg of a non-envelope body, else the HTTP status', async () => {
    mockFetch(() => new Response(JSON.stringify({ msg: 'proxy refused' }), { status: 502 }));
    await expect(http('GET', '/a')).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(feedback.toastError).toHaveBeenLastCalledWith('proxy refused');
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(http('GET', '/a')).rejects.toMatchObject({ kind: 'http' });
    expect(feedback.toastError).toHaveBeenLastCalledWith('请求失败（HTTP 502）');
  });

  it('toasts a non-JSON success response as invalid', async () => {
    mockFetch(() => new Response('<!doctype html>', { status: 200 }));
    await expect(http('GET', '/a')).rejects.toMatchObject({ kind: 'invalid' });
    expect(feedback.toastError).toHaveBeenCalledWith(i18n.t('request.invalidResponse'));
  });

  it('times out', async () => {
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    await expect(http('GET', '/slow', { timeoutMs: 20 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(feedback.toastError).toHaveBeenCalledWith('请求超时（20 毫秒）');
  });

  it('does not toast when the caller cancels', async () => {
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          if (init.signal?.aborted) reject(new DOMException('aborted', 'AbortError'));
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const ctrl = new AbortController();
    const p = http('GET', '/slow', { signal: ctrl.signal });
    ctrl.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError', message: 'aborted' });
    expect(feedback.toastError).not.toHaveBeenCalled();
  });
});

describe('typed calls', () => {
  it('uses the method and URL of the API table', async () => {
    mockFetch(() => envelope(0, '', [1, 2]));
    await expect(request('userRids', { params: { id: 42 } })).resolves.toEqual([1, 2]);
    expect(calls[0]!.url).toBe('/api/user/42/rids');
    expect(calls[0]!.init.method).toBe('GET');
  });

  it('uploads multipart with the field "file"', async () => {
    mockFetch(() => envelope(0, '/api/files/a.png', { path: '/api/files/a.png', width: 1, height: 1, size: 3 }));
    const data = await api.upload(new Blob(['abc'], { type: 'image/png' }), 'a.png');
    expect(data.path).toBe('/api/files/a.png');
    const body = calls[0]!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('file')).toBeInstanceOf(Blob);
    expect(header(calls[0], 'Content-Type')).toBeUndefined();
  });

  it('logs in without a token and without refreshing', async () => {
    Cookies.set('Refresh-Token', 'old');
    Cookies.set('Expired', '1');
    mockFetch(() => envelope(0, '', { access_token: 'a', refresh_token: 'r', expired: 7200 }));
    await api.login({ username: 'u', password: 'p' });
    expect(calls.map((c) => c.url)).toEqual(['/api/login/login']);
    expect(header(calls[0], 'Authorization')).toBeUndefined();
  });
});

describe('silent refresh', () => {
  const soon = () => String(Date.now() + 60_000);
  const later = () => String(Date.now() + 3_600_000);

  function refreshingServer(onRefresh: (url: string) => Response) {
    mockFetch((url) => (url.startsWith('/api/login/refresh') ? onRefresh(url) : envelope(0, '', 'payload')));
  }

  it('does not refresh while the token has more than 5 minutes left', async () => {
    Cookies.set('Access-Token', 'a1');
    Cookies.set('Refresh-Token', 'r1');
    Cookies.set('Expired', later());
    refreshingServer(() => envelope(0, '', { access_token: 'a2', refresh_token: 'r2', expired: 7200 }));
    await http('GET', '/x');
    expect(calls.map((c) => c.url)).toEqual(['/api/x']);
  });

  it('refreshes first when the expiry is near and stores the new cookies', async () => {
    Cookies.set('Access-Token', 'a1');
    Cookies.set('Refresh-Token', 'r/1');
    Cookies.set('Expired', soon());
    refreshingServer(() => envelope(0, '', { access_token: 'a2', refresh_token: 'r2', expired: 7200 }));
    const before = Date.now();
    await http('GET', '/x');
    // The refresh token travels in the JSON body, never in the address (which servers and proxies log).
    expect(calls.map((c) => c.url)).toEqual(['/api/login/refresh', '/api/x']);
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ refreshToken: 'r/1' });
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(header(calls[0], 'Authorization')).toBeUndefined();
    expect(header(calls[1], 'Authorization')).toBe('Bearer a2');
    expect(Cookies.get('Access-Token')).toBe('a2');
    expect(Cookies.get('Refresh-Token')).toBe('r2');
    const expired = Number(Cookies.get('Expired'));
    expect(expired).toBeGreaterThanOrEqual(before + 7_200_000);
    expect(expired).toBeLessThanOrEqual(Date.now() + 7_200_000);
  });

  it('shares one refresh between concurrent requests', async () => {
    Cookies.set('Access-Token', 'a1');
    Cookies.set('Refresh-Token', 'r1');
    Cookies.set('Expired', soon());
    refreshingServer(() => envelope(0, '', { access_token: 'a2', refresh_token: 'r2', expired: 7200 }));
    await Promise.all([http('GET', '/x'), http('GET', '/y'), http('GET', '/z')]);
    expect(calls.filter((c) => c.url.startsWith('/api/login/refresh'))).toHaveLength(1);
    expect(calls.filter((c) => !c.url.startsWith('/api/login/refresh')).map((c) => header(c, 'Authorization'))).toEqual([
      'Bearer a2',
      'Bearer a2',
      'Bearer a2',
    ]);
  });

  it('clears the session when the refresh answers another code', async () => {
    Cookies.set('Access-Token', 'a1');
    Cookies.set('Refresh-Token', 'r1');
    Cookies.set('Expired', soon());
    refreshingServer(() => envelope(4002, 'revoked', null, 401));
    await http('GET', '/x');
    expect(Cookies.get('Access-Token')).toBeUndefined();
    expect(Cookies.get('Refresh-Token')).toBeUndefined();
    expect(Cookies.get('Expired')).toBeUndefined();
    expect(header(calls[1], 'Authorization')).toBeUndefined();
  });

  it('clears the session when the refresh call fails', async () => {
    Cookies.set('Access-Token', 'a1');
    Cookies.set('Refresh-Token', 'r1');
    Cookies.set('Expired', soon());
    mockFetch((url) => {
      if (url.startsWith('/api/login/refresh')) throw new TypeError('Failed to fetch');
      return envelope(0, '', null);
    });
    await http('GET', '/x');
    expect(Cookies.get('Refresh-Token')).toBeUndefined();
  });

  it('runs inside the cross-tab lock and uses cookies another tab rotated meanwhile', async () => {
    Cookies.set('Access-Token', 'a1');
    Cookies.set('Refresh-Token', 'r1');
    Cookies.set('Expired', soon());
    const lockNames: string[] = [];
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: async (name: string, fn: () => Promise<unknown>) => {
          lockNames.push(name);
          // Another tab held the lock and rotated the tokens before we got it.
          Cookies.set('Access-Token', 'a-other');
          Cookies.set('Refresh-Token', 'r-other');
          Cookies.set('Expired', String(Date.now() + 7_200_000));
          return fn();
        },
      },
    });
    refreshingServer(() => envelope(0, '', { access_token: 'a2', refresh_token: 'r2', expired: 7200 }));
    await http('GET', '/x');
    expect(lockNames).toEqual([REFRESH_LOCK_NAME]);
    expect(calls.map((c) => c.url)).toEqual(['/api/x']);
    expect(header(calls[0], 'Authorization')).toBe('Bearer a-other');
  });

  it('refreshes inside the lock when nobody rotated the token', async () => {
    Cookies.set('Access-Token', 'a1');
    Cookies.set('Refresh-Token', 'r1');
    Cookies.set('Expired', soon());
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: { request: async (_name: string, fn: () => Promise<unknown>) => fn() },
    });
    refreshingServer(() => envelope(0, '', { access_token: 'a2', refresh_token: 'r2', expired: 7200 }));
    await http('GET', '/x');
    expect(calls.map((c) => c.url)).toEqual(['/api/login/refresh', '/api/x']);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ refreshToken: 'r1' });
  });
});
