import type { RiskProduct } from '@agromet/contracts';
import ImageLayer from 'ol/layer/Image';
import { transformExtent } from 'ol/proj';
import ImageWMS from 'ol/source/ImageWMS';
import { useEffect, useRef, useState } from 'react';
import { useConsoleMap } from '../../components/map/map-context';
import { useMapLayers } from '../../components/map/use-map-data';
import { useUserStore } from '../../stores/user';

export type LayerStatus = 'none' | 'loading' | 'loaded' | 'error';

/** WMS parameters of a risk product's layer (1.3.0; the token rides along because images cannot send headers). */
export function riskWmsParams(layer: string, token: string): Record<string, string | boolean> {
  return { LAYERS: layer, VERSION: '1.3.0', FORMAT: 'image/png', STYLES: '', TRANSPARENT: true, token };
}

/** The map's view on the product's box, in the part of the map right of the page's panel when it is wide enough. */
function fitBox(map: NonNullable<ReturnType<typeof useConsoleMap>>, box: readonly number[]): void {
  const [w, s, e, n] = box as [number, number, number, number];
  if (![w, s, e, n].every(Number.isFinite) || !(e > w) || !(n > s)) return;
  const panel = document.querySelector('[data-testid="map-panel"]')?.getBoundingClientRect();
  const target = map.getTargetElement()?.getBoundingClientRect();
  const size = map.getSize();
  const covered = panel && target ? Math.max(0, panel.right - target.left) : 0;
  const left = size && size[0]! - covered >= 240 ? covered + 24 : 40;
  map.getView().fit(transformExtent([w, s, e, n], 'EPSG:4326', 'EPSG:3857'), { padding: [40, 40, 40, left], duration: 0, maxZoom: 10 });
}

/**
 * A finished risk product as a WMS layer over the map (`risk.p<id>`, the layer a desktop GIS adds too), the view
 * fitted to its box when first shown; answers its load state.
 */
export function useRiskLayer(product: RiskProduct | null | undefined): LayerStatus {
  const map = useConsoleMap();
  const token = useUserStore((s) => s.token);
  const wmsUrl = useMapLayers().data?.wmsUrl ?? '/api/wms';
  const [status, setStatus] = useState<LayerStatus>('none');
  const sourceRef = useRef<ImageWMS | null>(null);
  const layerName = product?.status === 'done' && product.layer ? product.layer : null;
  const bbox = product?.bbox;

  useEffect(() => {
    if (!map || !layerName) return;
    const source = new ImageWMS({ url: wmsUrl, params: riskWmsParams(layerName, token), ratio: 1 });
    source.on('imageloadstart', () => setStatus('loading'));
    source.on('imageloadend', () => setStatus('loaded'));
    source.on('imageloaderror', () => setStatus('error'));
    const layer = new ImageLayer({ source, zIndex: 12, opacity: 0.85, properties: { role: 'risk-product' } });
    map.addLayer(layer);
    sourceRef.current = source;
    return () => {
      map.removeLayer(layer);
      sourceRef.current = null;
      setStatus('none');
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the token of the moment the layer is made; a refreshed one is passed on below
  }, [map, layerName, wmsUrl]);

  useEffect(() => {
    sourceRef.current?.updateParams({ token });
  }, [token]);

  const boxKey = layerName && bbox ? `${layerName}:${bbox.join(',')}` : null;
  useEffect(() => {
    if (map && boxKey && bbox) fitBox(map, bbox);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fitted once per product, not on every refetch
  }, [map, boxKey]);

  return layerName ? status : 'none';
}
