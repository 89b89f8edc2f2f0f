import type OlMap from 'ol/Map';
import type BaseLayer from 'ol/layer/Base';
import { useEffect } from 'react';
import { useConsoleMap } from './map-context';

/** Roles of the console map's forecast layers: the product image and its point values. */
const FORECAST_ROLES = ['product', 'points'];

interface Hold {
  /** Components asking for the forecast to be hidden. */
  count: number;
  /** Each forecast layer hidden, whether it was visible, and the listener that keeps it hidden. */
  layers: Map<BaseLayer, { wasVisible: boolean; keepHidden: () => void }>;
  onAdd: () => void;
}

const holds = new WeakMap<OlMap, Hold>();

function hideAll(map: OlMap, hold: Hold): void {
  for (const layer of map.getLayers().getArray()) {
    if (hold.layers.has(layer) || !FORECAST_ROLES.includes(layer.get('role') as string)) continue;
    const keepHidden = () => {
      if (layer.getVisible()) layer.setVisible(false);
    };
    hold.layers.set(layer, { wasVisible: layer.getVisible(), keepHidden });
    layer.on('change:visible', keepHidden);
    keepHidden();
  }
}

/**
 * While `hidden`, the forecast product layer under the page and its point values are not drawn (a zoning product, a
 * preview or the region being chosen is shown instead; the page's CSS hides the product bar and legend too). Several
 * parts of a page may ask at once; the layers come back as they were when the last one lets go.
 */
export function useHideForecast(hidden: boolean): void {
  const map = useConsoleMap();
  useEffect(() => {
    if (!map || !hidden) return;
    let hold = holds.get(map);
    if (!hold) {
      const created: Hold = { count: 0, layers: new Map(), onAdd: () => hideAll(map, created) };
      hold = created;
      holds.set(map, hold);
      map.getLayers().on('add', hold.onAdd);
      hideAll(map, hold);
    }
    hold.count += 1;
    const current = hold;
    return () => {
      current.count -= 1;
      if (current.count > 0) return;
      map.getLayers().un('add', current.onAdd);
      for (const [layer, { wasVisible, keepHidden }] of current.layers) {
        layer.un('change:visible', keepHidden);
        if (wasVisible) layer.setVisible(true);
      }
      holds.delete(map);
    };
  }, [map, hidden]);
}
