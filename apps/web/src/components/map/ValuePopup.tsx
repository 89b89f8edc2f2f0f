import { CloseOutlined, LineChartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import Overlay from 'ol/Overlay';
import type ImageLayer from 'ol/layer/Image';
import type ImageWMS from 'ol/source/ImageWMS';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { METEOGRAM_NS } from '../meteogram/i18n';
import { MeteogramDrawer, type MeteogramPlace } from '../meteogram/MeteogramDrawer';
import { MAP_NS } from './i18n';
import { cellValueText } from './map-rules';
import { useMapStore } from './map-store';
import { anchorInView, sameGrid } from './value-popup-rules';

interface FeatureInfo {
  name: string;
  unit: string;
  lon: number;
  lat: number;
  value: number | null;
  /** The factor clicked (not in the answer): a code element's value reads as its class. */
  factor?: string;
}

function productSource(map: OlMap): ImageWMS | null {
  const layer = map
    .getLayers()
    .getArray()
    .find((l) => l.get('role') === 'product') as ImageLayer<ImageWMS> | undefined;
  return layer?.getVisible() ? (layer.getSource() ?? null) : null;
}

/**
 * A click on the map shows the exact grid value there (WMS GetFeatureInfo), unless a page owns clicks. The popup
 * closes by itself when it no longer shows what is on screen (value-popup-rules.ts): another grid chosen, a click
 * elsewhere, its point panned away or under the panel or sheet, Escape.
 */
export function ValuePopup({ map, wmsUrl }: { map: OlMap | null; wmsUrl: string | undefined }) {
  const { t } = useTranslation(MAP_NS);
  // OpenLayers moves the overlay's element into the map; React renders into it through a portal.
  const [element] = useState(() => document.createElement('div'));
  const hideRef = useRef<(() => void) | null>(null);
  const [info, setInfo] = useState<FeatureInfo | null>(null);
  const [meteogram, setMeteogram] = useState<MeteogramPlace | null>(null);
  const { t: tm } = useTranslation(METEOGRAM_NS);

  useEffect(() => {
    if (!map) return;
    const popup = new Overlay({ element, positioning: 'bottom-center', offset: [0, -10], stopEvent: true });
    map.addOverlay(popup);
    let controller: AbortController | null = null;
    let anchor: number[] | null = null;
    const hide = () => {
      if (!anchor && !controller) return;
      controller?.abort();
      controller = null;
      anchor = null;
      popup.setPosition(undefined);
      setInfo(null);
    };
    const onClick = (event: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>) => {
      // A click elsewhere: the old value goes at once, also when the page takes the click for itself.
      if (anchor) hide();
      if (useMapStore.getState().clickOwners > 0) return;
      const source = productSource(map);
      const resolution = map.getView().getResolution();
      if (!source || resolution === undefined) return;
      const url = source.getFeatureInfoUrl(event.coordinate, resolution, 'EPSG:3857', { INFO_FORMAT: 'application/json' });
      if (!url) return;
      controller?.abort();
      controller = new AbortController();
      const coordinate = event.coordinate;
      const factor = useMapStore.getState().selection?.factor;
      fetch(url, { signal: controller.signal })
        .then((res) => (res.ok && res.headers.get('content-type')?.includes('json') ? (res.json() as Promise<FeatureInfo>) : null))
        .then((data) => {
          if (!data) return;
          setInfo({ ...data, factor });
          anchor = coordinate;
          popup.setPosition(coordinate);
        })
        .catch((error: unknown) => {
          // Aborted by a newer click or by leaving the map: expected. Otherwise no value is shown for this click.
          if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('map value: GetFeatureInfo failed', error);
        });
    };
    // Its point panned off the map, or under what lies over the map (the panel or sheet, the product bar, a control).
    const onRender = () => {
      if (!anchor) return;
      const [width = 0, height = 0] = map.getSize() ?? [];
      const pixel = map.getPixelFromCoordinate(anchor) as number[] | null;
      if (!pixel || !anchorInView(pixel, { left: 0, top: 0, right: width, bottom: height })) return hide();
      const [x = 0, y = 0] = pixel;
      const viewport = map.getViewport() as HTMLElement | undefined;
      if (!viewport) return;
      const box = viewport.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + x, box.top + y);
      if (!top || !viewport.contains(top) || top.closest('.ol-control')) hide();
    };
    const offSelection = useMapStore.subscribe((state, previous) => {
      if (anchor && !sameGrid(state.selection, previous.selection)) hide();
    });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && anchor) hide();
    };
    hideRef.current = hide;
    map.on('singleclick', onClick);
    map.on('postrender', onRender);
    document.addEventListener('keydown', onKey);
    return () => {
      controller?.abort();
      offSelection();
      document.removeEventListener('keydown', onKey);
      map.un('postrender', onRender);
      map.un('singleclick', onClick);
      map.removeOverlay(popup);
      hideRef.current = null;
    };
  }, [map, wmsUrl, element]);

  const close = () => hideRef.current?.();

  return createPortal(
    <div className="map-value-popup" data-testid="map-value-popup" hidden={!info}>
      {info ? (
        <>
          <div className="map-value-popup-head">
            <strong>{info.name}</strong>
            <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('info.close')} onClick={close} />
          </div>
          <div className="map-value-popup-value">
            {info.value === null ? t('info.missing') : cellValueText(info.value, info.unit, info.factor)}
          </div>
          <div className="map-value-popup-pos">{t('info.position', { lon: info.lon.toFixed(3), lat: info.lat.toFixed(3) })}</div>
          <Button
            size="small"
            type="link"
            className="map-value-popup-meteogram"
            icon={<LineChartOutlined />}
            onClick={() => {
              const selection = useMapStore.getState().selection;
              if (selection) setMeteogram({ type: selection.type, baseTime: selection.baseTime, lon: info.lon, lat: info.lat });
            }}
          >
            {tm('open')}
          </Button>
        </>
      ) : null}
      <MeteogramDrawer place={meteogram} onClose={() => setMeteogram(null)} />
    </div>,
    element,
  );
}
