import { describe, expect, it } from 'vitest';
import { DEMO_GEOMETRY, demoField, demoTerrain, latestBaseTime } from './demo-fields.js';

const stats = (v: Float32Array) => {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (const x of v) {
    min = Math.min(min, x);
    max = Math.max(max, x);
    sum += x;
  }
  return { min, max, mean: sum / v.length };
};
const at = (lon: number, lat: number) =>
  Math.round((lat - DEMO_GEOMETRY.lat0) / DEMO_GEOMETRY.dy) * DEMO_GEOMETRY.nx + Math.round((lon - DEMO_GEOMETRY.lon0) / DEMO_GEOMETRY.dx);

describe('demo fields', () => {
  const terrain = demoTerrain();
  const ctx = { terrain, baseTime: new Date('2026-11-22T00:00:00Z'), seed: 1 };

  it('has mountains where the Qinling are and valleys where the Wei flows', () => {
    expect(terrain.values[at(107.8, 33.9)]).toBeGreaterThan(2000);
    expect(terrain.values[at(108.9, 34.35)]).toBeLessThan(900);
    expect(stats(terrain.values).min).toBeGreaterThanOrEqual(150);
  });

  it('cools with altitude and keeps every factor in a plausible range', () => {
    const t = demoField('tmp', 6, ctx).values;
    expect(t[at(107.8, 33.9)]!).toBeLessThan(t[at(108.9, 34.35)]! - 8);
    expect(stats(t).min).toBeGreaterThan(-35);
    expect(stats(t).max).toBeLessThan(40);
    const rh = stats(demoField('rh', 6, ctx).values);
    expect(rh.min).toBeGreaterThanOrEqual(12);
    expect(rh.max).toBeLessThanOrEqual(100);
    const rain = demoField('pre3h', 24, ctx).values;
    expect(stats(rain).min).toBe(0);
    expect(rain.some((v) => v > 0)).toBe(true);
  });

  it('is reproducible from the seed and differs between lead times', () => {
    expect(demoField('tmp', 12, ctx).values).toEqual(demoField('tmp', 12, { ...ctx, terrain: demoTerrain() }).values);
    expect(demoField('tmp', 12, ctx).values).not.toEqual(demoField('tmp', 15, ctx).values);
  });

  it('bases the forecast at the latest 00 or 12 UTC', () => {
    expect(latestBaseTime(new Date('2026-11-22T13:45:00Z')).toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(latestBaseTime(new Date('2026-11-22T03:00:00Z')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });
});
