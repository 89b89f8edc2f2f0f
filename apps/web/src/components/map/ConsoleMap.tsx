import 'ol/ol.css';
import './console-map.css';
import OlMap from 'ol/Map';
import type MapEvent from 'ol/MapEvent';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import { fromLonLat, toLonLat } from 'ol/proj';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { motionDuration } from '../../lib/reduced-motion';
import { useUserStore } from '../../stores/user';
import { MAP_NS } from './i18n';
import { LayerSwitcher } from './LayerSwitcher';
import { MapContext } from './map-context';
import { initialViewOf, MAX_ZOOM, MIN_ZOOM, resolveSelection } from './map-rules';
import { useMapStore } from './map-store';
import { ProductBar } from './ProductBar';
import { showContentBox } from './fit-view';
import { useBottomInset } from './use-bottom-inset';
import { useBaseLayers } from './use-base-layers';
import { useMapLayers } from './use-map-data';
import { usePointOverlay } from './use-point-overlay';
import { useProductLayer } from './use-product-layer';
import { useViewPadding } from './use-view-padding';
import { ValuePopup } from './ValuePopup';

/**
 * The full-page map behind group pages: base layers, the product WMS layer with its legend and
 * time bar, the point-value overlay and the value popup. Pages render over it as `children` and
 * reach the map through `useConsoleMap()`. `panel` is the page panel floating over the map: the view keeps its content
 * in the part of the map the panel leaves visible (use-view-padding.ts, fit-view.ts).
 */
export function ConsoleMap({ children, panel = null }: { children?: ReactNode; panel?: HTMLElement | null }) {
  const { t } = useTranslation(MAP_NS);
  const target = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<OlMap | null>(null);
  const branding = useUserStore((s) => s.branding);
  const { data: layers } = useMapLayers();
  const { selection, setSelection } = useMapStore(useShallow((s) => ({ selection: s.selection, setSelection: s.setSelection })));

  useEffect(() => {
    const saved = useMapStore.getState().view;
    const initial = saved ?? initialViewOf(branding);
    // OpenLayers' zoom buttons, wheel and double click glide over 250 ms; with reduced motion they jump.
    const zoomDuration = motionDuration(250);
    const olMap = new OlMap({
      target: target.current!,
      controls: defaultControls({
        attributionOptions: { collapsible: true },
        zoomOptions: { zoomInTipLabel: t('zoomIn'), zoomOutTipLabel: t('zoomOut'), duration: zoomDuration },
      }),
      interactions: defaultInteractions({ zoomDuration }),
      view: new View({ center: fromLonLat(initial.center), zoom: initial.zoom, minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM }),
    });
    const remember = () => {
      const view = olMap.getView();
      const center = view.getCenter();
      if (center) useMapStore.getState().setView({ center: toLonLat(center) as [number, number], zoom: view.getZoom() ?? initial.zoom });
      showContentBox(olMap);
    };
    olMap.on('moveend', remember);
    // Where the map's coordinates are on screen (the frame's coordinate-to-pixel transform), for the browser tests and
    // the edit-loop bench to point at places by longitude and latitude; written when it changes.
    const notePixels = (e: MapEvent) => {
      const transform = e.frameState?.coordinateToPixelTransform.map((v) => v.toPrecision(10)).join(',');
      if (transform && target.current?.dataset.pixelTransform !== transform) target.current!.dataset.pixelTransform = transform;
    };
    olMap.on('postrender', notePixels);
    setMap(olMap);
    return () => {
      olMap.un('moveend', remember);
      olMap.un('postrender', notePixels);
      olMap.setTarget(undefined);
      olMap.dispose();
      setMap(null);
    };
    // The map is created once per mount; branding only seeds the first view.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new map per branding or language change would lose the view
  }, []);

  // A selection that no longer exists (or none yet) resolves to what the catalogue has.
  useEffect(() => {
    if (!layers) return;
    const resolved = resolveSelection(layers.products, selection);
    if (JSON.stringify(resolved) !== JSON.stringify(selection)) setSelection(resolved);
  }, [layers, selection, setSelection]);

  const baseId = useBaseLayers(map, layers);
  const wmsStatus = useProductLayer(map, layers?.wmsUrl, selection);
  const points = usePointOverlay(map, selection);
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const [bar, setBar] = useState<HTMLDivElement | null>(null);
  useBottomInset(frame, bar);
  useViewPadding(map, panel, bar);

  return (
    <MapContext.Provider value={map}>
      <div ref={setFrame} className="console-map">
        <div
          ref={target}
          className="console-map-canvas"
          data-testid="console-map"
          data-base={baseId}
          data-wms={wmsStatus}
          data-points={points.count}
          data-point-label={points.firstLabel}
          data-layer={selection ? `${selection.type}.${selection.factor}` : ''}
        />
        {layers ? <LayerSwitcher layers={layers.baseLayers} activeBase={baseId} /> : null}
        {layers && layers.products.length > 0 ? <ProductBar products={layers.products} wmsUrl={layers.wmsUrl} barRef={setBar} /> : null}
        <ValuePopup map={map} wmsUrl={layers?.wmsUrl} />
        {children}
      </div>
    </MapContext.Provider>
  );
}
