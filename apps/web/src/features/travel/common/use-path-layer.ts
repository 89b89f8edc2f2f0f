import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import { createEmpty, extend } from 'ol/extent';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import type { Pixel } from 'ol/pixel';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { useCallback, useEffect } from 'react';
import { fitExtent } from '../../../components/map/fit-view';
import { useMapLayer } from '../../../components/map/use-map-layer';

/** A path on the map: a greenway's line or a route through its stops. */
export interface MapPath {
  id: number;
  points: ReadonlyArray<readonly [number, number]>;
  colour: string;
  label: string;
}

const FONT = '12px Arial, sans-serif';
const HALO = new Stroke({ color: 'rgba(255,255,255,0.95)', width: 3 });
const DRAFT = '#fa8c16';

/**
 * Paths as lines on the console map (removed on unmount): each in its colour, the selected one wide and labelled with
 * its vertices (numbered when `numbered`, as a route's stops), and a draft being drawn dashed with its vertices.
 * Answers which path lies under a pixel.
 */
export function usePathLayer(
  map: OlMap | null,
  paths: readonly MapPath[],
  selectedId: number | null,
  draft: ReadonlyArray<readonly [number, number]> | null,
  role: string,
  numbered = false,
): (pixel: Pixel) => number | null {
  const layerRef = useMapLayer(map, () => new VectorLayer({ source: new VectorSource(), zIndex: 30, properties: { role } }));

  useEffect(() => {
    const source = layerRef.current?.getSource();
    if (!source) return;
    source.clear(true);
    const features: Feature[] = [];
    const vertices = (pts: ReadonlyArray<readonly [number, number]>, colour: string, key: string) =>
      pts.forEach((p, k) => {
        const f = new Feature({ geometry: new Point(fromLonLat([p[0], p[1]])) });
        f.setId(`${key}-v${k}`);
        f.setStyle(
          new Style({
            image: new Circle({
              radius: numbered ? 9 : 4,
              fill: new Fill({ color: colour }),
              stroke: new Stroke({ color: '#fff', width: 2 }),
            }),
            text: numbered ? new Text({ text: String(k + 1), font: `bold ${FONT}`, fill: new Fill({ color: '#fff' }) }) : undefined,
            zIndex: 3,
          }),
        );
        features.push(f);
      });
    for (const p of paths) {
      if (p.points.length < 2) continue;
      const selected = p.id === selectedId;
      const f = new Feature({ geometry: new LineString(p.points.map((q) => fromLonLat([q[0], q[1]]))) });
      f.setId(p.id);
      f.setStyle([
        new Style({ stroke: new Stroke({ color: '#fff', width: selected ? 8 : 6 }), zIndex: selected ? 2 : 0 }),
        new Style({
          stroke: new Stroke({ color: p.colour, width: selected ? 5 : 3 }),
          text: selected
            ? new Text({ text: p.label, font: `bold ${FONT}`, placement: 'line', fill: new Fill({ color: '#1f1f1f' }), stroke: HALO })
            : undefined,
          zIndex: selected ? 2 : 1,
        }),
      ]);
      features.push(f);
      if (selected) vertices(p.points, p.colour, `p${p.id}`);
    }
    if (draft && draft.length > 0) {
      if (draft.length > 1) {
        const f = new Feature({ geometry: new LineString(draft.map((q) => fromLonLat([q[0], q[1]]))) });
        f.setId('draft');
        f.setStyle(new Style({ stroke: new Stroke({ color: DRAFT, width: 4, lineDash: [10, 6] }), zIndex: 4 }));
        features.push(f);
      }
      vertices(draft, DRAFT, 'draft');
    }
    source.addFeatures(features);
  }, [map, layerRef, paths, selectedId, draft, numbered]);

  return useCallback(
    (pixel: Pixel) => {
      const layer = layerRef.current;
      if (!map || !layer) return null;
      for (const f of map.getFeaturesAtPixel(pixel, { layerFilter: (l) => l === layer, hitTolerance: 5 }))
        if (typeof f.getId() === 'number') return f.getId() as number;
      return null;
    },
    [map, layerRef],
  );
}

/** Fits the view to every point of the paths, in the part of the map the page panel leaves visible. */
export function fitPaths(map: OlMap | null, paths: ReadonlyArray<{ points: ReadonlyArray<readonly [number, number]> }>): void {
  const all = paths.flatMap((p) => p.points);
  if (!map || all.length === 0) return;
  const extent = createEmpty();
  for (const p of all) extend(extent, [...fromLonLat([p[0], p[1]]), ...fromLonLat([p[0], p[1]])]);
  fitExtent(map, extent, { maxZoom: 13 });
}
