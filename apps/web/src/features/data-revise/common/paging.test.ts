import { describe, expect, it } from 'vitest';
import { compactQuery, listQuery, normalisePaging, pageOfIndex } from './paging';

describe('paging', () => {
  it('keeps page and size within what the server accepts', () => {
    expect(normalisePaging(3, 50)).toEqual({ page: 3, size: 50 });
    expect(normalisePaging(0, 500)).toEqual({ page: 1, size: 100 });
    expect(normalisePaging(undefined, undefined)).toEqual({ page: 1, size: 10 });
    expect(normalisePaging(2.7, 0)).toEqual({ page: 2, size: 10 });
  });

  it('finds the page of a row of the whole list', () => {
    expect(pageOfIndex(0, 10)).toBe(1);
    expect(pageOfIndex(9, 10)).toBe(1);
    expect(pageOfIndex(10, 10)).toBe(2);
    expect(pageOfIndex(-1, 10)).toBe(1);
    expect(pageOfIndex(5, 0)).toBe(1);
  });

  it('sends only real filters', () => {
    expect(compactQuery({ a: ' x ', b: '', c: null, d: undefined, e: 0, f: Number.NaN, g: true })).toEqual({ a: 'x', e: 0, g: true });
    expect(listQuery({ keyword: '  ' }, { page: 2, size: 500 })).toEqual({ page: 2, size: 100 });
  });
});
