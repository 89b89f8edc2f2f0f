import type { ColorMap } from '@agromet/grid';
import type ImageLayer from 'ol/layer/Image';
import type ImageWMS from 'ol/source/ImageWMS';
import { useEffect, useRef } from 'react';
import { useConsoleMap } from '../../../components/map/map-context';
import type { ProductSelection } from '../../../components/map/map-rules';
import { editKeys } from './api';
import { markEditLoop } from './edit-loop-marks';
import { onFreshCells, sameGridKey } from './fresh-cells';
import { freshCellsLayer } from './preview-layer';
import { summarizePatch } from './revise-rules';

/**
 * A saved revision's cells in their new colours over the product layer, from the moment its patch has arrived until
 * the product image of that version has loaded: the forecaster sees the result without waiting for the server to draw
 * the whole view again (docs/grids.md#the-edit-loop). The cells come through fresh-cells.ts and are drawn at once,
 * with no render of the page in between; another grid chosen, or the page left, removes them.
 */
export function useFreshPatchLayer(selection: ProductSelection | null, colormap: ColorMap | undefined): void {
  const map = useConsoleMap();
  const latest = useRef({ selection, colormap });
  latest.current = { selection, colormap };
  const remove = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!map) return;
    const off = onFreshCells((fresh) => {
      const { selection: shown, colormap: colours } = latest.current;
      if (!colours || !sameGridKey(fresh.key, editKeys.grid(shown))) return;
      const box = summarizePatch(fresh.patch, fresh.grid.nx).box;
      if (!box) return;
      remove.current();
      const layer = freshCellsLayer(fresh.grid, fresh.patch, box, colours);
      // The first frame with the new cells drawn: the end of the edit loop.
      const painted = new Promise<void>((resolve) =>
        layer.once('postrender', () => {
          markEditLoop('painted');
          resolve();
        }),
      );
      map.addLayer(layer);
      const product = map
        .getLayers()
        .getArray()
        .find((l) => l.get('role') === 'product') as ImageLayer<ImageWMS> | undefined;
      const source = product?.getSource();
      const onProductLoaded = () => {
        if (Number(source?.getParams().GRID_VERSION) >= fresh.version) remove.current();
      };
      source?.on('imageloadend', onProductLoaded);
      remove.current = () => {
        source?.un('imageloadend', onProductLoaded);
        map.removeLayer(layer);
        remove.current = () => undefined;
      };
      return painted;
    });
    return () => {
      off();
      remove.current();
    };
  }, [map]);

  // Another grid chosen: the cells drawn for the one before go.
  const key = JSON.stringify(editKeys.grid(selection));
  useEffect(() => () => remove.current(), [key]);
}
