import type { GisLayers } from '@agromet/contracts';
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import { useEffect, useRef, useState } from 'react';
import { useConsoleMap } from '../../../components/map/map-context';
import { useMapStore } from '../../../components/map/map-store';
import { usePolygonDraw } from '../../../components/map/use-polygon-draw';
import { http } from '../../../lib/request';
import { closeRing, type Ring } from '../../../components/map/ring';

const boundaryStyle = new Style({
  stroke: new Stroke({ color: '#2f54eb', width: 1.2 }),
  fill: new Fill({ color: 'rgba(47,84,235,0.04)' }),
});
const chosenStyle = new Style({
  stroke: new Stroke({ color: '#fa541c', width: 2.5 }),
  fill: new Fill({ color: 'rgba(250,84,28,0.12)' }),
});

/** The area of a boundary layer that was clicked: its index in the layer's GeoJSON and its properties. */
export interface PickedArea {
  index: number;
  properties: Record<string, unknown>;
}

/**
 * A boundary layer on the map while `shown` (the chosen area highlighted); while `picking`, a click on one of its
 * areas hands over that area's index in the layer's GeoJSON (which /quhua/execute names it by). Features are read
 * here rather than by the map's shared source so that each keeps its index.
 */
export function useBoundaryAreas(
  boundary: GisLayers['boundaries'][number] | undefined,
  shown: boolean,
  picking: boolean,
  chosen: number | null,
  onPick: (area: PickedArea) => void,
): { loading: boolean } {
  const map = useConsoleMap();
  const handler = useRef(onPick);
  useEffect(() => {
    handler.current = onPick;
  });
  const [loading, setLoading] = useState(false);
  const sourceRef = useRef<VectorSource | null>(null);
  const layerRef = useRef<VectorLayer | null>(null);

  useEffect(() => {
    if (!map || !shown || !boundary) return;
    const source = new VectorSource();
    const layer = new VectorLayer({ source, style: boundaryStyle, zIndex: 25, properties: { role: 'zoning-boundary' } });
    map.addLayer(layer);
    sourceRef.current = source;
    layerRef.current = layer;
    const abort = new AbortController();
    setLoading(true);
    http<unknown>('GET', boundary.url, { responseType: 'blob', timeoutMs: 60_000, signal: abort.signal })
      .then(async (body) => {
        const json: unknown = body instanceof Blob ? JSON.parse(await body.text()) : body;
        const features = new GeoJSON().readFeatures(json, { featureProjection: 'EPSG:3857' });
        features.forEach((f, index) => f.set('areaIndex', index));
        source.addFeatures(features);
      })
      .catch(() => {
        // Shown by the request client (or cancelled by leaving).
      })
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => {
      abort.abort();
      map.removeLayer(layer);
      sourceRef.current = null;
      layerRef.current = null;
    };
  }, [map, shown, boundary]);

  // The chosen area stands out.
  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    layer.setStyle((feature) => (feature.get('areaIndex') === chosen ? chosenStyle : boundaryStyle));
  }, [chosen, shown, boundary, loading]);

  useEffect(() => {
    if (!map || !picking || !shown) return;
    const release = useMapStore.getState().claimClicks();
    const onClick = (e: { pixel: number[] }) => {
      const feature = map.forEachFeatureAtPixel(e.pixel, (f) => f, { layerFilter: (l) => l === layerRef.current });
      if (!(feature instanceof Feature)) return;
      const index = feature.get('areaIndex') as number | undefined;
      if (index === undefined) return;
      const { geometry: _geometry, ...properties } = feature.getProperties();
      handler.current({ index, properties });
    };
    map.on('singleclick', onClick);
    return () => {
      map.un('singleclick', onClick);
      release();
    };
  }, [map, picking, shown]);

  return { loading };
}

const polygonStyle = new Style({
  stroke: new Stroke({ color: '#fa541c', width: 2 }),
  fill: new Fill({ color: 'rgba(250,84,28,0.1)' }),
});

/** The drawn region on the map while `shown`; while `drawing`, a finished polygon is handed over as a lon/lat ring. */
export function usePolygonRegion(ring: Ring | null, shown: boolean, drawing: boolean, onRing: (ring: Ring) => void): void {
  const map = useConsoleMap();

  useEffect(() => {
    if (!map || !shown || !ring) return;
    const source = new VectorSource({ features: [new Feature(new Polygon([ring.map((p) => fromLonLat(p))]))] });
    const layer = new VectorLayer({ source, style: polygonStyle, zIndex: 26, properties: { role: 'zoning-polygon' } });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, shown, ring]);

  usePolygonDraw(drawing && shown, (positions) => onRing(closeRing(positions)));
}
