import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { useEffect, useState } from 'react';
import { request } from '../../lib/request';
import { useAppStore } from '../../stores/app';
import { pointLabelStyle } from './point-style';
import { useGridVersion } from './grid-version';
import { pointLabelOf, type ProductSelection } from './map-rules';
import { labelledGridKey, useMapStore } from './map-store';
import { useMapLayer } from './use-map-layer';

/** What the overlay shows: how many points, and the first one's label (the map element tells both, for tests). */
export interface PointOverlayState {
  count: number;
  firstLabel: string;
}

/**
 * Grid-point values over the product layer, fetched for the visible box and thinned by the server; labelled in the
 * interface language (a weather code by its phenomenon's name), so a language switch labels them again.
 */
export function usePointOverlay(map: OlMap | null, selection: ProductSelection | null): PointOverlayState {
  const visible = useMapStore((s) => s.points);
  const language = useAppStore((s) => s.language);
  // A new version of the grid (a saved revision, a recovery) fetches the values again.
  const gridVersion = useGridVersion(selection);
  // Cells a revision just set are labelled themselves (map-store's `labelled`).
  const labelled = useMapStore((s) => s.labelled);
  const at =
    selection && labelled && labelled.grid === labelledGridKey(selection) && labelled.points.length > 0
      ? labelled.points
          .slice(0, 20)
          .map(([lon, lat]) => `${lon},${lat}`)
          .join(';')
      : undefined;
  const [state, setState] = useState<PointOverlayState>({ count: 0, firstLabel: '' });
  const layerRef = useMapLayer(
    map,
    () =>
      new VectorLayer({
        source: new VectorSource<Feature<Point>>(),
        style: pointLabelStyle,
        // Only names (declutterMode in the style) give way to each other; values are spaced by the server.
        declutter: 'map-points',
        zIndex: 20,
        properties: { role: 'points' },
      }),
  );

  useEffect(() => {
    const layer = layerRef.current;
    if (!map || !layer) return;
    const source = layer.getSource()!;
    layer.setVisible(visible);
    if (!selection || !visible) {
      source.clear();
      setState({ count: 0, firstLabel: '' });
      return;
    }
    let controller: AbortController | null = null;
    // moveend also fires when nothing moved (first render, resize): the same box is not asked twice.
    let lastKey = '';
    const load = () => {
      const size = map.getSize();
      const view = map.getView();
      if (!size) return;
      const [west, south, east, north] = transformExtent(view.calculateExtent(size), 'EPSG:3857', 'EPSG:4326');
      const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
      const query = {
        type: selection.type,
        factor: selection.factor,
        lead: selection.lead,
        ...(selection.baseTime ? { baseTime: selection.baseTime } : {}),
        west: clamp(west!, 180),
        south: clamp(south!, 90),
        east: clamp(east!, 180),
        north: clamp(north!, 90),
        zoom: Math.max(0, Math.round(view.getZoom() ?? 0)),
        ...(at ? { at } : {}),
      };
      const key = JSON.stringify(query);
      if (key === lastKey) return;
      lastKey = key;
      controller?.abort();
      controller = new AbortController();
      request('latticePoints', {
        query,
        signal: controller.signal,
        silent: true,
      }).then(
        (data) => {
          source.clear(true);
          const labels = data.points.map((p) => pointLabelOf(p.value, selection.factor, language));
          source.addFeatures(
            data.points.map(
              (p, k) =>
                new Feature({
                  geometry: new Point(fromLonLat([p.lon, p.lat])),
                  value: p.value,
                  label: labels[k]!.text,
                  named: labels[k]!.named,
                }),
            ),
          );
          setState({ count: data.points.length, firstLabel: labels[0]?.text ?? '' });
        },
        () => {
          // Aborted by a newer move, or no grid here: the layer keeps what it had; the box may be asked again.
          if (lastKey === key) lastKey = '';
        },
      );
    };
    load();
    map.on('moveend', load);
    return () => {
      map.un('moveend', load);
      controller?.abort();
    };
  }, [map, layerRef, selection, visible, gridVersion, language, at]);

  return state;
}
