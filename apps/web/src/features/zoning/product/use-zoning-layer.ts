import type { ZoningProduct } from '@agromet/contracts';
import ImageLayer from 'ol/layer/Image';
import ImageWMS from 'ol/source/ImageWMS';
import { useEffect, useRef, useState } from 'react';
import { useConsoleMap } from '../../../components/map/map-context';
import { useMapLayers } from '../../../components/map/use-map-data';
import { useUserStore } from '../../../stores/user';
import { fitLonLatBox } from '../common/fit-view';
import { showable } from './product-rules';

export type LayerStatus = 'none' | 'loading' | 'loaded' | 'error';

/** WMS parameters of a zoning product's layer (1.3.0; the token rides along because images cannot send headers). */
export function zoningWmsParams(layer: string, token: string): Record<string, string | boolean> {
  return { LAYERS: layer, VERSION: '1.3.0', FORMAT: 'image/png', STYLES: '', TRANSPARENT: true, token };
}

/**
 * A finished zoning product as a WMS layer over the map (the same layer desktop GIS can add), the view fitted to
 * its box when it is first shown; answers its load state.
 */
export function useZoningLayer(product: ZoningProduct | null | undefined): LayerStatus {
  const map = useConsoleMap();
  const token = useUserStore((s) => s.token);
  const wmsUrl = useMapLayers().data?.wmsUrl ?? '/api/wms';
  const [status, setStatus] = useState<LayerStatus>('none');
  const sourceRef = useRef<ImageWMS | null>(null);
  const layerName = showable(product) ? product!.layer : null;
  const bbox = product?.bbox;

  useEffect(() => {
    if (!map || !layerName) return;
    const source = new ImageWMS({ url: wmsUrl, params: zoningWmsParams(layerName, token), ratio: 1 });
    source.on('imageloadstart', () => setStatus('loading'));
    source.on('imageloadend', () => setStatus('loaded'));
    source.on('imageloaderror', () => setStatus('error'));
    const layer = new ImageLayer({ source, zIndex: 12, properties: { role: 'zoning-product' } });
    map.addLayer(layer);
    sourceRef.current = source;
    return () => {
      map.removeLayer(layer);
      sourceRef.current = null;
      setStatus('none');
    };
    // A refreshed token is passed on below without making a new layer.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the token of the moment the layer is made
  }, [map, layerName, wmsUrl]);

  useEffect(() => {
    sourceRef.current?.updateParams({ token });
  }, [token]);

  // Show the product's region when it is opened.
  const boxKey = layerName && bbox ? `${layerName}:${bbox.join(',')}` : null;
  useEffect(() => {
    if (map && boxKey && bbox) fitLonLatBox(map, bbox);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fitted once per product, not on every refetch
  }, [map, boxKey]);

  return layerName ? status : 'none';
}
