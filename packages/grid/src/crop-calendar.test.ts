// Crop calendars on a hand-worked example (docs/crop-calendar.md#shift): the tea calendar of south Shaanxi shifted to
// a garden 300 m higher and half a degree further north, dates on the stage edges, and the checks naming the field.
import { describe, expect, it } from 'vitest';
import { calendarShiftDays, checkCalendar, dayOfYear, monthDayOf, stageIndexGrid, stageOn, type CropCalendar } from './crop-calendar.js';

const TEA: CropCalendar = {
  refAltitudeM: 500,
  refLatDeg: 33,
  daysPer100m: 3.3,
  daysPerDegree: 4,
  stages: [
    { code: 'dormancy', start: '11-01', end: '02-28' },
    { code: 'budBreak', start: '03-01', end: '03-20' },
    { code: 'springFlush', start: '03-21', end: '05-31' },
    { code: 'summerAutumnGrowth', start: '06-01', end: '10-31' },
  ],
};

describe('days of the year', () => {
  it('counts from 1 January as 0 in a 365-day year; 29 February is 28 February', () => {
    expect(dayOfYear('01-01')).toBe(0);
    expect(dayOfYear('03-01')).toBe(59);
    expect(dayOfYear('03-28')).toBe(86);
    expect(dayOfYear('12-31')).toBe(364);
    expect(dayOfYear('02-29')).toBe(58);
    expect(dayOfYear('02-30')).toBeNull();
    expect(dayOfYear('13-01')).toBeNull();
    expect(dayOfYear('3-1')).toBeNull();
    expect(monthDayOf(86)).toBe('03-28');
    expect(monthDayOf(-1)).toBe('12-31');
  });
});

describe('stageOn, worked by hand', () => {
  // 800 m at 33.5° N: 3.3 × (800 − 500) / 100 + 4 × (33.5 − 33) = 9.9 + 2 = 11.9 → 12 days later.
  it('shifts every date by the rounded days per 100 m and per degree', () => {
    expect(calendarShiftDays(TEA, 800, 33.5)).toBe(12);
    expect(calendarShiftDays(TEA, 500, 33)).toBe(0);
    expect(calendarShiftDays(TEA, 350, 33)).toBe(-5); // −4.95 rounds to −5
    expect(calendarShiftDays(TEA, Number.NaN, 34)).toBe(4); // no altitude: the reference
  });
  it('28 March: spring flush at the reference place, still bud break 12 days later up the hill', () => {
    // 28 March is day 86; spring flush starts on day 79 (21 March): 86 − 79 = 7 ≤ 71 days long.
    expect(stageOn(TEA, '2026-03-28', 500, 33)?.code).toBe('springFlush');
    // shifted, bud break runs 13 March … 1 April: 86 − 12 − 59 = 15 ≤ 19.
    expect(stageOn(TEA, '2026-03-28', 800, 33.5)?.code).toBe('budBreak');
  });
  it('late November is dormancy; the shifted dormancy ends on 12 March', () => {
    expect(stageOn(TEA, '2026-11-28', 500, 33)?.code).toBe('dormancy');
    expect(stageOn(TEA, '2026-03-12T00:00:00Z', 800, 33.5)?.code).toBe('dormancy');
    expect(stageOn(TEA, '2026-03-13', 800, 33.5)?.code).toBe('budBreak');
  });
  it('autumn dates come earlier at a colder place: dormancy on the Loess Plateau begins in September', () => {
    // 1000 m at 38° N: 3.3 × 500 / 100 + 4 × 5 = 36.5 → 37 days colder. Dormancy starts 1 November (day 304), an
    // autumn date: 304 − 37 = 267, 25 September; it ends before 1 March (day 59), a spring date: 59 + 37 = 96, so the
    // last dormant day is 6 April. Summer–autumn growth ends with the day before dormancy, 24 September.
    expect(calendarShiftDays(TEA, 1000, 38)).toBe(37);
    expect(stageOn(TEA, '2026-11-28', 1000, 38)?.code).toBe('dormancy');
    expect(stageOn(TEA, '2026-09-25', 1000, 38)?.code).toBe('dormancy');
    expect(stageOn(TEA, '2026-09-24', 1000, 38)?.code).toBe('summerAutumnGrowth');
    expect(stageOn(TEA, '2026-04-06', 1000, 38)?.code).toBe('dormancy');
    expect(stageOn(TEA, '2026-04-07', 1000, 38)?.code).toBe('budBreak');
  });
  it('a date between stages is in none', () => {
    const gap: CropCalendar = { ...TEA, stages: [{ code: 'flowering', start: '04-01', end: '04-20' }] };
    expect(stageOn(gap, '2026-04-21', 500, 33)).toBeNull();
    expect(stageOn(gap, '2026-04-20', 500, 33)?.code).toBe('flowering');
  });
  it('a grid: each row its latitude, each cell its altitude', () => {
    // two rows at 33.5° and 33.0° N (north up), altitudes 800 and 500 m
    const g = { lon0: 107, lat0: 33.5, dx: 0.5, dy: -0.5, nx: 1, ny: 2 };
    const idx = stageIndexGrid(TEA, dayOfYear('03-28')!, g, Float32Array.from([800, 500]));
    expect([...idx]).toEqual([1, 2]);
  });
});

describe('checkCalendar', () => {
  it('accepts the tea calendar', () => expect(checkCalendar(TEA)).toEqual([]));
  it('refuses an overlapping or misordered stage at its start', () => {
    const overlap = { ...TEA, stages: [TEA.stages[0]!, { code: 'budBreak', start: '02-20', end: '03-20' }] };
    expect(checkCalendar(overlap)).toEqual([
      { path: ['stages', 1, 'start'], key: 'calendar.notAfterPrevious', params: { previous: 'dormancy' } },
    ]);
    // bud break, then dormancy to the end of February, then spring flush: spring flush would come a year later
    const misordered = { ...TEA, stages: [TEA.stages[1]!, TEA.stages[0]!, TEA.stages[2]!] };
    expect(checkCalendar(misordered).map((p) => p.path.join('.'))).toEqual(['stages.2.start']);
  });
  it('refuses stages that run over a whole year, bad dates and codes used twice', () => {
    const long = {
      ...TEA,
      stages: [
        ...TEA.stages.slice(0, 3),
        { code: 'summerAutumnGrowth', start: '06-01', end: '10-30' },
        { code: 'again', start: '10-31', end: '11-05' },
      ],
    };
    expect(checkCalendar(long)).toEqual([{ path: ['stages', 4, 'end'], key: 'calendar.overYear' }]);
    const wraps = { ...TEA, stages: [...TEA.stages, { code: 'again', start: '11-02', end: '11-03' }] };
    expect(checkCalendar(wraps).map((p) => p.path.join('.'))).toEqual(['stages.4.start']);
    const bad = { ...TEA, stages: [{ code: 'a', start: '02-30', end: '03-01' }] };
    expect(checkCalendar(bad)).toEqual([{ path: ['stages', 0, 'start'], key: 'calendar.badDate', params: { date: '02-30' } }]);
    const twice = { ...TEA, stages: [TEA.stages[1]!, { ...TEA.stages[2]!, code: 'budBreak' }] };
    expect(checkCalendar(twice).map((p) => p.key)).toEqual(['calendar.codeTaken']);
    expect(checkCalendar({ ...TEA, stages: [] }).map((p) => p.key)).toEqual(['calendar.noStages']);
    expect(checkCalendar({ ...TEA, daysPer100m: 20 }).map((p) => p.path.join('.'))).toEqual(['daysPer100m']);
  });
});
