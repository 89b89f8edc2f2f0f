import type { LogRow } from '@agromet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadRaw, saveBlob } from '../../../lib/download';
import { listQuery, type Paging } from '../../../lib/list-query';
import { request } from '../../../lib/request';
import { exportFilename, type LogFilters } from '../logs/log-filters';
import { saKeys } from './keys';

export function useLogPage(filters: LogFilters, paging: Paging) {
  const query = listQuery({ ...filters }, paging);
  return useQuery({
    queryKey: saKeys.logs(query),
    queryFn: ({ signal }) => request('logPage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One row, fresh from GET /api/log/{id}; the list row is shown meanwhile. */
export function useLog(row: LogRow | null) {
  return useQuery({
    queryKey: saKeys.log(row?.id ?? 0),
    queryFn: ({ signal }) => request('logGet', { params: { id: row!.id }, signal }),
    enabled: row !== null,
    placeholderData: row ?? undefined,
  });
}

/** CSV of the rows matching the filters (GET /api/log/export), saved as a file; resolves the file name. */
export async function exportLogs(filters: LogFilters): Promise<string> {
  const blob = await downloadRaw('logExport', { ...filters });
  const filename = exportFilename();
  saveBlob(blob, filename);
  return filename;
}
