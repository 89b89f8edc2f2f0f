import { describe, expect, it } from 'vitest';
import { next24h, replyText } from './forecast-reply.js';

const base = Date.parse('2026-11-24T00:00:00Z');
const leads = Array.from({ length: 25 }, (_, k) => k * 3);
const m = {
  validTimes: leads.map((l) => new Date(base + l * 3_600_000).toISOString()),
  elements: [
    { code: 'tmp', name: '', unit: '', precision: 1, derived: false, values: leads.map((l) => (l < 30 ? l / 3 - 4 : 20)) },
    { code: 'pre3h', name: '', unit: '', precision: 1, derived: false, values: leads.map((l) => (l === 12 ? 1.5 : 0)) },
    { code: 'wsp', name: '', unit: '', precision: 1, derived: true, values: leads.map(() => 3.2) },
  ],
};

describe('forecast reply', () => {
  it('sums up the 24 hours after now, from the first valid time ahead', () => {
    const day = next24h(m, base + 1.5 * 3_600_000)!;
    expect(day.from).toBe(new Date(base + 3 * 3_600_000).toISOString());
    // Leads 3…27: tmp −3 … 5; rain at lead 12; wind derived from u/v.
    expect(day).toMatchObject({ tmin: -3, tmax: 5, precipitation: 1.5, wind: 3.2 });
    expect(replyText({ name: '长安', district: '长安区' }, day)).toBe(
      '长安（长安区） 11月24日 11时起 24 小时：气温 -3～5 ℃，降水 1.5 毫米，最大风速 3.2 米/秒。',
    );
  });

  it('uses the run’s start when the run is older than now', () => {
    expect(next24h(m, base + 1000 * 3_600_000)!.from).toBe(m.validTimes[0]);
  });
});
