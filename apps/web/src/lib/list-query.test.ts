import { describe, expect, it } from 'vitest';
import { compactQuery, DEFAULT_PAGE_SIZE, listQuery, normalisePaging, pageOfIndex } from './list-query';

describe('list queries', () => {
  it('drops empty filters and trims text', () => {
    expect(compactQuery({ keyword: '  abc ', customerId: undefined, roleId: null, ip: '   ', zoom: 0 })).toEqual({
      keyword: 'abc',
      zoom: 0,
    });
    expect(compactQuery({ a: ' x ', b: '', c: null, d: undefined, e: 0, f: Number.NaN, g: true })).toEqual({ a: 'x', e: 0, g: true });
  });

  it('adds paging, never above 100 rows', () => {
    expect(listQuery({ keyword: 'x' }, { page: 3, size: 500 })).toEqual({ keyword: 'x', page: 3, size: 100 });
    expect(listQuery({ keyword: '  ' }, { page: 2, size: 500 })).toEqual({ page: 2, size: 100 });
  });

  it('normalises what the table reports', () => {
    expect(normalisePaging(undefined, undefined)).toEqual({ page: 1, size: DEFAULT_PAGE_SIZE });
    expect(normalisePaging(0, 0)).toEqual({ page: 1, size: DEFAULT_PAGE_SIZE });
    expect(normalisePaging(2.7, 1000)).toEqual({ page: 2, size: 100 });
    expect(normalisePaging(4, 50)).toEqual({ page: 4, size: 50 });
  });

  it('falls back to the size it is given', () => {
    expect(normalisePaging(undefined, undefined, 10)).toEqual({ page: 1, size: 10 });
    expect(normalisePaging(2.7, 0, 10)).toEqual({ page: 2, size: 10 });
    expect(normalisePaging(3, 50, 10)).toEqual({ page: 3, size: 50 });
  });

  it('finds the page of a row of the whole list', () => {
    expect(pageOfIndex(0, 10)).toBe(1);
    expect(pageOfIndex(9, 10)).toBe(1);
    expect(pageOfIndex(10, 10)).toBe(2);
    expect(pageOfIndex(-1, 10)).toBe(1);
    expect(pageOfIndex(5, 0)).toBe(1);
  });
});
