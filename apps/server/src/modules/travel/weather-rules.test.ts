import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beijingDay, stepOf, travelDays, travelHours } from './weather-rules.js';

const BASE = Date.parse('2026-04-01T00:00:00Z'); // 08:00 Beijing time
const iso = (lead: number) => new Date(BASE + lead * 3_600_000).toISOString();
const leads = Array.from({ length: 33 }, (_, k) => k * 3); // 0–96 h
const meteogram = (tmp: number[], pre: number[], wsp: number[]) => ({
  leads,
  validTimes: leads.map(iso),
  elements: [
    { code: 'tmp', name: '', unit: '°C', precision: 1, derived: false, values: tmp },
    { code: 'pre3h', name: '', unit: 'mm', precision: 1, derived: false, values: pre },
    { code: 'wsp', name: '', unit: 'm/s', precision: 1, derived: true, values: wsp },
  ],
});
const none = { tmax: new Map<number, number>(), tmin: new Map<number, number>() };

describe('travel weather', () => {
  it('cuts to 72 h and counts an amount ending at midnight (Beijing) for the day before', () => {
    const m = meteogram(
      leads.map((l) => l),
      leads.map(() => 1),
      leads.map(() => 2),
    );
    const hours = travelHours(m, 72);
    expect(hours.map((h) => h.lead)).toEqual(leads.filter((l) => l <= 72));
    expect(beijingDay(iso(16))).toBe('2026-04-01'); // 00:00 on the 2nd, Beijing
    expect(beijingDay(iso(17))).toBe('2026-04-02');
    const days = travelDays(hours, 3, none);
    // 08:00 on the 1st to 08:00 on the 4th: the 1st has 6 steps (lead 0 at 08:00 included), the 2nd and 3rd all 8.
    expect(days.map((d) => [d.date, d.complete])).toEqual([
      ['2026-04-01', false],
      ['2026-04-02', true],
      ['2026-04-03', true],
      ['2026-04-04', false],
    ]);
    expect(days[1]).toMatchObject({ tmin: 18, tmax: 39, precipitation: 8, wind: 2, unmet: null, inSeason: null });
  });

  it('takes stored daily extremes into the day and checks a landscape’s needs', () => {
    const m = meteogram(
      leads.map(() => 10),
      leads.map((l) => (l === 30 ? 2 : 0)),
      leads.map(() => 4),
    );
    const hours = travelHours(m, 72);
    const days = travelDays(
      hours,
      3,
      { tmax: new Map([[24, 15]]), tmin: new Map([[48, -2]]) },
      { needs: { tempMin: 0, tempMax: null, maxWind: 5, precipitation: 'none' }, bestFrom: '04-02', bestTo: '04-10' },
    );
    expect(days.map((d) => [d.date, d.tmin, d.tmax, d.unmet, d.inSeason])).toEqual([
      ['2026-04-01', 10, 10, [], false],
      ['2026-04-02', 10, 15, ['precipitation'], true],
      ['2026-04-03', -2, 10, ['tempMin'], true],
      ['2026-04-04', 10, 10, [], true],
    ]);
  });

  it('gives every hour to exactly one day, with tmin ≤ tmax and the precipitation summed', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: -30, max: 40, noNaN: true }), { minLength: 33, maxLength: 33 }), (tmp) => {
        const hours = travelHours(
          meteogram(
            tmp,
            leads.map(() => 0.5),
            leads.map(() => 1),
          ),
          72,
        );
        const days = travelDays(hours, 3, none);
        const total = days.reduce((s, d) => s + (d.precipitation ?? 0), 0);
        expect(Math.round(total * 10) / 10).toBe(hours.length * 0.5);
        for (const d of days) expect(d.tmin!).toBeLessThanOrEqual(d.tmax!);
      }),
    );
  });

  it('finds the step of a run', () => {
    expect(stepOf([0, 3, 6, 12])).toBe(3);
    expect(stepOf([24])).toBe(3);
  });
});
