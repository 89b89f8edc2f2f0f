import { describe, expect, it } from 'vitest';
import { formatKb, formatSize } from './format-size';

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [2048, '2 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [3 * 1024 * 1024 + 200 * 1024, '3.2 MB'],
    [3.25 * 1024 ** 3, '3.3 GB'],
    [null, null],
    [undefined, null],
    [-1, null],
    [Number.NaN, null],
  ])('%s → %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});

describe('formatKb', () => {
  it('writes a limit in the unit a size would be written in', () => {
    expect(formatKb(10240)).toBe('10 MB');
    expect(formatKb(2048)).toBe('2 MB');
    expect(formatKb(500)).toBe('500 KB');
    expect(formatKb(1536)).toBe('1.5 MB');
  });
});
