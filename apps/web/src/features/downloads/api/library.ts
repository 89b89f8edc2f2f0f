import type { DownloadItem, DownloadKind } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { DOWNLOAD_TIMEOUT_MS, saveBlob } from '../../../lib/download';
import { listQuery, type Paging } from '../../../lib/list-query';
import { request, requestBinary } from '../../../lib/request';
import { fileNameOf, type LibraryListFilters } from '../library/library-rules';
import { dlKeys, invalidateLibrary } from './keys';

/** The library's filters as the server takes them: those the address keeps, the kind one of the download kinds. */
export type LibraryFilters = Omit<LibraryListFilters, 'kind'> & { kind?: DownloadKind };

export function useLibraryPage(filters: LibraryFilters, paging: Paging) {
  const query = listQuery({ ...filters }, paging);
  return useQuery({
    queryKey: dlKeys.page(query),
    queryFn: ({ signal }) => request('downloadPage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads one item under the name the server gives it (its UTF-8 name). */
export async function downloadItem(item: Pick<DownloadItem, 'id' | 'name'>): Promise<void> {
  const answer = await requestBinary('downloadFile', { query: { id: item.id }, timeoutMs: DOWNLOAD_TIMEOUT_MS });
  const type = answer.headers.get('content-type') ?? 'application/octet-stream';
  saveBlob(new Blob([answer.body], { type }), fileNameOf(answer.headers.get('content-disposition'), item.name));
}

/** Downloads several items as one zip. */
export async function downloadZip(ids: string[]): Promise<void> {
  const answer = await requestBinary('downloadZip', { body: { ids }, timeoutMs: DOWNLOAD_TIMEOUT_MS });
  saveBlob(new Blob([answer.body], { type: 'application/zip' }), fileNameOf(answer.headers.get('content-disposition'), 'downloads.zip'));
}

/** The preview of an item as an object URL (revoked by the caller) with its content type. */
export async function fetchPreview(id: string, thumb = false): Promise<{ url: string; type: string }> {
  const answer = await requestBinary('downloadPreview', { query: { id, ...(thumb ? { thumb: '1' as const } : {}) }, silent: true });
  const type = answer.headers.get('content-type') ?? 'application/octet-stream';
  return { url: URL.createObjectURL(new Blob([answer.body], { type })), type };
}

export function useDeleteDownloads() {
  return useMutation({
    mutationFn: (ids: string[]) => request('downloadDelete', { body: { ids } }),
    onSuccess: () => invalidateLibrary(),
  });
}
