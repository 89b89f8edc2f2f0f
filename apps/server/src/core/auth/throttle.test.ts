import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './throttle.js';

function clock() {
  let now = 1_000_000;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('LoginThrottle', () => {
  it('allows five failures from a pair, then delays with growing waits', () => {
    const c = clock();
    const t = new LoginThrottle(undefined, c.now);
    for (let i = 0; i < 4; i += 1) t.recordFailure('alice', '1.1.1.1');
    expect(t.retryAfter('alice', '1.1.1.1')).toBe(0);
    t.recordFailure('alice', '1.1.1.1');
    expect(t.retryAfter('alice', '1.1.1.1')).toBe(30);
    c.advance(30_000);
    expect(t.retryAfter('alice', '1.1.1.1')).toBe(0);
    t.recordFailure('alice', '1.1.1.1');
    expect(t.retryAfter('alice', '1.1.1.1')).toBe(60);
  });

  it('caps the account-wide delay and skips it for an address that signed in before', () => {
    const c = clock();
    const t = new LoginThrottle(undefined, c.now);
    t.recordSuccess('bob', '9.9.9.9');
    // An attacker spread over many addresses.
    for (let i = 0; i < 40; i += 1) t.recordFailure('Bob', `2.2.${i}.1`);
    expect(t.retryAfter('bob', '3.3.3.3')).toBeLessThanOrEqual(60);
    expect(t.retryAfter('bob', '3.3.3.3')).toBeGreaterThan(0);
    expect(t.retryAfter('bob', '9.9.9.9')).toBe(0);
  });

  it('limits one address trying many accounts', () => {
    const c = clock();
    const t = new LoginThrottle(undefined, c.now);
    for (let i = 0; i < 20; i += 1) t.recordFailure(`user${i}`, '4.4.4.4');
    expect(t.retryAfter('someone-else', '4.4.4.4')).toBe(30);
    expect(t.retryAfter('someone-else', '5.5.5.5')).toBe(0);
  });

  it('forgets old failures and resets the pair on success', () => {
    const c = clock();
    const t = new LoginThrottle(undefined, c.now);
    for (let i = 0; i < 4; i += 1) t.recordFailure('carol', '6.6.6.6');
    c.advance(31 * 60_000);
    t.recordFailure('carol', '6.6.6.6');
    expect(t.retryAfter('carol', '6.6.6.6')).toBe(0);
    for (let i = 0; i < 3; i += 1) t.recordFailure('carol', '6.6.6.6');
    t.recordSuccess('carol', '6.6.6.6');
    t.recordFailure('carol', '6.6.6.6');
    expect(t.retryAfter('carol', '6.6.6.6')).toBe(0);
  });
});
