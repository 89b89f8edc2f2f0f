import { queryClient } from '../../../lib/query-client';

/** Query keys of the make-product page; every one starts with 'products'. */
export const pdKeys = {
  all: ['products'] as const,
  catalog: ['products', 'catalog'] as const,
  templates: ['products', 'templates'] as const,
  schedules: ['products', 'schedules'] as const,
  areas: (url: string) => ['products', 'areas', url] as const,
  products: ['products', 'list'] as const,
  productPage: (query: object) => ['products', 'list', 'page', query] as const,
  product: (id: number) => ['products', 'list', 'one', id] as const,
};

export function invalidateTemplates(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: pdKeys.templates });
}

export function invalidateProducts(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: pdKeys.products });
}

export function invalidateSchedules(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: pdKeys.schedules });
}
