import Feature from 'ol/Feature';
import Circle from 'ol/geom/Circle';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import { useEffect, useRef } from 'react';
import { useConsoleMap } from '../../../components/map/map-context';
import { useMapLayer } from '../../../components/map/use-map-layer';
import type { RevisionPoint } from './revise-rules';

const ringStyle = new Style({
  stroke: new Stroke({ color: 'rgba(245,34,45,0.8)', width: 1.5, lineDash: [6, 4] }),
  fill: new Fill({ color: 'rgba(245,34,45,0.06)' }),
});

function markerStyle(label: string): Style {
  return new Style({
    image: new CircleStyle({ radius: 6, fill: new Fill({ color: '#f5222d' }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
    text: new Text({
      text: label,
      offsetY: -14,
      font: 'bold 12px Arial, sans-serif',
      fill: new Fill({ color: '#a8071a' }),
      stroke: new Stroke({ color: '#fff', width: 3 }),
    }),
  });
}

/** Web Mercator stretches distances by 1/cos(lat): a radius in km drawn as a circle in map units. */
export function mercatorRadius(radiusKm: number, lat: number): number {
  return (radiusKm * 1000) / Math.cos((lat * Math.PI) / 180);
}

/** The revision points on the map: a marker with its number and its radius of influence. */
export function usePointsLayer(points: readonly RevisionPoint[]): void {
  const map = useConsoleMap();
  const source = useRef(new VectorSource());

  useMapLayer(map, () => new VectorLayer({ source: source.current, zIndex: 30, properties: { role: 'revision-points' } }));

  useEffect(() => {
    const features = points.flatMap((p, k) => {
      const centre = fromLonLat([p.lon, p.lat]);
      const ring = new Feature(new Circle(centre, mercatorRadius(p.radiusKm, p.lat)));
      ring.setStyle(ringStyle);
      const marker = new Feature(new Point(centre));
      marker.setStyle(markerStyle(String(k + 1)));
      return [ring, marker];
    });
    source.current.clear(true);
    source.current.addFeatures(features);
  }, [points]);
}
