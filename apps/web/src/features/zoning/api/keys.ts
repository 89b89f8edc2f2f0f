import { queryClient } from '../../../lib/query-client';

/** Query keys of the zoning pages; every one starts with 'zoning'. */
export const znKeys = {
  all: ['zoning'] as const,
  crops: ['zoning', 'crops'] as const,
  criteria: ['zoning', 'criteria'] as const,
  criteriaByCrop: (cropId: number | undefined) => ['zoning', 'criteria', 'byCrop', cropId ?? 0] as const,
  criteriaPage: (query: object) => ['zoning', 'criteria', 'page', query] as const,
  criterion: (id: number) => ['zoning', 'criteria', 'one', id] as const,
  factors: ['zoning', 'factors'] as const,
  histogram: (code: string) => ['zoning', 'factors', 'histogram', code] as const,
  grid: (code: string, version: number | null) => ['zoning', 'factors', 'grid', code, version ?? 0] as const,
  products: ['zoning', 'products'] as const,
  productPage: (query: object) => ['zoning', 'products', 'page', query] as const,
  product: (id: number) => ['zoning', 'products', 'one', id] as const,
  running: ['zoning', 'products', 'running'] as const,
};

/** After a change of crops or criteria: lists show counts and names of each other. */
export function invalidateCriteria(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: znKeys.crops }),
    queryClient.invalidateQueries({ queryKey: znKeys.criteria }),
  ]).then(() => undefined);
}

/** After a product was made or deleted: the lists, and the criteria (their product counts). */
export function invalidateProducts(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: znKeys.products }),
    queryClient.invalidateQueries({ queryKey: znKeys.criteria }),
  ]).then(() => undefined);
}
