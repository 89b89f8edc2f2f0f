/**
 * The map and the page panel as one workspace: which part of the map the panel (and the map's bottom bar) leave in
 * view, and the OpenLayers view padding that makes the view's centre, `fit` and `centerOn` work in that part only.
 * Pure rules; use-view-padding.ts measures the boxes and applies the padding.
 */

/** A rectangle in the map's own pixels (0, 0 at its top left corner). */
export interface PixelRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Gap kept between the panel's edge and what the map shows beside it. */
export const PANEL_GAP_PX = 16;

/** The smallest width and height a part of the map must have to show anything in it. */
export const MIN_VISIBLE_PX = 120;

const areaOf = (r: PixelRect) => Math.max(0, r.right - r.left) * Math.max(0, r.bottom - r.top);

/**
 * The part of a map of `size` (width, height) that a panel leaves visible: the largest of the four bands beside it
 * (right of a side panel, above a bottom sheet, …), a gap away from its edge, that is at least MIN_VISIBLE_PX in both
 * directions. `bottomInset` is what the map's bottom bar takes from the bottom edge. Without a panel (folded away,
 * not laid out) or when it leaves no such band (it covers the map), the whole map above the bar counts.
 */
export function visibleArea(size: readonly [number, number], panel: PixelRect | null, bottomInset = 0): PixelRect {
  const [width, height] = size;
  const bottom = Math.max(0, height - Math.max(0, bottomInset));
  const whole = { left: 0, top: 0, right: width, bottom: bottom >= MIN_VISIBLE_PX ? bottom : height };
  if (!panel || panel.right <= panel.left || panel.bottom <= panel.top) return whole;
  // A panel outside the map (another view's, or scrolled away) hides nothing.
  if (panel.right <= 0 || panel.left >= width || panel.bottom <= 0 || panel.top >= whole.bottom) return whole;
  const bands: PixelRect[] = [
    { left: Math.max(0, panel.right + PANEL_GAP_PX), top: 0, right: width, bottom: whole.bottom },
    { left: 0, top: 0, right: width, bottom: Math.min(whole.bottom, panel.top - PANEL_GAP_PX) },
    { left: 0, top: Math.max(0, panel.bottom + PANEL_GAP_PX), right: width, bottom: whole.bottom },
    { left: 0, top: 0, right: Math.min(width, panel.left - PANEL_GAP_PX), bottom: whole.bottom },
  ].filter((b) => b.right - b.left >= MIN_VISIBLE_PX && b.bottom - b.top >= MIN_VISIBLE_PX);
  let best: PixelRect | null = null;
  for (const band of bands) if (!best || areaOf(band) > areaOf(best)) best = band;
  return best ?? whole;
}

/** OpenLayers view padding ([top, right, bottom, left]) that confines the view to `area` of a map of `size`. */
export function viewPadding(size: readonly [number, number], area: PixelRect): [number, number, number, number] {
  const [width, height] = size;
  return [area.top, width - area.right, height - area.bottom, area.left].map((v) => Math.max(0, Math.round(v))) as [
    number,
    number,
    number,
    number,
  ];
}

/** The visible area back from a view padding (the inverse of viewPadding). */
export function areaOfPadding(size: readonly [number, number], padding: readonly number[] | undefined): PixelRect {
  const [top = 0, right = 0, bottom = 0, left = 0] = padding ?? [];
  return { left, top, right: size[0] - right, bottom: size[1] - bottom };
}

/** Whether `box` lies inside `area`, `margin` pixels inside its edges at least (a small overshoot forgiven). */
export function boxInside(box: PixelRect, area: PixelRect, margin = 0, tolerance = 1): boolean {
  return (
    box.left >= area.left + margin - tolerance &&
    box.top >= area.top + margin - tolerance &&
    box.right <= area.right - margin + tolerance &&
    box.bottom <= area.bottom - margin + tolerance
  );
}

/** The union of a few boxes (null when there are none). */
export function unionOf(boxes: readonly PixelRect[]): PixelRect | null {
  if (boxes.length === 0) return null;
  return boxes.reduce((u, b) => ({
    left: Math.min(u.left, b.left),
    top: Math.min(u.top, b.top),
    right: Math.max(u.right, b.right),
    bottom: Math.max(u.bottom, b.bottom),
  }));
}
