import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { errors } from '../errors.js';
import { SessionCache } from './session-cache.js';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

const ISSUER = 'agromet-console';

/** Verified tokens kept so a client's repeated calls skip the signature check (the session is still checked per call). */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Access tokens, and the cache of the sessions they name (`sessions`: checked on every request, announced to on every
 * change of what the check depends on; core/auth/session-cache.ts).
 */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, AccessClaims & { exp: number }>();
  constructor(
    secret: string,
    readonly accessTtl: number,
    readonly sessions: SessionCache = new SessionCache(),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return (
      new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        // A unique id keeps two tokens issued in the same second distinct.
        .setJti(randomUUID())
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + this.accessTtl)
        .sign(this.key)
    );
  }

  /** 4001 when expired, 4000 for anything else wrong with the token. */
  async verifyAccess(token: string): Promise<AccessClaims> {
    const cached = this.verified.get(token);
    if (cached) {
      if (cached.exp * 1000 > Date.now()) return { userId: cached.userId, sessionId: cached.sessionId };
      this.verified.delete(token);
      throw errors.tokenExpired();
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') throw errors.tokenMissing();
      // WebCrypto verification is asynchronous (a thread-pool round trip); remembering the result keeps hot paths fast.
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { userId, sessionId: payload.sid, exp: payload.exp });
      return { userId, sessionId: payload.sid };
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) throw errors.tokenExpired();
      throw errors.tokenMissing();
    }
  }
}

/** 256 random bits, URL-safe. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
