/** Gap between the floating page panel and the map's bottom bar. */
export const BOTTOM_GAP_PX = 12;

/** What the inset needs of a box: its top edge and size (a DOMRect, or a plain object in tests). */
export interface BarBox {
  top: number;
  width: number;
  height: number;
}

/**
 * The room the map's bottom bar takes from the bottom of the map's container, gap included, in whole pixels; `null`
 * when there is no bar to keep clear of: none, or one not drawn (display: none on a page that hides the forecast — its
 * box is then 0 × 0 at the top of the viewport, and measuring it would give the whole map's height and squeeze the
 * page panel to nothing).
 */
export function bottomInsetOf(containerBottom: number, bar: BarBox | null): number | null {
  if (!bar || (bar.width === 0 && bar.height === 0)) return null;
  return Math.max(0, Math.ceil(containerBottom - bar.top + BOTTOM_GAP_PX));
}
