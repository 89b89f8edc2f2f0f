import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideRefresh, REFRESH_GRACE_SECONDS, type PresentedToken } from './refresh-rules.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const HOUR = 3_600_000;

const token = (over: Partial<PresentedToken> = {}): PresentedToken => ({
  rotatedAt: null,
  revokedAt: null,
  expiresAt: at(HOUR),
  userEnabled: true,
  ...over,
});

describe('decideRefresh', () => {
  it('rotates the current token of a valid session', () => {
    expect(decideRefresh(token(), NOW)).toBe('rotate');
  });

  it('refuses unknown tokens, revoked or expired sessions and disabled users', () => {
    expect(decideRefresh(undefined, NOW)).toBe('refuse');
    expect(decideRefresh(token({ revokedAt: at(-1) }), NOW)).toBe('refuse');
    expect(decideRefresh(token({ expiresAt: at(0) }), NOW)).toBe('refuse');
    expect(decideRefresh(token({ userEnabled: false }), NOW)).toBe('refuse');
  });

  it('serves a twin within the grace window and revokes on reuse after it', () => {
    const grace = REFRESH_GRACE_SECONDS * 1000;
    expect(REFRESH_GRACE_SECONDS).toBe(10);
    expect(decideRefresh(token({ rotatedAt: at(0) }), NOW)).toBe('twin');
    expect(decideRefresh(token({ rotatedAt: at(-grace + 1) }), NOW)).toBe('twin');
    expect(decideRefresh(token({ rotatedAt: at(-grace) }), NOW)).toBe('reuse');
    expect(decideRefresh(token({ rotatedAt: at(-HOUR) }), NOW)).toBe('reuse');
    expect(decideRefresh(token({ rotatedAt: 'not a time' }), NOW)).toBe('reuse');
  });

  it('decides by the age of the rotation and the state of the session alone (property)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -2 * HOUR, max: 60_000 }), { nil: null }),
        fc.boolean(),
        fc.integer({ min: -HOUR, max: HOUR }),
        fc.boolean(),
        fc.integer({ min: 1, max: 120 }),
        (rotatedOffset, revoked, expiresOffset, enabled, graceSeconds) => {
          const t = token({
            rotatedAt: rotatedOffset === null ? null : at(rotatedOffset),
            revokedAt: revoked ? at(-1) : null,
            expiresAt: at(expiresOffset),
            userEnabled: enabled,
          });
          const decision = decideRefresh(t, NOW, graceSeconds);
          const valid = !revoked && expiresOffset > 0 && enabled;
          const inWindow = rotatedOffset !== null && -rotatedOffset < graceSeconds * 1000;
          if (revoked) expect(decision).toBe('refuse');
          else if (rotatedOffset !== null && !inWindow) expect(decision).toBe('reuse');
          else if (!valid) expect(decision).toBe('refuse');
          else expect(decision).toBe(rotatedOffset === null ? 'rotate' : 'twin');
          // A successor is only ever issued for a valid session; reuse is only declared outside the window.
          if (decision === 'rotate' || decision === 'twin') expect(valid).toBe(true);
          if (decision === 'reuse') expect(inWindow).toBe(false);
        },
      ),
    );
  });
});
