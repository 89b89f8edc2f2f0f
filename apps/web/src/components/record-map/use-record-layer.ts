import Feature, { type FeatureLike } from 'ol/Feature';
import type OlMap from 'ol/Map';
import { createEmpty, extend, type Extent } from 'ol/extent';
import Point from 'ol/geom/Point';
import type BaseLayer from 'ol/layer/Base';
import VectorLayer from 'ol/layer/Vector';
import type { Pixel } from 'ol/pixel';
import { fromLonLat } from 'ol/proj';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { useCallback, useEffect, useRef } from 'react';
import { motionDuration } from '../../lib/reduced-motion';
import { centreOn, fitLonLatBox } from '../map/fit-view';
import { useMapLayer } from '../map/use-map-layer';
import { CLUSTER_DISTANCE_PX, clusterColour, clusterRadius, recordsBox, type MapRecord, type RecordHit } from './record-map-rules';

/** How the page draws its records: the colour and rank (for clusters) of each, and its label. */
export interface RecordLook<T> {
  colour: (record: T) => string;
  /** Higher ranks colour a cluster (a sandstorm outranks floating dust). */
  rank?: (record: T) => number;
  label?: (record: T) => string;
}

const FONT = '12px Arial, sans-serif';
const HALO = new Stroke({ color: 'rgba(255,255,255,0.95)', width: 3 });

/** A record or a counted cluster of records (in the clustered layer). */
function clusteredStyle<T>(rs: readonly T[], look: RecordLook<T>): Style {
  if (rs.length > 1) {
    const colour = clusterColour(rs, look.rank ?? (() => 0), look.colour);
    return new Style({
      image: new Circle({
        radius: clusterRadius(rs.length),
        fill: new Fill({ color: colour }),
        stroke: new Stroke({ color: '#fff', width: 2 }),
      }),
      text: new Text({
        text: String(rs.length),
        font: `bold ${FONT}`,
        fill: new Fill({ color: '#fff' }),
        stroke: new Stroke({ color: 'rgba(0,0,0,0.45)', width: 2 }),
      }),
    });
  }
  const r = rs[0];
  return new Style({
    image: new Circle({
      radius: 7,
      fill: new Fill({ color: r ? look.colour(r) : '#8c8c8c' }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
  });
}

/** The selected record, large and labelled, or (without a record) the draft marker, on the layer above the clusters. */
function topStyle<T>(r: T | undefined, look: RecordLook<T>): Style {
  if (!r)
    return new Style({
      image: new Circle({ radius: 8, fill: new Fill({ color: '#faad14' }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
    });
  return new Style({
    image: new Circle({ radius: 10, fill: new Fill({ color: look.colour(r) }), stroke: new Stroke({ color: '#1f1f1f', width: 3 }) }),
    text: look.label
      ? new Text({ text: look.label(r), font: `bold ${FONT}`, offsetY: -20, fill: new Fill({ color: '#1f1f1f' }), stroke: HALO })
      : undefined,
  });
}

function pointAt(id: number | string, lon: number, lat: number): Feature<Point> {
  const f = new Feature({ geometry: new Point(fromLonLat([lon, lat])) });
  f.setId(id);
  return f;
}

/** What lies under the pixel: a selected or single record, or a cluster (the map zooms into its records). */
function hitAt(map: OlMap, layer: BaseLayer, top: BaseLayer, pixel: Pixel): RecordHit {
  for (const f of map.getFeaturesAtPixel(pixel, { layerFilter: (l) => l === top, hitTolerance: 4 })) {
    if (typeof f.getId() === 'number') return { kind: 'record', id: f.getId() as number };
  }
  const hit = map.getFeaturesAtPixel(pixel, { layerFilter: (l) => l === layer, hitTolerance: 4 })[0];
  const members = (hit?.get('features') as Feature<Point>[] | undefined) ?? [];
  if (members.length === 1) return { kind: 'record', id: members[0]!.getId() as number };
  if (members.length > 1) {
    const extent: Extent = createEmpty();
    for (const m of members) extend(extent, m.getGeometry()!.getExtent());
    map.getView().fit(extent, { padding: [56, 56, 56, 56], duration: motionDuration(250), maxZoom: 12 });
    return { kind: 'cluster', ids: members.map((m) => m.getId() as number) };
  }
  return null;
}

/**
 * Records as points on the console map (removed on unmount), coloured by the page's rule and gathered into counted
 * circles where they crowd (OpenLayers Cluster source); the selected record is drawn large and never clustered away,
 * and the position being picked for a new record as a draft marker. Answers what lies under a pixel; a cluster hit
 * zooms the map into its records.
 */
export function useRecordLayer<T extends MapRecord>(
  map: OlMap | null,
  records: readonly T[],
  look: RecordLook<T>,
  selectedId: number | null,
  draft: { lon: number; lat: number } | null,
  role: string,
): (pixel: Pixel) => RecordHit {
  const lookRef = useRef(look);
  lookRef.current = look;
  const byId = useRef(new Map<number, T>());

  const styleOf = useCallback((feature: FeatureLike): Style => {
    const members = (feature.get('features') as Feature[] | undefined) ?? [];
    const rs = members.map((m) => byId.current.get(m.getId() as number)).filter((r): r is T => r !== undefined);
    return clusteredStyle(rs, lookRef.current);
  }, []);

  const layerRef = useMapLayer(
    map,
    () =>
      new VectorLayer({
        source: new Cluster({ distance: CLUSTER_DISTANCE_PX, source: new VectorSource<Feature<Point>>() }),
        style: styleOf,
        zIndex: 30,
        properties: { role },
      }),
  );
  const topRef = useMapLayer(
    map,
    () =>
      new VectorLayer({
        source: new VectorSource<Feature<Point>>(),
        style: (f) => topStyle(byId.current.get(f.getId() as number), lookRef.current),
        zIndex: 31,
        properties: { role: `${role}-selected` },
      }),
  );

  useEffect(() => {
    byId.current = new Map(records.map((r) => [r.id, r]));
    const cluster = layerRef.current?.getSource() as Cluster<Feature<Point>> | null | undefined;
    const source = cluster?.getSource();
    if (!source) return;
    source.clear(true);
    source.addFeatures(records.filter((r) => r.id !== selectedId).map((r) => pointAt(r.id, r.lon, r.lat)));
    const top = topRef.current?.getSource();
    if (!top) return;
    top.clear(true);
    const selected = selectedId === null ? undefined : byId.current.get(selectedId);
    if (selected) top.addFeature(pointAt(selected.id, selected.lon, selected.lat));
    if (draft) top.addFeature(pointAt('draft', draft.lon, draft.lat));
  }, [map, layerRef, topRef, records, selectedId, draft]);

  return useCallback(
    (pixel: Pixel): RecordHit => {
      const layer = layerRef.current;
      const top = topRef.current;
      return map && layer && top ? hitAt(map, layer, top, pixel) : null;
    },
    [map, layerRef, topRef],
  );
}

/** Fits the view to the records, in the part of the map the panel leaves visible. */
export function fitRecords(map: OlMap | null, records: readonly MapRecord[]): void {
  const box = map ? recordsBox(records) : null;
  if (!map || !box) return;
  fitLonLatBox(map, box);
}

/** Centres a record in the part of the map the panel leaves visible (zooming in to at least 9). */
export function revealRecord(map: OlMap | null, record: MapRecord): void {
  if (map) centreOn(map, fromLonLat([record.lon, record.lat]), 9);
}
