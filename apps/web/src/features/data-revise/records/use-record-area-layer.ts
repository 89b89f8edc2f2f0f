import type { RecordDetail } from '@agromet/contracts';
import type OlMap from 'ol/Map';
import GeoJSON from 'ol/format/GeoJSON';
import type Feature from 'ol/Feature';
import type MultiPolygon from 'ol/geom/MultiPolygon';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import { useEffect, useRef, useState } from 'react';
import { useMapLayer } from '../../../components/map/use-map-layer';
import { fitExtent } from '../../../components/map/fit-view';

const AREA_STYLE = new Style({
  fill: new Fill({ color: 'rgba(250, 84, 28, 0.25)' }),
  stroke: new Stroke({ color: '#fa541c', width: 2 }),
});
/** Zoom the fit stops at: a few changed cells still show their surroundings. */
const FIT_MAX_ZOOM = 10;

/**
 * A record's changed area highlighted on the map (removed on unmount); the map fits to it
 * in the part of the map the panel leaves visible, when another record is chosen. Answers how many polygons are drawn.
 */
export function useRecordAreaLayer(map: OlMap | null, recordId: number | null, area: RecordDetail['area'] | undefined): number {
  const layerRef = useMapLayer(
    map,
    () => new VectorLayer({ source: new VectorSource(), style: AREA_STYLE, zIndex: 40, properties: { role: 'revision-area' } }),
  );
  const fitted = useRef<number | null>(null);
  const [count, setCount] = useState(0);

  // Another map has not been fitted to anything yet.
  useEffect(() => {
    fitted.current = null;
  }, [map]);

  useEffect(() => {
    const source = layerRef.current?.getSource();
    if (!map || !source) return;
    source.clear(true);
    if (!area || recordId === null) {
      setCount(0);
      return;
    }
    const features = new GeoJSON().readFeatures(area, {
      dataProjection: 'EPSG:4326',
      featureProjection: 'EPSG:3857',
    }) as Feature<MultiPolygon>[];
    source.addFeatures(features);
    setCount(features.reduce((n, f) => n + (f.getGeometry()?.getPolygons().length ?? 0), 0));
    const extent = source.getExtent();
    if (fitted.current !== recordId && extent && features.length > 0) {
      fitted.current = recordId;
      fitExtent(map, extent, { maxZoom: FIT_MAX_ZOOM });
    }
  }, [map, layerRef, recordId, area]);

  return count;
}
