import { describe, expect, it } from 'vitest';
import { classify, NO_CLASS, statistics, statisticsByClass } from './classify.js';
import { maskFromCells } from './mask.js';

describe('classification by thresholds', () => {
  const values = Float32Array.from([-5, 0, 1.9, 2, 3, 10, Number.NaN]);

  it('puts t[k−1] ≤ v < t[k] in class k by default', () => {
    expect([...classify(values, [0, 2, 5])]).toEqual([0, 1, 1, 2, 2, 3, NO_CLASS]);
  });

  it('can close classes on the right: t[k−1] < v ≤ t[k]', () => {
    expect([...classify(values, [0, 2, 5], { closed: 'right' })]).toEqual([0, 0, 1, 1, 2, 3, NO_CLASS]);
  });

  it('classifies the frost levels of a minimum temperature grid', () => {
    // levels: below −4, −4 … −2, −2 … 0, at or above 0
    const tmin = Float32Array.from([-6, -4, -3, -2, -0.5, 0, 4]);
    expect([...classify(tmin, [-4, -2, 0])]).toEqual([0, 1, 1, 2, 2, 3, 3]);
  });

  it('refuses thresholds that are not strictly increasing', () => {
    expect(() => classify(values, [1, 1])).toThrow(/increasing/);
    expect(() => classify(values, [Number.NaN])).toThrow(/finite/);
  });
});

describe('statistics', () => {
  const values = Float32Array.from([1, 2, Number.NaN, 4, 10, 20]);

  it('ignore missing values', () => {
    expect(statistics(values)).toEqual({ count: 5, min: 1, max: 20, mean: 37 / 5, sum: 37 });
  });

  it('cover only the area when given a mask', () => {
    const mask = maskFromCells(3, 2, Uint8Array.from([0, 1, 1, 1, 0, 0]));
    expect(statistics(values, mask)).toEqual({ count: 2, min: 2, max: 4, mean: 3, sum: 6 });
    expect(statistics(values, maskFromCells(3, 2, new Uint8Array(6)))).toEqual({ count: 0, min: NaN, max: NaN, mean: NaN, sum: 0 });
  });

  it('group by class, also of another grid, and within an area', () => {
    const classes = classify(values, [5]);
    const byOwnClass = statisticsByClass(values, classes, 2);
    expect(byOwnClass[0]).toEqual({ count: 3, min: 1, max: 4, mean: 7 / 3, sum: 7 });
    expect(byOwnClass[1]).toEqual({ count: 2, min: 10, max: 20, mean: 15, sum: 30 });
    const zones = Uint8Array.from([1, 1, 1, 0, 0, NO_CLASS]);
    const byZone = statisticsByClass(values, zones, 2);
    expect(byZone.map((s) => s.count)).toEqual([2, 2]);
    expect(byZone[1]!.sum).toBe(3);
    const mask = maskFromCells(3, 2, Uint8Array.from([1, 0, 0, 0, 1, 0]));
    expect(statisticsByClass(values, zones, 2, mask).map((s) => s.sum)).toEqual([10, 1]);
  });
});
