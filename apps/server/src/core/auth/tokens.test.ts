import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashToken, newRefreshToken, TokenService } from './tokens.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenService', () => {
  const secret = 'x'.repeat(40);

  it('signs and verifies access tokens naming the user and session', async () => {
    const s = new TokenService(secret, 60);
    const token = await s.signAccess({ userId: 7, sessionId: 'abc' });
    expect(await s.verifyAccess(token)).toEqual({ userId: 7, sessionId: 'abc' });
    // Second call answers from the verified cache, same result.
    expect(await s.verifyAccess(token)).toEqual({ userId: 7, sessionId: 'abc' });
  });

  it('refuses tokens of another secret (4000) and expired ones, cached or not (4001)', async () => {
    const s = new TokenService(secret, 60);
    const other = new TokenService('y'.repeat(40), 60);
    const foreign = await other.signAccess({ userId: 1, sessionId: 's' });
    await expect(s.verifyAccess(foreign)).rejects.toMatchObject({ code: 4000 });
    const token = await s.signAccess({ userId: 1, sessionId: 's' });
    await s.verifyAccess(token);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    await expect(s.verifyAccess(token)).rejects.toMatchObject({ code: 4001 });
    const fresh = new TokenService(secret, 60);
    await expect(fresh.verifyAccess(token)).rejects.toMatchObject({ code: 4001 });
  });

  it('makes 256-bit refresh tokens and stores only their hash', () => {
    const t = newRefreshToken();
    expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(t)).not.toContain(t);
  });
});
