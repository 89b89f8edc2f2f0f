import { queryClient } from '../../../lib/query-client';

/** Query keys of the make-risk page; every one starts with 'risk'. */
export const riskKeys = {
  all: ['risk'] as const,
  hazards: ['risk', 'hazards'] as const,
  exposures: ['risk', 'exposures'] as const,
  crops: ['risk', 'crops'] as const,
  catalog: ['risk', 'catalog'] as const,
  areas: (url: string) => ['risk', 'areas', url] as const,
  products: ['risk', 'products'] as const,
  productPage: (query: object) => ['risk', 'products', 'page', query] as const,
  product: (id: number) => ['risk', 'products', 'one', id] as const,
  running: ['risk', 'products', 'running'] as const,
};

/** After a product was made or deleted: the lists, and the hazards (their product counts). */
export function invalidateRiskProducts(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: riskKeys.products }),
    queryClient.invalidateQueries({ queryKey: riskKeys.hazards }),
  ]).then(() => undefined);
}
