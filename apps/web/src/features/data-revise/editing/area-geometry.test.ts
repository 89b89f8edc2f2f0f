import MultiPolygon from 'ol/geom/MultiPolygon';
import Polygon from 'ol/geom/Polygon';
import { describe, expect, it } from 'vitest';
import { boundaryRings, outerRings } from './area-geometry';

const circle = (n: number, cx = 108, cy = 34): number[][] => {
  const ring = Array.from({ length: n }, (_, k) => [cx + Math.cos((2 * Math.PI * k) / n), cy + Math.sin((2 * Math.PI * k) / n)]);
  return [...ring, ring[0]!];
};

describe('revision areas from map geometries', () => {
  it('take outer rings and drop holes', () => {
    const withHole = new Polygon([circle(8), circle(4, 108, 34).map(([x, y]) => [x! * 0.999, y!])]);
    expect(outerRings(withHole)).toHaveLength(1);
    expect(outerRings(new MultiPolygon([[circle(8)], [circle(6, 110, 35)]]))).toHaveLength(2);
  });
  it('keep small boundaries as they are', () => {
    const { rings, simplified } = boundaryRings(new Polygon([circle(100)]));
    expect(simplified).toBe(false);
    expect(rings[0]).toHaveLength(101);
  });
  it('simplify large boundaries to the server limits', () => {
    const { rings, simplified } = boundaryRings(new Polygon([circle(30_000)]));
    expect(simplified).toBe(true);
    expect(rings[0]!.length).toBeGreaterThanOrEqual(4);
    expect(rings[0]!.length).toBeLessThanOrEqual(5000);
  });
});
