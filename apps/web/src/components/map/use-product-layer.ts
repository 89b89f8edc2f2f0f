import type OlMap from 'ol/Map';
import ImageLayer from 'ol/layer/Image';
import ImageWMS from 'ol/source/ImageWMS';
import { useEffect, useRef, useState } from 'react';
import { useUserStore } from '../../stores/user';
import { useGridVersion } from './grid-version';
import { styleFor, wmsParams, type ProductSelection } from './map-rules';
import { useMapStore } from './map-store';

export type WmsStatus = 'none' | 'loading' | 'loaded' | 'error';

/** The product grid as a WMS image layer at the grid's known version; answers its load state. */
export function useProductLayer(map: OlMap | null, wmsUrl: string | undefined, selection: ProductSelection | null): WmsStatus {
  const token = useUserStore((s) => s.token);
  const opacity = useMapStore((s) => s.opacity);
  const style = useMapStore((s) => s.style);
  const gridVersion = useGridVersion(selection);
  const [status, setStatus] = useState<WmsStatus>('none');
  const layerRef = useRef<ImageLayer<ImageWMS> | null>(null);

  useEffect(() => {
    if (!map || !wmsUrl) return;
    const source = new ImageWMS({ url: wmsUrl, params: {}, ratio: 1 });
    const layer = new ImageLayer({ source, zIndex: 10, visible: false, properties: { role: 'product' } });
    source.on('imageloadstart', () => setStatus('loading'));
    source.on('imageloadend', () => setStatus('loaded'));
    source.on('imageloaderror', () => setStatus('error'));
    map.addLayer(layer);
    layerRef.current = layer;
    return () => {
      map.removeLayer(layer);
      layerRef.current = null;
      setStatus('none');
    };
  }, [map, wmsUrl]);

  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    layer.setVisible(Boolean(selection));
    if (selection) layer.getSource()?.updateParams(wmsParams(selection, token, gridVersion, styleFor(style, selection.factor)));
  }, [map, wmsUrl, selection, token, gridVersion, style]);

  useEffect(() => {
    layerRef.current?.setOpacity(opacity);
  }, [map, wmsUrl, opacity]);

  return selection ? status : 'none';
}
