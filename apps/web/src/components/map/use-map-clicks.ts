import type MapBrowserEvent from 'ol/MapBrowserEvent';
import type { Pixel } from 'ol/pixel';
import { toLonLat } from 'ol/proj';
import { useEffect, useRef } from 'react';
import { useConsoleMap } from './map-context';
import { useMapStore } from './map-store';

/** A single click on the map: where (lon/lat, the map's coordinate and pixel) and the OpenLayers event. */
export interface MapClick {
  lon: number;
  lat: number;
  coordinate: number[];
  pixel: Pixel;
  event: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>;
}

/**
 * The page owns the console map's clicks while it is shown: the value popup stays off and each single click goes to
 * `onClick` (the latest one passed; no re-subscription per render). `enabled` false gives the clicks back.
 */
export function useMapClicks(onClick: (click: MapClick) => void, enabled = true): void {
  const map = useConsoleMap();
  const handler = useRef(onClick);
  useEffect(() => {
    handler.current = onClick;
  });

  useEffect(() => (enabled ? useMapStore.getState().claimClicks() : undefined), [enabled]);

  useEffect(() => {
    if (!map || !enabled) return;
    const listener = (event: MapClick['event']) => {
      const [lon, lat] = toLonLat(event.coordinate);
      handler.current({ lon: lon!, lat: lat!, coordinate: event.coordinate, pixel: event.pixel, event });
    };
    map.on('singleclick', listener);
    return () => map.un('singleclick', listener);
  }, [map, enabled]);
}
