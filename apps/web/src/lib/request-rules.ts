/**
 * Pure rules of the request client (no I/O): envelope interpretation, the re-login decision,
 * the silent-refresh decision and URL building. request.ts does the I/O around them.
 */
import { REFRESH_THRESHOLD_MS, RELOGIN_CODES } from '@agromet/contracts/web';

export const API_PREFIX = '/api';
/** Request timeout (docs/console.md#request-client). */
export const REQUEST_TIMEOUT_MS = 10_000;

/** Body codes that mean success (anything but 0 and 200 is an error). */
export function isSuccessCode(code: number): boolean {
  return code === 0 || code === 200;
}

/** Codes 4000/4001/4002 also ask the user to sign in again; 4101 (bad credentials) does not. */
export function needsReloginDialog(code: number): boolean {
  return RELOGIN_CODES.includes(code);
}

export interface EnvelopeLike {
  code: number;
  msg: string;
  data: unknown;
}

export function isEnvelope(body: unknown): body is EnvelopeLike {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

export type ResponseOutcome =
  /** Envelope with a success code: resolve `data`. */
  | { kind: 'success'; code: number; msg: string; data: unknown }
  /** Envelope with an error code (whatever the HTTP status): toast msg, maybe the re-login dialog. */
  | { kind: 'api-error'; code: number; msg: string; status: number; relogin: boolean }
  /** No envelope: a transport-level failure; `msg` is the response's msg field when it had one. */
  | { kind: 'transport-error'; status: number; msg: string | undefined; reason: 'http' | 'invalid' };

/**
 * What a response means. `body` is the parsed JSON body, or undefined when the body was not JSON.
 * The server answers errors with a non-2xx status and the envelope, so the body code decides.
 */
export function classifyResponse(status: number, body: unknown): ResponseOutcome {
  if (isEnvelope(body)) {
    const msg = typeof body.msg === 'string' ? body.msg : '';
    if (isSuccessCode(body.code)) return { kind: 'success', code: body.code, msg, data: body.data };
    return { kind: 'api-error', code: body.code, msg, status, relogin: needsReloginDialog(body.code) };
  }
  const msg =
    typeof body === 'object' && body !== null && typeof (body as { msg?: unknown }).msg === 'string' && (body as { msg: string }).msg
      ? (body as { msg: string }).msg
      : undefined;
  return { kind: 'transport-error', status, msg, reason: status >= 200 && status < 300 ? 'invalid' : 'http' };
}

/** Parses a response text as JSON; undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Toast text for a transport error: the response msg when present, else the error's own message. */
export function transportErrorText(responseMsg: string | undefined, errorMessage: string): string {
  return responseMsg && responseMsg.trim() !== '' ? responseMsg : errorMessage;
}

export interface RefreshInputs {
  refreshToken: string | undefined;
  /** Epoch ms of access-token expiry (the Expired cookie). */
  expiredAt: number | undefined;
}

/**
 * docs/console.md#sign-in-and-the-session: when the token is read, a refresh token exists and the expiry is less than
 * 5 minutes away, refresh first. An unreadable expiry counts as expiring.
 */
export function shouldRefreshToken(s: RefreshInputs, now: number, thresholdMs: number = REFRESH_THRESHOLD_MS): boolean {
  if (!s.refreshToken) return false;
  if (s.expiredAt === undefined || !Number.isFinite(s.expiredAt)) return true;
  return s.expiredAt - now < thresholdMs;
}

export type LockedRefreshDecision = 'refresh' | 'use-current' | 'signed-out';

/**
 * Inside the cross-tab lock: the refresh token may have changed while we waited. If another tab
 * already rotated it, presenting the old one would make the server revoke the session, so use
 * the new cookies; if it is gone, the session was cleared meanwhile.
 */
export function decideLockedRefresh(seenRefreshToken: string, currentRefreshToken: string | undefined): LockedRefreshDecision {
  if (!currentRefreshToken) return 'signed-out';
  return currentRefreshToken === seenRefreshToken ? 'refresh' : 'use-current';
}

/** Puts `/api` in front of a path unless it is already there. */
export function withApiPrefix(url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  const path = url.startsWith('/') ? url : `/${url}`;
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) ? path : `${API_PREFIX}${path}`;
}

/** Fills Fastify-style `:name` segments; a missing parameter is a programming error. */
export function fillPathParams(url: string, params: Record<string, string | number> | undefined): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${url}`);
    return encodeURIComponent(String(value));
  });
}

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

/** Query string with a leading `?`, or '' when empty; null/undefined are left out, arrays repeat the key. */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value as ReadonlyArray<string | number | boolean>) sp.append(key, String(v));
    else sp.append(key, String(value));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

export function buildUrl(url: string, params?: Record<string, string | number>, query?: Record<string, QueryValue>): string {
  return withApiPrefix(fillPathParams(url, params)) + buildQuery(query);
}
