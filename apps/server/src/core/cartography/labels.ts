import { overlaps, type Rect } from './layout.js';

// Label placement by priority (docs/products.md#labels): the labels of a map are placed most important first (the
// provincial capital, then prefecture cities, then area names, then other places), each at the first of its candidate
// positions that overlaps nothing placed, no furniture and no position of a more important label already dropped.
// So placed labels never overlap, and a dropped label never outranks a placed label that collides with it. Pure.

export interface LabelItem<T = unknown> {
  /** Lower is more important: 0 the capital, 1 prefecture cities, … */
  priority: number;
  /**
   * Positions to try in order of preference; a position is the set of rectangles the label would cover there (its
   * symbol and its text).
   */
  candidates: readonly (readonly Rect[])[];
  /** Placed at its first position even over furniture (never over another label): the provincial capital. */
  force?: boolean;
  data: T;
}

export interface PlacedLabel<T = unknown> {
  item: LabelItem<T>;
  /** Index of the candidate used. */
  at: number;
  rects: readonly Rect[];
}

export interface Placement<T = unknown> {
  placed: PlacedLabel<T>[];
  dropped: LabelItem<T>[];
}

const anyOverlap = (a: readonly Rect[], b: readonly Rect[]) => a.some((r) => b.some((q) => overlaps(r, q)));

/** Places the labels by priority (stable for equal priorities); `blocked` are the furniture's rectangles. */
export function placeLabels<T>(items: readonly LabelItem<T>[], blocked: readonly Rect[] = []): Placement<T> {
  const order = items.map((item, k) => ({ item, k })).sort((a, b) => a.item.priority - b.item.priority || a.k - b.k);
  const placed: PlacedLabel<T>[] = [];
  const dropped: LabelItem<T>[] = [];
  const free = (rects: readonly Rect[], priority: number) =>
    !placed.some((p) => anyOverlap(rects, p.rects)) &&
    // A less important label keeps off every position of a more important one that was dropped.
    !dropped.some((d) => d.priority < priority && d.candidates.some((c) => anyOverlap(rects, c)));
  for (const { item } of order) {
    let at = item.candidates.findIndex((c) => !anyOverlap(c, blocked) && free(c, item.priority));
    if (at < 0 && item.force) at = item.candidates.findIndex((c) => free(c, item.priority));
    if (at < 0) dropped.push(item);
    else placed.push({ item, at, rects: item.candidates[at]! });
  }
  return { placed, dropped };
}

/**
 * The candidate positions of a point's label: its symbol box with the text box to the right, left, above, below and at
 * the four diagonals (the order cartographers prefer: right of the point first).
 */
export function pointCandidates(x: number, y: number, symbolR: number, textW: number, textH: number, gap: number): Rect[][] {
  const symbol: Rect = { x: x - symbolR, y: y - symbolR, w: 2 * symbolR, h: 2 * symbolR };
  const d = symbolR + gap;
  const midY = y - textH / 2;
  const boxes: Rect[] = [
    { x: x + d, y: midY, w: textW, h: textH },
    { x: x - d - textW, y: midY, w: textW, h: textH },
    { x: x - textW / 2, y: y - d - textH, w: textW, h: textH },
    { x: x - textW / 2, y: y + d, w: textW, h: textH },
    { x: x + d * 0.7, y: y - d * 0.7 - textH, w: textW, h: textH },
    { x: x - d * 0.7 - textW, y: y - d * 0.7 - textH, w: textW, h: textH },
    { x: x + d * 0.7, y: y + d * 0.7, w: textW, h: textH },
    { x: x - d * 0.7 - textW, y: y + d * 0.7, w: textW, h: textH },
  ];
  return boxes.map((b) => [symbol, b]);
}
