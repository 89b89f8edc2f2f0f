import type BaseLayer from 'ol/layer/Base';
import { useEffect } from 'react';
import { useConsoleMap } from '../../../components/map/map-context';

/** Roles of the console map's forecast layers: the product image and its point values. */
const FORECAST_ROLES = ['product', 'points'];

/**
 * While `hidden`, the forecast product layer under the page and its point values are not drawn (a zoning product or
 * preview is shown in their place; the page's CSS hides the product bar and legend too). They come back as they were
 * when the page lets go.
 */
export function useHideForecast(hidden: boolean): void {
  const map = useConsoleMap();
  useEffect(() => {
    if (!map || !hidden) return;
    const layers = map.getLayers();
    // Each forecast layer found, whether it was visible, and the listener that keeps it hidden.
    const held = new Map<BaseLayer, { wasVisible: boolean; keepHidden: () => void }>();
    const hold = () => {
      for (const layer of layers.getArray()) {
        if (held.has(layer) || !FORECAST_ROLES.includes(layer.get('role') as string)) continue;
        const keepHidden = () => {
          if (layer.getVisible()) layer.setVisible(false);
        };
        held.set(layer, { wasVisible: layer.getVisible(), keepHidden });
        layer.on('change:visible', keepHidden);
        keepHidden();
      }
    };
    hold();
    layers.on('add', hold);
    return () => {
      layers.un('add', hold);
      for (const [layer, { wasVisible, keepHidden }] of held) {
        layer.un('change:visible', keepHidden);
        if (wasVisible) layer.setVisible(true);
      }
    };
  }, [map, hidden]);
}
