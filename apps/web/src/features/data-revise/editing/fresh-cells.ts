import type { Grid, Patch } from '@agromet/grid';

/**
 * A saved revision's changed cells, handed from the request that took its patch straight to the map that draws them,
 * without a React render in between (docs/grids.md#the-edit-loop): a render of the revision page takes tens of
 * milliseconds, and the grid's query data is set only once the cells are drawn.
 */
export interface FreshCells {
  /** The query key of the grid they belong to (editKeys.grid). */
  key: readonly unknown[];
  /** The grid with the patch applied. */
  grid: Grid;
  patch: Patch;
  /** The version the patch made. */
  version: number;
}

/** Draws fresh cells if they are of the grid it shows; resolves once they are on the screen. */
type FreshCellsListener = (fresh: FreshCells) => Promise<void> | void;

const listeners = new Set<FreshCellsListener>();

/** Listens for fresh cells; returns the function that stops listening. */
export function onFreshCells(listener: FreshCellsListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Hands fresh cells to whoever draws them, and resolves once they are drawn, or after `waitMs` at the most (a map
 * that is not drawing, a hidden tab), or at once when nobody listens.
 */
export async function showFreshCells(fresh: FreshCells, waitMs = 250): Promise<void> {
  const drawn = [...listeners].map((listener) => listener(fresh)).filter((d): d is Promise<void> => d instanceof Promise);
  if (drawn.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(drawn), new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}

/** Whether two query keys name the same grid. */
export function sameGridKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((part, k) => part === b[k]);
}
