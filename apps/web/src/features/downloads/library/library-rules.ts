import type { DownloadItem } from '@agromet/contracts';

// Pure rules of the library list (docs/downloads.md#web-page): file names from the answer, sizes, what a selection
// allows.

/**
 * The file name a content-disposition header gives: the UTF-8 `filename*` when present (RFC 5987), else `filename`,
 * else `fallback`.
 */
export function fileNameOf(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // A malformed encoding: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Why an item cannot be deleted here, as a word key of the page; null when it can. */
export function deleteBlocker(item: Pick<DownloadItem, 'kind' | 'deletable'>): 'notDeletable' | 'notYours' | null {
  if (item.deletable) return null;
  return item.kind === 'forecast-file' || item.kind === 'zoning' ? 'notDeletable' : 'notYours';
}

/** Of the selected ids, those still on the page (a selection outlives neither a delete nor a new filter). */
export function keptSelection(selected: readonly string[], items: readonly Pick<DownloadItem, 'id'>[]): string[] {
  const present = new Set(items.map((i) => i.id));
  return selected.filter((id) => present.has(id));
}

/** The names shown when confirming a delete: the first few, then "…". */
export function namesForConfirm(names: readonly string[], max = 5): string {
  return names.length <= max ? names.join('、') : `${names.slice(0, max).join('、')}…`;
}

/** The library's filters as the address keeps them (times as ISO text, inclusive). */
export type LibraryListFilters = {
  kind?: string;
  type?: string;
  factor?: string;
  /** ISO times, inclusive. */
  from?: string;
  to?: string;
  author?: string;
  name?: string;
};

/** Whether any filter is on (an empty list then says "nothing matches" rather than "nothing made yet"). */
export function anyFilter(filters: LibraryListFilters): boolean {
  return Object.values(filters).some((v) => v !== undefined && v !== '');
}

/** A new forecast type drops the factor chosen under the previous one. */
export function typeChange(type: string | undefined): Pick<LibraryListFilters, 'type' | 'factor'> {
  return { type, factor: undefined };
}
