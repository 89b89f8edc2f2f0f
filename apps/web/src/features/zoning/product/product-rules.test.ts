import { describe, expect, it } from 'vitest';
import { areaRows, classShareRows, downloadName, formatKm2, formatPercent, showable, vetoLimitText } from './product-rules';

describe('product rules', () => {
  it('gives each class its area and share of the classed area', () => {
    const rows = classShareRows({ classAreasKm2: [100, 300, 0, 600] }, ['A', 'B', 'C', 'D'], ['#1', '#2', '#3', '#4']);
    expect(rows.map((r) => [r.cls, r.name, r.km2, r.percent])).toEqual([
      [0, 'A', 100, 10],
      [1, 'B', 300, 30],
      [2, 'C', 0, 0],
      [3, 'D', 600, 60],
    ]);
    expect(classShareRows({ classAreasKm2: [0, 0, 0, 0] }, [], []).every((r) => r.percent === 0)).toBe(true);
  });

  it('lists the areas with classed cells, largest first', () => {
    const rows = areaRows({
      byArea: [
        { code: 'b1:0', name: 'West', areasKm2: [1, 2, 0, 0] },
        { code: 'b1:1', name: 'Empty', areasKm2: [0, 0, 0, 0] },
        { code: 'b1:2', name: 'East', areasKm2: [5, 0, 0, 1] },
      ],
    });
    expect(rows.map((r) => [r.name, r.totalKm2])).toEqual([
      ['East', 6],
      ['West', 3],
    ]);
  });

  it('formats areas and shares', () => {
    expect(formatKm2(12345.6)).toBe('12,346');
    expect(formatKm2(12.34)).toBe('12.3');
    expect(formatPercent(33.333)).toBe('33.3%');
  });

  it('knows which products are shown, and how their zip is named', () => {
    expect(showable({ status: 'done', layer: 'zoning.7' })).toBe(true);
    expect(showable({ status: 'done', layer: '' })).toBe(false);
    expect(showable({ status: 'running', layer: 'zoning.7' })).toBe(false);
    expect(downloadName({ id: 7, name: '茶树 a/b:c' })).toBe('茶树 a_b_c.zip');
    expect(downloadName({ id: 7, name: '///' })).toBe('_.zip');
  });

  it('words a veto limit with its unit', () => {
    const f = (v: number) => String(v);
    expect(vetoLimitText({ lower: 800 }, 'mm', f)).toBe('≤ 800 mm');
    expect(vetoLimitText({ upper: 35 }, '°C', f)).toBe('> 35 °C');
    expect(vetoLimitText({ lower: 2, upper: 9 }, '', f)).toBe('≤ 2; > 9');
    expect(vetoLimitText(null, 'mm', f)).toBe('');
  });
});
