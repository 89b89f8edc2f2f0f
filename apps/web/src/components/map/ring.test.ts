import { describe, expect, it } from 'vitest';
import { closeRing } from './ring';

describe('closeRing', () => {
  it('closes an open ring and rounds its positions to 1e-6°', () => {
    expect(
      closeRing([
        [1.00000012, 2],
        [3, 4],
        [5, 6],
      ]),
    ).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [1, 2],
    ]);
  });

  it('leaves a closed ring as it is', () => {
    expect(
      closeRing([
        [1, 2],
        [3, 4],
        [1, 2],
      ]),
    ).toEqual([
      [1, 2],
      [3, 4],
      [1, 2],
    ]);
  });
});
