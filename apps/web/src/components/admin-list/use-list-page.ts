import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { Paging } from '../../lib/list-query';
import { listStateFromSearch, searchFromListState, type FilterKey, type ListFilters } from './list-url-state';
import { usePagedTableProps, type PagedQuery, type PagedTableProps } from './use-paged-table';

/** One filter of a list page's toolbar, described as data (ListPageView draws it, the address keeps its value). */
export type FilterField<F extends ListFilters> =
  /** The keyword box: searches with the trimmed text on Enter or its button. */
  | { kind: 'keyword'; key: keyof F & string; id: string; placeholder: string; width: number }
  /** A clearable choice; its label is its placeholder. */
  | { kind: 'select'; key: keyof F & string; id: string; label: string; width: number; options: { value: string; label: string }[] }
  /** A check box: on is 'true', off is no filter. */
  | { kind: 'check'; key: keyof F & string; id: string; label: string }
  /**
   * Anything else (a region cascader, a time range, a filter form): the page draws it from the value and a change;
   * `also` names the other filters it sets (a range's end), kept in the address with it; `filters` are all the
   * current filters (a form that sets several of them starts from them).
   */
  | {
      kind: 'custom';
      key: keyof F & string;
      values?: readonly string[];
      also?: readonly (keyof F & string)[];
      render: (
        value: string | undefined,
        onChange: (value: string | undefined) => void,
        filter: (change: Partial<F>) => void,
        filters: F,
      ) => ReactNode;
    };

/** The options of a yes/no select filter: 'true' and 'false' in the address, shown as the page names them. */
export function yesNoOptions(yes: string, no: string): { value: string; label: string }[] {
  return [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ];
}

/** What the address may hold for each filter (list-url-state.ts). */
export function filterKeys<F extends ListFilters>(fields: readonly FilterField<F>[]): FilterKey<F>[] {
  return fields.flatMap((f): FilterKey<F>[] => {
    if (f.kind === 'select') return [{ key: f.key, values: f.options.map((o) => o.value) }];
    if (f.kind === 'check') return [{ key: f.key, values: ['true'] }];
    if (f.kind === 'custom') return [{ key: f.key, values: f.values }, ...(f.also ?? []).map((key) => ({ key }))];
    return [{ key: f.key }];
  });
}

export interface ListPageOptions<F extends ListFilters, Q> {
  /** The toolbar's filters, in the order they are shown. */
  filters: readonly FilterField<F>[];
  /** The filters the page opens with (none unless given). */
  initialFilters?: F;
  /** Rows per page when the address does not say. */
  pageSize: number;
  /** The list query of one page of rows: a hook, called with the current filters and paging. */
  useRows: (filters: F, paging: Paging) => Q;
  /** Keep filters and paging in the address (`?grade=4A&page=2`), so a reload or a shared link shows the same rows. */
  url?: boolean;
  /** Called after a filter changed (e.g. to drop a selection of rows). */
  onFilter?: () => void;
}

export interface ListPageState<Row, F extends ListFilters, Q> {
  fields: readonly FilterField<F>[];
  filters: F;
  /** Change some filters; the list shows its first page. */
  filter: (change: Partial<F>) => void;
  paging: Paging;
  setPaging: PagedTableSetter;
  /** What `useRows` gave (the page's total, …). */
  rows: Q;
  /** Rows, spinner and server paging for the table. */
  table: PagedTableProps<Row>;
}

type PagedTableSetter = Parameters<typeof usePagedTableProps>[2];

const NO_FILTERS = {};

/**
 * The state of a list page declared as data: its filters (from the address, and written back to it), paging, the
 * query of the current page and the props of its paged table. Draw it with ListPageView.
 */
export function useListPage<Row, F extends ListFilters, Q extends PagedQuery<Row>>(
  options: ListPageOptions<F, Q>,
): ListPageState<Row, F, Q> {
  const { filters: fields, pageSize, useRows, onFilter, url = true } = options;
  const initial = (options.initialFilters ?? NO_FILTERS) as F;
  const [search, setSearch] = useSearchParams();
  // A page kept mounted behind another tab never writes into that tab's address.
  const { pathname } = useLocation();
  const [home] = useState(pathname);
  const keys = useMemo(() => filterKeys(fields), [fields]);
  const defaults = useMemo(() => ({ filters: initial, size: pageSize }), [initial, pageSize]);
  const [opened] = useState(() =>
    url ? listStateFromSearch(search, keys, defaults) : { filters: defaults.filters, paging: { page: 1, size: pageSize } },
  );
  const [filters, setFilters] = useState<F>(opened.filters);
  const [paging, setPaging] = useState<Paging>(opened.paging);

  // The addresses this page wrote that the router has not shown yet: any other new address came from elsewhere (a menu
  // link to the bare page, a tab opened again), and the page follows it instead of writing its own state back over it.
  const sync = useRef({ seen: search.toString(), written: [] as string[] });
  useEffect(() => {
    if (!url || pathname !== home) return;
    const current = search.toString();
    const s = sync.current;
    if (current !== s.seen) {
      s.seen = current;
      const mine = s.written.indexOf(current);
      s.written = mine < 0 ? [] : s.written.slice(mine + 1);
      if (mine < 0) {
        const shown = listStateFromSearch(search, keys, defaults);
        const none = new URLSearchParams();
        const said = (state: { filters: F; paging: Paging }) => searchFromListState(none, keys, state, defaults).toString();
        if (said(shown) !== said({ filters, paging })) {
          setFilters(shown.filters);
          setPaging(shown.paging);
        }
        return;
      }
    }
    const next = searchFromListState(search, keys, { filters, paging }, defaults);
    // Only a real change navigates: a navigation started here would cancel one the user has just begun elsewhere.
    if (next.toString() !== current) {
      s.written.push(next.toString());
      setSearch(next, { replace: true });
    }
  }, [url, pathname, home, search, filters, paging, keys, defaults, setSearch]);

  const filter = useCallback(
    (change: Partial<F>) => {
      setFilters((f) => ({ ...f, ...change }));
      setPaging((p) => (p.page === 1 ? p : { ...p, page: 1 }));
      onFilter?.();
    },
    [onFilter],
  );
  const rows = useRows(filters, paging);
  const table = usePagedTableProps<Row>(rows, paging, setPaging);
  return { fields, filters, filter, paging, setPaging, rows, table };
}

/** A record's editor dialog: closed, open on a new record (`record: null`) or on an existing one. */
export function useEditor<T>() {
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const open = useCallback((record: T | null) => setEditing({ record }), []);
  const close = useCallback(() => setEditing(null), []);
  return { editing, open, close };
}
