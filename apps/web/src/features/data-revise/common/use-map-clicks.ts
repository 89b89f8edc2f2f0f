import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { useEffect, useRef } from 'react';
import { useMapStore } from '../../../components/map/map-store';
import { visibleMapArea, type PixelRect } from './map-view';

export type MapClick = MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>;

/**
 * The page owns map clicks while it is shown: the value popup stays off and each single click goes to `onClick`
 * (the latest one passed; no re-subscription per render).
 */
export function useMapClicks(map: OlMap | null, onClick: (event: MapClick) => void): void {
  const handler = useRef(onClick);
  useEffect(() => {
    handler.current = onClick;
  });

  useEffect(() => useMapStore.getState().claimClicks(), []);

  useEffect(() => {
    if (!map) return;
    const listener = (event: MapClick) => handler.current(event);
    map.on('singleclick', listener);
    return () => map.un('singleclick', listener);
  }, [map]);
}

/** The part of the map left visible beside the page's panel (the whole map when the panel is folded away). */
export function visibleAreaBeside(map: OlMap, page: Element | null): PixelRect {
  const m = map.getTargetElement()?.getBoundingClientRect() ?? { left: 0, top: 0, right: map.getSize()?.[0] ?? 0, bottom: map.getSize()?.[1] ?? 0 };
  const panel = page?.closest('.map-panel-body') ?? page;
  const r = panel?.getBoundingClientRect();
  const rect = r && r.width > 0 ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null;
  return visibleMapArea({ left: m.left, top: m.top, right: m.right, bottom: m.bottom }, rect);
}
