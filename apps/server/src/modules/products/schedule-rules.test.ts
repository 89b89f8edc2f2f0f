import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailySlot, dueRun, type ScheduleState } from './schedule-rules.js';

const TZ = 'Asia/Shanghai';
const runs = (...r: Array<[string, number]>) => r.map(([baseTime, leads]) => ({ baseTime, leads }));

describe('dailySlot', () => {
  it("is HH:MM of the office's calendar day of now", () => {
    // 2026-11-24 23:30 UTC is 2026-11-25 07:30 in Beijing: the slot 08:00 of that Beijing day is 00:00 UTC.
    expect(new Date(dailySlot(new Date('2026-11-24T23:30:00Z'), '08:00', TZ)).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(new Date(dailySlot(new Date('2026-11-24T10:00:00Z'), '17:45', TZ)).toISOString()).toBe('2026-11-24T09:45:00.000Z');
    expect(new Date(dailySlot(new Date('2026-11-24T10:00:00Z'), '17:45', 'UTC')).toISOString()).toBe('2026-11-24T17:45:00.000Z');
  });

  it('lies on the same office day as now, whatever the instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }), fc.integer({ min: 0, max: 23 }), (ms, h) => {
        const time = `${String(h).padStart(2, '0')}:30`;
        const slot = dailySlot(new Date(ms), time, TZ);
        // Beijing has no clock changes: the slot is within the same UTC+8 day as now.
        const day = (x: number) => Math.floor((x + 8 * 3600_000) / 86_400_000);
        expect(day(slot)).toBe(day(ms));
        expect(((slot + 8 * 3600_000) % 86_400_000) / 60_000).toBe(h * 60 + 30);
      }),
    );
  });
});

describe('dueRun', () => {
  const newRun: ScheduleState = {
    trigger: 'new-run',
    time: null,
    lastBaseTime: '2026-11-24T00:00:00.000Z',
    lastRunTime: null,
    since: '2026-11-24T01:00:00.000Z',
  };
  const now = new Date('2026-11-24T13:00:00Z');

  it('new-run: the newest run once it is newer than the last one made and has as many leads as the run before', () => {
    expect(dueRun(newRun, runs(['2026-11-24T00:00:00.000Z', 8]), now, TZ)).toBeNull();
    // The 12 UTC run coming in lead by lead: not yet, then due.
    expect(dueRun(newRun, runs(['2026-11-24T00:00:00.000Z', 8], ['2026-11-24T12:00:00.000Z', 5]), now, TZ)).toBeNull();
    expect(dueRun(newRun, runs(['2026-11-24T12:00:00.000Z', 8], ['2026-11-24T00:00:00.000Z', 8]), now, TZ)).toBe(
      '2026-11-24T12:00:00.000Z',
    );
    // Made once: not again for the same run.
    expect(dueRun({ ...newRun, lastBaseTime: '2026-11-24T12:00:00.000Z' }, runs(['2026-11-24T12:00:00.000Z', 8]), now, TZ)).toBeNull();
    // Nothing to make from: no run, or a run without any of the schedule's leads.
    expect(dueRun(newRun, [], now, TZ)).toBeNull();
    expect(dueRun({ ...newRun, lastBaseTime: null }, runs(['2026-11-24T12:00:00.000Z', 0]), now, TZ)).toBeNull();
  });

  const daily: ScheduleState = {
    trigger: 'daily',
    time: '17:00',
    lastBaseTime: null,
    lastRunTime: null,
    since: '2026-11-23T00:00:00.000Z',
  };
  const one = runs(['2026-11-24T00:00:00.000Z', 8]);

  it('daily: the newest run once the slot has passed, once a day, not for a slot before the schedule existed', () => {
    // 17:00 Beijing is 09:00 UTC.
    expect(dueRun(daily, one, new Date('2026-11-24T08:59:00Z'), TZ)).toBeNull();
    expect(dueRun(daily, one, new Date('2026-11-24T09:00:00Z'), TZ)).toBe('2026-11-24T00:00:00.000Z');
    expect(dueRun({ ...daily, lastRunTime: '2026-11-24T09:00:30.000Z' }, one, new Date('2026-11-24T12:00:00Z'), TZ)).toBeNull();
    // Yesterday's making does not count for today's slot.
    expect(dueRun({ ...daily, lastRunTime: '2026-11-23T09:00:30.000Z' }, one, new Date('2026-11-24T12:00:00Z'), TZ)).toBe(
      '2026-11-24T00:00:00.000Z',
    );
    // Saved after today's slot: waits for tomorrow's.
    expect(dueRun({ ...daily, since: '2026-11-24T10:00:00.000Z' }, one, new Date('2026-11-24T12:00:00Z'), TZ)).toBeNull();
    expect(dueRun(daily, [], new Date('2026-11-24T12:00:00Z'), TZ)).toBeNull();
  });

  it('daily: fires at most once between two slots, whenever the ticks come', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 86_400 - 1 }), { minLength: 1, maxLength: 30 }), (seconds) => {
        let state = daily;
        let fired = 0;
        const dayStart = Date.parse('2026-11-24T16:00:00Z'); // 00:00 Beijing on 25 November
        for (const s of [...seconds].sort((a, b) => a - b)) {
          const at = new Date(dayStart + s * 1000);
          if (dueRun(state, one, at, TZ)) {
            fired++;
            state = { ...state, lastRunTime: at.toISOString() };
          }
        }
        // Fired exactly when a tick came at or after 17:00 Beijing (09:00 UTC on the 25th, 61 200 s into the day).
        expect(fired).toBe(seconds.some((s) => s >= 61_200) ? 1 : 0);
      }),
    );
  });
});
