import type { TableProps } from 'antd';
import type { Pixel } from 'ol/pixel';
import { useEffect, useRef, useState, type Dispatch, type HTMLAttributes, type ReactNode, type SetStateAction } from 'react';
import type { MapClick } from '../map/use-map-clicks';
import './record-map.css';
import { expandedKeys, filtersKey, fitDue, selectedRowClass, toggledSelection } from './map-list-rules';

/** How a list page ties its rows to their features on the map. */
export interface MapListOptions<T> {
  /** What a click on a row does to the map besides selecting the row (centre on the point, fit the course). */
  reveal: (row: T) => void;
  /** The selected row's details, shown open under it; without, rows do not open. */
  details?: (row: T) => ReactNode;
  /**
   * A row click selects the row and keeps it selected (with `rowProps` for the keyboard) instead of the default, where
   * a second click on the selected row unselects it.
   */
  keep?: boolean;
  /** More of each row's attributes, given the row's selected state and its choosing (keyboard selection). */
  rowProps?: (selected: boolean, choose: () => void) => HTMLAttributes<HTMLElement>;
}

/** The selected record of a list page with a map, and the table's side of it. */
export interface MapList<T> {
  selectedId: number | null;
  setSelectedId: Dispatch<SetStateAction<number | null>>;
  /** The table's props: the selected row marked (and open with its details), a row click selecting and revealing. */
  table: Pick<TableProps<T>, 'expandable' | 'rowClassName' | 'onRow'>;
  /**
   * The handler of the console map's clicks (for useMapClicks): while editing, the click is the editor's (`editing`);
   * else the record under the pixel (`hit`) is selected.
   */
  onMapClick: (
    hit: (pixel: Pixel) => number | null,
    editing: ((lon: number, lat: number) => void) | null,
    select?: (id: number) => void,
  ) => (click: MapClick) => void;
  /** A record dialog's onSaved: closes the dialog (`close`) and selects the saved record (by `select`). */
  savedWith: (close: () => void, select?: (id: number) => void) => (saved: { id: number }) => void;
}

/**
 * The selection of a list page whose records are also on the map (scenic spots, sandstorm records, stations, …): a
 * row click selects (or unselects) the record and reveals it on the map, a map click on its feature selects it, the
 * selected row is marked and shows its details open.
 */
export function useMapList<T extends { id: number }>({ reveal, details, keep, rowProps }: MapListOptions<T>): MapList<T> {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const table: MapList<T>['table'] = {
    expandable: details ? { expandedRowRender: details, expandedRowKeys: expandedKeys(selectedId), showExpandColumn: false } : undefined,
    rowClassName: (row) => selectedRowClass(selectedId, row.id, 'record-row-selected'),
    onRow: (row) => {
      const choose = () => {
        setSelectedId((id) => (keep ? row.id : toggledSelection(id, row.id)));
        reveal(row);
      };
      return { onClick: choose, ...rowProps?.(row.id === selectedId, choose) };
    },
  };
  const onMapClick: MapList<T>['onMapClick'] =
    (hit, editing, select = setSelectedId) =>
    ({ lon, lat, pixel }) => {
      if (editing) {
        editing(lon, lat);
        return;
      }
      const id = hit(pixel);
      if (id !== null) select(id);
    };
  const savedWith: MapList<T>['savedWith'] =
    (close, select = setSelectedId) =>
    (saved) => {
      close();
      select(saved.id);
    };
  return { selectedId, setSelectedId, table, onMapClick, savedWith };
}

/**
 * Fits the map to the records (`fit`) whenever the filters change and the records' answer for them has come, and on
 * the first load; not again for the same filters, so the user's panning stays.
 */
export function useFitOnFilters(answer: { data?: unknown; isPlaceholderData: boolean }, filters: unknown, fit: () => void): void {
  const fitted = useRef<string | null>(null);
  const fitRef = useRef(fit);
  fitRef.current = fit;
  const loaded = answer.data !== undefined;
  const key = filtersKey(filters);
  useEffect(() => {
    if (!fitDue({ loaded, placeholder: answer.isPlaceholderData }, key, fitted.current)) return;
    fitted.current = key;
    fitRef.current();
  }, [loaded, answer.isPlaceholderData, answer.data, key]);
}
