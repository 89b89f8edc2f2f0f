import { describe, expect, it } from 'vitest';
import { greatCircleKm } from '@agromet/grid';
import { gcj02ToWgs84, wgs84ToGcj02 } from './gcj02';

describe('GCJ-02 offset', () => {
  it('moves a point in China by a few hundred metres and back', () => {
    const [lon, lat] = wgs84ToGcj02(108.94, 34.34);
    const km = greatCircleKm(108.94, 34.34, lon, lat);
    expect(km).toBeGreaterThan(0.2);
    expect(km).toBeLessThan(0.8);
    const [lon2, lat2] = gcj02ToWgs84(lon, lat);
    expect(lon2).toBeCloseTo(108.94, 5);
    expect(lat2).toBeCloseTo(34.34, 5);
  });
  it('leaves points outside China where they are', () => {
    expect(wgs84ToGcj02(2.35, 48.85)).toEqual([2.35, 48.85]);
  });
});
