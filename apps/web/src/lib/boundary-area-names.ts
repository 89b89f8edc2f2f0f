import { useQuery } from '@tanstack/react-query';
import { http } from './request';

/**
 * Names of the areas of a boundary layer, by their index in its GeoJSON (what `areaCode` names), for the forms that
 * make a product over one area (map products, risk). `queryKey` keeps them under the asking page's keys.
 */
export function useBoundaryAreas(queryKey: readonly unknown[], url: string | undefined) {
  return useQuery({
    queryKey,
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
