import type OlMap from 'ol/Map';
import { containsExtent, type Extent } from 'ol/extent';
import { transformExtent } from 'ol/proj';
import { motionDuration } from '../../lib/reduced-motion';
import { areaOfPadding, boxInside, type PixelRect } from './visible-area';

/**
 * Showing a page's content (a made product, a drawn area, picked records, a route) in the part of the map the page
 * panel leaves visible. The view's padding is that part (use-view-padding.ts), so OpenLayers' `fit` and centre work in
 * it; the map remembers what it was last fitted to, redraws its pixel box as `data-content-box` on the map element
 * (browser tests check it lies beside the panel) and fits it again when the panel changes size while the user has not
 * moved the map since.
 */

/** Margin between the fitted content and the edges of the visible part. */
export const FIT_MARGIN_PX = 24;
/** How long a fit glides (0 with reduced motion). */
export const FIT_DURATION_MS = 300;

interface Content {
  extent: Extent;
  maxZoom: number;
  /** The view's centre and resolution once fitted: the user has not moved the map while they are unchanged. */
  fitted: string | null;
}

const CONTENT = 'agromet:content';

function viewKey(map: OlMap): string {
  const view = map.getView();
  return `${view
    .getCenter()
    ?.map((v) => v.toFixed(3))
    .join(',')}@${view.getResolution()}`;
}

/** The part of the map the panel leaves visible, in the map's pixels. */
export function visibleAreaOf(map: OlMap): PixelRect {
  const size = (map.getSize() ?? [0, 0]) as [number, number];
  return areaOfPadding(size, map.getView().padding);
}

/** An extent's box in the map's pixels (null before the map has drawn). */
export function pixelBoxOf(map: OlMap, extent: Extent): PixelRect | null {
  const a = map.getPixelFromCoordinate([extent[0]!, extent[3]!]);
  const b = map.getPixelFromCoordinate([extent[2]!, extent[1]!]);
  if (!a || !b) return null;
  return { left: Math.min(a[0]!, b[0]!), top: Math.min(a[1]!, b[1]!), right: Math.max(a[0]!, b[0]!), bottom: Math.max(a[1]!, b[1]!) };
}

/** Writes the last fitted content's pixel box on the map element (`left,top,right,bottom`), or removes it. */
export function showContentBox(map: OlMap): void {
  const target = map.getTargetElement();
  if (!target) return;
  const content = map.get(CONTENT) as Content | undefined;
  const box = content ? pixelBoxOf(map, content.extent) : null;
  if (box) target.dataset.contentBox = [box.left, box.top, box.right, box.bottom].map(Math.round).join(',');
  else delete target.dataset.contentBox;
}

/**
 * Fits the view to an extent (the map's projection) inside the visible part, gliding unless the user asked for reduced
 * motion, and remembers it as the map's content.
 */
export function fitExtent(map: OlMap, extent: Extent, { maxZoom = 10, instant = false } = {}): void {
  if (!extent.every(Number.isFinite) || !(extent[2]! >= extent[0]!) || !(extent[3]! >= extent[1]!)) return;
  const content: Content = { extent, maxZoom, fitted: null };
  map.set(CONTENT, content);
  if (!map.getSize()) return;
  const done = () => {
    content.fitted = viewKey(map);
    map.once('postrender', () => showContentBox(map));
    map.render();
  };
  const m = FIT_MARGIN_PX;
  const duration = instant ? 0 : motionDuration(FIT_DURATION_MS);
  map.getView().fit(extent, { padding: [m, m, m, m], maxZoom, duration, callback: duration ? done : undefined });
  if (!duration) done();
}

/**
 * Shows an extent the user has just made or picked (a drawn area, a boundary chosen): nothing moves when it already
 * lies in the visible part; otherwise it is fitted there.
 */
export function revealExtent(map: OlMap, extent: Extent, options: { maxZoom?: number } = {}): void {
  const box = map.getSize() ? pixelBoxOf(map, extent) : null;
  if (box && boxInside(box, visibleAreaOf(map), 8)) {
    map.set(CONTENT, { extent, maxZoom: options.maxZoom ?? 10, fitted: viewKey(map) } satisfies Content);
    showContentBox(map);
    return;
  }
  fitExtent(map, extent, options);
}

/** Fits the view to a lon/lat box (west, south, east, north) inside the visible part. */
export function fitLonLatBox(map: OlMap, box: readonly [number, number, number, number], options: { maxZoom?: number } = {}): void {
  const [w, s, e, n] = box;
  if (![w, s, e, n].every(Number.isFinite) || !(e > w) || !(n > s)) return;
  fitExtent(map, transformExtent([w, s, e, n], 'EPSG:4326', 'EPSG:3857'), options);
}

/** Centres a coordinate (the map's projection) in the visible part, zooming in to `minZoom` at least. */
export function centreOn(map: OlMap, coordinate: number[], minZoom?: number): void {
  const view = map.getView();
  const zoom = view.getZoom() ?? 0;
  view.animate({
    center: coordinate,
    zoom: minZoom !== undefined ? Math.max(zoom, minZoom) : zoom,
    duration: motionDuration(FIT_DURATION_MS),
  });
}

/** Forgets the map's content (the page that showed it closed it). */
export function clearContent(map: OlMap, extent?: Extent): void {
  const content = map.get(CONTENT) as Content | undefined;
  if (!content || (extent && !containsExtent(content.extent, extent))) return;
  map.unset(CONTENT);
  showContentBox(map);
}

/**
 * Applies a change of the visible part (`apply` sets the new padding) and fits the content into it again when the
 * user has not moved the map since it was fitted; answers whether it did.
 */
export function refitContent(map: OlMap, apply: () => void): boolean {
  const content = map.get(CONTENT) as Content | undefined;
  if (!content || content.fitted !== viewKey(map)) return false;
  apply();
  fitExtent(map, content.extent, { maxZoom: content.maxZoom, instant: true });
  return true;
}
