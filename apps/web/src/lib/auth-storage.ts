import type { TokenPair } from '@agromet/contracts';
import { COOKIE, getCookie, removeCookie, setSessionCookie } from './cookies';

/** Snapshot of the stored session cookies. */
export interface StoredSession {
  accessToken: string | undefined;
  refreshToken: string | undefined;
  /** Epoch ms of access-token expiry, or undefined when absent or unreadable. */
  expiredAt: number | undefined;
}

export type SessionEvent = { type: 'tokens'; accessToken: string } | { type: 'cleared' };
type Listener = (event: SessionEvent) => void;
const listeners = new Set<Listener>();

/** Stores (the user store) follow token changes made by the request client. */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: SessionEvent): void {
  for (const l of listeners) l(event);
}

export function getToken(): string | undefined {
  return getCookie(COOKIE.accessToken);
}

export function getRefreshToken(): string | undefined {
  return getCookie(COOKIE.refreshToken);
}

export function getExpiredAt(): number | undefined {
  const raw = getCookie(COOKIE.expired);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

export function readSession(): StoredSession {
  return { accessToken: getToken(), refreshToken: getRefreshToken(), expiredAt: getExpiredAt() };
}

/** `expired` is the token lifetime in seconds; the cookie holds the absolute expiry in epoch ms. */
export function expiryFromLifetime(expiredSeconds: number, now: number): number {
  return now + expiredSeconds * 1000;
}

export function storeTokens(pair: TokenPair, now: number = Date.now()): void {
  setSessionCookie(COOKIE.accessToken, pair.access_token);
  setSessionCookie(COOKIE.refreshToken, pair.refresh_token);
  setSessionCookie(COOKIE.expired, String(expiryFromLifetime(pair.expired, now)));
  emit({ type: 'tokens', accessToken: pair.access_token });
}

/** Only an access token (e.g. handed over by /auth-redirect). */
export function storeAccessToken(token: string): void {
  // A handed-over access token does not belong with a refresh token of an earlier session.
  removeCookie(COOKIE.refreshToken);
  removeCookie(COOKIE.expired);
  setSessionCookie(COOKIE.accessToken, token);
  emit({ type: 'tokens', accessToken: token });
}

/** Clears the session on this client: token cookies removed, listeners reset their state. */
export function clearSession(): void {
  removeCookie(COOKIE.accessToken);
  removeCookie(COOKIE.refreshToken);
  removeCookie(COOKIE.expired);
  emit({ type: 'cleared' });
}

/** Tells listeners about the cookies as they are now (another tab may have changed them). */
export function syncSessionFromCookies(): void {
  const token = getToken();
  emit(token ? { type: 'tokens', accessToken: token } : { type: 'cleared' });
}
