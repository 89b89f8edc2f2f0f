import { describe, expect, it } from 'vitest';
import { listQuery } from '../../../lib/list-query';
import { exportFilename, toLogFilters } from './log-filters';

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
});
