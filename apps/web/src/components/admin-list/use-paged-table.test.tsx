// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { shortTablePaging, useKeyword, usePagedTableProps, usePaging, type PagedQuery } from './use-paged-table';

type Row = { id: number };

function usePagedList(query: PagedQuery<Row>, pageSize?: number) {
  const { paging, setPaging, toFirstPage } = usePaging(pageSize);
  const [keyword, search] = useKeyword(toFirstPage);
  return { paging, toFirstPage, keyword, search, table: usePagedTableProps(query, paging, setPaging) };
}

const page = (total: number, ids: number[]): PagedQuery<Row> => ({ data: { total, list: ids.map((id) => ({ id })) }, isFetching: false });

describe('paged tables', () => {
  it('starts on page 1 with the size it is given', () => {
    expect(renderHook(() => usePagedList(page(0, []))).result.current.paging).toEqual({ page: 1, size: 20 });
    expect(renderHook(() => usePagedList(page(0, []), 10)).result.current.paging).toEqual({ page: 1, size: 10 });
  });

  it('gives the table its rows, spinner and server paging', async () => {
    await i18n.changeLanguage('en');
    const { result } = renderHook(() => usePagedList({ ...page(42, [1, 2]), isFetching: true }));
    const { table } = result.current;
    expect(table.rowKey).toBe('id');
    expect(table.dataSource).toEqual([{ id: 1 }, { id: 2 }]);
    expect(table.loading).toBe(true);
    expect(table.scroll).toEqual({ x: 'max-content' });
    const pagination = table.pagination as Exclude<typeof table.pagination, false>;
    expect(pagination).toMatchObject({
      current: 1,
      pageSize: 20,
      total: 42,
      showSizeChanger: true,
      pageSizeOptions: ['10', '20', '50', '100'],
    });
    expect(pagination.showTotal?.(42, [1, 20])).toBe('42 in total');
  });

  it('turns pages within what the server accepts, and back to page 1 on a new search', () => {
    const { result } = renderHook(() => usePagedList(page(300, [1])));
    const pagination = () => result.current.table.pagination as Exclude<typeof result.current.table.pagination, false>;
    act(() => pagination().onChange?.(3, 500));
    expect(result.current.paging).toEqual({ page: 3, size: 100 });
    act(() => result.current.search('abc'));
    expect(result.current.keyword).toBe('abc');
    expect(result.current.paging).toEqual({ page: 1, size: 100 });
  });

  it('falls back to the last page with rows when the shown page was emptied', () => {
    let query = page(45, [1]);
    const { result, rerender } = renderHook(() => usePagedList(query, 10));
    act(() => (result.current.table.pagination as { onChange: (p: number, s: number) => void }).onChange(5, 10));
    expect(result.current.paging.page).toBe(5);
    query = page(38, []);
    rerender();
    expect(result.current.paging).toEqual({ page: 4, size: 10 });
  });
});

describe('shortTablePaging', () => {
  it('shows a table whole while its rows fit one page, and pages it in small pages after', () => {
    expect(shortTablePaging(0, 10)).toBe(false);
    expect(shortTablePaging(10, 10)).toBe(false);
    expect(shortTablePaging(11, 10)).toEqual({ pageSize: 10, size: 'small', showSizeChanger: false });
    expect(shortTablePaging(9, 8)).toEqual({ pageSize: 8, size: 'small', showSizeChanger: false });
  });
});
