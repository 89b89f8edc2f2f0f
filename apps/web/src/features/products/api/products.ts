import type { MapProduct, ProductFormat, ProductMakeBody, ProductPreviewBody } from '@agromet/contracts';
import { API_ENDPOINTS } from '@agromet/contracts/web';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { downloadRaw, saveBlob } from '../../../lib/download';
import { http, request } from '../../../lib/request';
import { isActive } from '../product-rules';
import { invalidateProducts, pdKeys } from './keys';

/** How often the page asks after a product being made. */
export const PROGRESS_POLL_MS = 1000;

/** The forecast catalogue: types, their elements (derived ones too) and the runs with grids. */
export function useCatalog() {
  return useQuery({ queryKey: pdKeys.catalog, queryFn: ({ signal }) => request('gridCatalog', { signal }), staleTime: 30_000 });
}

/** Names of the areas of a boundary layer, by their index in its GeoJSON (what `areaCode` names). */
export function useBoundaryAreaNames(url: string | undefined) {
  return useQuery({
    queryKey: pdKeys.areas(url ?? ''),
    enabled: !!url,
    staleTime: 300_000,
    queryFn: async ({ signal }) => {
      const body = await http<unknown>('GET', url!, { responseType: 'blob', timeoutMs: 60_000, signal });
      const json = (body instanceof Blob ? JSON.parse(await body.text()) : body) as {
        features?: Array<{ properties?: { name?: unknown } | null }>;
      };
      return (json.features ?? []).map((f, index) => ({
        index,
        name: typeof f.properties?.name === 'string' && f.properties.name ? f.properties.name : `#${index + 1}`,
      }));
    },
  });
}

/** Products, newest first; polled while one on the page is being made. */
export function useProductPage(page: number, size: number) {
  const query = { page, size };
  return useQuery({
    queryKey: pdKeys.productPage(query),
    queryFn: ({ signal }) => request('productPage', { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((p) => isActive(p.status)) ? PROGRESS_POLL_MS : false),
  });
}

/** One product; polled until done or failed. */
export function useProduct(id: number | undefined) {
  return useQuery({
    queryKey: pdKeys.product(id ?? 0),
    queryFn: ({ signal }) => request('productInfo', { query: { id: id! }, signal }),
    enabled: id !== undefined,
    refetchInterval: (q) => (q.state.data && !isActive(q.state.data.status) ? false : PROGRESS_POLL_MS),
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
