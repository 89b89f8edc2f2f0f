import { describe, expect, it } from 'vitest';
import { formatNumberShort, formatThousands } from './number-format';

describe('formatNumberShort', () => {
  it.each([
    [0, 0, '0'],
    [999, 0, '999'],
    [1000, 0, '1k'],
    [1500, 0, '2k'],
    [1500, 1, '1.5k'],
    [10000, 2, '10k'],
    [1234567, 1, '1.2M'],
    [1234567, 3, '1.235M'],
    [1e9, 0, '1G'],
    [2.5e12, 1, '2.5T'],
    [3e15, 0, '3P'],
    [4.25e18, 2, '4.25E'],
    [1e21, 0, '1000E'],
    [-1500, 1, '-1.5k'],
    [12.5, 1, '12.5'],
  ])('%d with %d digits → %s', (num, digits, expected) => {
    expect(formatNumberShort(num, digits)).toBe(expected);
  });

  it('leaves non-finite numbers alone', () => {
    expect(formatNumberShort(Number.NaN)).toBe('NaN');
    expect(formatNumberShort(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});

describe('formatThousands', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567.891, '1,234,567.891'],
    [-1234567, '-1,234,567'],
  ])('%d → %s', (num, expected) => {
    expect(formatThousands(num)).toBe(expected);
  });
});
