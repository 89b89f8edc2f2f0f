import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countPositions, displayBoundary } from './boundary-display.js';
import type { BoundaryFeature } from './boundary-geojson.js';

/** A star-shaped ring of `radii.length` positions around (cx, cy), closed. */
const starRing = (cx: number, cy: number, radii: number[]): [number, number][] => {
  const ring = radii.map((r, k): [number, number] => {
    const a = (2 * Math.PI * k) / radii.length;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });
  return [...ring, ring[0]!];
};

const layer = (rings: [number, number][][]) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: rings.map((r, k): BoundaryFeature => ({
      type: 'Feature',
      properties: { name: `区${k}` },
      geometry: { type: 'Polygon', coordinates: [r] },
    })),
  });

describe('displayBoundary', () => {
  it('sends a layer within the bound exactly as stored', () => {
    const stored = layer([starRing(108, 34, [0.5, 0.6, 0.5, 0.6, 0.5])]);
    expect(displayBoundary(stored, 100)).toEqual({ json: stored, tolerance: 0, positions: 6 });
  });

  it('simplifies a larger layer within the bound, keeping every area, its name and valid closed rings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.double({ min: 0.05, max: 0.5, noNaN: true }), { minLength: 3, maxLength: 3000 }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 40, max: 2000 }),
        (radiiPerArea, max) => {
          const stored = layer(radiiPerArea.map((radii, k) => starRing(100 + k, 30, radii)));
          const shown = displayBoundary(stored, max);
          const parsed = JSON.parse(shown.json) as { features: BoundaryFeature[] };
          expect(parsed.features.map((f) => f.properties.name)).toEqual(radiiPerArea.map((_, k) => `区${k}`));
          expect(countPositions(parsed as never)).toBe(shown.positions);
          // Each ring keeps at least four positions, so the bound can only be met above that floor.
          expect(shown.positions).toBeLessThanOrEqual(Math.max(max, 4 * radiiPerArea.length));
          for (const f of parsed.features) {
            const ring = (f.geometry.coordinates as [number, number][][])[0]!;
            expect(ring.length).toBeGreaterThanOrEqual(4);
            expect(ring[0]).toEqual(ring[ring.length - 1]);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
