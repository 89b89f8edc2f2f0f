// Crop calendars on random valid calendars and shifts: every day is in at most one stage; at a place s days colder a
// stage before 23 September comes s days later, one after it s days earlier, and one over the winter starts s days
// earlier and ends s days later; a shift smaller than half of every stage and gap across 23 September never reorders
// the stages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTUMN_FROM, CALENDAR_DAYS, checkCalendar, monthDayOf, stageIndexAt, stageSpans, type CropCalendar } from './crop-calendar.js';

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

  it('every day is in at most one stage, the one stageIndexAt answers at the calendar’s own place', () => {
    fc.assert(
      fc.property(calendarArb, fc.integer({ min: 0, max: 364 }), (cal, doy) => {
        const all = containing(cal, doy, 0);
        expect(all.length).toBeLessThanOrEqual(1);
        expect(stageIndexAt(cal.stages, doy, 0)).toBe(all.length ? all[0] : -1);
      }),
      { numRuns: 60 },
    );
  });

  /** One stage from day `a`, `len` days long (the day after it may be in the next year). */
  const single = (a: number, len: number) => [{ code: 's', start: monthDayOf(a), end: monthDayOf(a + len - 1) }];

  it('at a colder place a spring or summer stage comes s days later', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 20 }), (a, len, s) => {
        fc.pre(a + len + s < AUTUMN_FROM);
        const stages = single(a, len);
        for (let d = a; d < a + len; d++) expect(stageIndexAt(stages, d + s, s)).toBe(0);
        expect(stageIndexAt(stages, a + s - 1, s)).toBe(-1);
        expect(stageIndexAt(stages, a + len + s, s)).toBe(-1);
      }),
    );
  });

  it('at a colder place an autumn stage comes s days earlier', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: AUTUMN_FROM, max: 350 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 20 }),
        (a, len, s) => {
          fc.pre(a + len <= 364);
          const stages = single(a, len);
          for (let d = a; d < a + len; d++) expect(stageIndexAt(stages, d - s, s)).toBe(0);
          expect(stageIndexAt(stages, a - s - 1, s)).toBe(-1);
          expect(stageIndexAt(stages, a + len - s, s)).toBe(-1);
        },
      ),
    );
  });

  it('at a colder place a stage over the winter starts s days earlier and ends s days later', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: AUTUMN_FROM, max: 364 }),
        fc.integer({ min: 1, max: 150 }),
        fc.integer({ min: 0, max: 20 }),
        (a, after, s) => {
          const len = CALENDAR_DAYS - a + after;
          fc.pre(len + 2 * s < CALENDAR_DAYS - 2);
          const stages = single(a, len);
          expect(stageIndexAt(stages, a - s, s)).toBe(0);
          expect(stageIndexAt(stages, after - 1 + s, s)).toBe(0);
          expect(stageIndexAt(stages, a - s - 1, s)).toBe(-1);
          expect(stageIndexAt(stages, after + s, s)).toBe(-1);
        },
      ),
    );
  });

  it('a shift under half of every stage and gap never reorders the stages: walking the year meets them in order', () => {
    fc.assert(
      fc.property(calendarArb, fc.integer({ min: -5, max: 5 }), (cal, s) => {
        const spans = stageSpans(cal.stages);
        fc.pre(spans[spans.length - 1]!.to + 1 + 2 * Math.abs(s) < CALENDAR_DAYS);
        fc.pre(
          spans.every(
            (sp, i) =>
              sp.to - sp.from + 1 > 2 * Math.abs(s) &&
              (i === 0 || sp.from - spans[i - 1]!.to - 1 > 2 * Math.abs(s) || sp.from === spans[i - 1]!.to + 1),
          ),
        );
        const first = monthDayToDoy(cal.stages[0]!.start);
        // From a few days before the first stage's moved start (it moves by at most |s|).
        let last = -1;
        let met = 0;
        for (let d = -Math.abs(s) - 1; d < CALENDAR_DAYS - Math.abs(s) - 1; d++) {
          const i = stageIndexAt(cal.stages, first + d, s);
          if (i < 0) continue;
          if (i !== last) met += 1;
          expect(i).toBeGreaterThanOrEqual(last);
          last = i;
        }
        expect(met).toBe(cal.stages.length);
      }),
      { numRuns: 80 },
    );
  });
});
