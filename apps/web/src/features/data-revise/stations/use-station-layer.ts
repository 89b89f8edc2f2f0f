import type { Station } from '@agromet/contracts';
import Feature, { type FeatureLike } from 'ol/Feature';
import type OlMap from 'ol/Map';
import type { Pixel } from 'ol/pixel';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { useEffect } from 'react';
import { useMapLayer } from '../../../components/map/use-map-layer';
import { stationLabel } from './station-values';

const DRAFT_ID = 'draft';
const FONT = '12px Arial, sans-serif';
const HALO = new Stroke({ color: 'rgba(255,255,255,0.95)', width: 3 });

function dot(radius: number, color: string): Circle {
  // Points always show (and take clicks); only labels that would overlap give way.
  return new Circle({ radius, fill: new Fill({ color }), stroke: new Stroke({ color: '#fff', width: 2 }), declutterMode: 'none' });
}

const styles = {
  station: (label: string) =>
    new Style({
      image: dot(6, '#1677ff'),
      text: new Text({ text: label, font: FONT, offsetY: -15, fill: new Fill({ color: '#1f1f1f' }), stroke: HALO }),
    }),
  selected: (label: string) =>
    new Style({
      image: dot(8, '#fa541c'),
      text: new Text({ text: label, font: `bold ${FONT}`, offsetY: -17, fill: new Fill({ color: '#ad2102' }), stroke: HALO }),
      zIndex: 10,
    }),
  draft: new Style({ image: dot(7, '#faad14'), zIndex: 20 }),
};

const cache = new Map<string, Style>();

function styleOf(feature: FeatureLike): Style {
  if (feature.getId() === DRAFT_ID) return styles.draft;
  const label = String(feature.get('label') ?? '');
  const selected = Boolean(feature.get('selected'));
  const key = `${selected ? 1 : 0}${label}`;
  let style = cache.get(key);
  if (!style) {
    style = selected ? styles.selected(label) : styles.station(label);
    if (cache.size > 5000) cache.clear();
    cache.set(key, style);
  }
  return style;
}

/**
 * The stations as labelled points over the map (removed again on unmount), the selected one highlighted, and the
 * position being picked for a new station as a draft marker. Answers a lookup of the station under a pixel.
 */
export function useStationLayer(
  map: OlMap | null,
  stations: readonly Station[],
  selectedId: number | null,
  draft: { longitude: number; latitude: number } | null,
): (pixel: Pixel) => number | null {
  const layerRef = useMapLayer(
    map,
    () =>
      new VectorLayer({
        source: new VectorSource<Feature<Point>>(),
        style: styleOf,
        declutter: true,
        zIndex: 30,
        properties: { role: 'stations' },
      }),
  );

  useEffect(() => {
    const source = layerRef.current?.getSource();
    if (!source) return;
    const draftFeature = source.getFeatureById(DRAFT_ID);
    source.clear(true);
    source.addFeatures(
      stations.map((s) => {
        const f = new Feature({
          geometry: new Point(fromLonLat([s.longitude, s.latitude])),
          label: stationLabel(s),
          selected: s.id === selectedId,
        });
        f.setId(s.id);
        return f;
      }),
    );
    if (draftFeature) source.addFeature(draftFeature);
  }, [map, layerRef, stations, selectedId]);

  useEffect(() => {
    const source = layerRef.current?.getSource();
    if (!source) return;
    const existing = source.getFeatureById(DRAFT_ID);
    if (existing) source.removeFeature(existing);
    if (draft) {
      const f = new Feature({ geometry: new Point(fromLonLat([draft.longitude, draft.latitude])) });
      f.setId(DRAFT_ID);
      source.addFeature(f);
    }
  }, [map, layerRef, draft]);

  return (pixel) => {
    const layer = layerRef.current;
    if (!map || !layer) return null;
    let best: { id: number; distance: number } | null = null;
    for (const feature of map.getFeaturesAtPixel(pixel, { layerFilter: (l) => l === layer, hitTolerance: 6 })) {
      const id = feature.getId();
      if (typeof id !== 'number') continue;
      const at = map.getPixelFromCoordinate((feature.getGeometry() as Point).getCoordinates());
      const distance = at ? Math.hypot(at[0]! - pixel[0]!, at[1]! - pixel[1]!) : Number.POSITIVE_INFINITY;
      if (!best || distance < best.distance) best = { id, distance };
    }
    return best?.id ?? null;
  };
}
