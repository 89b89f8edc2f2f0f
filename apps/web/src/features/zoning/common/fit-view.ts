import type OlMap from 'ol/Map';
import { transformExtent } from 'ol/proj';

/**
 * Fits the map's view to a lon/lat box (west, south, east, north) in the part of the map the page's panel leaves
 * free (the panel covers the map's left side when the map is wide enough).
 */
export function fitLonLatBox(map: OlMap, box: readonly [number, number, number, number]): void {
  const [w, s, e, n] = box;
  if (![w, s, e, n].every(Number.isFinite) || !(e > w) || !(n > s)) return;
  const panel = document.querySelector('[data-testid="map-panel"]')?.getBoundingClientRect().width ?? 0;
  const size = map.getSize();
  const left = size && panel < size[0]! * 0.7 ? panel + 40 : 40;
  map.getView().fit(transformExtent([w, s, e, n], 'EPSG:4326', 'EPSG:3857'), { padding: [40, 40, 40, left], duration: 0, maxZoom: 10 });
}
