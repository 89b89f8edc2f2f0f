import type BaseLayer from 'ol/layer/Base';
import { useEffect } from 'react';
import { useConsoleMap } from '../../../components/map/map-context';

/**
 * While `hidden`, the forecast product layer under the page is not drawn (a zoning product or preview is shown in
 * its place; the panel's CSS hides its bar and legend too). It comes back as it was when the page lets go.
 */
export function useHideForecast(hidden: boolean): void {
  const map = useConsoleMap();
  useEffect(() => {
    if (!map || !hidden) return;
    const layers = map.getLayers();
    let layer: BaseLayer | undefined;
    let wasVisible = false;
    const keepHidden = () => {
      if (layer?.getVisible()) layer.setVisible(false);
    };
    const find = () => {
      const found = layers.getArray().find((l) => l.get('role') === 'product');
      if (found === layer) return;
      layer?.un('change:visible', keepHidden);
      layer = found;
      layer?.on('change:visible', keepHidden);
      wasVisible = layer?.getVisible() ?? false;
      keepHidden();
    };
    find();
    layers.on('add', find);
    return () => {
      layers.un('add', find);
      layer?.un('change:visible', keepHidden);
      // The product layer's own hook shows it again with the next selection; restore what it was now.
      if (layer && wasVisible) layer.setVisible(true);
    };
  }, [map, hidden]);
}
