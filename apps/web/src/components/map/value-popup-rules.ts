import type { ProductSelection } from './map-rules';
import type { PixelRect } from './visible-area';

/**
 * When a value popup closes by itself. It shows one grid cell of one product; it goes as soon as it no longer shows
 * what is on screen, as a user expects of it:
 * - another product, factor, base time or lead is chosen (its value is another map's);
 * - the map is clicked elsewhere (the old value goes at once, the new one opens when it comes);
 * - its point leaves the part of the map in view: panned away, or under the page panel or bottom sheet moved over it.
 */

/** Whether two selections show the same grid (the same value at a point). */
export function sameGrid(a: ProductSelection | null, b: ProductSelection | null): boolean {
  if (!a || !b) return a === b;
  return a.type === b.type && a.factor === b.factor && a.baseTime === b.baseTime && a.lead === b.lead;
}

/**
 * Whether the popup's point (`pixel`, in the map's pixels; null when the map cannot place it) lies in the visible
 * part of the map, `margin` pixels in from its edges.
 */
export function anchorInView(pixel: readonly number[] | null, area: PixelRect, margin = 4): boolean {
  if (!pixel || pixel.length < 2) return false;
  const [x = NaN, y = NaN] = pixel;
  return x >= area.left + margin && x <= area.right - margin && y >= area.top + margin && y <= area.bottom - margin;
}
