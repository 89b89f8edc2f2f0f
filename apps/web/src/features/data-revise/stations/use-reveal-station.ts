import type { Station } from '@agromet/contracts';
import type OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';
import { useCallback } from 'react';
import { centreOn, visibleAreaOf } from '../../../components/map/fit-view';
import { boxInside } from '../../../components/map/visible-area';

/** Pans the map so a station shows in the part of the map the page panel leaves visible, when it is not already there. */
export function useRevealStation(map: OlMap | null) {
  return useCallback(
    (station: Pick<Station, 'longitude' | 'latitude'>) => {
      if (!map?.getSize()) return;
      const coordinate = fromLonLat([station.longitude, station.latitude]);
      const pixel = map.getPixelFromCoordinate(coordinate);
      if (pixel && boxInside({ left: pixel[0]!, top: pixel[1]!, right: pixel[0]!, bottom: pixel[1]! }, visibleAreaOf(map), 16)) return;
      centreOn(map, coordinate);
    },
    [map],
  );
}
