// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type FetchCall } from '../test/fetch-stub';
import { encodeGridMeta, GRID_META_HEADER, type GridMeta } from '@agromet/contracts/web';

vi.mock('./feedback', async () => (await import('../test/feedback-spies')).feedbackSpies());
vi.mock('./reload', () => ({ reloadPage: vi.fn() }));

const feedback = await import('./feedback');
const { ApiError, requestBinary, requestGrid } = await import('./request');
const relogin = await import('./relogin');
const { resetRefreshStateForTests } = await import('./token-refresh');
const { i18n } = await import('./i18n');

/** The grids of /forecaster/getGrid (docs/grids.md#grid-values-over-http): bytes, and what they are in x-grid-meta. */
const META: GridMeta = {
  type: 'fine-grid',
  factor: 'tmp',
  baseTime: '2026-11-22T00:00:00.000Z',
  lead: 24,
  version: 7,
  unit: '°C',
  lon0: 31.575,
  lat0: 39.6,
  dx: 0.05,
  dy: -0.05,
  nx: 3,
  ny: 2,
};
const VALUES = Float32Array.from([1.5, Number.NaN, -2.25, 31.575, 0, 1e-45]);

let calls: FetchCall[];

function mockFetch(handler: () => Response) {
  calls = stubFetch(handler);
}

/** A binary answer whose arrayBuffer() hands out `body` itself, so a copy would show. */
function bytes(body: ArrayBuffer, headers: Record<string, string>): Response {
  return {
    ok: true,
    status: 200,
    headers: new Headers({ 'content-type': 'application/octet-stream', ...headers }),
    arrayBuffer: async () => body,
    text: async () => {
      throw new Error('a binary answer is not read as text');
    },
  } as unknown as Response;
}

function envelope(code: number, msg: string, status: number): Response {
  return new Response(JSON.stringify({ code, msg, data: null }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

const query = { type: 'fine-grid', factor: 'tmp', lead: 24 };

beforeEach(async () => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  vi.clearAllMocks();
  relogin.resetReloginForTests();
  resetRefreshStateForTests();
  await i18n.changeLanguage('zh');
});
afterEach(() => vi.unstubAllGlobals());

describe('requestGrid', () => {
  it('fetches the bytes with the token and reads them as Float32 in place, with the georeference of x-grid-meta', async () => {
    Cookies.set('Access-Token', 'tok-g');
    Cookies.set('Refresh-Token', 'ref-g');
    Cookies.set('Expired', String(Date.now() + 3_600_000));
    const body = VALUES.slice().buffer;
    mockFetch(() => bytes(body, { [GRID_META_HEADER]: encodeGridMeta(META) }));
    const answer = await requestGrid('reviseGrid', { query });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/forecaster/getGrid?type=fine-grid&factor=tmp&lead=24');
    expect(calls[0]!.init.method).toBe('GET');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-g');
    expect(answer.meta).toEqual(META);
    expect(answer.values.buffer).toBe(body);
    expect(new Uint8Array(answer.values.buffer)).toEqual(new Uint8Array(VALUES.buffer));
    expect(feedback.toastError).not.toHaveBeenCalled();
  });

  it('rejects with the envelope of an error answer (missing grid), toasting its message', async () => {
    mockFetch(() => envelope(4004, '记录不存在', 404));
    const err = await requestGrid('reviseGrid', { query }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 4004, status: 404, kind: 'api', message: '记录不存在', notified: true });
    expect(feedback.toastError).toHaveBeenCalledWith('记录不存在');
  });

  it('asks to sign in again on an expired token, like any call', async () => {
    mockFetch(() => envelope(4001, 'expired', 401));
    await expect(requestGrid('reviseGrid', { query })).rejects.toMatchObject({ code: 4001 });
    expect(relogin.isReloginOpen()).toBe(true);
  });

  it('stays quiet when silent', async () => {
    mockFetch(() => envelope(4004, 'gone', 404));
    await expect(requestGrid('reviseGrid', { query, silent: true })).rejects.toMatchObject({ code: 4004, notified: false });
    expect(feedback.toastError).not.toHaveBeenCalled();
  });

  it.each([
    ['without x-grid-meta', {}, VALUES.byteLength],
    ['with a malformed x-grid-meta', { [GRID_META_HEADER]: '{"lon0":' }, VALUES.byteLength],
    ['with a body of the wrong length', { [GRID_META_HEADER]: encodeGridMeta(META) }, VALUES.byteLength - 4],
  ])('refuses an answer %s as invalid', async (_what, headers, length) => {
    mockFetch(() => bytes(new ArrayBuffer(length), headers));
    await expect(requestGrid('reviseGrid', { query })).rejects.toMatchObject({ code: -1, kind: 'invalid' });
    expect(feedback.toastError).toHaveBeenCalledWith(i18n.t('request.invalidResponse'));
  });
});

describe('requestBinary', () => {
  it('answers the bytes and headers of a raw route', async () => {
    const body = new Uint8Array([65, 71, 80, 1, 0]).buffer;
    mockFetch(() => bytes(body, { 'x-other': 'yes' }));
    const answer = await requestBinary('recordPatch', { query: { id: 3 } });
    expect(calls[0]!.url).toBe('/api/record/patch?id=3');
    expect(answer.body).toBe(body);
    expect(answer.headers.get('x-other')).toBe('yes');
  });

  it('refuses a success envelope where bytes were due', async () => {
    mockFetch(
      () =>
        new Response(JSON.stringify({ code: 0, msg: 'success', data: { values: 'AAAA' } }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(requestBinary('recordPatch', { query: { id: 3 }, silent: true })).rejects.toMatchObject({
      kind: 'invalid',
      notified: false,
    });
  });
});
