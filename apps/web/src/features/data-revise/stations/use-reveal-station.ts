import type { Station } from '@agromet/contracts';
import type OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';
import { useCallback, type RefObject } from 'react';
import { areaCentre, pixelInside, visibleAreaBeside } from '../common/map-view';

/** Pans the map so a station shows beside the page panel, when it is not already visible there. */
export function useRevealStation(map: OlMap | null, anchor: RefObject<Element | null>) {
  return useCallback(
    (station: Pick<Station, 'longitude' | 'latitude'>) => {
      const size = map?.getSize();
      if (!map || !size) return;
      const coordinate = fromLonLat([station.longitude, station.latitude]);
      const area = visibleAreaBeside(map, anchor.current);
      if (pixelInside(map.getPixelFromCoordinate(coordinate), area)) return;
      map.getView().centerOn(coordinate, size, areaCentre(area));
    },
    [map, anchor],
  );
}
