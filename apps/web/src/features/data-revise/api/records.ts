import type { RecoveryResult } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Paging } from '../../../lib/list-query';
import { request } from '../../../lib/request';
import { recordQueryOf, type RecordFilterValues } from '../records/record-filters';
import { drKeys, invalidateRecords } from './keys';

/** Revision records, newest first, with filters and paging (GET /api/record/findByRecord). */
export function useRecordPage(filters: RecordFilterValues, paging: Paging) {
  const query = recordQueryOf(filters, paging);
  return useQuery({
    queryKey: drKeys.recordPage(query),
    queryFn: ({ signal }) => request('recordList', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One record with its changed area, change statistics and the records blocking its recovery (GET /api/record/detail). */
export function useRecordDetail(id: number | null) {
  return useQuery({
    queryKey: drKeys.recordDetail(id ?? 0),
    queryFn: ({ signal }) => request('recordDetail', { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/**
 * Restores the cells a record changed (GET /api/record/recovery): a new, recorded revision. Silent: the page shows
 * a refusal naming the later records to recover first, and any other failure as a toast.
 */
export function useRecoverRecord() {
  return useMutation({
    mutationFn: (id: number): Promise<RecoveryResult> => request('recordRecovery', { query: { id }, silent: true }),
    onSettled: () => invalidateRecords(),
  });
}
