import { describe, expect, it } from 'vitest';
import { edgeWeights, editArea, smoothArea, type AreaEdit } from './area-ops.js';
import { createGrid, gridFromValues, type Grid } from './grid.js';
import { maskFromCells, rasterizeArea } from './mask.js';
import { applyPatch, type Patch } from './patch.js';

// 7 × 7 grid of 10s; the area is the 5 × 5 centre block. Distances to the nearest outside cell:
// 1 on the block's outer ring, 2 on the next ring, 3 at the centre cell (3,3).
const geometry = { lon0: 0, lat0: 0, dx: 1, dy: 1, nx: 7, ny: 7 };
const block = rasterizeArea(geometry, {
  type: 'Polygon',
  coordinates: [
    [
      [0.5, 0.5],
      [5.5, 0.5],
      [5.5, 5.5],
      [0.5, 5.5],
      [0.5, 0.5],
    ],
  ],
});
const tens = () => createGrid(geometry, 10);

function applied(grid: Grid, patch: Patch): Grid {
  const copy = { ...grid, values: grid.values.slice() };
  applyPatch(copy.values, patch);
  return copy;
}

const at = (g: Grid, i: number, j: number) => g.values[j * g.nx + i]!;
/** Values at: outside (0,0), outer ring (1,3), second ring (2,3), centre (3,3). */
const probe = (g: Grid) => [at(g, 0, 0), at(g, 1, 3), at(g, 2, 3), at(g, 3, 3)];

function edited(edit: AreaEdit): number[] {
  const grid = tens();
  return probe(applied(grid, editArea(grid, block, edit)));
}

describe('area edits', () => {
  it('apply each operation in full with a flat edge', () => {
    expect(edited({ operation: 'assign', value: 3 })).toEqual([10, 3, 3, 3]);
    expect(edited({ operation: 'add', value: 2.5 })).toEqual([10, 12.5, 12.5, 12.5]);
    expect(edited({ operation: 'subtract', value: 4 })).toEqual([10, 6, 6, 6]);
    expect(edited({ operation: 'multiply', value: 1.5 })).toEqual([10, 15, 15, 15]);
    expect(edited({ operation: 'divide', value: 4 })).toEqual([10, 2.5, 2.5, 2.5]);
  });

  it('fade over a ramp of N cells: w = min(1, d / N)', () => {
    const ramp = { type: 'ramp', cells: 2 } as const;
    expect(edited({ operation: 'add', value: 4, edge: ramp })).toEqual([10, 12, 14, 14]);
    expect(edited({ operation: 'subtract', value: 4, edge: ramp })).toEqual([10, 8, 6, 6]);
    expect(edited({ operation: 'assign', value: 0, edge: ramp })).toEqual([10, 5, 0, 0]);
    // multiply → old·((f − 1)·w + 1); divide → old / ((f − 1)·w + 1)
    expect(edited({ operation: 'multiply', value: 2, edge: ramp })).toEqual([10, 15, 20, 20]);
    expect(edited({ operation: 'divide', value: 2, edge: ramp })).toEqual([10, Math.fround(10 / 1.5), 5, 5]);
  });

  it('taper from 1 at the innermost cell to 0 at the border: w = d / dmax', () => {
    expect(edited({ operation: 'add', value: 3, edge: { type: 'taper' } })).toEqual([10, 11, 12, 13]);
    const w = edgeWeights(block, { type: 'taper' });
    expect([w[3 * 7 + 1], w[3 * 7 + 2], w[3 * 7 + 3], w[0]]).toEqual([Math.fround(1 / 3), Math.fround(2 / 3), 1, 0]);
  });

  it('taper each separate part of the area towards its own centre', () => {
    const inside = new Uint8Array(49);
    for (let j = 1; j <= 5; j++) for (let i = 1; i <= 5; i++) inside[j * 7 + i] = 1;
    const withIsland = maskFromCells(7, 9, new Uint8Array([...inside, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]));
    const w = edgeWeights(withIsland, { type: 'taper' });
    expect(w[3 * 7 + 3]).toBe(1);
    expect(w[8 * 7 + 3]).toBe(1); // the one-cell island is its own innermost cell
  });

  it('measure the ramp distance in Euclidean cells', () => {
    // everything is in the area except the corner cell (0,0); the grid border is not an area border
    const inside = new Uint8Array(49).fill(1);
    inside[0] = 0;
    const mask = maskFromCells(7, 7, inside);
    const w = edgeWeights(mask, { type: 'ramp', cells: 10 });
    expect(w[1 * 7 + 1]).toBe(Math.fround(Math.SQRT2 / 10));
    expect(w[3 * 7 + 3]).toBe(Math.fround(Math.sqrt(18) / 10));
    expect(w[0 * 7 + 6]).toBe(Math.fround(0.6));
  });

  it('clip results to the valid range', () => {
    expect(edited({ operation: 'add', value: 100, range: { min: 0, max: 50 } })).toEqual([10, 50, 50, 50]);
    expect(edited({ operation: 'subtract', value: 100, range: { min: -5, max: 50 }, edge: { type: 'ramp', cells: 2 } })).toEqual([
      10, -5, -5, -5,
    ]);
  });

  it('keep missing cells missing and return only the cells that changed', () => {
    const grid = tens();
    grid.values[3 * 7 + 3] = Number.NaN;
    const patch = editArea(grid, block, { operation: 'add', value: 1 });
    expect(patch.indices.length).toBe(24);
    expect([...patch.indices]).not.toContain(3 * 7 + 3);
    expect([...patch.indices]).toEqual([...patch.indices].sort((a, b) => a - b));
    expect(Number.isNaN(applied(grid, patch).values[3 * 7 + 3]!)).toBe(true);
    expect(editArea(grid, block, { operation: 'assign', value: 10 }).indices.length).toBe(0);
    expect(editArea(grid, block, { operation: 'multiply', value: 1 }).indices.length).toBe(0);
  });

  it('do not modify the grid themselves', () => {
    const grid = tens();
    editArea(grid, block, { operation: 'assign', value: 0 });
    expect(grid.values.every((v) => v === 10)).toBe(true);
  });

  it('refuse bad input', () => {
    const grid = tens();
    expect(() => editArea(grid, block, { operation: 'divide', value: 0 })).toThrow(/> 0/);
    expect(() => editArea(grid, block, { operation: 'add', value: Number.NaN })).toThrow(/finite/);
    expect(() => editArea(grid, block, { operation: 'add', value: 1, range: { min: 2, max: 1 } })).toThrow(/range/);
    expect(() => editArea(grid, block, { operation: 'add', value: 1, edge: { type: 'ramp', cells: 0 } })).toThrow(/ramp/);
    expect(() => editArea(createGrid({ ...geometry, nx: 6 }, 0), block, { operation: 'add', value: 1 })).toThrow(/mask/);
  });
});

describe('area smoothing', () => {
  //   j0: 1 0 0 4
  //   j1: 0 9 0 0
  //   j2: 2 0 0 0
  const field = () => gridFromValues({ lon0: 0, lat0: 0, dx: 1, dy: 1, nx: 4, ny: 3 }, [1, 0, 0, 4, 0, 9, 0, 0, 2, 0, 0, 0]);
  const cells = (...ij: [number, number][]) => {
    const inside = new Uint8Array(12);
    for (const [i, j] of ij) inside[j * 4 + i] = 1;
    return maskFromCells(4, 3, inside);
  };

  it('takes the N × N mean of the original values, off-grid cells left out', () => {
    const grid = field();
    const result = applied(grid, smoothArea(grid, cells([1, 1], [2, 1], [0, 0])));
    expect(at(result, 1, 1)).toBe(Math.fround(12 / 9));
    // uses the original 9 at (1,1), not its smoothed value
    expect(at(result, 2, 1)).toBe(Math.fround(13 / 9));
    expect(at(result, 0, 0)).toBe(Math.fround(10 / 4));
    expect(at(result, 3, 0)).toBe(4);
  });

  it('leaves missing neighbours out and missing cells missing', () => {
    const grid = field();
    grid.values[3] = Number.NaN;
    grid.values[4] = Number.NaN;
    const result = applied(grid, smoothArea(grid, cells([2, 1], [0, 1])));
    expect(at(result, 2, 1)).toBe(Math.fround(9 / 8));
    expect(Number.isNaN(at(result, 0, 1))).toBe(true);
  });

  it('supports other odd sizes, edges and clipping', () => {
    const grid = field();
    const all = cells([0, 0], [1, 0], [2, 0], [3, 0], [0, 1], [1, 1], [2, 1], [3, 1], [0, 2], [1, 2], [2, 2], [3, 2]);
    const five = applied(grid, smoothArea(grid, all, { size: 5 }));
    expect(at(five, 1, 1)).toBe(Math.fround(16 / 12));
    const clipped = applied(grid, smoothArea(grid, cells([1, 1]), { range: { min: 2, max: 3 } }));
    expect(at(clipped, 1, 1)).toBe(2);
    expect(smoothArea(grid, all, { size: 1 }).indices.length).toBe(0);
    expect(() => smoothArea(grid, all, { size: 4 })).toThrow(/odd/);
  });

  it('blends by the edge weight', () => {
    const grid = tens();
    grid.values[3 * 7 + 2] = 100;
    // ramp 2: (3,3) and (2,3) have w = 1 and get the full mean (100 + 8·10)/9 = 20; the outer
    // ring has w = 0.5: 10 + (20 − 10)·0.5
    const result = applied(grid, smoothArea(grid, block, { edge: { type: 'ramp', cells: 2 } }));
    expect(at(result, 3, 3)).toBe(20);
    expect(at(result, 2, 3)).toBe(20);
    expect(at(result, 1, 3)).toBe(15);
    expect(at(result, 0, 3)).toBe(10);
  });
});
