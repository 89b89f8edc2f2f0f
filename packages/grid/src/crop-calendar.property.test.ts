// Crop calendars on random valid calendars and shifts: a shift never reorders the stages, every day is in at most one
// stage, and shifting the place by s days is reading the unshifted calendar s days earlier.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALENDAR_DAYS, calendarShiftDays, checkCalendar, monthDayOf, stageIndexAt, type CropCalendar } from './crop-calendar.js';

/** Random calendars: 1–8 stages of random lengths and gaps laid end to end from a random first day, under a year. */
const calendarArb: fc.Arbitrary<CropCalendar> = fc
  .record({
    first: fc.integer({ min: 0, max: 364 }),
    parts: fc.array(fc.record({ gap: fc.integer({ min: 0, max: 40 }), len: fc.integer({ min: 1, max: 60 }) }), {
      minLength: 1,
      maxLength: 8,
    }),
    daysPer100m: fc.double({ min: -10, max: 10, noNaN: true }),
    daysPerDegree: fc.double({ min: -10, max: 10, noNaN: true }),
  })
  .filter((r) => r.parts.reduce((s, p, i) => s + (i ? p.gap : 0) + p.len, 0) <= CALENDAR_DAYS)
  .map((r) => {
    let at = r.first;
    const stages = r.parts.map((p, i) => {
      if (i > 0) at += p.gap;
      const s = { code: `s${i}`, start: monthDayOf(at), end: monthDayOf(at + p.len - 1) };
      at += p.len;
      return s;
    });
    return { stages, refAltitudeM: 500, refLatDeg: 34, daysPer100m: r.daysPer100m, daysPerDegree: r.daysPerDegree };
  });

/** Stages containing a day after a shift, by brute force (no early exit). */
function containing(cal: CropCalendar, doy: number, shift: number): number[] {
  const out: number[] = [];
  cal.stages.forEach((s, i) => {
    for (let d = 0; d < CALENDAR_DAYS; d++) {
      // the stage's days listed one by one from its start
      const day = mod(monthDayToDoy(s.start) + d);
      if (mod(day + shift) === mod(doy)) out.push(i);
      if (monthDayOf(day) === s.end) break;
    }
  });
  return out;
}
const mod = (a: number) => ((a % CALENDAR_DAYS) + CALENDAR_DAYS) % CALENDAR_DAYS;
const monthDayToDoy = (mmdd: string) => {
  for (let d = 0; d < CALENDAR_DAYS; d++) if (monthDayOf(d) === mmdd) return d;
  return -1;
};

describe('crop calendar properties', () => {
  it('the generated calendars pass the checks', () => {
    fc.assert(
      fc.property(calendarArb, (cal) => {
        expect(checkCalendar(cal)).toEqual([]);
      }),
    );
  });

  it('every day is in at most one stage, the one stageIndexAt answers', () => {
    fc.assert(
      fc.property(calendarArb, fc.integer({ min: 0, max: 364 }), fc.integer({ min: -90, max: 90 }), (cal, doy, shift) => {
        const all = containing(cal, doy, shift);
        expect(all.length).toBeLessThanOrEqual(1);
        expect(stageIndexAt(cal.stages, doy, shift)).toBe(all.length ? all[0] : -1);
      }),
      { numRuns: 60 },
    );
  });

  it('a shift never reorders the stages: walking the year from the first stage meets them in order', () => {
    fc.assert(
      fc.property(
        calendarArb,
        fc.double({ min: -1000, max: 3000, noNaN: true }),
        fc.double({ min: 20, max: 50, noNaN: true }),
        (cal, alt, lat) => {
          const shift = calendarShiftDays(cal, alt, lat);
          const start = monthDayToDoy(cal.stages[0]!.start) + shift;
          let last = -1;
          for (let d = 0; d < CALENDAR_DAYS; d++) {
            const i = stageIndexAt(cal.stages, start + d, shift);
            if (i < 0) continue;
            expect(i).toBeGreaterThanOrEqual(last);
            last = i;
          }
          expect(last).toBe(cal.stages.length - 1);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a place s days later reads the calendar s days earlier', () => {
    fc.assert(
      fc.property(calendarArb, fc.integer({ min: 0, max: 364 }), fc.integer({ min: -90, max: 90 }), (cal, doy, shift) => {
        expect(stageIndexAt(cal.stages, doy + shift, shift)).toBe(stageIndexAt(cal.stages, doy, 0));
      }),
    );
  });
});
