import type { GisLayers } from '@agromet/contracts';
import Feature from 'ol/Feature';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { useEffect, useRef } from 'react';
import { clearContent, revealExtent } from '../../../components/map/fit-view';
import { geoJsonSource } from '../../../components/map/geojson-source';
import { useConsoleMap } from '../../../components/map/map-context';
import { useMapStore } from '../../../components/map/map-store';
import { useMapLayer } from '../../../components/map/use-map-layer';
import { usePolygonDraw } from '../../../components/map/use-polygon-draw';
import { boundaryRings } from './area-geometry';
import { closeRing, type Ring } from '../../../components/map/ring';

const areaStyle = (label: string) =>
  new Style({
    stroke: new Stroke({ color: '#fa541c', width: 2 }),
    fill: new Fill({ color: 'rgba(250,84,28,0.08)' }),
    text: new Text({
      text: label,
      font: 'bold 12px Arial, sans-serif',
      fill: new Fill({ color: '#ad2102' }),
      stroke: new Stroke({ color: '#fff', width: 3 }),
    }),
  });
const boundaryStyle = new Style({
  stroke: new Stroke({ color: '#2f54eb', width: 1.2 }),
  fill: new Fill({ color: 'rgba(47,84,235,0.04)' }),
});

/**
 * The chosen revision areas drawn on the map, numbered like the list. When an area is added (drawn or picked) and
 * the areas do not all show in the part of the map the page panel leaves visible, the map fits them there.
 */
export function useAreasLayer(rings: readonly Ring[]): void {
  const map = useConsoleMap();
  const source = useRef(new VectorSource());
  const shown = useRef(0);
  useMapLayer(map, () => new VectorLayer({ source: source.current, zIndex: 30, properties: { role: 'revision-areas' } }));
  useEffect(() => {
    source.current.clear(true);
    source.current.addFeatures(
      rings.map((ring, k) => {
        const f = new Feature(new Polygon([ring.map((p) => fromLonLat(p))]));
        f.setStyle(areaStyle(String(k + 1)));
        return f;
      }),
    );
    const added = rings.length > shown.current;
    shown.current = rings.length;
    const extent = source.current.getExtent();
    if (map && added && extent) revealExtent(map, extent, { maxZoom: 9 });
    else if (map && rings.length === 0) clearContent(map);
  }, [map, rings]);
}

/** Polygon drawing on the map while `active`; each finished polygon is handed over as a closed, rounded lon/lat ring. */
export function useRingDraw(active: boolean, onRing: (ring: Ring) => void): void {
  usePolygonDraw(active, (positions) => onRing(closeRing(positions)));
}

/**
 * A boundary layer (e.g. provinces) shown while picking; a click on one of its areas hands over
 * that area's outer rings (lon/lat), simplified when needed to fit the server's limits.
 */
export function useBoundaryPick(
  boundary: GisLayers['boundaries'][number] | undefined,
  active: boolean,
  usedPositions: number,
  onRings: (rings: Ring[], simplified: boolean) => void,
): void {
  const map = useConsoleMap();
  const handler = useRef(onRings);
  handler.current = onRings;
  const used = useRef(usedPositions);
  used.current = usedPositions;
  useEffect(() => {
    if (!map || !active || !boundary) return;
    const release = useMapStore.getState().claimClicks();
    const layer = new VectorLayer({
      source: geoJsonSource(boundary.url),
      style: boundaryStyle,
      zIndex: 25,
      properties: { role: 'revision-boundary' },
    });
    map.addLayer(layer);
    const onClick = (e: { pixel: number[] }) => {
      const feature = map.forEachFeatureAtPixel(e.pixel, (f) => f, { layerFilter: (l) => l === layer });
      const geometry = feature instanceof Feature ? feature.getGeometry() : undefined;
      if (!geometry) return;
      const lonLat = geometry.clone();
      lonLat.transform('EPSG:3857', 'EPSG:4326');
      const { rings, simplified } = boundaryRings(lonLat, used.current);
      if (rings.length) handler.current(rings, simplified);
    };
    map.on('singleclick', onClick);
    return () => {
      map.un('singleclick', onClick);
      map.removeLayer(layer);
      release();
    };
  }, [map, active, boundary]);
}
