// Pure rules of a list page whose records are also on the map: which row is selected and shown open, when the map is
// fitted to the records, which record a click or a lookup names.

/** A second click on the selected row unselects it; a click on another row selects that one. */
export function toggledSelection(current: number | null, id: number): number | null {
  return current === id ? null : id;
}

/** The rows shown open: the selected one, if any. */
export function expandedKeys(selectedId: number | null): number[] {
  return selectedId === null ? [] : [selectedId];
}

/** The class of a row: the page's "selected" class on the selected row, none on the others. */
export function selectedRowClass(selectedId: number | null, id: number, className: string): string {
  return id === selectedId ? className : '';
}

/**
 * Whether the map is fitted to the records now: once their answer for the current filters has come (a placeholder
 * kept from the previous filters does not count), and only once per filters, so that panning afterwards stays.
 */
export function fitDue(answer: { loaded: boolean; placeholder: boolean }, filtersKey: string, fittedKey: string | null): boolean {
  return answer.loaded && !answer.placeholder && filtersKey !== fittedKey;
}

/** The key the filters are fitted under: equal filters, equal key (the order of the keys as the page builds them). */
export function filtersKey(filters: unknown): string {
  return JSON.stringify(filters) ?? '';
}

/** The record with the id among lists (the map's records first, then the table's page), or null. */
export function recordById<T extends { id: number }>(id: number | null, ...lists: ReadonlyArray<readonly T[] | undefined>): T | null {
  if (id === null) return null;
  for (const list of lists) {
    const found = list?.find((r) => r.id === id);
    if (found) return found;
  }
  return null;
}

/** A position picked on the map, rounded as the forms keep it (4 decimals, about 10 m). */
export function roundedPosition(p: { lon: number; lat: number }, decimals = 4): { lon: number; lat: number } {
  const f = 10 ** decimals;
  return { lon: Math.round(p.lon * f) / f, lat: Math.round(p.lat * f) / f };
}

/** The position a form holds, when both fields are numbers (and pass the page's own check), else null. */
export function formPosition(
  lon: unknown,
  lat: unknown,
  valid: (p: { lon: number; lat: number }) => boolean = () => true,
): { lon: number; lat: number } | null {
  if (typeof lon !== 'number' || typeof lat !== 'number') return null;
  return valid({ lon, lat }) ? { lon, lat } : null;
}
