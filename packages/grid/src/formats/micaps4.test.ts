import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridFromValues, sampleBilinear } from '../grid.js';
import { encodeMicaps4, formatFloat32, formatMicaps4, parseMicaps4 } from './micaps4.js';
import { encodeGbk } from './text.js';

// As real files come: two-digit year, start-lat > end-lat with negative spacing, values spread
// over lines of any length, 9999 for missing.
const sample = [
  'diamond 4 24年06月15日08时 2米温度 24小时预报',
  '24 06 15 08 24 0',
  '0.5 -0.5 110.0 111.0 36.0 35.0 3 3 2.0 20.0 30.0 0 0',
  ' 21.5 22.0 9999',
  ' 23.25',
  ' 24 25.5 26 27 28',
].join('\n');

describe('MICAPS type 4 reading', () => {
  it('reads header, geometry and values, rows from start-lat', () => {
    const m = parseMicaps4(sample);
    expect(m).toMatchObject({
      description: '24年06月15日08时 2米温度 24小时预报',
      year: 2024,
      month: 6,
      day: 15,
      hour: 8,
      leadHours: 24,
      level: 0,
      contourInterval: 2,
      contourStart: 20,
      contourEnd: 30,
      smoothing: 0,
      boldValue: 0,
      encoding: 'utf-8',
    });
    expect(m.grid).toMatchObject({ lon0: 110, lat0: 36, dx: 0.5, dy: -0.5, nx: 3, ny: 3 });
    expect([...m.grid.values]).toEqual([21.5, 22, Number.NaN, 23.25, 24, 25.5, 26, 27, 28]);
    expect(sampleBilinear(m.grid, 110, 35)).toBe(26);
  });

  it('takes the row direction from start and end latitude whatever the spacing sign', () => {
    const positiveSpacing = sample.replace('0.5 -0.5 110.0', '0.5 0.5 110.0');
    expect(parseMicaps4(positiveSpacing).grid).toMatchObject({ lat0: 36, dy: -0.5 });
    const southToNorth = sample.replace('36.0 35.0', '35.0 36.0');
    const m = parseMicaps4(southToNorth);
    expect(m.grid).toMatchObject({ lat0: 35, dy: 0.5 });
    expect(sampleBilinear(m.grid, 110, 35)).toBe(21.5);
  });

  it('flips columns of files running east to west', () => {
    const m = parseMicaps4(sample.replace('0.5 -0.5 110.0 111.0', '-0.5 -0.5 111.0 110.0'));
    expect(m.grid).toMatchObject({ lon0: 110, dx: 0.5 });
    expect([...m.grid.values.subarray(0, 3)]).toEqual([Number.NaN, 22, 21.5]);
  });

  it('reads four-digit years, CRLF, a BOM and an empty description', () => {
    const text = '\ufeffdiamond 4\r\n2025 1 2 20 3 850\r\n' + sample.split('\n').slice(2).join('\r\n');
    expect(parseMicaps4(text)).toMatchObject({ description: '', year: 2025, month: 1, day: 2, hour: 20, leadHours: 3, level: 850 });
  });

  it('decodes GBK bytes', () => {
    const m = parseMicaps4(encodeGbk(sample));
    expect(m.encoding).toBe('gb18030');
    expect(m.description).toBe('24年06月15日08时 2米温度 24小时预报');
    expect(parseMicaps4(encodeGbk(sample).buffer as ArrayBuffer).grid.values[4]).toBe(24);
  });

  it('reports broken files clearly', () => {
    expect(() => parseMicaps4('diamond 3 stations\n')).toThrow(/diamond 4/);
    expect(() => parseMicaps4(sample.replace(' 24 25.5 26 27 28', ' 24 25.5 26 27'))).toThrow(/ends before value 9 of 9/);
    expect(() => parseMicaps4(sample + ' 29')).toThrow(/more than the 9 values/);
    expect(() => parseMicaps4(sample.replace('23.25', '23,25'))).toThrow(/not a number: "23,25"/);
    expect(() => parseMicaps4(sample.replace('36.0 35.0 3 3', '36.0 30.0 3 3'))).toThrow(/latitude header is inconsistent/);
    expect(() => parseMicaps4(sample.replace('3 3 2.0', '3 0 2.0'))).toThrow(/grid size/);
  });
});

describe('MICAPS type 4 writing', () => {
  it('writes the header per the format and 9999 for missing values', () => {
    const grid = gridFromValues({ lon0: 110, lat0: 36, dx: 0.5, dy: -0.5, nx: 3, ny: 2 }, [1.5, Number.NaN, -2, 0.1, 20, 3]);
    const text = formatMicaps4(grid, { description: '测试', year: 2024, month: 6, day: 5, hour: 8, leadHours: 24 }, { valuesPerLine: 2 });
    expect(text).toBe(
      ['diamond 4 测试', '2024 06 05 08 24 0', '0.5 -0.5 110 111 36 35.5 3 2 2 -2 20 0 0', '1.5 9999', '-2', '0.1 20', '3', ''].join('\n'),
    );
  });

  it('round-trips exactly: geometry, Float32 bits and both row orders', () => {
    const grids = fc
      .record({
        nx: fc.integer({ min: 1, max: 30 }),
        ny: fc.integer({ min: 1, max: 20 }),
        southToNorth: fc.boolean(),
      })
      .chain(({ nx, ny, southToNorth }) =>
        fc
          .array(
            fc.oneof(
              fc.float({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).filter((v) => v !== 9999),
              fc.constant(Number.NaN),
            ),
            { minLength: nx * ny, maxLength: nx * ny },
          )
          .map((values) =>
            gridFromValues({ lon0: 70, lat0: southToNorth ? 0 : 60, dx: 0.05, dy: southToNorth ? 0.05 : -0.05, nx, ny }, values),
          ),
      );
    fc.assert(
      fc.property(grids, (grid) => {
        const back = parseMicaps4(encodeMicaps4(grid, { year: 2024, month: 1, day: 1, hour: 0 })).grid;
        expect({ ...back, values: null }).toEqual({ ...grid, values: null });
        const same = grid.values.every((v, k) => Object.is(v, back.values[k]) || (v === 0 && back.values[k] === 0));
        expect(same).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('writes fixed decimals and GBK when asked', () => {
    const grid = gridFromValues({ lon0: 110, lat0: 36, dx: 1, dy: -1, nx: 2, ny: 1 }, [1.23456, 2]);
    const bytes = encodeMicaps4(grid, { description: '河南', year: 2024, month: 1, day: 1, hour: 0 }, { decimals: 2, encoding: 'gbk' });
    const m = parseMicaps4(bytes);
    expect(m.encoding).toBe('gb18030');
    expect(m.description).toBe('河南');
    expect([...m.grid.values]).toEqual([Math.fround(1.23), 2]);
  });

  it('formats Float32 values as the shortest text that reads back the same', () => {
    expect(formatFloat32(Math.fround(0.1))).toBe('0.1');
    expect(formatFloat32(Math.fround(-23.45))).toBe('-23.45');
    expect(formatFloat32(25)).toBe('25');
    expect(Math.fround(Number(formatFloat32(Math.fround(1e-7))))).toBe(Math.fround(1e-7));
  });
});
