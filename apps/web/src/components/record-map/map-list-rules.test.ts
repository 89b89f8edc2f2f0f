import { describe, expect, it } from 'vitest';
import {
  expandedKeys,
  filtersKey,
  fitDue,
  formPosition,
  recordById,
  roundedPosition,
  selectedRowClass,
  toggledSelection,
} from './map-list-rules';

describe('map list rules', () => {
  it('a click on a row selects it, a second click on the selected row unselects it', () => {
    expect(toggledSelection(null, 3)).toBe(3);
    expect(toggledSelection(3, 4)).toBe(4);
    expect(toggledSelection(4, 4)).toBeNull();
  });

  it('only the selected row is open and marked', () => {
    expect(expandedKeys(null)).toEqual([]);
    expect(expandedKeys(7)).toEqual([7]);
    expect(selectedRowClass(7, 7, 'tr-row-selected')).toBe('tr-row-selected');
    expect(selectedRowClass(7, 8, 'tr-row-selected')).toBe('');
    expect(selectedRowClass(null, 8, 'tr-row-selected')).toBe('');
  });

  it('the map is fitted once per filters, when their own answer has come', () => {
    const key = filtersKey({ grade: 'AAAAA' });
    expect(fitDue({ loaded: false, placeholder: false }, key, null)).toBe(false);
    expect(fitDue({ loaded: true, placeholder: true }, key, null)).toBe(false);
    expect(fitDue({ loaded: true, placeholder: false }, key, null)).toBe(true);
    expect(fitDue({ loaded: true, placeholder: false }, key, key)).toBe(false);
    expect(fitDue({ loaded: true, placeholder: false }, filtersKey({ grade: 'AAAA' }), key)).toBe(true);
    expect(filtersKey({ a: '1' })).toBe(filtersKey({ a: '1' }));
    expect(filtersKey({})).not.toBe(filtersKey({ a: '1' }));
  });

  it('finds a record among the map and the table, the map first', () => {
    const onMap = [{ id: 1, from: 'map' }];
    const page = [
      { id: 1, from: 'page' },
      { id: 2, from: 'page' },
    ];
    expect(recordById(1, onMap, page)?.from).toBe('map');
    expect(recordById(2, onMap, page)?.from).toBe('page');
    expect(recordById(3, onMap, page)).toBeNull();
    expect(recordById(null, onMap, page)).toBeNull();
    expect(recordById(2, undefined, page)?.from).toBe('page');
  });

  it('a picked position is kept to 4 decimals', () => {
    expect(roundedPosition({ lon: 108.123456, lat: 34.987654 })).toEqual({ lon: 108.1235, lat: 34.9877 });
    expect(roundedPosition({ lon: -0.00004, lat: 0.00005 })).toEqual({ lon: -0, lat: 0.0001 });
  });

  it('a form holds a position when both fields are numbers and pass the check', () => {
    expect(formPosition(108, 34)).toEqual({ lon: 108, lat: 34 });
    expect(formPosition(undefined, 34)).toBeNull();
    expect(formPosition(108, null)).toBeNull();
    expect(formPosition(200, 34, (p) => p.lon <= 180)).toBeNull();
    expect(formPosition(100, 34, (p) => p.lon <= 180)).toEqual({ lon: 100, lat: 34 });
  });
});
