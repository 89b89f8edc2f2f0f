import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { toLonLat } from 'ol/proj';
import { useEffect, useRef } from 'react';
import { useConsoleMap } from '../../../components/map/map-context';
import { useMapStore } from '../../../components/map/map-store';

/**
 * Hands clicks on the map (as lon/lat) to the page while it is shown; the map's value popup stays
 * off meanwhile. `enabled` false gives the clicks back.
 */
export function useMapClicks(onClick: (lon: number, lat: number, event: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>) => void, enabled = true): void {
  const map = useConsoleMap();
  const handler = useRef(onClick);
  handler.current = onClick;

  useEffect(() => {
    if (!map || !enabled) return;
    const release = useMapStore.getState().claimClicks();
    const listener = (event: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>) => {
      const [lon, lat] = toLonLat(event.coordinate);
      handler.current(lon!, lat!, event);
    };
    map.on('singleclick', listener);
    return () => {
      map.un('singleclick', listener);
      release();
    };
  }, [map, enabled]);
}
