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
  /** The map's container, marked while the forecast is hidden so that its product bar and legend step aside too. */
  frame: Element | null;
}

/** Class of the map's container while a page hides the forecast: console-map.css hides the bar and legend. */
export const FORECAST_HIDDEN_CLASS = 'console-map-forecast-hidden';

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
 * preview or the region being chosen is shown instead), and neither are the product bar and legend (the map's container
 * gets FORECAST_HIDDEN_CLASS; the bar's inset then no longer holds the page panel up, see useBottomInset). Several
 * parts of a page may ask at once; the layers come back as they were when the last one lets go.
 */
export function useHideForecast(hidden: boolean): void {
  const map = useConsoleMap();
  useEffect(() => {
    if (!map || !hidden) return;
    let hold = holds.get(map);
    if (!hold) {
      const frame = map.getTargetElement()?.closest('.console-map') ?? null;
      const created: Hold = { count: 0, layers: new Map(), onAdd: () => hideAll(map, created), frame };
      hold = created;
      holds.set(map, hold);
      frame?.classList.add(FORECAST_HIDDEN_CLASS);
      map.getLayers().on('add', hold.onAdd);
      hideAll(map, hold);
    }
    hold.count += 1;
    const current = hold;
    return () => {
      current.count -= 1;
      if (current.count > 0) return;
      map.getLayers().un('add', current.onAdd);
      current.frame?.classList.remove(FORECAST_HIDDEN_CLASS);
      for (const [layer, { wasVisible, keepHidden }] of current.layers) {
        layer.un('change:visible', keepHidden);
        if (wasVisible) layer.setVisible(true);
      }
      holds.delete(map);
    };
  }, [map, hidden]);
}
