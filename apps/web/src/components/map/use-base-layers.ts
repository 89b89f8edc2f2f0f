import type { GisLayers } from '@agromet/contracts';
import type OlMap from 'ol/Map';
import TileLayer from 'ol/layer/Tile';
import type TileSource from 'ol/source/Tile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { toastWarning } from '../../lib/feedback';
import { createBaseLayer } from './base-layers';
import { MAP_NS } from './i18n';
import { baseLayerFailed, layersToShow, layerTitleKey } from './map-rules';
import { useMapStore } from './map-store';

/** The base used in place of an unreachable online one: the console's own outlines, always there. */
const OFFLINE_BASE = 'offline';

/**
 * Draws the chosen base layer (and its labels); answers the id of the base in use. An online base whose tiles all fail
 * (no internet, a blocked host) is reported once and replaced by the offline outlines, rather than left a blank map.
 */
export function useBaseLayers(map: OlMap | null, layers: GisLayers | undefined): string {
  const { t } = useTranslation(MAP_NS);
  const { baseId, labels, failedBases, baseFailed } = useMapStore(
    useShallow((s) => ({ baseId: s.baseId, labels: s.labels, failedBases: s.failedBases, baseFailed: s.baseFailed })),
  );
  const chosen = baseId || layers?.defaultBase || '';
  const hasOffline = layers?.baseLayers.some((l) => l.id === OFFLINE_BASE) ?? false;
  const base = failedBases.includes(chosen) && hasOffline ? OFFLINE_BASE : chosen;
  const shown = layers ? layersToShow(layers.baseLayers, base, labels) : [];
  const key = shown.map((l) => l.id).join(',');

  useEffect(() => {
    if (!map || shown.length === 0) return;
    const added = shown.map(createBaseLayer);
    for (const layer of added) map.addLayer(layer);
    // Watch the base's own tiles (not its labels): all failing means the map would stay blank.
    const tiles = added[0] instanceof TileLayer ? (added[0].getSource() as TileSource | null) : null;
    let errors = 0;
    let loaded = 0;
    const onError = () => {
      errors += 1;
      if (baseLayerFailed(errors, loaded) && hasOffline && shown[0]!.id !== OFFLINE_BASE) {
        const name = t(layerTitleKey(shown[0]!.title), { defaultValue: shown[0]!.id });
        toastWarning(t('base.unreachable', { name }), 8);
        baseFailed(shown[0]!.id);
      }
    };
    const onLoad = () => {
      loaded += 1;
    };
    tiles?.on('tileloaderror', onError);
    tiles?.on('tileloadend', onLoad);
    return () => {
      tiles?.un('tileloaderror', onError);
      tiles?.un('tileloadend', onLoad);
      for (const layer of added) map.removeLayer(layer);
    };
    // `key` names exactly the layers in `shown` (a new array each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- followed through `key`
  }, [map, key]);

  return shown[0]?.id ?? '';
}
