import type { ConsistencyViolation } from '@agromet/contracts';
import GeoJSON from 'ol/format/GeoJSON';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import { useEffect, useRef, useState } from 'react';
import { useConsoleMap } from '../../../components/map/map-context';
import { useMapLayer } from '../../../components/map/use-map-layer';

const violationStyle = new Style({
  stroke: new Stroke({ color: '#d4380d', width: 2 }),
  fill: new Fill({ color: 'rgba(250,84,28,0.18)' }),
});

const geojson = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

/**
 * The violating cells of the grid on the map, outlined (each violation's rectangles of cells). Answers how many
 * outlines the layer holds, for the panel to say so.
 */
export function useViolationsLayer(violations: readonly ConsistencyViolation[]): number {
  const map = useConsoleMap();
  const source = useRef(new VectorSource());
  const [count, setCount] = useState(0);

  useMapLayer(map, () => new VectorLayer({ source: source.current, zIndex: 35, properties: { role: 'consistency-violations' } }));

  useEffect(() => {
    const features = violations.map((v) => geojson.readFeature({ type: 'Feature', geometry: v.outline, properties: { rule: v.rule } }));
    for (const f of features) (Array.isArray(f) ? f : [f]).forEach((x) => x.setStyle(violationStyle));
    source.current.clear(true);
    source.current.addFeatures(features.flat());
    setCount(source.current.getFeatures().length);
  }, [violations]);
  return count;
}
