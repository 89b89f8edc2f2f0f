import type { Pixel } from 'ol/pixel';
import { toLonLat } from 'ol/proj';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { useEffect, useRef } from 'react';
import { useConsoleMap } from '../../../components/map/map-context';
import { useMapStore } from '../../../components/map/map-store';

/** A single click on the map: where (lon/lat, the map's coordinate and pixel). */
export interface MapClick {
  lon: number;
  lat: number;
  coordinate: number[];
  pixel: Pixel;
}

/**
 * While `enabled`, the page owns the console map's clicks: the value popup of the forecast layer stays off and each
 * single click goes to `onClick` (the latest one passed).
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
    const listener = (event: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>) => {
      const [lon, lat] = toLonLat(event.coordinate);
      handler.current({ lon: lon!, lat: lat!, coordinate: event.coordinate, pixel: event.pixel });
    };
    map.on('singleclick', listener);
    return () => map.un('singleclick', listener);
  }, [map, enabled]);
}
