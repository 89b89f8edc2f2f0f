import type { MapProduct, ProductFormat, ProductMakeBody, ProductPreviewBody } from '@agromet/contracts';
import { API_ENDPOINTS } from '@agromet/contracts/web';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { downloadRaw, saveBlob } from '../../../lib/download';
import { useBoundaryAreas } from '../../../lib/boundary-area-names';
import { pollUntilFinished, pollWhileAnyActive } from '../../../lib/product-jobs';
import { http, request } from '../../../lib/request';
import { invalidateProducts, pdKeys } from './keys';

/** The forecast catalogue: types, their elements (derived ones too) and the runs with grids. */
export function useCatalog() {
  return useQuery({ queryKey: pdKeys.catalog, queryFn: ({ signal }) => request('gridCatalog', { signal }), staleTime: 30_000 });
}

/** Names of the areas of a boundary layer (lib/boundary-area-names.ts), under this page's keys. */
export const useBoundaryAreaNames = (url: string | undefined) => useBoundaryAreas(pdKeys.areas(url ?? ''), url);

/** Products, newest first; polled while one on the page is being made. */
export function useProductPage(page: number, size: number) {
  const query = { page, size };
  return useQuery({
    queryKey: pdKeys.productPage(query),
    queryFn: ({ signal }) => request('productPage', { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileAnyActive,
  });
}

/** One product; polled until done or failed. */
export function useProduct(id: number | undefined) {
  return useQuery({
    queryKey: pdKeys.product(id ?? 0),
    queryFn: ({ signal }) => request('productInfo', { query: { id: id! }, signal }),
    enabled: id !== undefined,
    refetchInterval: pollUntilFinished,
  });
}

export function useMakeProduct() {
  return useMutation({
    mutationFn: (body: ProductMakeBody) => request('productMake', { body, silent: true }),
    onSuccess: () => invalidateProducts(),
  });
}

/** The preview PNG (a refusal rejects with the ApiError naming its field; shown by the caller). */
export async function previewProduct(body: ProductPreviewBody, signal?: AbortSignal): Promise<Blob> {
  const def = API_ENDPOINTS.productPreview;
  const data = await http<unknown>(def.method, def.url, { body, responseType: 'blob', timeoutMs: 60_000, signal, silent: true });
  if (data instanceof Blob) return data;
  throw new Error('the preview did not answer an image');
}

/** One made file, saved under its product's title. */
export async function downloadProductFile(file: MapProduct['files'][number], format: ProductFormat): Promise<string> {
  const blob = await downloadRaw('productFile', { id: file.id, format });
  const name = `${file.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'product'}.${format}`;
  saveBlob(blob, name);
  return name;
}
