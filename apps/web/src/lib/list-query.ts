/** List paging of the contracts: 1-based pages of at most 100 rows. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface Paging {
  page: number;
  size: number;
}

/**
 * Page and size the server accepts (page ≥ 1, 1 ≤ size ≤ 100), from whatever the table reports; a size that is
 * not a number of rows becomes `fallbackSize`.
 */
export function normalisePaging(page: number | undefined, size: number | undefined, fallbackSize: number = DEFAULT_PAGE_SIZE): Paging {
  const p = Number.isFinite(page) && page! >= 1 ? Math.floor(page!) : 1;
  const s = Number.isFinite(size) && size! >= 1 ? Math.min(Math.floor(size!), MAX_PAGE_SIZE) : fallbackSize;
  return { page: p, size: s };
}

/** The page (1-based) that shows the row at `index` (0-based) of the whole ordered list. */
export function pageOfIndex(index: number, size: number): number {
  if (!(index >= 0) || !(size >= 1)) return 1;
  return Math.floor(index / size) + 1;
}

type Compact<T> = { [K in keyof T]?: Exclude<T[K], null | ''> };

/** Trims strings and drops empty, null and undefined values, so the query string only carries real filters. */
export function compactQuery<T extends Record<string, unknown>>(values: T): Compact<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed !== '') out[key] = trimmed;
    } else if (typeof value === 'number') {
      if (Number.isFinite(value)) out[key] = value;
    } else {
      out[key] = value;
    }
  }
  return out as Compact<T>;
}

/** The query of a list call: filters plus paging. */
export function listQuery<T extends Record<string, unknown>>(filters: T, paging: Paging): Compact<T> & Paging {
  return { ...compactQuery(filters), page: paging.page, size: Math.min(paging.size, MAX_PAGE_SIZE) };
}
