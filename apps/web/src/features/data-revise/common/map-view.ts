import type OlMap from 'ol/Map';

/** A rectangle in screen pixels. */
export interface PixelRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Margin kept between the panel and what the map shows beside it. */
export const PANEL_GAP_PX = 24;

/**
 * The part of the map the page panel leaves visible, in the map's own pixels. The panel floats over the map's left
 * side; when it is hidden (zero width) or covers nearly all the map (mobile), the whole map counts.
 */
export function visibleMapArea(map: PixelRect, panel: PixelRect | null): PixelRect {
  const width = map.right - map.left;
  const height = map.bottom - map.top;
  const whole = { left: 0, top: 0, right: width, bottom: height };
  if (!panel || panel.right <= panel.left) return whole;
  const covered = Math.min(width, Math.max(0, panel.right - map.left + PANEL_GAP_PX));
  if (width - covered < width * 0.25) return whole;
  return { left: covered, top: 0, right: width, bottom: height };
}

/** Whether a map pixel lies inside an area, with a margin inside its edges. */
export function pixelInside(pixel: readonly number[] | null | undefined, area: PixelRect, margin = 16): boolean {
  if (!pixel) return false;
  const [x, y] = pixel as [number, number];
  return x >= area.left + margin && x <= area.right - margin && y >= area.top + margin && y <= area.bottom - margin;
}

/** Padding for fitting an extent into the visible area ([top, right, bottom, left] like OpenLayers). */
export function fitPadding(mapSize: readonly number[], area: PixelRect, margin = 40): [number, number, number, number] {
  const [width, height] = mapSize as [number, number];
  return [area.top + margin, width - area.right + margin, height - area.bottom + margin, area.left + margin];
}

/** The middle of an area. */
export function areaCentre(area: PixelRect): [number, number] {
  return [(area.left + area.right) / 2, (area.top + area.bottom) / 2];
}

/** The part of the map left visible beside the page's panel (the whole map when the panel is folded away). */
export function visibleAreaBeside(map: OlMap, page: Element | null): PixelRect {
  const m = map.getTargetElement()?.getBoundingClientRect() ?? {
    left: 0,
    top: 0,
    right: map.getSize()?.[0] ?? 0,
    bottom: map.getSize()?.[1] ?? 0,
  };
  const panel = page?.closest('.map-panel-body') ?? page;
  const r = panel?.getBoundingClientRect();
  const rect = r && r.width > 0 ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null;
  return visibleMapArea({ left: m.left, top: m.top, right: m.right, bottom: m.bottom }, rect);
}
