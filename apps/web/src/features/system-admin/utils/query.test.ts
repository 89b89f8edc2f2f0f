import { describe, expect, it } from 'vitest';
import { compactQuery, DEFAULT_PAGE_SIZE, listQuery, normalisePaging } from './query';

describe('list queries', () => {
  it('drops empty filters and trims text', () => {
    expect(compactQuery({ keyword: '  abc ', customerId: undefined, roleId: null, ip: '   ', zoom: 0 })).toEqual({ keyword: 'abc', zoom: 0 });
  });

  it('adds paging, never above 100 rows', () => {
    expect(listQuery({ keyword: 'x' }, { page: 3, size: 500 })).toEqual({ keyword: 'x', page: 3, size: 100 });
  });

  it('normalises what the table reports', () => {
    expect(normalisePaging(undefined, undefined)).toEqual({ page: 1, size: DEFAULT_PAGE_SIZE });
    expect(normalisePaging(0, 0)).toEqual({ page: 1, size: DEFAULT_PAGE_SIZE });
    expect(normalisePaging(2.7, 1000)).toEqual({ page: 2, size: 100 });
    expect(normalisePaging(4, 50)).toEqual({ page: 4, size: 50 });
  });
});
