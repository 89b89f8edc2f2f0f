import { describe, expect, it } from 'vitest';
import { cellAt, cellCentre, cellIndex, createGrid, flipRows, gridBBox, gridFromValues, sampleBilinear } from './grid.js';

// 3 columns × 2 rows, rows north to south:
//   lat 31: 1 2 3
//   lat 30: 4 5 6
const northSouth = gridFromValues({ lon0: 100, lat0: 31, dx: 1, dy: -1, nx: 3, ny: 2 }, [1, 2, 3, 4, 5, 6]);

describe('grid model', () => {
  it('refuses invalid geometry and value counts', () => {
    expect(() => createGrid({ lon0: 0, lat0: 0, dx: 0, dy: 1, nx: 2, ny: 2 })).toThrow(/dx/);
    expect(() => createGrid({ lon0: 0, lat0: 0, dx: 1, dy: 0, nx: 2, ny: 2 })).toThrow(/dy/);
    expect(() => createGrid({ lon0: 0, lat0: 0, dx: 1, dy: 1, nx: 0, ny: 2 })).toThrow(/size/);
    expect(() => gridFromValues({ lon0: 0, lat0: 0, dx: 1, dy: 1, nx: 2, ny: 2 }, [1, 2, 3])).toThrow(/4 values/);
  });

  it('fills new grids with NaN unless told otherwise', () => {
    expect(Number.isNaN(createGrid({ lon0: 0, lat0: 0, dx: 1, dy: 1, nx: 2, ny: 1 }).values[1]!)).toBe(true);
    expect([...createGrid({ lon0: 0, lat0: 0, dx: 1, dy: 1, nx: 2, ny: 1 }, 7).values]).toEqual([7, 7]);
  });

  it('locates cell centres and cells, rows north to south', () => {
    expect(cellCentre(northSouth, 2, 1)).toEqual({ lon: 102, lat: 30 });
    expect(cellIndex(northSouth, 2, 1)).toBe(5);
    expect(cellAt(northSouth, 102.4, 30.4)).toEqual({ i: 2, j: 1 });
    expect(cellAt(northSouth, 101.6, 30.6)).toEqual({ i: 2, j: 0 });
    expect(cellAt(northSouth, 99.6, 31.4)).toEqual({ i: 0, j: 0 });
    expect(cellAt(northSouth, 99.4, 31)).toBeNull();
    expect(cellAt(northSouth, 101, 29.4)).toBeNull();
  });

  it('samples bilinearly between centres', () => {
    expect(sampleBilinear(northSouth, 100, 31)).toBe(1);
    expect(sampleBilinear(northSouth, 101, 30)).toBe(5);
    expect(sampleBilinear(northSouth, 100.5, 31)).toBeCloseTo(1.5, 12);
    // between 1 2 / 4 5 at a quarter from the west, a quarter from the north: 1·9/16 + 2·3/16 + 4·3/16 + 5·1/16
    expect(sampleBilinear(northSouth, 100.25, 30.75)).toBeCloseTo((9 + 6 + 12 + 5) / 16, 12);
    expect(sampleBilinear(northSouth, 101.5, 30.5)).toBeCloseTo(4, 12);
  });

  it('clamps within the outer half cell and is NaN beyond the extent', () => {
    expect(sampleBilinear(northSouth, 99.6, 31.3)).toBe(1);
    expect(sampleBilinear(northSouth, 102.5, 30.5)).toBeCloseTo(4.5, 12);
    expect(sampleBilinear(northSouth, 99.4, 31)).toBeNaN();
    expect(sampleBilinear(northSouth, 101, 31.6)).toBeNaN();
  });

  it('leaves missing corners out of the interpolation', () => {
    const g = gridFromValues({ lon0: 0, lat0: 0, dx: 1, dy: 1, nx: 2, ny: 2 }, [1, Number.NaN, 3, 5]);
    // at the middle: (1 + 3 + 5) / 3
    expect(sampleBilinear(g, 0.5, 0.5)).toBeCloseTo(3, 12);
    // on the missing corner itself only zero-weight neighbours are valid
    expect(sampleBilinear(g, 1, 0)).toBeNaN();
    // a quarter towards the missing corner along the bottom row: weights 0.75 (value 1) and 0.25 (missing)
    expect(sampleBilinear(g, 0.25, 0)).toBe(1);
  });

  it('works on single-row and single-column grids', () => {
    const row = gridFromValues({ lon0: 0, lat0: 0, dx: 1, dy: 1, nx: 3, ny: 1 }, [0, 10, 20]);
    expect(sampleBilinear(row, 1.5, 0.2)).toBeCloseTo(15, 12);
    const one = gridFromValues({ lon0: 0, lat0: 0, dx: 1, dy: 1, nx: 1, ny: 1 }, [4]);
    expect(sampleBilinear(one, 0.3, -0.3)).toBe(4);
  });

  it('gives the bounding box of cell edges for either row order', () => {
    expect(gridBBox(northSouth)).toEqual({ west: 99.5, east: 102.5, south: 29.5, north: 31.5 });
    const southNorth = gridFromValues({ lon0: 100, lat0: 30, dx: 1, dy: 1, nx: 3, ny: 2 }, [4, 5, 6, 1, 2, 3]);
    expect(gridBBox(southNorth)).toEqual(gridBBox(northSouth));
  });

  it('flips rows into the other latitude order without changing the field', () => {
    const flipped = flipRows(northSouth);
    expect(flipped).toMatchObject({ lat0: 30, dy: 1 });
    expect([...flipped.values]).toEqual([4, 5, 6, 1, 2, 3]);
    for (const [lon, lat] of [
      [100.3, 30.2],
      [101.7, 30.9],
      [102, 31],
    ] as const) {
      expect(sampleBilinear(flipped, lon, lat)).toBeCloseTo(sampleBilinear(northSouth, lon, lat), 6);
    }
  });
});
