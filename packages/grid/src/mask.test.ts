import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellLat, cellLon, type GridGeometry } from './grid.js';
import { maskFromCells, pointInArea, rasterizeArea, type Mask, type MultiPolygonGeometry, type PolygonGeometry } from './mask.js';

const small: GridGeometry = { lon0: 0, lat0: 0, dx: 1, dy: 1, nx: 5, ny: 5 };

function cellsOf(mask: Mask): string[] {
  const out: string[] = [];
  for (let j = 0; j < mask.ny; j++) for (let i = 0; i < mask.nx; i++) if (mask.inside[j * mask.nx + i]) out.push(`${i},${j}`);
  return out;
}

const square = (x0: number, y0: number, x1: number, y1: number): number[][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];

describe('polygon masks, by hand', () => {
  it('takes the cells whose centre is inside', () => {
    const mask = rasterizeArea(small, { type: 'Polygon', coordinates: [square(0.5, 0.5, 3.5, 2.5)] });
    expect(cellsOf(mask)).toEqual(['1,1', '2,1', '3,1', '1,2', '2,2', '3,2']);
    expect(mask.count).toBe(6);
    expect(mask.bounds).toEqual({ i0: 1, i1: 3, j0: 1, j1: 2 });
  });

  it('counts centres on the boundary as inside, edges and vertices alike', () => {
    const mask = rasterizeArea(small, { type: 'Polygon', coordinates: [square(1, 1, 3, 3)] });
    expect(mask.count).toBe(9);
    // a triangle whose hypotenuse runs through the centres (0,0) (1,1) (2,2)
    const triangle = rasterizeArea(small, {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [2, 2],
          [0, 0],
        ],
      ],
    });
    expect(cellsOf(triangle)).toEqual(['0,0', '1,0', '2,0', '1,1', '2,1', '2,2']);
  });

  it('leaves holes out, but keeps centres on a hole boundary (turf semantics)', () => {
    const ring = rasterizeArea(small, { type: 'Polygon', coordinates: [square(-0.5, -0.5, 4.5, 4.5), square(1.5, 1.5, 2.5, 2.5)] });
    expect(ring.count).toBe(24);
    expect(ring.inside[2 * 5 + 2]).toBe(0);
    const onHoleEdge = rasterizeArea(small, { type: 'Polygon', coordinates: [square(-0.5, -0.5, 4.5, 4.5), square(1, 1, 3, 3)] });
    expect(onHoleEdge.inside[2 * 5 + 2]).toBe(0);
    expect(onHoleEdge.inside[1 * 5 + 1]).toBe(1);
    expect(onHoleEdge.count).toBe(24);
  });

  it('unites the parts of a MultiPolygon, features and lists', () => {
    const multi: MultiPolygonGeometry = {
      type: 'MultiPolygon',
      coordinates: [[square(-0.5, -0.5, 0.5, 0.5)], [square(3.5, 3.5, 4.5, 4.5)]],
    };
    expect(cellsOf(rasterizeArea(small, multi))).toEqual(['0,0', '4,4']);
    const collection = {
      type: 'FeatureCollection' as const,
      features: [
        { type: 'Feature' as const, geometry: { type: 'Polygon' as const, coordinates: [square(-0.5, -0.5, 1.5, 0.5)] } },
        { type: 'Feature' as const, geometry: null },
      ],
    };
    expect(cellsOf(rasterizeArea(small, [collection, multi]))).toEqual(['0,0', '1,0', '4,4']);
  });

  it('works with rows running north to south', () => {
    const geometry: GridGeometry = { lon0: 100, lat0: 34, dx: 1, dy: -1, nx: 4, ny: 4 };
    const mask = rasterizeArea(geometry, { type: 'Polygon', coordinates: [square(100.5, 31.5, 102.5, 32.5)] });
    // lat 32 is row 2
    expect(cellsOf(mask)).toEqual(['1,2', '2,2']);
  });

  it('accepts open rings and refuses non-polygonal shapes', () => {
    const open = rasterizeArea(small, {
      type: 'Polygon',
      coordinates: [
        [
          [0.5, 0.5],
          [1.5, 0.5],
          [1.5, 1.5],
          [0.5, 1.5],
        ],
      ],
    });
    expect(cellsOf(open)).toEqual(['1,1']);
    expect(() => rasterizeArea(small, { type: 'Feature', geometry: { type: 'Point' } })).toThrow(/polygonal/);
  });

  it('clips areas larger than the grid', () => {
    expect(rasterizeArea(small, { type: 'Polygon', coordinates: [square(-10, -10, 10, 10)] }).count).toBe(25);
  });

  it('wraps existing cell arrays', () => {
    const inside = new Uint8Array(25);
    inside[7] = 1;
    inside[13] = 1;
    expect(maskFromCells(5, 5, inside)).toMatchObject({ count: 2, bounds: { i0: 2, i1: 3, j0: 1, j1: 2 } });
    expect(maskFromCells(5, 5, new Uint8Array(25)).bounds).toBeNull();
  });
});

// A grid with a spacing that is not exact in binary, rows north to south.
const geometry: GridGeometry = { lon0: 100.05, lat0: 39.95, dx: 0.1, dy: -0.1, nx: 48, ny: 40 };
const lonAt = (i: number) => cellLon(geometry, i);
const latAt = (j: number) => cellLat(geometry, j);

function expectSameAsTurf(shape: PolygonGeometry | MultiPolygonGeometry): void {
  const mask = rasterizeArea(geometry, shape);
  const mismatches: string[] = [];
  for (let j = 0; j < geometry.ny; j++) {
    for (let i = 0; i < geometry.nx; i++) {
      const expected = booleanPointInPolygon([lonAt(i), latAt(j)], shape as Parameters<typeof booleanPointInPolygon>[1]);
      if (expected !== (mask.inside[j * geometry.nx + i] === 1)) mismatches.push(`${i},${j}: turf ${expected}`);
    }
  }
  expect(mismatches).toEqual([]);
}

// Star-shaped rings around a centre are simple; a hole with radii below the outer ring's smallest stays inside it.
const starRing = (cx: number, cy: number, angles: number[], radii: number[]): number[][] => {
  const order = angles.map((a, k) => [a, radii[k]!] as const).sort((a, b) => a[0] - b[0]);
  const ring = order.map(([a, r]) => [cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  return [...ring, ring[0]!];
};

const starPolygon = fc
  .record({
    cx: fc.double({ min: 101, max: 104, noNaN: true }),
    cy: fc.double({ min: 36.5, max: 39, noNaN: true }),
    outer: fc.array(fc.tuple(fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0.6, max: 3, noNaN: true })), {
      minLength: 3,
      maxLength: 40,
    }),
    hole: fc.option(
      fc.array(fc.tuple(fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0.05, max: 0.55, noNaN: true })), {
        minLength: 3,
        maxLength: 12,
      }),
    ),
  })
  .map(({ cx, cy, outer, hole }): number[][][] => {
    const rings = [
      starRing(
        cx,
        cy,
        outer.map((o) => o[0]),
        outer.map((o) => o[1]),
      ),
    ];
    if (hole)
      rings.push(
        starRing(
          cx,
          cy,
          hole.map((h) => h[0]),
          hole.map((h) => h[1]),
        ),
      );
    return rings;
  });

// Vertices on cell centres and half-cell positions, to put many centres exactly on edges and vertices.
const snappedRing = fc
  .array(fc.tuple(fc.integer({ min: -4, max: 2 * 48 + 4 }), fc.integer({ min: -4, max: 2 * 40 + 4 })), { minLength: 3, maxLength: 12 })
  .map((points) => {
    const ring = points.map(([a, b]) => [
      a % 2 === 0 ? lonAt(a / 2) : (lonAt((a - 1) / 2) + lonAt((a + 1) / 2)) / 2,
      b % 2 === 0 ? latAt(b / 2) : (latAt((b - 1) / 2) + latAt((b + 1) / 2)) / 2,
    ]);
    return [...ring, ring[0]!];
  });

// Arbitrary vertices: self-intersecting rings, where turf's even-odd rule decides.
const randomRing = fc
  .array(fc.tuple(fc.double({ min: 99.5, max: 105.5, noNaN: true }), fc.double({ min: 35.5, max: 40.5, noNaN: true })), {
    minLength: 3,
    maxLength: 25,
  })
  .map((points) => [...points.map(([x, y]) => [x, y]), [points[0]![0], points[0]![1]]]);

describe('polygon masks against @turf/boolean-point-in-polygon', () => {
  it('agree on random star-shaped polygons with holes', () => {
    fc.assert(
      fc.property(starPolygon, (rings) => expectSameAsTurf({ type: 'Polygon', coordinates: rings })),
      { numRuns: 150 },
    );
  });

  it('agree on random MultiPolygons', () => {
    fc.assert(
      fc.property(fc.array(starPolygon, { minLength: 1, maxLength: 4 }), (polygons) =>
        expectSameAsTurf({ type: 'MultiPolygon', coordinates: polygons }),
      ),
      { numRuns: 60 },
    );
  });

  it('agree when vertices and edges fall exactly on cell centres', () => {
    fc.assert(
      fc.property(snappedRing, fc.option(snappedRing), (outer, inner) =>
        expectSameAsTurf({ type: 'Polygon', coordinates: inner ? [outer, inner] : [outer] }),
      ),
      { numRuns: 300 },
    );
  });

  it('agree on self-intersecting rings', () => {
    fc.assert(
      fc.property(randomRing, (ring) => expectSameAsTurf({ type: 'Polygon', coordinates: [ring] })),
      { numRuns: 150 },
    );
  });

  it('agree with the single-point test', () => {
    const shape: PolygonGeometry = { type: 'Polygon', coordinates: [square(100, 37, 102, 39), square(100.5, 37.5, 101, 38)] };
    for (const [lon, lat] of [
      [101, 38],
      [100.7, 37.7],
      [100.5, 37.6],
      [99.9, 38],
      [102, 39],
    ] as const) {
      expect(pointInArea(lon, lat, shape)).toBe(booleanPointInPolygon([lon, lat], shape as Parameters<typeof booleanPointInPolygon>[1]));
    }
  });
});
