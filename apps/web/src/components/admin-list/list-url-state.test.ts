import { describe, expect, it } from 'vitest';
import { listStateFromSearch, searchFromListState, type FilterKey } from './list-url-state';

type Filters = { keyword?: string; grade?: string; status?: string };
const keys: FilterKey<Filters>[] = [{ key: 'keyword' }, { key: 'grade', values: ['AAAA', 'AAAAA'] }, { key: 'status' }];
const defaults = { filters: { status: 'pending' } as Filters, size: 10 };
const read = (query: string) => listStateFromSearch(new URLSearchParams(query), keys, defaults);
const write = (state: ReturnType<typeof read>, query = '') =>
  searchFromListState(new URLSearchParams(query), keys, state, defaults).toString();

describe('list state in the address', () => {
  it('opens with the defaults when the address says nothing', () => {
    expect(read('')).toEqual({ filters: { status: 'pending' }, paging: { page: 1, size: 10 } });
  });

  it('reads the filters and paging it knows', () => {
    expect(read('keyword=%20骊山%20&grade=AAAA&page=3&size=50')).toEqual({
      filters: { keyword: '骊山', grade: 'AAAA', status: 'pending' },
      paging: { page: 3, size: 50 },
    });
  });

  it('ignores values outside a filter’s choices, unknown sizes and pages that are not pages', () => {
    expect(read('grade=Z&size=7&page=-2&other=1')).toEqual({ filters: { status: 'pending' }, paging: { page: 1, size: 10 } });
    expect(read('page=abc&size=1000').paging).toEqual({ page: 1, size: 10 });
  });

  it('turns a default filter off when it is given empty', () => {
    expect(read('status=').filters).toEqual({ status: undefined });
  });

  it('writes only what differs from the defaults, keeping other parameters', () => {
    expect(write({ filters: { status: 'pending' }, paging: { page: 1, size: 10 } })).toBe('');
    expect(write({ filters: { keyword: '骊山', grade: 'AAAA', status: undefined }, paging: { page: 2, size: 20 } }, 'lang=en&page=5')).toBe(
      'lang=en&page=2&keyword=%E9%AA%8A%E5%B1%B1&grade=AAAA&status=&size=20',
    );
  });

  it('reads back what it wrote', () => {
    const state = { filters: { keyword: 'a b', grade: 'AAAAA', status: undefined }, paging: { page: 4, size: 100 } };
    expect(read(write(state))).toEqual(state);
  });
});
