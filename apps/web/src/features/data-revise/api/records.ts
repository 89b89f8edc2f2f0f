import type { RecoveryResult, RevisionRecord } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { noteGridVersion } from '../../../components/map/grid-version';
import type { Paging } from '../../../lib/list-query';
import { queryClient } from '../../../lib/query-client';
import { request } from '../../../lib/request';
import { recordQueryOf, type RecordListFilters } from '../records/record-filters';
import { selectionOfRecord } from '../records/record-summary';
import { drKeys, invalidateRecords } from './keys';

/** Revision records, newest first, with filters and paging (GET /api/record/findByRecord). */
export function useRecordPage(filters: RecordListFilters, paging: Paging) {
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
 * a refusal naming the later records to recover first, and any other failure as a toast. The grid's new version goes
 * to the query cache, so the map draws it when it shows that grid.
 */
export function useRecoverRecord() {
  return useMutation({
    mutationFn: (rec: Pick<RevisionRecord, 'id' | 'type' | 'factor' | 'baseTime' | 'lead'>): Promise<RecoveryResult> =>
      request('recordRecovery', { query: { id: rec.id }, silent: true }),
    onSuccess: (result, rec) => noteGridVersion(queryClient, { ...selectionOfRecord(rec), lead: result.lead }, result.version),
    onSettled: () => invalidateRecords(),
  });
}
