import ImageLayer from 'ol/layer/Image';
import { customerContextParams } from '../../lib/customer-context';
import ImageWMS from 'ol/source/ImageWMS';
import { useEffect, useRef, useState } from 'react';
import { useUserStore } from '../../stores/user';
import { clearContent, fitLonLatBox } from './fit-view';
import { useConsoleMap } from './map-context';
import { useMapLayers } from './use-map-data';

export type WmsLayerStatus = 'none' | 'loading' | 'loaded' | 'error';

/** WMS parameters of a made product's layer (1.3.0; the token rides along because images cannot send headers). */
export function productWmsParams(layer: string, token: string): Record<string, string | boolean> {
  return { LAYERS: layer, VERSION: '1.3.0', FORMAT: 'image/png', STYLES: '', TRANSPARENT: true, token, ...customerContextParams() };
}

/**
 * A made product (a zoning, a risk level grid …) as a WMS layer over the map, the same layer a desktop GIS adds, the
 * view fitted to its lon/lat box when first shown; answers its load state. No layer while `layerName` is null.
 */
export function useWmsProductLayer(
  layerName: string | null,
  bbox: readonly [number, number, number, number] | null | undefined,
  options: { role: string; opacity?: number },
): WmsLayerStatus {
  const map = useConsoleMap();
  const token = useUserStore((s) => s.token);
  const wmsUrl = useMapLayers().data?.wmsUrl ?? '/api/wms';
  const [status, setStatus] = useState<WmsLayerStatus>('none');
  const sourceRef = useRef<ImageWMS | null>(null);
  const { role, opacity = 1 } = options;

  useEffect(() => {
    if (!map || !layerName) return;
    const source = new ImageWMS({ url: wmsUrl, params: productWmsParams(layerName, token), ratio: 1 });
    source.on('imageloadstart', () => setStatus('loading'));
    source.on('imageloadend', () => setStatus('loaded'));
    source.on('imageloaderror', () => setStatus('error'));
    const layer = new ImageLayer({ source, zIndex: 12, opacity, properties: { role } });
    map.addLayer(layer);
    sourceRef.current = source;
    return () => {
      map.removeLayer(layer);
      sourceRef.current = null;
      setStatus('none');
    };
    // A refreshed token is passed on below without making a new layer.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the token of the moment the layer is made
  }, [map, layerName, wmsUrl, role, opacity]);

  useEffect(() => {
    sourceRef.current?.updateParams({ token });
  }, [token]);

  // Show the product's region when it is opened, in the part of the map the page panel leaves visible.
  const boxKey = layerName && bbox ? `${layerName}:${bbox.join(',')}` : null;
  useEffect(() => {
    if (!map || !boxKey || !bbox) return;
    fitLonLatBox(map, bbox);
    return () => clearContent(map);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fitted once per product, not on every refetch
  }, [map, boxKey]);

  return layerName ? status : 'none';
}
