import type { GisLayers } from '@agromet/contracts';
import type OlMap from 'ol/Map';
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { createBaseLayer } from './base-layers';
import { layersToShow } from './map-rules';
import { useMapStore } from './map-store';

/** Draws the chosen base layer (and its labels); answers the id of the base in use. */
export function useBaseLayers(map: OlMap | null, layers: GisLayers | undefined): string {
  const { baseId, labels } = useMapStore(useShallow((s) => ({ baseId: s.baseId, labels: s.labels })));
  const shown = layers ? layersToShow(layers.baseLayers, baseId || layers.defaultBase, labels) : [];
  const key = shown.map((l) => l.id).join(',');

  useEffect(() => {
    if (!map || shown.length === 0) return;
    const added = shown.map(createBaseLayer);
    for (const layer of added) map.addLayer(layer);
    return () => {
      for (const layer of added) map.removeLayer(layer);
    };
    // `key` names exactly the layers in `shown` (a new array each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- followed through `key`
  }, [map, key]);

  return shown[0]?.id ?? '';
}
