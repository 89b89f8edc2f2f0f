import { describe, expect, it } from 'vitest';
import { listQuery } from '../../../lib/list-query';
import { exportFilename, logFilterChange, sameLogFilters, logFiltersFromAddress, logFilterValues, toLogFilters } from './log-filters';

describe('log filters', () => {
  it('turns the time range into ISO instants and drops empty fields', () => {
    const from = new Date('2024-03-01T00:00:00+08:00');
    const to = new Date('2024-03-02T23:59:59+08:00');
    expect(toLogFilters({ range: [from, to], operator: ' demo ', action: '', type: undefined, ip: '10.0.' })).toEqual({
      from: '2024-02-29T16:00:00.000Z',
      to: '2024-03-02T15:59:59.000Z',
      operator: 'demo',
      ip: '10.0.',
    });
  });

  it('accepts an open range and no filters at all', () => {
    expect(toLogFilters({ range: [new Date('2024-01-01T00:00:00Z'), null] })).toEqual({ from: '2024-01-01T00:00:00.000Z' });
    expect(toLogFilters({ range: null })).toEqual({});
    expect(toLogFilters({})).toEqual({});
  });

  it('builds the page query with the same filters as the export', () => {
    const filters = toLogFilters({ action: 'login', type: 'auth' });
    expect(listQuery({ ...filters }, { page: 2, size: 50 })).toEqual({ action: 'login', type: 'auth', page: 2, size: 50 });
  });

  it('names the export after the local time', () => {
    expect(exportFilename(new Date(2024, 2, 5, 23, 4, 5))).toBe('operation-log-20240305-230405.csv');
  });

  it('sets every filter of the form on Search, the empty ones off', () => {
    expect(logFilterChange({ operator: 'demo' })).toEqual({
      from: undefined,
      to: undefined,
      operator: 'demo',
      action: undefined,
      type: undefined,
      ip: undefined,
    });
  });

  it('takes from the address only what the server takes', () => {
    expect(
      logFiltersFromAddress({ from: '2024-03-01T00:00:00+08:00', to: 'soon', operator: ` ${'x'.repeat(80)}`, type: 'auth', ip: ' ' }),
    ).toEqual({ from: '2024-02-29T16:00:00.000Z', operator: 'x'.repeat(64), type: 'auth' });
    expect(logFiltersFromAddress({ type: 'everything', action: 'login' })).toEqual({ action: 'login' });
  });

  it('shows the filters in the form, and the form gives them back', () => {
    const filters = { from: '2024-02-29T16:00:00.000Z', type: 'auth', ip: '10.0.' };
    const values = logFilterValues(filters, (iso) => new Date(iso));
    expect(values).toEqual({ range: [new Date(filters.from), null], operator: undefined, action: undefined, type: 'auth', ip: '10.0.' });
    expect(toLogFilters(values)).toEqual(filters);
    expect(logFilterValues({}, (iso) => new Date(iso)).range).toBeUndefined();
  });

  it('tells whether the form names the rows the list shows', () => {
    expect(sameLogFilters({ from: '2024-03-01T00:00:00+08:00', ip: '10.0.' }, { ip: '10.0. ', from: '2024-02-29T16:00:00.000Z' })).toBe(
      true,
    );
    expect(sameLogFilters({ action: 'login' }, {})).toBe(false);
  });
});
