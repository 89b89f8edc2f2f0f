import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid.js';
import { encodeMicaps4, parseMicaps4 } from './micaps4.js';
import { assertTimeZone, fromMicapsTime, toMicapsTime, utcOffsetLabel } from './micaps-time.js';

describe('MICAPS header times in a time zone', () => {
  it('reads a Beijing-time 08 run as 00 UTC and writes it back as 08', () => {
    expect(fromMicapsTime({ year: 2024, month: 6, day: 15, hour: 8 }, 'Asia/Shanghai')).toBe('2024-06-15T00:00:00.000Z');
    expect(fromMicapsTime({ year: 2024, month: 6, day: 15, hour: 2 }, 'Asia/Shanghai')).toBe('2024-06-14T18:00:00.000Z');
    expect(toMicapsTime('2024-06-14T12:00:00Z', 'Asia/Shanghai')).toEqual({ year: 2024, month: 6, day: 14, hour: 20 });
    expect(toMicapsTime('2024-12-31T20:00:00Z', 'Asia/Shanghai')).toEqual({ year: 2025, month: 1, day: 1, hour: 4 });
    expect(fromMicapsTime({ year: 2024, month: 6, day: 15, hour: 8 }, 'UTC')).toBe('2024-06-15T08:00:00.000Z');
  });
  it('labels the offset and refuses unknown zones', () => {
    expect(utcOffsetLabel('Asia/Shanghai', '2024-06-15T00:00:00Z')).toBe('UTC+08:00');
    expect(utcOffsetLabel('UTC', '2024-06-15T00:00:00Z')).toBe('UTC+00:00');
    expect(utcOffsetLabel('America/Bogota', '2024-06-15T00:00:00Z')).toBe('UTC-05:00');
    expect(() => assertTimeZone('Mars/Olympus')).toThrow(RangeError);
    expect(() => assertTimeZone('Asia/Shanghai')).not.toThrow();
  });
  // Headers hold whole hours: zones a fraction of an hour off UTC (Asia/Kolkata) cannot carry every UTC hour.
  it('reads back every UTC hour written in any zone, with the grid unchanged (property)', () => {
    const zones = ['Asia/Shanghai', 'UTC', 'Asia/Urumqi', 'America/Bogota', 'Europe/Madrid', 'Asia/Tokyo'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1) / 3_600_000, max: Date.UTC(2060, 0, 1) / 3_600_000 }),
        fc.constantFrom(...zones),
        fc.array(
          fc.float({ noNaN: true, min: -100, max: 100 }).map((v) => v + 0),
          { minLength: 6, maxLength: 6 },
        ),
        (hour, zone, values) => {
          const iso = new Date(hour * 3_600_000).toISOString();
          const local = toMicapsTime(iso, zone);
          // Europe/Madrid's autumn hour repeats: the first of the two is taken, an hour earlier than the second.
          const back = fromMicapsTime(local, zone);
          expect(toMicapsTime(back, zone)).toEqual(local);
          if (zone !== 'Europe/Madrid') expect(back).toBe(iso);
          const grid = createGrid({ lon0: 100, lat0: 30, dx: 0.5, dy: 0.5, nx: 3, ny: 2 });
          grid.values.set(values);
          const m = parseMicaps4(encodeMicaps4(grid, { ...local, leadHours: 3, description: `Beijing ${utcOffsetLabel(zone, iso)}` }));
          expect(fromMicapsTime(m, zone)).toBe(back);
          expect([...m.grid.values]).toEqual([...grid.values]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
