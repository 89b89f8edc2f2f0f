/**
 * Sign-in throttling with growing delays, kept per address, per (account, address) pair and per account.
 * The account-wide limit is capped low and skipped for addresses that signed in to the account before,
 * so an attacker elsewhere cannot lock the real user out for long.
 */
export interface ThrottlePolicy {
  /** Failures allowed before the first delay. */
  free: number;
  /** First delay in seconds, doubled per further failure. */
  baseDelay: number;
  maxDelay: number;
}

export const THROTTLE_POLICIES = {
  pair: { free: 5, baseDelay: 30, maxDelay: 900 },
  address: { free: 20, baseDelay: 30, maxDelay: 900 },
  account: { free: 10, baseDelay: 15, maxDelay: 60 },
} satisfies Record<string, ThrottlePolicy>;

interface Entry {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

/** A counter forgets failures this long after the last one. */
const FORGET_AFTER_MS = 30 * 60_000;
const TRUST_FOR_MS = 30 * 86_400_000;
const MAX_ENTRIES = 100_000;

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly trusted = new Map<string, number>();

  constructor(
    private readonly policies: Record<keyof typeof THROTTLE_POLICIES, ThrottlePolicy> = THROTTLE_POLICIES,
    private readonly now: () => number = Date.now,
  ) {}

  private keys(username: string, ip: string) {
    const user = username.toLowerCase();
    return {
      pair: `p:${user}|${ip}`,
      address: `a:${ip}`,
      account: `u:${user}`,
      trust: `${user}|${ip}`,
    };
  }

  private live(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (e && this.now() - e.lastFailure > FORGET_AFTER_MS && e.lockedUntil <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  /** Seconds the caller must wait before trying; 0 when a try is allowed now. */
  retryAfter(username: string, ip: string): number {
    const k = this.keys(username, ip);
    const now = this.now();
    const trusted = (this.trusted.get(k.trust) ?? 0) > now;
    const keys = trusted ? [k.pair, k.address] : [k.pair, k.address, k.account];
    let wait = 0;
    for (const key of keys) {
      const e = this.live(key);
      if (e && e.lockedUntil > now) wait = Math.max(wait, Math.ceil((e.lockedUntil - now) / 1000));
    }
    return wait;
  }

  recordFailure(username: string, ip: string): void {
    const k = this.keys(username, ip);
    this.bump(k.pair, this.policies.pair);
    this.bump(k.address, this.policies.address);
    this.bump(k.account, this.policies.account);
  }

  recordSuccess(username: string, ip: string): void {
    const k = this.keys(username, ip);
    this.entries.delete(k.pair);
    this.trusted.set(k.trust, this.now() + TRUST_FOR_MS);
    if (this.trusted.size > MAX_ENTRIES) this.trusted.delete(this.trusted.keys().next().value!);
  }

  private bump(key: string, policy: ThrottlePolicy): void {
    const now = this.now();
    const e = this.live(key) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
    e.failures += 1;
    e.lastFailure = now;
    const excess = e.failures - policy.free;
    if (excess >= 0) e.lockedUntil = now + Math.min(policy.baseDelay * 2 ** excess, policy.maxDelay) * 1000;
    this.entries.delete(key);
    this.entries.set(key, e);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
