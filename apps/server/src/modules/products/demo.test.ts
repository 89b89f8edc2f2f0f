import { describe, expect, it } from 'vitest';
import { demoProductLead } from './demo.js';

const TZ = 'Asia/Shanghai';
const at = (iso: string) => new Date(iso);

describe('the demo product’s day', () => {
  it('is the first forecast day wholly after the run that begins on the day the product is made or later', () => {
    // A 00 UTC run (08:00 in Beijing) with 08–08 days, made at 13:20: the day from 08:00 today.
    expect(demoProductLead([24, 48, 72], at('2026-11-28T00:00:00Z'), at('2026-11-28T05:20:00Z'), TZ)).toBe(24);
    // A 12 UTC run with 08–08 days: the day ending at 12 h began before the run, so 36 h, before and after midnight.
    expect(demoProductLead([12, 36, 60], at('2026-11-28T12:00:00Z'), at('2026-11-28T13:00:00Z'), TZ)).toBe(36);
    expect(demoProductLead([12, 36, 60], at('2026-11-28T12:00:00Z'), at('2026-11-28T17:30:00Z'), TZ)).toBe(36);
    // 20–20 days: a 00 UTC run's first whole day ends at 36 h.
    expect(demoProductLead([12, 36, 60], at('2026-11-28T00:00:00Z'), at('2026-11-28T05:20:00Z'), TZ)).toBe(36);
    // A 12 UTC run with 20–20 days, made after midnight in Beijing: the day from 20:00 yesterday is passed over.
    expect(demoProductLead([24, 48, 72], at('2026-11-28T12:00:00Z'), at('2026-11-28T17:30:00Z'), TZ)).toBe(48);
  });

  it('falls back to the last whole day of an older run, and is null without one', () => {
    expect(demoProductLead([24, 48, 72], at('2026-11-24T00:00:00Z'), at('2026-11-28T05:20:00Z'), TZ)).toBe(72);
    expect(demoProductLead([12], at('2026-11-28T12:00:00Z'), at('2026-11-28T13:00:00Z'), TZ)).toBeNull();
    expect(demoProductLead([], at('2026-11-28T12:00:00Z'), at('2026-11-28T13:00:00Z'), TZ)).toBeNull();
  });
});
