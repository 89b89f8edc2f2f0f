import { normalisePaging, PAGE_SIZES, type Paging } from '../../lib/list-query';

/** The filters of a list page: each a text value, or undefined when the filter is off. */
export type ListFilters = Record<string, string | undefined>;

/** What the address may say about one filter: its key, and the values it takes (any text when not given). */
export interface FilterKey<F extends ListFilters> {
  key: keyof F & string;
  values?: readonly string[];
}

/** The longest filter text read from the address (a keyword box takes 64 characters). */
const MAX_VALUE = 200;

/**
 * The filters and paging a list page opens with, from its address (`?grade=4A&page=2&size=50`). A filter the page
 * does not know, a value outside its choices and a page or size that is not one are ignored; a filter given empty
 * (`?status=`) is off even when the page turns it on by default.
 */
export function listStateFromSearch<F extends ListFilters>(
  search: URLSearchParams,
  keys: readonly FilterKey<F>[],
  defaults: { filters: F; size: number },
): { filters: F; paging: Paging } {
  const filters: ListFilters = { ...defaults.filters };
  for (const { key, values } of keys) {
    const raw = search.get(key);
    if (raw === null) continue;
    const value = raw.trim().slice(0, MAX_VALUE);
    if (value === '') filters[key] = undefined;
    else if (!values || values.includes(value)) filters[key] = value;
  }
  const page = Number(search.get('page') ?? 1);
  const size = Number(search.get('size') ?? defaults.size);
  const paging = normalisePaging(page, (PAGE_SIZES as readonly number[]).includes(size) ? size : defaults.size, defaults.size);
  return { filters: filters as F, paging };
}

/**
 * The address's query for a list page's filters and paging: only what differs from how the page opens by default
 * (a default filter turned off is written empty), the address's other parameters kept as they were.
 */
export function searchFromListState<F extends ListFilters>(
  current: URLSearchParams,
  keys: readonly FilterKey<F>[],
  state: { filters: F; paging: Paging },
  defaults: { filters: F; size: number },
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const { key } of keys) {
    const value = state.filters[key];
    if (value === defaults.filters[key]) next.delete(key);
    else next.set(key, value ?? '');
  }
  if (state.paging.page === 1) next.delete('page');
  else next.set('page', String(state.paging.page));
  if (state.paging.size === defaults.size) next.delete('size');
  else next.set('size', String(state.paging.size));
  return next;
}
