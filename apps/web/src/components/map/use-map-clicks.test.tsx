// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import type OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MapContext } from './map-context';
import { useMapStore } from './map-store';
import { useMapClicks, type MapClick } from './use-map-clicks';

type Listener = (event: MapClick['event']) => void;

/** The part of an OpenLayers map the hook uses: singleclick listeners. */
function fakeMap() {
  const listeners = new Set<Listener>();
  const map = {
    on: (type: string, l: Listener) => (type === 'singleclick' ? listeners.add(l) : undefined),
    un: (type: string, l: Listener) => (type === 'singleclick' ? listeners.delete(l) : undefined),
  } as unknown as OlMap;
  const click = (lon: number, lat: number, pixel: [number, number]) => {
    const event = { coordinate: fromLonLat([lon, lat]), pixel } as unknown as MapClick['event'];
    listeners.forEach((l) => l(event));
    return event;
  };
  return { map, listeners, click };
}

const withMap =
  (map: OlMap | null) =>
  ({ children }: { children: ReactNode }) => <MapContext.Provider value={map}>{children}</MapContext.Provider>;

afterEach(() => useMapStore.setState({ clickOwners: 0 }));

describe('useMapClicks', () => {
  it('hands each single click on the console map to the page as lon/lat, coordinate, pixel and event', () => {
    const { map, click } = fakeMap();
    const onClick = vi.fn();
    renderHook(() => useMapClicks(onClick), { wrapper: withMap(map) });
    const event = click(116.4, 39.9, [120, 80]);
    expect(onClick).toHaveBeenCalledTimes(1);
    const got = onClick.mock.calls[0]![0] as MapClick;
    expect(got.lon).toBeCloseTo(116.4, 9);
    expect(got.lat).toBeCloseTo(39.9, 9);
    expect(got.pixel).toEqual([120, 80]);
    expect(got.coordinate).toEqual(fromLonLat([116.4, 39.9]));
    expect(got.event).toBe(event);
  });

  it('keeps the value popup off while the page owns the clicks, and gives them back when it goes', () => {
    const { map, listeners } = fakeMap();
    const { unmount } = renderHook(() => useMapClicks(() => {}), { wrapper: withMap(map) });
    expect(useMapStore.getState().clickOwners).toBe(1);
    expect(listeners.size).toBe(1);
    unmount();
    expect(useMapStore.getState().clickOwners).toBe(0);
    expect(listeners.size).toBe(0);
  });

  it('calls the latest handler without listening again', () => {
    const { map, listeners, click } = fakeMap();
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ fn }) => useMapClicks(fn), { wrapper: withMap(map), initialProps: { fn: first } });
    const [listener] = listeners;
    rerender({ fn: second });
    expect([...listeners]).toEqual([listener]);
    click(100, 30, [1, 2]);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('gives the clicks back while disabled', () => {
    const { map, listeners, click } = fakeMap();
    const onClick = vi.fn();
    const { rerender } = renderHook(({ enabled }) => useMapClicks(onClick, enabled), {
      wrapper: withMap(map),
      initialProps: { enabled: true },
    });
    rerender({ enabled: false });
    expect(useMapStore.getState().clickOwners).toBe(0);
    expect(listeners.size).toBe(0);
    click(100, 30, [1, 2]);
    expect(onClick).not.toHaveBeenCalled();
    rerender({ enabled: true });
    expect(useMapStore.getState().clickOwners).toBe(1);
    expect(listeners.size).toBe(1);
  });
});
