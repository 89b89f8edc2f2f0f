// @vitest-environment jsdom
import type { ForecastTypeInfo } from '@agromet/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../stores/app';
import { useMapStore } from './map-store';
import { ProductBar } from './ProductBar';

const factor = {
  id: 1,
  code: 'TMP',
  name: 'Temperature',
  unit: '℃',
  min: -40,
  max: 50,
  precision: 1,
  colormap: { type: 'values' as const, entries: [] },
  layer: 'nwfd.TMP',
  baseTimes: ['2026-11-29T00:00:00.000Z'],
  leads: [0, 3, 6],
};
const PRODUCTS = [
  {
    id: 1,
    code: 'nwfd',
    name: 'Forecast',
    stepHours: 3,
    maxLeadHours: 6,
    factors: [factor],
    baseTimes: factor.baseTimes,
    leads: factor.leads,
  },
] as unknown as ForecastTypeInfo[];

beforeEach(() => {
  useMapStore.getState().setSelection({ type: 'nwfd', factor: 'TMP', baseTime: '2026-11-29T00:00:00.000Z', lead: 3 });
});

afterEach(() => {
  act(() => useAppStore.getState().setDevice('desktop'));
  useMapStore.getState().setSelection(null);
});

describe('ProductBar', () => {
  it('keeps one bar element while it opens, closes and the window changes between phone and desktop', () => {
    // The map's view padding observes the bar's element (use-view-padding.ts): a new element would restart it without
    // fitting the page's content again above a phone's sheet.
    act(() => useAppStore.getState().setDevice('mobile'));
    const refs: Array<HTMLDivElement | null> = [];
    render(<ProductBar products={PRODUCTS} wmsUrl="/wms" barRef={(el) => void refs.push(el)} />);
    const bar = screen.getByTestId('map-product-bar');
    expect(bar).toHaveClass('map-product-bar-compact');
    expect(bar).toHaveTextContent('Temperature (℃)');

    fireEvent.click(bar.querySelector('.map-product-summary')!);
    expect(screen.getByTestId('map-product-bar')).not.toHaveClass('map-product-bar-compact');
    fireEvent.click(screen.getByTestId('map-product-bar').querySelector('.map-product-hide')!);
    expect(screen.getByTestId('map-product-bar')).toHaveClass('map-product-bar-compact');
    act(() => useAppStore.getState().setDevice('desktop'));
    expect(screen.getByTestId('map-product-bar').querySelector('.map-product-choice')).not.toBeNull();
    act(() => useAppStore.getState().setDevice('mobile'));

    expect(screen.getByTestId('map-product-bar')).toBe(bar);
    expect(refs).toEqual([bar]);
  });
});
