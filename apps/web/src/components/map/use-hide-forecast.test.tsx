// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import Collection from 'ol/Collection';
import type BaseLayer from 'ol/layer/Base';
import type OlMap from 'ol/Map';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { MapContext } from './map-context';
import { FORECAST_HIDDEN_CLASS, useHideForecast } from './use-hide-forecast';

const layer = (role: string, visible = true) => new VectorLayer({ source: new VectorSource(), visible, properties: { role } });

/**
 * The part of an OpenLayers map the hook uses: its layer collection (a real one, with its add events) and its target
 * element, inside the map's container (`frame`).
 */
function fakeMap(layers: BaseLayer[], frame = document.createElement('div')) {
  frame.className = 'console-map';
  const target = frame.appendChild(document.createElement('div'));
  const collection = new Collection<BaseLayer>(layers);
  return {
    getLayers: () => collection,
    addLayer: (l: BaseLayer) => collection.push(l),
    getTargetElement: () => target,
  } as unknown as OlMap;
}

const withMap =
  (map: OlMap) =>
  ({ children }: { children: ReactNode }) => <MapContext.Provider value={map}>{children}</MapContext.Provider>;

describe('useHideForecast', () => {
  it('hides the forecast image and point values (also when they change or arrive later), and restores them', () => {
    const product = layer('product');
    const points = layer('points');
    const other = layer('zoning-product');
    const map = fakeMap([product, other]);
    const hook = renderHook(({ hidden }) => useHideForecast(hidden), { wrapper: withMap(map), initialProps: { hidden: true } });
    expect([product.getVisible(), other.getVisible()]).toEqual([false, true]);
    map.addLayer(points);
    expect(points.getVisible()).toBe(false);
    // The product layer's own hook shows it for a new selection: it stays hidden meanwhile.
    product.setVisible(true);
    expect(product.getVisible()).toBe(false);
    hook.rerender({ hidden: false });
    expect([product.getVisible(), points.getVisible(), other.getVisible()]).toEqual([true, true, true]);
  });

  it('keeps them hidden until the last of several parts lets go, and leaves a hidden layer hidden', () => {
    const product = layer('product');
    const points = layer('points', false);
    const frame = document.createElement('div');
    const map = fakeMap([product, points], frame);
    const first = renderHook(() => useHideForecast(true), { wrapper: withMap(map) });
    const second = renderHook(() => useHideForecast(true), { wrapper: withMap(map) });
    expect(frame.classList.contains(FORECAST_HIDDEN_CLASS)).toBe(true);
    first.unmount();
    expect(product.getVisible()).toBe(false);
    expect(frame.classList.contains(FORECAST_HIDDEN_CLASS)).toBe(true);
    second.unmount();
    expect([product.getVisible(), points.getVisible()]).toEqual([true, false]);
    // The product bar and legend come back with the layers.
    expect(frame.classList.contains(FORECAST_HIDDEN_CLASS)).toBe(false);
  });
});
