// Reads the committed real-world-shaped fixture (see scripts/make-fixtures.ts); needs node:fs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { statistics } from '../classify.js';
import { cellAt } from '../grid.js';
import { encodeMicaps4, parseMicaps4 } from './micaps4.js';

const fixture = readFileSync(new URL('../../test-data/henan-t2m.m4', import.meta.url));

describe('MICAPS 4 fixture: GBK, province-size 2 m temperature', () => {
  const m = parseMicaps4(fixture);

  it('decodes the GBK header', () => {
    expect(m.encoding).toBe('gb18030');
    expect(m.description).toBe('24年06月15日08时 河南省 2米气温 第24小时预报 (℃)');
    expect(m).toMatchObject({
      year: 2024,
      month: 6,
      day: 15,
      hour: 8,
      leadHours: 24,
      level: 0,
      contourInterval: 2,
      contourStart: 10,
      contourEnd: 36,
      smoothing: 1,
    });
  });

  it('reads the geometry, rows north to south, and 9999 as missing', () => {
    expect({ ...m.grid, values: null }).toEqual({ lon0: 110, lat0: 37, dx: 0.05, dy: -0.05, nx: 141, ny: 121, values: null });
    const s = statistics(m.grid.values);
    expect(s.count).toBe(6963);
    expect(s.min).toBeCloseTo(20.2, 5);
    expect(s.max).toBeCloseTo(29.7, 5);
    const zhengzhou = cellAt(m.grid, 113.5, 34.5)!;
    expect(zhengzhou).toEqual({ i: 70, j: 50 });
    expect(m.grid.values[50 * 141 + 70]).toBe(Math.fround(24.5));
    expect(m.grid.values[0]).toBeNaN();
  });

  it('round-trips through the writer in GBK', () => {
    const back = parseMicaps4(encodeMicaps4(m.grid, m, { encoding: 'gbk' }));
    expect(back.description).toBe(m.description);
    expect({ ...back.grid, values: null }).toEqual({ ...m.grid, values: null });
    expect(Buffer.from(back.grid.values.buffer).equals(Buffer.from(m.grid.values.buffer))).toBe(true);
  });
});
