import type { TablePaginationConfig } from 'antd';
import { useCallback, useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { FIRST_PAGE, normalisePaging, PAGE_SIZES, type Paging } from './paging';

/** Page and size of a list, and a reset to page 1 (after a new search or filter). */
export function usePaging() {
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const toFirstPage = useCallback(() => setPaging((p) => (p.page === 1 ? p : { ...p, page: 1 })), []);
  return { paging, setPaging, toFirstPage };
}

/**
 * Server paging config for an antd Table. A page left empty (the last rows were deleted) falls back
 * to the last page that has rows.
 */
export function useTablePagination(
  paging: Paging,
  setPaging: Dispatch<SetStateAction<Paging>>,
  data: { total: number; list: unknown[] } | undefined,
): TablePaginationConfig {
  const { t } = useTranslation(NS);
  useEffect(() => {
    if (data && data.list.length === 0 && data.total > 0 && paging.page > 1) {
      setPaging((p) => ({ ...p, page: Math.max(1, Math.ceil(data.total / p.size)) }));
    }
  }, [data, paging.page, setPaging]);

  return useMemo<TablePaginationConfig>(
    () => ({
      current: paging.page,
      pageSize: paging.size,
      total: data?.total ?? 0,
      size: 'small',
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES.map(String),
      showTotal: (total) => t('common.total', { total }),
      onChange: (page, size) => setPaging(normalisePaging(page, size)),
    }),
    [paging, data?.total, t, setPaging],
  );
}
