// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type OlMap from 'ol/Map';
import type ImageLayer from 'ol/layer/Image';
import type ImageWMS from 'ol/source/ImageWMS';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { gridVersionKey, noteGridVersion, useGridVersion } from './grid-version';
import { useProductLayer } from './use-product-layer';

const selection = { type: 'fine-grid', factor: 'tmp', baseTime: '2026-11-22T00:00:00.000Z', lead: 24 };

/** Lets the query cache tell its observers (TanStack Query notifies on the next macrotask). */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

function setup() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

describe('grid versions in the query cache', () => {
  it('are unknown until an answer names one, then follow every new answer', async () => {
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useGridVersion(selection), { wrapper });
    expect(result.current).toBeUndefined();
    noteGridVersion(client, selection, 3);
    await settle();
    expect(result.current).toBe(3);
    noteGridVersion(client, selection, 4);
    await settle();
    expect(result.current).toBe(4);
  });

  it('are kept per grid: another lead or factor has its own', async () => {
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useGridVersion(selection), { wrapper });
    noteGridVersion(client, { ...selection, lead: 27 }, 9);
    noteGridVersion(client, { ...selection, factor: 'rh' }, 8);
    await settle();
    expect(result.current).toBeUndefined();
  });

  it('compare base times as instants', () => {
    expect(gridVersionKey({ ...selection, baseTime: '2026-11-22T00:00:00Z' })).toEqual(gridVersionKey(selection));
    expect(gridVersionKey({ ...selection, baseTime: '2026-11-22T08:00:00+08:00' })).toEqual(gridVersionKey(selection));
    expect(gridVersionKey({ ...selection, baseTime: '' })).not.toEqual(gridVersionKey(selection));
  });

  it('give nothing without a selection', () => {
    const { wrapper } = setup();
    expect(renderHook(() => useGridVersion(null), { wrapper }).result.current).toBeUndefined();
  });
});

describe('the product layer', () => {
  it('asks a new address when the grid it shows gets a new version, and only then', async () => {
    const { client, wrapper } = setup();
    const layers: Array<ImageLayer<ImageWMS>> = [];
    const map = { addLayer: (l: ImageLayer<ImageWMS>) => layers.push(l), removeLayer: () => {} } as unknown as OlMap;
    renderHook(() => useProductLayer(map, '/api/wms', selection), { wrapper });
    expect(layers).toHaveLength(1);
    const params = () => layers[0]!.getSource()!.getParams() as Record<string, unknown>;
    expect(params()).toMatchObject({ LAYERS: 'fine-grid.tmp', DIM_LEAD: 24, DIM_REFERENCE_TIME: selection.baseTime });
    expect(params()).not.toHaveProperty('GRID_VERSION');

    noteGridVersion(client, selection, 5);
    await settle();
    expect(params().GRID_VERSION).toBe(5);
    noteGridVersion(client, { ...selection, lead: 27 }, 6);
    await settle();
    expect(params().GRID_VERSION).toBe(5);
    noteGridVersion(client, selection, 6);
    await settle();
    expect(params().GRID_VERSION).toBe(6);
  });
});
