/**
 * What presenting a refresh token does.
 *
 * Tokens rotate on every use, and a rotated token presented again normally means it leaked, so the whole session
 * (the token family) is revoked. Two honest presentations of the same token can race, though: two tabs refreshing at
 * once, or a client retrying a call whose answer was lost. For those, a token rotated less than
 * REFRESH_GRACE_SECONDS ago is a "twin": the caller gets a second, independent successor in the same family (a fresh
 * random token whose hash is stored like any other). Nothing secret is kept to hand the first caller's token out
 * again, and each successor rotates and is checked for reuse on its own. The original rotation time is never moved,
 * so the window cannot be stretched by presenting the token repeatedly; once it has passed, reuse revokes the family.
 */
export const REFRESH_GRACE_SECONDS = 10;

export interface PresentedToken {
  /** When the token was rotated (ISO-8601 UTC), or null while it is the current one. */
  rotatedAt: string | null;
  /** The session it belongs to. */
  revokedAt: string | null;
  expiresAt: string;
  userEnabled: boolean;
}

/**
 * - `rotate`: the current token: rotate it.
 * - `twin`: rotated within the grace window of a valid session: issue a sibling successor.
 * - `reuse`: rotated earlier: revoke the session.
 * - `refuse`: unknown token, or the session is revoked, expired or its user disabled.
 */
export type RefreshDecision = 'rotate' | 'twin' | 'reuse' | 'refuse';

export function decideRefresh(token: PresentedToken | undefined, now: Date, graceSeconds = REFRESH_GRACE_SECONDS): RefreshDecision {
  if (!token || token.revokedAt !== null) return 'refuse';
  const rotated = token.rotatedAt === null ? null : Date.parse(token.rotatedAt);
  // Reuse is checked before expiry: a leaked token ends its family even when presented late.
  if (rotated !== null && !(now.getTime() - rotated < graceSeconds * 1000)) return 'reuse';
  if (Date.parse(token.expiresAt) <= now.getTime() || !token.userEnabled) return 'refuse';
  return rotated === null ? 'rotate' : 'twin';
}
