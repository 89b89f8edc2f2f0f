/** What a key does in the header search's box (the WAI-ARIA combobox pattern with a list of results). */
export type SearchKeyAction = { kind: 'move'; active: number } | { kind: 'open'; index: number } | { kind: 'close' } | { kind: 'none' };

/**
 * Arrow keys move through the results and wrap around; Enter opens the highlighted result (the first when none is);
 * Escape closes the box. `active` is -1 when nothing is highlighted.
 */
export function searchKeyAction(key: string, active: number, count: number): SearchKeyAction {
  switch (key) {
    case 'ArrowDown':
      return count ? { kind: 'move', active: (active + 1) % count } : { kind: 'none' };
    case 'ArrowUp':
      return count ? { kind: 'move', active: active <= 0 ? count - 1 : active - 1 } : { kind: 'none' };
    case 'Enter':
      return count ? { kind: 'open', index: Math.max(active, 0) } : { kind: 'none' };
    case 'Escape':
      return { kind: 'close' };
    default:
      return { kind: 'none' };
  }
}
