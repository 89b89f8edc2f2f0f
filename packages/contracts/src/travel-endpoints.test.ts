import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legKm, pathKm } from './travel-endpoints.js';

const point = fc.tuple(fc.double({ min: 73, max: 136, noNaN: true }), fc.double({ min: 3, max: 54, noNaN: true }));

describe('distances of greenways and routes', () => {
  it('measures a degree of latitude and of longitude at the equator as the sphere says', () => {
    expect(legKm([108, 34], [108, 35])).toBeCloseTo(111.195, 3);
    expect(legKm([0, 0], [1, 0])).toBeCloseTo(111.195, 3);
    // Xi'an (Bell Tower) to Huashan: about 107 km as the crow flies.
    expect(legKm([108.9476, 34.2597], [110.087, 34.478])).toBeCloseTo(107.36, 2);
  });

  it('is symmetric, never shorter than a straight leg, and adds up along a path', () => {
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        expect(legKm(a, b)).toBeCloseTo(legKm(b, a), 9);
        expect(legKm(a, c)).toBeLessThanOrEqual(legKm(a, b) + legKm(b, c) + 1e-9);
        expect(pathKm([a, b, c])).toBeCloseTo(legKm(a, b) + legKm(b, c), 1);
        expect(pathKm([a])).toBe(0);
      }),
    );
  });
});
