import { cellRuns } from '@agromet/grid';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundingLead, mergeRows } from './consistency.js';

describe('boundingLead', () => {
  it.each([
    // lead, extreme leads, the extreme that bounds it
    [3, [0, 3, 6], 3], // 3-hourly extremes: the same lead
    [3, [24, 48], 24], // daily extremes stored at the end of their window
    [24, [24, 48], 24],
    [27, [24, 48], 48],
    [0, [24, 48], undefined], // the window of the extreme at 24 is (0, 24]
    [50, [24, 48], undefined], // beyond the last day
    [3, [], undefined],
  ])('lead %s with extremes at %j → %s', (lead, extremes, expected) => {
    expect(boundingLead(lead, extremes)).toBe(expected);
  });
});

describe('mergeRows', () => {
  it('joins a run repeated down consecutive rows', () => {
    // 5 × 4 grid: a 2 × 3 block at i 1–2, j 0–2, and a lone cell at (4, 3)
    expect(mergeRows(cellRuns(5, Uint32Array.from([1, 2, 6, 7, 11, 12, 19])))).toEqual([
      { j0: 0, j1: 2, i0: 1, i1: 2 },
      { j0: 3, j1: 3, i0: 4, i1: 4 },
    ]);
  });

  it('covers exactly the cells it was given (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.uniqueArray(fc.nat(143), { maxLength: 80 }), (nx, list) => {
        const cells = Uint32Array.from(list.sort((a, b) => a - b));
        const covered: number[] = [];
        for (const r of mergeRows(cellRuns(nx, cells)))
          for (let j = r.j0; j <= r.j1; j++) for (let i = r.i0; i <= r.i1; i++) covered.push(j * nx + i);
        expect(covered.sort((a, b) => a - b)).toEqual([...cells]);
      }),
    );
  });
});
