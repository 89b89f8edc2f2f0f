import type OlMap from 'ol/Map';
import { transformExtent } from 'ol/proj';

/** Width of map the region must at least get beside the panel; on a narrower map it goes under the panel. */
const MIN_FREE_PX = 240;

/**
 * Fits the map's view to a lon/lat box (west, south, east, north) in the part of the map the page's panel leaves
 * free (the panel covers the map's left side when the map is wide enough).
 */
export function fitLonLatBox(map: OlMap, box: readonly [number, number, number, number]): void {
  const [w, s, e, n] = box;
  if (![w, s, e, n].every(Number.isFinite) || !(e > w) || !(n > s)) return;
  // Where the panel ends, from the map's left edge; the box goes into what is right of it when that is wide enough.
  const panel = document.querySelector('[data-testid="map-panel"]')?.getBoundingClientRect();
  const target = map.getTargetElement()?.getBoundingClientRect();
  const size = map.getSize();
  const covered = panel && target ? Math.max(0, panel.right - target.left) : 0;
  const left = size && size[0]! - covered >= MIN_FREE_PX ? covered + 24 : 40;
  map.getView().fit(transformExtent([w, s, e, n], 'EPSG:4326', 'EPSG:3857'), { padding: [40, 40, 40, left], duration: 0, maxZoom: 10 });
}
