// The optimised area operators (one pass over the area's runs, scratch kept between calls, a box instead of
// a grid copy) against the straightforward reference they replaced, bit for bit, on random grids and areas.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { edgeWeights, editArea, smoothArea, type AreaOperation, type EdgeMode } from './area-ops.js';
import { gridFromValues, type Grid } from './grid.js';
import { maskFromCells, rasterizeArea, type Mask } from './mask.js';
import { applyPatch, type Patch } from './patch.js';
import * as reference from './reference/area-ops.js';
import { composePatches, reviseArea } from './revise.js';

const bits = (values: Float32Array) => [...new Uint32Array(values.buffer, values.byteOffset, values.length)];
const same = (a: Patch, b: Patch) => {
  expect([...a.indices]).toEqual([...b.indices]);
  expect(bits(a.oldValues)).toEqual(bits(b.oldValues));
  expect(bits(a.newValues)).toEqual(bits(b.newValues));
};

/**
 * A grid with ordinary values, some missing cells (or none: the operators' paths for complete rows), signed zeros and
 * the odd extreme.
 */
const gridArb = fc
  .record({ nx: fc.integer({ min: 1, max: 36 }), ny: fc.integer({ min: 1, max: 30 }), missing: fc.constantFrom(0, 2) })
  .chain(({ nx, ny, missing }) =>
    fc
      .array(
        fc.oneof(
          { weight: 12, arbitrary: fc.float({ min: -50, max: 50, noNaN: true }) },
          { weight: missing, arbitrary: fc.constant(Number.NaN) },
          { weight: 1, arbitrary: fc.constantFrom(0, -0, 3e38, -3e38, 1e-40) },
        ),
        { minLength: nx * ny, maxLength: nx * ny },
      )
      .map((values) => gridFromValues({ lon0: 100, lat0: 40, dx: 0.1, dy: -0.1, nx, ny }, Float32Array.from(values))),
  );

/** An area on the grid: random cells, unions of rectangles (parts that touch and parts apart), or a polygon. */
function maskArb(grid: Grid): fc.Arbitrary<Mask> {
  const { nx, ny } = grid;
  const cells = fc.array(fc.boolean(), { minLength: nx * ny, maxLength: nx * ny }).map((b) =>
    maskFromCells(
      nx,
      ny,
      Uint8Array.from(b, (x) => (x ? 1 : 0)),
    ),
  );
  const rects = fc
    .array(fc.tuple(fc.nat(nx - 1), fc.nat(ny - 1), fc.integer({ min: 1, max: nx }), fc.integer({ min: 1, max: ny })), {
      minLength: 0,
      maxLength: 4,
    })
    .map((rs) => {
      const inside = new Uint8Array(nx * ny);
      for (const [i, j, w, h] of rs) for (let y = j; y < Math.min(ny, j + h); y++) inside.fill(1, y * nx + i, y * nx + Math.min(nx, i + w));
      return maskFromCells(nx, ny, inside);
    });
  const polygon = fc
    .array(fc.tuple(fc.double({ min: 99.5, max: 104, noNaN: true }), fc.double({ min: 36.5, max: 40.5, noNaN: true })), {
      minLength: 3,
      maxLength: 9,
    })
    .map((ring) => rasterizeArea(grid, { type: 'Polygon', coordinates: [[...ring, ring[0]!]] }));
  return fc.oneof(cells, rects, polygon);
}

const edgeArb: fc.Arbitrary<EdgeMode> = fc.oneof(
  fc.constant({ type: 'flat' } as const),
  fc.constant({ type: 'taper' } as const),
  fc.integer({ min: 1, max: 24 }).map((c) => ({ type: 'ramp', cells: c / 2 }) as const), // 0.5 … 12: both distance methods
);
const operationArb = fc.constantFrom<AreaOperation>('assign', 'add', 'subtract', 'multiply', 'divide');
const rangeArb = fc.option(
  fc.tuple(fc.float({ min: -60, max: 0, noNaN: true }), fc.float({ min: 0, max: 60, noNaN: true })).map(([min, max]) => ({ min, max })),
  { nil: undefined },
);
const valueArb = fc.float({ min: Math.fround(0.01), max: 20, noNaN: true });
const caseArb = gridArb.chain((grid) =>
  fc.record({
    grid: fc.constant(grid),
    mask: maskArb(grid),
    edge: edgeArb,
    operation: operationArb,
    value: valueArb,
    range: rangeArb,
    smooth: fc.constantFrom(undefined, 1, 3, 5, 7),
  }),
);

const RUNS = { numRuns: 300 };

describe('the optimised area operators equal the reference', () => {
  it('editArea, every operation and edge', () => {
    fc.assert(
      fc.property(caseArb, ({ grid, mask, edge, operation, value, range }) => {
        const edit = { operation, value, edge, range };
        same(editArea(grid, mask, edit), reference.editArea(grid, mask, edit));
      }),
      RUNS,
    );
  });

  it('smoothArea, every size and edge', () => {
    fc.assert(
      fc.property(caseArb, ({ grid, mask, edge, range, smooth }) => {
        const edit = { size: smooth ?? 3, edge, range };
        same(smoothArea(grid, mask, edit), reference.smoothArea(grid, mask, edit));
      }),
      RUNS,
    );
  });

  it('reviseArea (operation then smoothing, without a grid copy)', () => {
    fc.assert(
      fc.property(caseArb, ({ grid, mask, edge, operation, value, range, smooth }) => {
        const revision = { operation, value, edge, range, ...(smooth ? { smooth } : {}) };
        const before = bits(grid.values);
        same(
          reviseArea(grid, mask, revision),
          reference.reviseAreaReference(grid, mask, revision, composePatches, (v, p) => applyPatch(v, p, { verify: false })),
        );
        expect(bits(grid.values)).toEqual(before);
      }),
      RUNS,
    );
  });

  it('edgeWeights', () => {
    fc.assert(
      fc.property(caseArb, ({ mask, edge }) => {
        expect(bits(edgeWeights(mask, edge))).toEqual(bits(reference.edgeWeights(mask, edge)));
      }),
      RUNS,
    );
  });

  it('stay exact when a small area follows a large one (scratch reuse)', () => {
    const big = gridFromValues(
      { lon0: 0, lat0: 0, dx: 1, dy: 1, nx: 300, ny: 200 },
      new Float32Array(60000).map((_, k) => Math.sin(k)),
    );
    const bigMask = rasterizeArea(big, {
      type: 'Polygon',
      coordinates: [
        [
          [10, 10],
          [280, 20],
          [150, 190],
          [10, 10],
        ],
      ],
    });
    for (const edge of [{ type: 'taper' }, { type: 'ramp', cells: 5 }, { type: 'ramp', cells: 20 }] as const) {
      same(
        editArea(big, bigMask, { operation: 'add', value: 1, edge }),
        reference.editArea(big, bigMask, { operation: 'add', value: 1, edge }),
      );
      same(smoothArea(big, bigMask, { size: 5, edge }), reference.smoothArea(big, bigMask, { size: 5, edge }));
    }
    fc.assert(
      fc.property(caseArb, ({ grid, mask, edge }) => {
        same(smoothArea(grid, mask, { edge }), reference.smoothArea(grid, mask, { edge }));
      }),
      { numRuns: 50 },
    );
  });
});

describe('the distance transform from envelope pieces (taper, ramps over 8 cells) on larger areas', () => {
  // Grids up to 120 × 90 with a polygon or two of up to 12 vertices, or bands spanning the grid from its top row to its
  // bottom one (columns without any outside cell: the reference's whole-row envelope), so that runs are long and their
  // envelopes have many pieces, finished from the row below inside the same pass.
  const areaArb = fc.record({ nx: fc.integer({ min: 20, max: 120 }), ny: fc.integer({ min: 20, max: 90 }) }).chain(({ nx, ny }) => {
    const geometry = { lon0: 0, lat0: 0, dx: 1, dy: 1, nx, ny };
    const ring = fc
      .array(fc.tuple(fc.double({ min: -5, max: nx + 4, noNaN: true }), fc.double({ min: -5, max: ny + 4, noNaN: true })), {
        minLength: 3,
        maxLength: 12,
      })
      .map((r) => ({ type: 'Polygon' as const, coordinates: [[...r, r[0]!]] }));
    const band = fc.tuple(fc.integer({ min: 0, max: nx - 1 }), fc.integer({ min: 1, max: nx })).map(([i, w]) => ({
      type: 'Polygon' as const,
      coordinates: [
        [
          [i - 0.5, -1],
          [i + w, -1],
          [i + w, ny],
          [i - 0.5, ny],
          [i - 0.5, -1],
        ],
      ],
    }));
    return fc.record({
      geometry: fc.constant(geometry),
      shapes: fc.array(fc.oneof({ weight: 4, arbitrary: ring }, { weight: 1, arbitrary: band }), { minLength: 1, maxLength: 2 }),
    });
  });

  it('equal the reference bit for bit, weights and edits', () => {
    fc.assert(
      fc.property(
        areaArb,
        fc.constantFrom<EdgeMode>({ type: 'taper' }, { type: 'ramp', cells: 9 }, { type: 'ramp', cells: 30.5 }),
        ({ geometry, shapes }, edge) => {
          const mask = rasterizeArea(geometry, shapes);
          expect(bits(edgeWeights(mask, edge))).toEqual(bits(reference.edgeWeights(mask, edge)));
          const grid = gridFromValues(
            geometry,
            new Float32Array(geometry.nx * geometry.ny).map((_, k) => Math.sin(k / 7) * 20),
          );
          same(
            editArea(grid, mask, { operation: 'add', value: 1.5, edge }),
            reference.editArea(grid, mask, { operation: 'add', value: 1.5, edge }),
          );
          // The same cells given as bytes (no runs of their own) give the same weights.
          const bytes = maskFromCells(geometry.nx, geometry.ny, mask.inside.slice());
          expect(bits(edgeWeights(bytes, edge))).toEqual(bits(edgeWeights(mask, edge)));
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('a drawn mask keeps its cells as runs', () => {
  it('the runs are the maximal spans of its cells, row by row, and make its `inside`', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 40 }),
        fc.array(
          fc
            .array(fc.tuple(fc.double({ min: 99, max: 107, noNaN: true }), fc.double({ min: 35, max: 41, noNaN: true })), {
              minLength: 3,
              maxLength: 8,
            })
            .map((ring) => ({ type: 'Polygon' as const, coordinates: [[...ring, ring[0]!]] })),
          { minLength: 1, maxLength: 3 },
        ),
        (nx, ny, polygons) => {
          const mask = rasterizeArea({ lon0: 100, lat0: 40, dx: 0.1, dy: -0.1, nx, ny }, polygons);
          const { inside, runs, bounds } = mask;
          expect(runs).toBeDefined();
          const spans: string[] = [];
          if (bounds) {
            for (let r = 0; r <= bounds.j1 - bounds.j0; r++) {
              for (let k = runs!.rowStart[r]!; k < runs!.rowStart[r + 1]!; k++)
                spans.push(`${bounds.j0 + r}:${runs!.start[k]}-${runs!.end[k]}`);
            }
          }
          const expected: string[] = [];
          for (let j = 0; j < ny; j++) {
            for (let i = 0; i < nx; i++) {
              if (!inside[j * nx + i] || (i > 0 && inside[j * nx + i - 1])) continue;
              let e = i;
              while (e + 1 < nx && inside[j * nx + e + 1]) e++;
              expected.push(`${j}:${i}-${e}`);
            }
          }
          expect(spans).toEqual(expected);
        },
      ),
      RUNS,
    );
  });
});

describe('rasterizeArea keeps count and bounds while drawing', () => {
  it('equal those of its cells, for overlapping polygons too', () => {
    const ringArb = fc
      .array(fc.tuple(fc.double({ min: 99, max: 104.5, noNaN: true }), fc.double({ min: 36, max: 41, noNaN: true })), {
        minLength: 3,
        maxLength: 8,
      })
      .map((ring) => ({ type: 'Polygon' as const, coordinates: [[...ring, ring[0]!]] }));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.array(ringArb, { minLength: 1, maxLength: 3 }),
        (nx, ny, polygons) => {
          const mask = rasterizeArea({ lon0: 100, lat0: 40, dx: 0.1, dy: -0.1, nx, ny }, polygons);
          const again = maskFromCells(nx, ny, mask.inside.slice());
          expect(mask.count).toBe(again.count);
          expect(mask.bounds).toEqual(again.bounds);
        },
      ),
      RUNS,
    );
  });
});
