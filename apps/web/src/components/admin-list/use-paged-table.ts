import type { TablePaginationConfig, TableProps } from 'antd';
import { useCallback, useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, normalisePaging, PAGE_SIZES, type Paging } from '../../lib/list-query';

/** Page and size of a list, and a reset to page 1 (after a new search or filter). */
export function usePaging(pageSize: number = DEFAULT_PAGE_SIZE) {
  const [paging, setPaging] = useState<Paging>(() => ({ page: 1, size: pageSize }));
  const toFirstPage = useCallback(() => setPaging((p) => (p.page === 1 ? p : { ...p, page: 1 })), []);
  return { paging, setPaging, toFirstPage };
}

/** The keyword of a list's search box: a new search shows its results from page 1. */
export function useKeyword(toFirstPage: () => void): [keyword: string, search: (keyword: string) => void] {
  const [keyword, setKeyword] = useState('');
  const search = useCallback(
    (next: string) => {
      setKeyword(next);
      toFirstPage();
    },
    [toFirstPage],
  );
  return [keyword, search];
}

/** The "N in total" text beside a table's pager. */
export function useShowTotal(): (total: number) => string {
  const { t } = useTranslation();
  return useCallback((total: number) => t('adminList.total', { total }), [t]);
}

/** The paging of a short table whose rows are all in the browser: none while `rows` fit a page, else small pages. */
export function shortTablePaging(rows: number, pageSize: number): TablePaginationConfig | false {
  return rows > pageSize ? { pageSize, size: 'small', showSizeChanger: false } : false;
}

/** What a list query (one page of rows and the count of all) gives its table. */
export interface PagedQuery<T> {
  data: { total: number; list: T[] } | undefined;
  isFetching: boolean;
}

export type PagedTableProps<T> = Required<Pick<TableProps<T>, 'rowKey' | 'dataSource' | 'loading' | 'pagination' | 'scroll'>>;

const NO_ROWS: never[] = [];

/**
 * The props every paged list table shares: rows keyed by id, the current page with a spinner while it is fetched,
 * server paging (10 to 100 rows, "N in total"), and sideways scrolling when the columns are wide. A page left empty
 * (its last rows were deleted) falls back to the last page that has rows.
 */
export function usePagedTableProps<T>(
  query: PagedQuery<T>,
  paging: Paging,
  setPaging: Dispatch<SetStateAction<Paging>>,
): PagedTableProps<T> {
  const showTotal = useShowTotal();
  const { data } = query;
  useEffect(() => {
    if (data && data.list.length === 0 && data.total > 0 && paging.page > 1) {
      setPaging((p) => ({ ...p, page: Math.max(1, Math.ceil(data.total / p.size)) }));
    }
  }, [data, paging.page, setPaging]);

  const pagination = useMemo<TablePaginationConfig>(
    () => ({
      current: paging.page,
      pageSize: paging.size,
      total: data?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES.map(String),
      showTotal,
      onChange: (page, size) => setPaging((p) => normalisePaging(page, size, p.size)),
    }),
    [paging, data?.total, showTotal, setPaging],
  );

  return { rowKey: 'id', dataSource: data?.list ?? NO_ROWS, loading: query.isFetching, pagination, scroll: { x: 'max-content' } };
}
