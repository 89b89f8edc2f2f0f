import type Polygon from 'ol/geom/Polygon';
import Draw from 'ol/interaction/Draw';
import { toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { useEffect, useRef } from 'react';
import { useConsoleMap } from './map-context';
import { useMapStore } from './map-store';

/**
 * Polygon drawing on the map while `active`, the map's clicks claimed meanwhile; each finished polygon's outer ring is
 * handed over as lon/lat positions, as drawn (the page closes and rounds it by its own rules). Used by the area
 * revision and the zoning region.
 */
export function usePolygonDraw(active: boolean, onPolygon: (positions: number[][]) => void): void {
  const map = useConsoleMap();
  const handler = useRef(onPolygon);
  useEffect(() => {
    handler.current = onPolygon;
  });
  useEffect(() => {
    if (!map || !active) return;
    const release = useMapStore.getState().claimClicks();
    const draw = new Draw({ type: 'Polygon', source: new VectorSource() });
    draw.on('drawend', (e) => {
      const geometry = e.feature.getGeometry() as Polygon;
      handler.current((geometry.getCoordinates()[0] ?? []).map((c) => toLonLat(c)));
    });
    map.addInteraction(draw);
    return () => {
      map.removeInteraction(draw);
      release();
    };
  }, [map, active]);
}
