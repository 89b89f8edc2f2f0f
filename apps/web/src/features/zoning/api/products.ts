import type { ZoningExecuteBody, ZoningProduct } from '@agromet/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { downloadRaw, saveBlob } from '../../../lib/download';
import { listQuery, type Paging } from '../../../lib/list-query';
import { pollUntilFinished, pollWhileAny, pollWhileAnyActive } from '../../../lib/product-jobs';
import { request } from '../../../lib/request';
import { downloadName } from '../product/product-rules';
import { invalidateProducts, znKeys } from './keys';

/** Products (of a crop), newest first; polled while one on the page is still being made. */
export function useProductPage(cropId: number | undefined, paging: Paging) {
  const query = listQuery({ cropId }, paging);
  return useQuery({
    queryKey: znKeys.productPage(query),
    queryFn: ({ signal }) => request('zoningProductPage', { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileAnyActive,
  });
}

/** One product; polled until it is done or failed. */
export function useProduct(id: number | undefined) {
  return useQuery({
    queryKey: znKeys.product(id ?? 0),
    queryFn: ({ signal }) => request('zoningProduct', { query: { productId: id! }, signal }),
    enabled: id !== undefined,
    refetchInterval: pollUntilFinished,
  });
}

/** Products queued or running, with progress; polled while there are any. */
export function useRunningProducts(enabled = true) {
  return useQuery({
    queryKey: znKeys.running,
    queryFn: ({ signal }) => request('zoningRunning', { signal }),
    enabled,
    refetchInterval: pollWhileAny,
  });
}

export function useExecuteZoning() {
  return useMutation({
    mutationFn: (body: ZoningExecuteBody) => request('zoningExecute', { body }),
    onSuccess: () => invalidateProducts(),
  });
}

export function useDeleteProduct() {
  return useMutation({
    mutationFn: (productId: number) => request('zoningDelete', { body: { productId } }),
    onSuccess: () => invalidateProducts(),
  });
}

/** The product's zip (GeoTIFF, PNG map, CSV statistics, JSON), saved as a file; resolves the file name. */
export async function downloadProduct(product: Pick<ZoningProduct, 'id' | 'name'>): Promise<string> {
  const blob = await downloadRaw('zoningDownload', { productId: product.id });
  const filename = downloadName(product);
  saveBlob(blob, filename);
  return filename;
}

/** Why a cell got its class (4100 outside the product's grid). */
export function queryCell(productId: number, lon: number, lat: number, signal?: AbortSignal) {
  return request('zoningQuery', { body: { productId, lon, lat }, signal, silent: true });
}
