import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { errors } from '../errors.js';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

const ISSUER = 'agromet-console';

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string, readonly accessTtl: number) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.accessTtl)
      .sign(this.key);
  }

  /** 4001 when expired, 4000 for anything else wrong with the token. */
  async verifyAccess(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string') throw errors.tokenMissing();
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
