import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceToOutside } from './distance-transform.js';
import { maskFromCells } from './mask.js';

// Brute force: the distance to the nearest cell of the grid outside the mask.
function bruteForce(nx: number, ny: number, inside: Uint8Array, i: number, j: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let jj = 0; jj < ny; jj++) {
    for (let ii = 0; ii < nx; ii++) {
      if (!inside[jj * nx + ii]) best = Math.min(best, Math.hypot(ii - i, jj - j));
    }
  }
  return best;
}

describe('distance to the nearest cell outside the area', () => {
  it('is exact Euclidean, in cells, on a hand-made mask', () => {
    // 7 × 7, inside: the 5 × 5 centre block
    const inside = new Uint8Array(49);
    for (let j = 1; j <= 5; j++) for (let i = 1; i <= 5; i++) inside[j * 7 + i] = 1;
    const result = distanceToOutside(maskFromCells(7, 7, inside))!;
    expect(result.box).toEqual({ i0: 0, i1: 6, j0: 0, j1: 6 });
    const at = (i: number, j: number) => result.distance[j * result.width + i];
    expect(at(0, 0)).toBe(0);
    expect(at(1, 1)).toBe(1);
    expect(at(2, 3)).toBe(2);
    expect(at(3, 3)).toBe(3);
  });

  it('ignores the grid border: an area filling the grid has no finite distance', () => {
    const result = distanceToOutside(maskFromCells(3, 2, new Uint8Array(6).fill(1)))!;
    expect([...result.distance].every((d) => d === Number.POSITIVE_INFINITY)).toBe(true);
  });

  const masks = fc
    .integer({ min: 1, max: 14 })
    .chain((nx) =>
      fc
        .integer({ min: 1, max: 12 })
        .chain((ny) => fc.uint8Array({ min: 0, max: 1, minLength: nx * ny, maxLength: nx * ny }).map((inside) => ({ nx, ny, inside }))),
    );

  it('matches brute force on random masks', () => {
    fc.assert(
      fc.property(masks, ({ nx, ny, inside }) => {
        const result = distanceToOutside(maskFromCells(nx, ny, inside));
        if (!result) return inside.every((v) => v === 0);
        const { box, width } = result;
        for (let j = box.j0; j <= box.j1; j++) {
          for (let i = box.i0; i <= box.i1; i++) {
            const got = result.distance[(j - box.j0) * width + (i - box.i0)]!;
            const expected = bruteForce(nx, ny, inside, i, j);
            if (expected === Number.POSITIVE_INFINITY ? got !== expected : Math.abs(got - expected) > 1e-9) return false;
          }
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('is exact below a limit and at least the limit beyond it', () => {
    // mostly inside, so that distances reach past the limit
    const sparse = fc.integer({ min: 1, max: 30 }).chain((nx) =>
      fc.integer({ min: 1, max: 30 }).chain((ny) =>
        fc.array(fc.integer({ min: 0, max: nx * ny - 1 }), { maxLength: 6 }).map((holes) => {
          const inside = new Uint8Array(nx * ny).fill(1);
          for (const h of holes) inside[h] = 0;
          return { nx, ny, inside };
        }),
      ),
    );
    fc.assert(
      fc.property(fc.oneof(masks, sparse), fc.double({ min: 0.5, max: 8, noNaN: true }), ({ nx, ny, inside }, limit) => {
        const result = distanceToOutside(maskFromCells(nx, ny, inside), limit);
        if (!result) return true;
        const { box, width } = result;
        for (let j = box.j0; j <= box.j1; j++) {
          for (let i = box.i0; i <= box.i1; i++) {
            const got = result.distance[(j - box.j0) * width + (i - box.i0)]!;
            const expected = bruteForce(nx, ny, inside, i, j);
            if (expected < limit ? Math.abs(got - expected) > 1e-9 : got < limit) return false;
          }
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });
});
