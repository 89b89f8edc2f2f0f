import type { Meteogram } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { arrowRotation, dailyExtremes, meteogramOption, pointsOf, windPoints } from './meteogram-chart';

const base = '2026-07-01T00:00:00.000Z';
const leads = [0, 3, 6, 24];
const m: Meteogram = {
  type: 'fine-grid',
  typeName: '精细化网格预报',
  baseTime: base,
  lon: 108.9,
  lat: 34.3,
  cell: { i: 69, j: 106, lon: 108.95, lat: 34.3 },
  station: null,
  dayEndUtcHour: 0,
  leads,
  validTimes: leads.map((l) => new Date(Date.parse(base) + l * 3_600_000).toISOString()),
  elements: [
    { code: 'tmp', name: '气温', unit: '°C', precision: 1, derived: false, values: [20, 25, 30, 21] },
    { code: 'tmax', name: '最高气温', unit: '°C', precision: 1, derived: false, values: [null, null, null, 31] },
    { code: 'tmin', name: '最低气温', unit: '°C', precision: 1, derived: false, values: [null, null, null, 18] },
    { code: 'pre3h', name: '3小时降水', unit: 'mm', precision: 1, derived: false, values: [0, 1.5, null, 0] },
    { code: 'wsp', name: '风速', unit: 'm/s', precision: 1, derived: false, values: [2, 4, 6, 8] },
    { code: 'wdir', name: '风向', unit: '°', precision: 0, derived: false, values: [0, 90, null, 270] },
  ],
};
const labels = { temperature: 'T', dailyMax: 'max', dailyMin: 'min', precipitation: 'P', wind: 'W', time: (s: string) => s };

describe('meteogram chart', () => {
  it('plots every value at its valid time and leaves missing ones out', () => {
    expect(pointsOf(m, 'tmp')).toEqual(leads.map((_, k) => [m.validTimes[k], [20, 25, 30, 21][k]]));
    expect(pointsOf(m, 'pre3h').map((p) => p[1])).toEqual([0, 1.5, 0]);
    expect(pointsOf(m, 'nope')).toEqual([]);
  });

  it('takes the daily extremes from the derived elements when present, else the stored ones', () => {
    expect(dailyExtremes(m)).toEqual({ max: [[m.validTimes[3], 31]], min: [[m.validTimes[3], 18]] });
    const withDerived = {
      ...m,
      elements: [
        ...m.elements,
        { code: 'tmax24h', name: '日最高气温', unit: '°C', precision: 1, derived: true, values: [null, null, null, 32] },
      ],
    };
    expect(dailyExtremes(withDerived).max).toEqual([[m.validTimes[3], 32]]);
  });

  it('turns each arrow to where the wind goes (ECharts rotates counter-clockwise from north)', () => {
    expect(arrowRotation(0)).toBe(180); // a north wind blows south: the arrow points down
    expect(arrowRotation(90)).toBe(90); // from the east, towards the west: turned a quarter counter-clockwise
    expect(arrowRotation(270)).toBe(270); // from the west, towards the east
    expect(arrowRotation(180)).toBe(0);
    expect(windPoints(m)).toEqual([
      { value: [m.validTimes[0], 2], symbolRotate: 180 },
      { value: [m.validTimes[1], 4], symbolRotate: 90 },
      { value: [m.validTimes[2], 6] },
      { value: [m.validTimes[3], 8], symbolRotate: 270 },
    ]);
  });

  it('builds three panels on one time axis: temperature with extremes, precipitation bars, wind arrows', () => {
    const option = meteogramOption(m, labels);
    expect(option.grid).toHaveLength(3);
    expect(option.series.map((s) => [s.name, s.type, s.xAxisIndex])).toEqual([
      ['T', 'line', 0],
      ['max', 'line', 0],
      ['min', 'line', 0],
      ['P', 'bar', 1],
      ['W', 'line', 2],
    ]);
    expect(option.series[4]!.symbol).toBe('arrow');
  });
});
