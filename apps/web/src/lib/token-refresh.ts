import type { TokenPair } from '@agromet/contracts';
import { asTokenPair } from './shape-guards';
import { clearSession, getRefreshToken, readSession, storeTokens, syncSessionFromCookies } from './auth-storage';
import { currentLanguage } from './i18n';
import { decideLockedRefresh, isEnvelope, parseJson, REQUEST_TIMEOUT_MS, shouldRefreshToken, withApiPrefix } from './request-rules';

/** Name of the Web Lock that serialises refreshes across tabs of this origin. */
export const REFRESH_LOCK_NAME = 'agromet-token-refresh';

let inflight: Promise<void> | null = null;

/**
 * What ensureFreshToken gives when the token is fresh: the request client then sends at once instead of awaiting it,
 * so a call leaves in the task that made it, before any re-render that task scheduled (the edit loop's patch, asked
 * for as a revision is answered: docs/grids.md#the-edit-loop).
 */
export const TOKEN_FRESH: Promise<void> = Promise.resolve();

/**
 * Makes sure the stored access token is not about to expire (docs/console.md#sign-in-and-the-session). Concurrent callers
 * in this tab share one refresh; other tabs are serialised by a Web Lock.
 */
export function ensureFreshToken(now: number = Date.now()): Promise<void> {
  const session = readSession();
  if (!shouldRefreshToken(session, now)) return TOKEN_FRESH;
  if (!inflight) {
    const seen = session.refreshToken!;
    inflight = withRefreshLock(() => refreshUnderLock(seen)).finally(() => {
      inflight = null;
    });
  }
  return inflight;
}

async function withRefreshLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') {
    await locks.request(REFRESH_LOCK_NAME, fn);
    return;
  }
  await fn();
}

async function refreshUnderLock(seenRefreshToken: string): Promise<void> {
  switch (decideLockedRefresh(seenRefreshToken, getRefreshToken())) {
    case 'signed-out':
      // Another tab cleared the session while we waited for the lock.
      clearSession();
      return;
    case 'use-current':
      // Another tab already rotated the tokens: use its cookies, never present the old token.
      syncSessionFromCookies();
      return;
    case 'refresh':
      break;
  }
  try {
    const pair = await callRefresh(seenRefreshToken);
    if (pair) storeTokens(pair);
    else clearSession();
  } catch {
    clearSession();
  }
}

/**
 * POST /api/login/refresh with the token in the JSON body (not the query: addresses end up in logs and histories);
 * the token pair on code 0, otherwise null.
 */
async function callRefresh(refreshToken: string): Promise<TokenPair | null> {
  const res = await fetch(withApiPrefix('/login/refresh'), {
    method: 'POST',
    headers: { Accept: 'application/json', 'Accept-Language': currentLanguage(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    credentials: 'same-origin',
  });
  const body = parseJson(await res.text());
  if (!isEnvelope(body) || body.code !== 0) return null;
  return asTokenPair(body.data);
}

/** For tests: forget an in-flight refresh. */
export function resetRefreshStateForTests(): void {
  inflight = null;
}
