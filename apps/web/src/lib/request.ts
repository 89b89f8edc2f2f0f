import { API_ENDPOINTS, float32Values, GRID_META_HEADER, parseGridMeta } from '@agromet/contracts/web';
import { customerContextHeaders } from './customer-context';
/**
 * The HTTP client (docs/console.md#request-client) over fetch: `/api` prefix, 10 s timeout, bearer token,
 * Accept-Language, JSON bodies and query strings, the `{code,msg,data}` envelope, error toasts,
 * the re-login dialog and the silent token refresh.
 */
import type { API, ApiData, ApiName, Envelope, GridMeta, LoginBody, SettingBody, ChangePasswordBody } from '@agromet/contracts';
import { getToken } from './auth-storage';
import { toastError } from './feedback';
import { currentLanguage, i18n } from './i18n';
import { requestRelogin } from './relogin';
import { buildUrl, classifyResponse, parseJson, REQUEST_TIMEOUT_MS, transportErrorText, type QueryValue } from './request-rules';
import { ensureFreshToken, TOKEN_FRESH } from './token-refresh';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  /** Caller's cancellation (TanStack Query passes one); a cancelled call rejects without a toast. */
  signal?: AbortSignal;
  /** No toast and no re-login dialog (the caller handles failures itself). */
  silent?: boolean;
  /** Send the bearer token (and refresh it first when it is about to expire). Default true. */
  auth?: boolean;
  timeoutMs?: number;
  /**
   * 'blob' for file downloads: a non-JSON success response resolves to its Blob; 'arraybuffer' for bytes read in
   * place (a grid's values): to a BinaryAnswer. A JSON answer is still read as the envelope.
   */
  responseType?: 'json' | 'blob' | 'arraybuffer';
}

/** The bytes of a non-JSON success answer with its headers (`responseType: 'arraybuffer'`). */
export interface BinaryAnswer {
  body: ArrayBuffer;
  headers: Headers;
}

export interface HttpOptions extends CallOptions {
  query?: Record<string, QueryValue>;
  params?: Record<string, string | number>;
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
}

export type ApiErrorKind = 'api' | 'http' | 'invalid' | 'timeout' | 'network';

/** Every failed call rejects with this. `code` is the envelope code (or -1 without an envelope). */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** Whether the user was already shown this error (toast). */
  readonly notified: boolean;
  /** The error envelope's `data` (details such as per-row issues or blocking records), null when none. */
  readonly data: unknown;

  constructor(message: string, init: { code: number; status: number; kind: ApiErrorKind; notified: boolean; data?: unknown }) {
    super(message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.kind = init.kind;
    this.notified = init.notified;
    this.data = init.data ?? null;
  }
}

/**
 * The problems a refusal named by field (4100 with data.issues[].field → message), for forms that show them beside
 * their fields; empty for any other error.
 */
export function issuesByField(error: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (!(error instanceof ApiError)) return out;
  const issues = (error.data as { issues?: { field?: string; message?: string }[] } | null)?.issues ?? [];
  for (const i of issues) if (i.field) out.set(i.field, i.message ?? error.message);
  return out;
}

// ---------------------------------------------------------------------------------------------

function combineSignals(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  if (!signal) return timeout;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([timeout, signal]);
  return signal;
}

function fail(
  message: string,
  init: { code: number; status: number; kind: ApiErrorKind; data?: unknown },
  silent: boolean | undefined,
): ApiError {
  if (!silent) toastError(message);
  return new ApiError(message, { ...init, notified: !silent });
}

/** One HTTP call; resolves the whole success envelope. */
export async function sendEnvelope<T = unknown>(method: HttpMethod, url: string, opts: HttpOptions = {}): Promise<Envelope<T>> {
  const { query, params, body, signal, silent, auth = true, timeoutMs = REQUEST_TIMEOUT_MS, responseType = 'json' } = opts;
  const fullUrl = buildUrl(url, params, query);

  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...(auth ? customerContextHeaders() : {}),
  };
  if (auth) {
    const refreshed = ensureFreshToken();
    // A failed refresh has already cleared the session.
    if (refreshed !== TOKEN_FRESH) await refreshed.catch(() => undefined);
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined && method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let res: Response;
  try {
    res = await fetch(fullUrl, {
      method,
      headers,
      body: payload,
      signal: combineSignals(timeoutMs, signal),
      credentials: 'same-origin',
    });
  } catch (err) {
    if (signal?.aborted) throw err; // cancelled by the caller: nobody is waiting for a toast
    const e = err as { name?: string; message?: string };
    if (e?.name === 'TimeoutError') {
      throw fail(i18n.t('request.timeout', { ms: timeoutMs }), { code: -1, status: 0, kind: 'timeout' }, silent);
    }
    // fetch's own messages ("Failed to fetch") differ per browser and are not translated.
    throw fail(i18n.t('request.networkError'), { code: -1, status: 0, kind: 'network' }, silent);
  }

  /** Reads the body; a timeout or a broken connection while reading fails like one before the answer. */
  const readBody = async <B>(read: () => Promise<B>): Promise<B> => {
    try {
      return await read();
    } catch (err) {
      if (signal?.aborted) throw err;
      const e = err as { name?: string };
      if (e?.name === 'TimeoutError') {
        throw fail(i18n.t('request.timeout', { ms: timeoutMs }), { code: -1, status: res.status, kind: 'timeout' }, silent);
      }
      throw fail(i18n.t('request.networkError'), { code: -1, status: res.status, kind: 'network' }, silent);
    }
  };

  const contentType = res.headers.get('content-type') ?? '';
  if (responseType === 'blob' && res.ok && !contentType.includes('application/json')) {
    const blob = await res.blob();
    return { code: 0, msg: '', data: blob as T };
  }
  if (responseType === 'arraybuffer' && res.ok && !contentType.includes('application/json')) {
    const answer: BinaryAnswer = { body: await readBody(() => res.arrayBuffer()), headers: res.headers };
    return { code: 0, msg: '', data: answer as T };
  }

  const text = await readBody(() => res.text());

  const parsed = parseJson(text);
  const outcome = classifyResponse(res.status, parsed);
  switch (outcome.kind) {
    case 'success':
      return { code: outcome.code, msg: outcome.msg, data: outcome.data as T };
    case 'api-error': {
      const message = outcome.msg || i18n.t('request.httpError', { status: outcome.status });
      const error = fail(
        message,
        { code: outcome.code, status: outcome.status, kind: 'api', data: (parsed as { data?: unknown }).data },
        silent,
      );
      if (outcome.relogin && !silent) requestRelogin();
      throw error;
    }
    case 'transport-error': {
      const fallback =
        outcome.reason === 'invalid' ? i18n.t('request.invalidResponse') : i18n.t('request.httpError', { status: outcome.status });
      throw fail(transportErrorText(outcome.msg, fallback), { code: -1, status: outcome.status, kind: outcome.reason }, silent);
    }
  }
}

/** One HTTP call; resolves the envelope's `data`. */
export async function http<T = unknown>(method: HttpMethod, url: string, opts: HttpOptions = {}): Promise<T> {
  const env = await sendEnvelope<T>(method, url, opts);
  return env.data;
}

// ---------------------------------------------------------------------------------------------
// Typed calls from the contracts' API table.

type Def<N extends ApiName> = (typeof API)[N];
/** The input type of a zod schema, read structurally (the web does not depend on zod directly). */
type SchemaInput<S> = S extends { _zod: { input: infer I } } ? I : never;
type Part<D, K extends 'body' | 'query' | 'params'> = D extends { [P in K]: infer S } ? SchemaInput<S> : never;
type BodyOf<N extends ApiName> = Def<N> extends { multipart: true } ? FormData : Part<Def<N>, 'body'>;

/** A field is required when its schema has required members, optional when all are optional, absent when there is no schema. */
type Field<K extends string, T> = [T] extends [never]
  ? { [P in K]?: never }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type ApiRequest<N extends ApiName> = CallOptions &
  Field<'body', BodyOf<N>> &
  Field<'query', Part<Def<N>, 'query'>> &
  Field<'params', Part<Def<N>, 'params'>>;

type Optionalize<N extends ApiName> =
  Record<string, never> extends Omit<ApiRequest<N>, keyof CallOptions> ? [opts?: ApiRequest<N>] : [opts: ApiRequest<N>];

function toHttpOptions(opts: (CallOptions & { body?: unknown; query?: unknown; params?: unknown }) | undefined): HttpOptions {
  if (!opts) return {};
  const { body, query, params, ...rest } = opts;
  return {
    ...rest,
    body,
    query: query as Record<string, QueryValue> | undefined,
    params: params as Record<string, string | number> | undefined,
  };
}

/** Calls a route of the API table: `request('login', { body })` → the typed `data`. */
export function request<N extends ApiName>(name: N, ...args: Optionalize<N>): Promise<ApiData<N>> {
  const def = API_ENDPOINTS[name];
  return http<ApiData<N>>(def.method, def.url, toHttpOptions(args[0]));
}

/** Same as `request` but resolves the whole envelope (some calls judge success by `msg`). */
export function requestEnvelope<N extends ApiName>(name: N, ...args: Optionalize<N>): Promise<Envelope<ApiData<N>>> {
  const def = API_ENDPOINTS[name];
  return sendEnvelope<ApiData<N>>(def.method, def.url, toHttpOptions(args[0]));
}

async function callBinary(name: ApiName, opts: HttpOptions): Promise<BinaryAnswer> {
  const def = API_ENDPOINTS[name];
  const data = await http<unknown>(def.method, def.url, { ...opts, responseType: 'arraybuffer' });
  if (typeof data === 'object' && data !== null && (data as Partial<BinaryAnswer>).body instanceof ArrayBuffer) return data as BinaryAnswer;
  // A success envelope where bytes were due: not an answer this route gives.
  throw fail(i18n.t('request.invalidResponse'), { code: -1, status: 200, kind: 'invalid' }, opts.silent);
}

/**
 * Calls a `raw` route of the API table for its bytes and headers. Failures answer the JSON envelope and are handled
 * like those of `request` (toast, re-login dialog, ApiError).
 */
export function requestBinary<N extends ApiName>(name: N, ...args: Optionalize<N>): Promise<BinaryAnswer> {
  return callBinary(name, toHttpOptions(args[0]));
}

/** A grid's values as they travel (docs/grids.md#grid-values-over-http): what they are, and the values. */
export interface GridAnswer {
  meta: GridMeta;
  /** nx·ny values, row-major; a view on the answer's bytes (no copy). NaN = missing. */
  values: Float32Array;
}

/** Time for a whole national grid (1401 × 1201, 6.7 MB) on a slow line. */
export const GRID_TIMEOUT_MS = 60_000;

/**
 * Calls a route answering a grid's values as bytes (`reviseGrid`): little-endian Float32 in the body, the georeference
 * and version in the x-grid-meta header. An answer that does not read as one fails as an invalid response.
 */
export async function requestGrid<N extends ApiName>(name: N, ...args: Optionalize<N>): Promise<GridAnswer> {
  const opts = toHttpOptions(args[0]);
  const answer = await callBinary(name, { timeoutMs: GRID_TIMEOUT_MS, ...opts });
  let meta: GridMeta;
  let values: Float32Array;
  try {
    meta = parseGridMeta(answer.headers.get(GRID_META_HEADER));
    values = float32Values(answer.body, meta);
  } catch {
    throw fail(i18n.t('request.invalidResponse'), { code: -1, status: 200, kind: 'invalid' }, opts.silent);
  }
  return { meta, values };
}

/** Named helpers for the calls the console makes now. */
export const api = {
  branding: (opts?: CallOptions) => request('branding', { auth: false, ...opts }),
  login: (body: LoginBody, opts?: CallOptions) => request('login', { auth: false, ...opts, body }),
  logout: (opts?: CallOptions) => request('logout', opts),
  userInfo: (opts?: CallOptions) => request('userInfo', opts),
  userRids: (id: number, opts?: CallOptions) => request('userRids', { ...opts, params: { id } }),
  changePassword: (body: ChangePasswordBody, opts?: CallOptions) => requestEnvelope('changePassword', { ...opts, body }),
  setting: (body: SettingBody, opts?: CallOptions) => request('setting', { ...opts, body }),
  /** Multipart upload (field `file`); the stored path is `data.path` (also the envelope msg). */
  upload: (file: Blob, filename?: string, opts?: CallOptions) => {
    const form = new FormData();
    if (filename !== undefined) form.append('file', file, filename);
    else form.append('file', file);
    return request('upload', { ...opts, body: form });
  },
};
