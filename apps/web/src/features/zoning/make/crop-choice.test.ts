import { describe, expect, it } from 'vitest';
import { initialCrop, readLastCrop, saveLastCrop } from './crop-choice';

const crops = [
  { id: 1, criteriaCount: 0 },
  { id: 2, criteriaCount: 3 },
  { id: 5, criteriaCount: 1 },
];

describe('the crop zoning starts with', () => {
  it('is the crop last run, else that of the newest product, else the first with criteria, else the first', () => {
    expect(initialCrop(crops, 5, 2)).toBe(5);
    expect(initialCrop(crops, null, 5)).toBe(5);
    expect(initialCrop(crops, 9, null)).toBe(2);
    // A crop without criteria (its criteria since deleted) cannot be run: passed over.
    expect(initialCrop(crops, 1, 1)).toBe(2);
    expect(initialCrop([{ id: 7, criteriaCount: 0 }], null, null)).toBe(7);
    expect(initialCrop([], 1, 2)).toBeUndefined();
  });

  it('remembers the last crop per customer', () => {
    saveLastCrop(3, 5);
    saveLastCrop(4, 2);
    expect(readLastCrop(3)).toBe(5);
    expect(readLastCrop(4)).toBe(2);
    expect(readLastCrop(8)).toBeNull();
  });
});
