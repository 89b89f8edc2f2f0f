// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { MapClick } from '../map/use-map-clicks';
import { describe, expect, it, vi } from 'vitest';
import { useFitOnFilters, useMapList } from './use-map-list';
import { usePickingEditor } from './use-picking-editor';

type Row = { id: number; name: string };
const a: Row = { id: 1, name: 'a' };
const b: Row = { id: 2, name: 'b' };
const click = (pixel: number[], lon = 108, lat = 34) => ({ lon, lat, pixel, coordinate: [0, 0] }) as unknown as MapClick;
const rowClick = (props: ReturnType<NonNullable<ReturnType<typeof useMapList<Row>>['table']['onRow']>>) => (props.onClick as () => void)();

describe('useMapList', () => {
  it('a row click selects and reveals the row, a second click unselects it; the selected row is marked and open', () => {
    const reveal = vi.fn();
    const { result } = renderHook(() => useMapList<Row>({ reveal, details: (r) => r.name }));
    act(() => rowClick(result.current.table.onRow!(a)));
    expect(result.current.selectedId).toBe(1);
    expect(reveal).toHaveBeenCalledWith(a);
    expect(result.current.table.expandable?.expandedRowKeys).toEqual([1]);
    expect((result.current.table.rowClassName as (r: Row) => string)(a)).toBe('record-row-selected');
    expect((result.current.table.rowClassName as (r: Row) => string)(b)).toBe('');
    act(() => rowClick(result.current.table.onRow!(a)));
    expect(result.current.selectedId).toBeNull();
    expect(result.current.table.expandable?.expandedRowKeys).toEqual([]);
    expect(reveal).toHaveBeenCalledTimes(2);
  });

  it('keeping, a row stays selected and takes the page’s row props; without details nothing opens', () => {
    const rowProps = vi.fn((selected: boolean) => ({ 'aria-selected': selected }));
    const { result } = renderHook(() => useMapList<Row>({ reveal: () => undefined, keep: true, rowProps }));
    act(() => rowClick(result.current.table.onRow!(b)));
    act(() => rowClick(result.current.table.onRow!(b)));
    expect(result.current.selectedId).toBe(2);
    expect(result.current.table.expandable).toBeUndefined();
    expect(result.current.table.onRow!(b)).toMatchObject({ 'aria-selected': true });
    expect(result.current.table.onRow!(a)).toMatchObject({ 'aria-selected': false });
  });

  it('a map click selects the record under it, or is the editor’s while editing', () => {
    const { result } = renderHook(() => useMapList<Row>({ reveal: () => undefined }));
    const hit = (pixel: number[]) => (pixel[0] === 5 ? 2 : null);
    act(() => result.current.onMapClick(hit, null)(click([1, 1])));
    expect(result.current.selectedId).toBeNull();
    act(() => result.current.onMapClick(hit, null)(click([5, 1])));
    expect(result.current.selectedId).toBe(2);
    const editing = vi.fn();
    act(() => result.current.setSelectedId(null));
    act(() => result.current.onMapClick(hit, editing)(click([5, 1], 107.5, 35.25)));
    expect(editing).toHaveBeenCalledWith(107.5, 35.25);
    expect(result.current.selectedId).toBeNull();
    const select = vi.fn();
    act(() => result.current.onMapClick(hit, null, select)(click([5, 1])));
    expect(select).toHaveBeenCalledWith(2);
  });
});

describe('useFitOnFilters', () => {
  it('fits when the answer for new filters comes, once per filters, never on a placeholder', () => {
    const fit = vi.fn();
    const { rerender } = renderHook(
      (p: { data?: unknown; isPlaceholderData: boolean; filters: object }) => useFitOnFilters(p, p.filters, fit),
      {
        initialProps: { data: undefined as unknown, isPlaceholderData: false, filters: {} as object },
      },
    );
    expect(fit).not.toHaveBeenCalled();
    rerender({ data: [a], isPlaceholderData: false, filters: {} });
    expect(fit).toHaveBeenCalledTimes(1);
    rerender({ data: [a, b], isPlaceholderData: false, filters: {} });
    expect(fit).toHaveBeenCalledTimes(1);
    rerender({ data: [a, b], isPlaceholderData: true, filters: { grade: '5A' } });
    expect(fit).toHaveBeenCalledTimes(1);
    rerender({ data: [b], isPlaceholderData: false, filters: { grade: '5A' } });
    expect(fit).toHaveBeenCalledTimes(2);
  });
});

describe('usePickingEditor', () => {
  it('picks on the map while creating, not while editing until switched on; the draft shows only while picking', () => {
    const { result } = renderHook(() => usePickingEditor<Row, { lon: number; lat: number }>((lon, lat) => ({ lon, lat })));
    expect(result.current.onMapClick).toBeNull();
    act(() => result.current.edit(null));
    expect(result.current.picker.picking).toBe(true);
    act(() => result.current.onMapClick!(108, 34));
    expect(result.current.picker.picked).toEqual({ lon: 108, lat: 34 });
    act(() => result.current.picker.onPositionChange({ lon: 108, lat: 34 }));
    expect(result.current.draft).toEqual({ lon: 108, lat: 34 });
    act(() => result.current.edit(a));
    expect(result.current.editing).toEqual({ record: a });
    expect(result.current.picker).toMatchObject({ picking: false, picked: null });
    expect(result.current.draft).toBeNull();
    act(() => result.current.onMapClick!(100, 30));
    expect(result.current.picker.picked).toBeNull();
    act(() => result.current.close());
    expect(result.current.editing).toBeNull();
  });
});

describe('useMapList savedWith', () => {
  it('a saved record closes its dialog and is selected', () => {
    const { result } = renderHook(() => useMapList<Row>({ reveal: () => undefined }));
    const close = vi.fn();
    act(() => result.current.savedWith(close)(b));
    expect(close).toHaveBeenCalled();
    expect(result.current.selectedId).toBe(2);
    const select = vi.fn();
    act(() => result.current.savedWith(close, select)(a));
    expect(select).toHaveBeenCalledWith(1);
  });
});
